#pragma once
// Every action a window offers, found by walking its menu bar (submenus
// included, each entry with the path of menus it sits in) and then its other
// actions that have a shortcut (toolbars, views' own keys). The command
// palette and the list of shortcuts are generated from it, so an action added
// to a menu appears in both without further work.
//
// Thread affinity: GUI thread.

#include <vector>

#include <QPointer>
#include <QString>

class QAction;
class QMainWindow;
class QTreeWidget;

namespace frontier::ui {

struct ActionEntry {
  QPointer<QAction> action;
  QString path; // "View › Theme › Dark"; an action outside the menus: its name
};

// Menu bar order first, then the other actions with shortcuts; each action once.
std::vector<ActionEntry> windowActions(const QMainWindow& window);
// The text without its mnemonic markers ("&Open…" -> "Open…").
QString actionName(const QAction& action);
// Every shortcut of the action as the platform writes it, comma-separated; empty for none.
QString shortcutText(const QAction& action);
// An empty list of actions as the palette and the shortcut list show them:
// the path, and the keys at the right.
QTreeWidget* newActionList(const QString& objectName);

} // namespace frontier::ui
