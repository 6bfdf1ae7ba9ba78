#pragma once
// The two ways to find an action: Help > Keyboard shortcuts (ShortcutsDialog)
// and Help > Command palette, Ctrl+Shift+P (CommandPalette).
//
// Thread affinity: GUI thread.

class QMainWindow;
class QMenu;

namespace frontier::ui {

// Adds both to `help`; the dialogs are children of `window`, made on first use.
void addActionFinders(QMainWindow* window, QMenu* help);

} // namespace frontier::ui
