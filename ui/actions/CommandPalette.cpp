#include "actions/CommandPalette.h"

#include <algorithm>

#include <QAction>
#include <QCoreApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMainWindow>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "actions/FuzzyMatch.h"

namespace frontier::ui {

CommandPalette::CommandPalette(QMainWindow* window)
    : QDialog(window), m_window(window), m_filter(new QLineEdit), m_list(newActionList("paletteList")) {
  setObjectName("commandPalette");
  setWindowTitle(tr("Command palette"));
  resize(560, 420);
  auto* layout = new QVBoxLayout(this);
  m_filter->setObjectName("paletteFilter");
  m_filter->setPlaceholderText(tr("Type part of an action's name, e.g. “dark” or “exp csv”"));
  m_filter->setClearButtonEnabled(true);
  m_filter->installEventFilter(this);
  layout->addWidget(m_filter);
  layout->addWidget(m_list);
  connect(m_filter, &QLineEdit::textChanged, this, &CommandPalette::refilter);
  connect(m_filter, &QLineEdit::returnPressed, this, &CommandPalette::triggerCurrent);
  connect(m_list, &QTreeWidget::itemActivated, this, &CommandPalette::triggerCurrent);
}

void CommandPalette::popUp() {
  m_all = windowActions(*m_window);
  m_filter->clear();
  refilter();
  show();
  raise();
  activateWindow();
  m_filter->setFocus();
}

void CommandPalette::refilter() {
  struct Match {
    int score;
    size_t index;
  };
  std::vector<Match> matches;
  for (size_t i = 0; i < m_all.size(); ++i) {
    if (!m_all[i].action) {
      continue;
    }
    if (const auto score = fuzzyScore(m_filter->text(), m_all[i].path)) {
      matches.push_back({*score, i});
    }
  }
  // Best first; equal scores keep the menus' order.
  std::stable_sort(matches.begin(), matches.end(), [](const Match& a, const Match& b) { return a.score > b.score; });
  m_list->clear();
  m_shown.clear();
  QTreeWidgetItem* first = nullptr;
  for (const Match& match : matches) {
    const ActionEntry& entry = m_all[match.index];
    auto* item = new QTreeWidgetItem(m_list, {entry.path, shortcutText(*entry.action)});
    item->setIcon(0, entry.action->icon());
    if (entry.action->isCheckable()) {
      item->setCheckState(0, entry.action->isChecked() ? Qt::Checked : Qt::Unchecked);
    }
    // Listed, greyed, never current: a disabled action is found but not triggered.
    item->setFlags(entry.action->isEnabled() ? Qt::ItemIsEnabled | Qt::ItemIsSelectable : Qt::NoItemFlags);
    if (first == nullptr && entry.action->isEnabled()) {
      first = item;
    }
    m_shown.push_back(entry);
  }
  m_list->setCurrentItem(first);
}

std::vector<QAction*> CommandPalette::shownActions() const {
  std::vector<QAction*> actions;
  for (const ActionEntry& entry : m_shown) {
    actions.push_back(entry.action);
  }
  return actions;
}

bool CommandPalette::triggerCurrent() {
  const int row = m_list->indexOfTopLevelItem(m_list->currentItem());
  if (row < 0 || static_cast<size_t>(row) >= m_shown.size()) {
    return false;
  }
  QAction* action = m_shown[static_cast<size_t>(row)].action;
  if (action == nullptr || !action->isEnabled()) {
    return false;
  }
  // Hidden first: what the action opens comes up in front, not behind the palette.
  hide();
  action->trigger();
  return true;
}

bool CommandPalette::eventFilter(QObject* watched, QEvent* event) {
  // The arrow keys move through the list while typing goes on in the filter.
  if (watched == m_filter && event->type() == QEvent::KeyPress) {
    const int key = static_cast<QKeyEvent*>(event)->key();
    if (key == Qt::Key_Up || key == Qt::Key_Down || key == Qt::Key_PageUp || key == Qt::Key_PageDown) {
      QCoreApplication::sendEvent(m_list, event);
      return true;
    }
  }
  return QDialog::eventFilter(watched, event);
}

} // namespace frontier::ui
