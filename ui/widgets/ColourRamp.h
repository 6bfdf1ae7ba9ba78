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

// VertexStates::Kind order: unreached, reached (the ramp), frontier, queued,
// and from both ends the backward side's visited and frontier and the
// meeting; the theme's colours (the ramp reads well on light and dark alike).
inline QColor kindColour(size_t kind) {
  const ViewColours& colours = currentTheme().colours;
  switch (kind) {
  case 0: return colours.unreached;
  case 2: return colours.frontier;
  case 3: return colours.queued;
  // From both ends: the destination's colour for its side (faint where
  // visited), the path's where the sides met.
  case 4: {
    const QColor& d = colours.destination;
    const QColor& c = colours.canvas;
    const auto mix = [](double a, double b) { return 0.45 * a + 0.55 * b; };
    return QColor::fromRgbF(static_cast<float>(mix(d.redF(), c.redF())), static_cast<float>(mix(d.greenF(), c.greenF())),
                            static_cast<float>(mix(d.blueF(), c.blueF())));
  }
  case 5: return colours.destination;
  case 6: return colours.path;
  default: return QColor(rampColour(0.5));
  }
}

} // namespace frontier::ui
