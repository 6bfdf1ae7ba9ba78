#include "actions/ActionFinders.h"

#include <QMainWindow>
#include <QMenu>

#include "actions/CommandPalette.h"
#include "actions/ShortcutsDialog.h"

namespace frontier::ui {

namespace {

template <class Dialog> Dialog* dialogOf(QMainWindow* window) {
  auto* dialog = window->findChild<Dialog*>(QString(), Qt::FindDirectChildrenOnly);
  return dialog != nullptr ? dialog : new Dialog(window);
}

} // namespace

void addActionFinders(QMainWindow* window, QMenu* help) {
  QAction* shortcuts = help->addAction(QObject::tr("&Keyboard shortcuts"), window,
                                       [window] { dialogOf<ShortcutsDialog>(window)->popUp(); });
  shortcuts->setObjectName("showShortcuts");
  QAction* palette = help->addAction(QObject::tr("Command &palette…"), window,
                                     [window] { dialogOf<CommandPalette>(window)->popUp(); });
  palette->setObjectName("showCommandPalette");
  palette->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_P);
}

} // namespace frontier::ui
