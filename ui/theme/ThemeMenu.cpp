#include "theme/ThemeMenu.h"

#include <QActionGroup>

#include "theme/ThemeManager.h"
#include "theme/ThemeRegistry.h"

namespace frontier::ui {

ThemeMenu::ThemeMenu(QWidget* parent) : QMenu(tr("&Theme"), parent), m_group(new QActionGroup(this)) {
  setObjectName("themeMenu");
  for (const Theme& theme : themes()) {
    QAction* action = addAction(theme.title);
    action->setCheckable(true);
    action->setData(theme.name);
    m_group->addAction(action);
    connect(action, &QAction::triggered, this, [name = theme.name] { ThemeManager::instance().choose(name); });
  }
  connect(&ThemeManager::instance(), &ThemeManager::changed, this, &ThemeMenu::showCurrent);
  showCurrent();
}

void ThemeMenu::showCurrent() {
  for (QAction* action : m_group->actions()) {
    action->setChecked(action->data().toString() == ThemeManager::instance().current().name);
  }
}

} // namespace frontier::ui
