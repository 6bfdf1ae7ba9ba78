#pragma once
// Colours shared by the graph view and the status-array view: a
// perceptually ordered ramp (dark blue to yellow, after viridis) for levels,
// distances and counts, and one colour per vertex kind (from the theme).

#include <algorithm>
#include <array>
#include <cstddef>

#include <QColor>

#include "theme/ThemeManager.h"

namespace frontier::ui {

// t in [0, 1].
inline QRgb rampColour(double t) {
  static constexpr std::array<std::array<int, 3>, 5> kStops = {
      {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}}};
  t = std::clamp(t, 0.0, 1.0) * (kStops.size() - 1);
  const auto i = std::min(static_cast<size_t>(t), kStops.size() - 2);
  const double f = t - static_cast<double>(i);
  const auto mix = [&](size_t c) {
    return static_cast<int>(kStops[i][c] + (kStops[i + 1][c] - kStops[i][c]) * f + 0.5);
  };
  return qRgb(mix(0), mix(1), mix(2));
}

// VertexStates::Kind order: unreached, reached (the ramp), frontier, queued;
// the theme's colours (the ramp reads well on light and dark alike).
inline QColor kindColour(size_t kind) {
  const ViewColours& colours = currentTheme().colours;
  switch (kind) {
  case 0: return colours.unreached;
  case 2: return colours.frontier;
  case 3: return colours.queued;
  default: return QColor(rampColour(0.5));
  }
}

} // namespace frontier::ui
