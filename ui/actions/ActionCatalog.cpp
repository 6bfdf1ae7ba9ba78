#include "actions/ActionCatalog.h"

#include <QAction>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QTreeWidget>

namespace frontier::ui {

namespace {

const QString kSeparator = QStringLiteral(" › ");

void walk(const QList<QAction*>& actions, const QString& prefix, std::vector<ActionEntry>& out,
          QSet<const QAction*>& seen) {
  for (QAction* action : actions) {
    if (action->isSeparator() || !action->isVisible() || seen.contains(action)) {
      continue;
    }
    seen.insert(action);
    const QString path = prefix.isEmpty() ? actionName(*action) : prefix + kSeparator + actionName(*action);
    if (QMenu* menu = action->menu()) {
      walk(menu->actions(), path, out, seen);
    } else if (!action->text().isEmpty()) {
      out.push_back({action, path});
    }
  }
}

// The title of the window other than `main` that an action belongs to
// (the comparison window's File > Close); empty for the main window's own.
QString otherWindowTitle(const QAction& action, const QMainWindow& main) {
  for (QObject* owner = action.parent(); owner != nullptr; owner = owner->parent()) {
    auto* widget = qobject_cast<QWidget*>(owner);
    if (widget != nullptr && widget->isWindow() && qobject_cast<QMenu*>(widget) == nullptr) {
      return widget == &main ? QString() : widget->windowTitle();
    }
  }
  return {};
}

} // namespace

QString actionName(const QAction& action) {
  QString text = action.text();
  // "&&" is a literal ampersand; a single "&" marks the mnemonic.
  text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
  text.remove(QLatin1Char('&'));
  text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
  return text;
}

QString shortcutText(const QAction& action) {
  QStringList keys;
  for (const QKeySequence& key : action.shortcuts()) {
    keys.append(key.toString(QKeySequence::NativeText));
  }
  return keys.join(QStringLiteral(", "));
}

QTreeWidget* newActionList(const QString& objectName) {
  auto* list = new QTreeWidget;
  list->setObjectName(objectName);
  list->setColumnCount(2);
  list->setHeaderLabels({QObject::tr("Action"), QObject::tr("Shortcut")});
  list->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  list->header()->setStretchLastSection(false);
  list->setRootIsDecorated(false);
  list->setUniformRowHeights(true);
  return list;
}

std::vector<ActionEntry> windowActions(const QMainWindow& window) {
  std::vector<ActionEntry> entries;
  QSet<const QAction*> seen;
  walk(window.menuBar()->actions(), {}, entries, seen);
  // Actions no menu shows are worth listing when a key reaches them.
  for (QAction* action : window.findChildren<QAction*>()) {
    if (!seen.contains(action) && !action->isSeparator() && !action->shortcuts().isEmpty() &&
        !action->text().isEmpty()) {
      seen.insert(action);
      const QString owner = otherWindowTitle(*action, window);
      entries.push_back({action, owner.isEmpty() ? actionName(*action) : owner + kSeparator + actionName(*action)});
    }
  }
  return entries;
}

} // namespace frontier::ui
