#pragma once
// View > Theme: one checkable entry per registered theme; choosing one
// applies and remembers it (ThemeManager::choose). The check follows the
// applied theme, also when --theme or a test applied it.
//
// Thread affinity: GUI thread.

#include <QMenu>

class QActionGroup;

namespace frontier::ui {

class ThemeMenu : public QMenu {
  Q_OBJECT
public:
  explicit ThemeMenu(QWidget* parent = nullptr);

private:
  void showCurrent();

  QActionGroup* m_group;
};

} // namespace frontier::ui
