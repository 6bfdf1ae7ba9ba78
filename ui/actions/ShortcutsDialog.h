#pragma once
// Help > Keyboard shortcuts: every action of the window that has a shortcut,
// with its menu path and keys, read from the actions each time it is shown
// (windowActions), so the list is never out of date.
//
// Thread affinity: GUI thread.

#include <QDialog>

class QMainWindow;
class QTreeWidget;

namespace frontier::ui {

class ShortcutsDialog : public QDialog {
  Q_OBJECT
public:
  explicit ShortcutsDialog(QMainWindow* window);

  // Lists the actions afresh and shows the dialog.
  void popUp();
  QTreeWidget* list() const noexcept { return m_list; }

private:
  QMainWindow* m_window;
  QTreeWidget* m_list;
};

} // namespace frontier::ui
