#pragma once
// The themes every build has (ThemeRegistry.cpp lists them).

#include "theme/Theme.h"

namespace frontier::ui {

Theme lightTheme();
Theme darkTheme();
// The platform's palette and style; its view colours are resolved to those of
// Light or Dark when applied (ThemeManager), by the palette's lightness.
Theme systemTheme();
// For a lecture room: large fonts, thick lines, large vertices, tall status
// rows and high contrast, on white ("projector") or on black ("projector-dark").
Theme projectorTheme(bool dark);

} // namespace frontier::ui
