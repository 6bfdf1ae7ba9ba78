#pragma once
// The command palette (Help > Command palette, Ctrl+Shift+P): type part of
// an action's name or menu path, fuzzily ("exp csv", "thdark"), and Enter
// triggers the best match, or the one chosen with the arrow keys. Every
// action of the window is there (windowActions); disabled ones are listed
// greyed and cannot be triggered.
//
// Thread affinity: GUI thread.

#include <vector>

#include <QDialog>

#include "actions/ActionCatalog.h"

class QLineEdit;
class QMainWindow;
class QTreeWidget;

namespace frontier::ui {

class CommandPalette : public QDialog {
  Q_OBJECT
public:
  explicit CommandPalette(QMainWindow* window);

  // Reads the window's actions afresh (menus change), clears the filter, shows.
  void popUp();
  QLineEdit* filter() const noexcept { return m_filter; }
  QTreeWidget* list() const noexcept { return m_list; }
  // The actions listed, best match first.
  std::vector<QAction*> shownActions() const;
  // Hides the palette and triggers the current row's action; false, leaving
  // the palette open, when there is none or it is disabled.
  bool triggerCurrent();

protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

private:
  void refilter();

  QMainWindow* m_window;
  QLineEdit* m_filter;
  QTreeWidget* m_list;
  std::vector<ActionEntry> m_all;
  std::vector<ActionEntry> m_shown;
};

} // namespace frontier::ui
