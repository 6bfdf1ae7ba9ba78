#pragma once
// The named themes: System (the platform's palette), Light, Dark and the two
// projector themes built in, and any registered later (registerTheme, before
// the window is made, so that View > Theme and --theme offer it).
//
// Thread affinity: GUI thread.

#include <vector>

#include <QString>
#include <QStringList>

#include "theme/Theme.h"

namespace frontier::ui {

// The theme a first start uses, and the one the settings fall back to.
inline constexpr const char* kDefaultThemeName = "system";

// In menu order.
const std::vector<Theme>& themes();
// Null when no theme has that name (names compare case-insensitively).
const Theme* findTheme(const QString& name);
QStringList themeNames();
// Adds a theme, or replaces the one of the same name.
void registerTheme(Theme theme);

} // namespace frontier::ui
