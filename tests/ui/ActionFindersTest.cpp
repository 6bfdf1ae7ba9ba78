// Finding actions: the command palette (Ctrl+Shift+P) lists every action of
// the menus, filters fuzzily, triggers with Enter and refuses disabled
// actions; Help > Keyboard shortcuts lists every action that has a shortcut.
// The menus are walked here, independently of the code that lists them.

#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTreeWidget>
#include <QtTest>

#include "UiTestSupport.h"
#include "actions/CommandPalette.h"
#include "actions/FuzzyMatch.h"
#include "actions/ShortcutsDialog.h"
#include "widgets/IterationCharts.h"
#include "windows/MainWindow.h"

using frontier::ui::CommandPalette;
using frontier::ui::MainWindow;

namespace {

// Every action a user can pick from the menu bar, submenus included.
void collectMenuActions(const QList<QAction*>& actions, QList<QAction*>& out) {
  for (QAction* action : actions) {
    if (action->isSeparator() || !action->isVisible()) {
      continue;
    }
    if (action->menu() != nullptr) {
      collectMenuActions(action->menu()->actions(), out);
    } else if (!action->text().isEmpty() && !out.contains(action)) {
      out.append(action);
    }
  }
}

QList<QAction*> menuActions(const MainWindow& window) {
  QList<QAction*> actions;
  collectMenuActions(window.menuBar()->actions(), actions);
  return actions;
}

QAction* menuAction(const MainWindow& window, const QString& text) {
  for (QAction* action : menuActions(window)) {
    if (QString(action->text()).remove(QLatin1Char('&')) == text) {
      return action;
    }
  }
  return nullptr;
}

bool shown(MainWindow& window) {
  window.show();
  QApplication::setActiveWindow(&window); // no window manager under Xvfb: window shortcuts need it
  return QTest::qWaitForWindowExposed(&window) && QApplication::activeWindow() == &window;
}

// Opens the palette as a user does, with its key.
CommandPalette* openPalette(MainWindow& window) {
  QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
  auto* palette = window.findChild<CommandPalette*>();
  return palette != nullptr && palette->isVisible() ? palette : nullptr;
}

void typeFilter(CommandPalette& palette, const QString& text) {
  palette.filter()->clear();
  QTest::keyClicks(palette.filter(), text);
}

} // namespace

class ActionFindersTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  void everyMenuActionIsInThePalette() {
    MainWindow window(frontier::test::testWindowOptions());
    QVERIFY(shown(window));
    const QList<QAction*> actions = menuActions(window);
    QVERIFY(actions.size() > 20);
    CommandPalette* palette = openPalette(window);
    QVERIFY(palette != nullptr);
    const std::vector<QAction*> shown = palette->shownActions();
    for (QAction* action : actions) {
      QVERIFY2(std::find(shown.begin(), shown.end(), action) != shown.end(), qPrintable(action->text()));
    }
    QCOMPARE(palette->list()->topLevelItemCount(), static_cast<int>(shown.size()));
  }

  void typingFindsAndEnterTriggers() {
    MainWindow window(frontier::test::testWindowOptions());
    QVERIFY(shown(window));
    QAction* log = menuAction(window, QStringLiteral("Logarithmic charts"));
    QVERIFY(log != nullptr);
    QVERIFY(!window.charts()->logScale());
    CommandPalette* palette = openPalette(window);
    QVERIFY(palette != nullptr);
    // Scattered letters, as typed in a hurry: "lgchrt" is in "Logarithmic charts" in order.
    typeFilter(*palette, QStringLiteral("lgchrt"));
    QVERIFY(!palette->shownActions().empty());
    QCOMPARE(palette->shownActions().front(), log);
    QSignalSpy triggered(log, &QAction::triggered);
    QTest::keyClick(palette->filter(), Qt::Key_Return);
    QCOMPARE(triggered.count(), 1);
    QVERIFY(window.charts()->logScale());
    QVERIFY(!palette->isVisible());

    // Letters out of order match nothing.
    palette = openPalette(window);
    QVERIFY(palette != nullptr);
    typeFilter(*palette, QStringLiteral("strahcmhtiragol"));
    QVERIFY(palette->shownActions().empty());
    QTest::keyClick(palette->filter(), Qt::Key_Escape);
  }

  void disabledActionsAreShownButNotTriggered() {
    MainWindow window(frontier::test::testWindowOptions());
    QVERIFY(shown(window));
    QAction* fit = menuAction(window, QStringLiteral("Fit timeline"));
    QVERIFY(fit != nullptr);
    fit->setEnabled(false);
    QSignalSpy triggered(fit, &QAction::triggered);
    CommandPalette* palette = openPalette(window);
    QVERIFY(palette != nullptr);
    typeFilter(*palette, QStringLiteral("fit timeline"));
    QVERIFY(!palette->shownActions().empty());
    QCOMPARE(palette->shownActions().front(), fit);
    const QTreeWidgetItem* item = palette->list()->topLevelItem(0);
    QVERIFY(!(item->flags() & Qt::ItemIsEnabled));
    QTest::keyClick(palette->filter(), Qt::Key_Return);
    QCOMPARE(triggered.count(), 0);
    QVERIFY(palette->isVisible());
    palette->hide();
  }

  void shortcutListHasEveryShortcut() {
    MainWindow window(frontier::test::testWindowOptions());
    QVERIFY(shown(window));
    QAction* show = menuAction(window, QStringLiteral("Keyboard shortcuts"));
    QVERIFY(show != nullptr);
    show->trigger();
    auto* dialog = window.findChild<frontier::ui::ShortcutsDialog*>();
    QVERIFY(dialog != nullptr && dialog->isVisible());
    QTreeWidget* list = dialog->list();
    // Every action of the window with a key, in a menu or not.
    QList<QAction*> withKeys;
    for (QAction* action : menuActions(window) + window.findChildren<QAction*>()) {
      if (!action->shortcut().isEmpty() && !action->text().isEmpty() && !withKeys.contains(action)) {
        withKeys.append(action);
      }
    }
    QVERIFY(withKeys.size() >= 8);
    for (QAction* action : withKeys) {
      const QString name = QString(action->text()).remove(QLatin1Char('&'));
      const QString key = action->shortcut().toString(QKeySequence::NativeText);
      bool listed = false;
      for (int i = 0; i < list->topLevelItemCount() && !listed; ++i) {
        const QTreeWidgetItem* item = list->topLevelItem(i);
        listed = item->text(0).endsWith(name) && item->text(1).split(QStringLiteral(", ")).contains(key);
      }
      QVERIFY2(listed, qPrintable(name + QStringLiteral(" (") + key + QStringLiteral(")")));
    }
    QCOMPARE(list->topLevelItemCount(), static_cast<int>(withKeys.size()));
    dialog->close();
  }

  void fuzzyScoreRanksWholeWordsFirst() {
    using frontier::ui::fuzzyScore;
    QVERIFY(fuzzyScore(QStringLiteral("exp csv"), QStringLiteral("File › Export results as CSV…")));
    QVERIFY(!fuzzyScore(QStringLiteral("vsc"), QStringLiteral("Export results as CSV…")));
    QCOMPARE(fuzzyScore(QString(), QStringLiteral("anything")), std::optional<int>(0));
    // The query found whole, at a word start, beats the same letters scattered.
    const auto whole = fuzzyScore(QStringLiteral("dark"), QStringLiteral("View › Theme › Dark"));
    const auto scattered = fuzzyScore(QStringLiteral("dark"), QStringLiteral("Add a rank"));
    QVERIFY(whole && scattered);
    QVERIFY(*whole > *scattered);
    // Letters at word starts beat letters inside words.
    const auto starts = fuzzyScore(QStringLiteral("rte"), QStringLiteral("Run › To end"));
    const auto inside = fuzzyScore(QStringLiteral("rte"), QStringLiteral("Stretched"));
    QVERIFY(starts && inside);
    QVERIFY(*starts > *inside);
  }
};

QTEST_MAIN(ActionFindersTest)
#include "ActionFindersTest.moc"
