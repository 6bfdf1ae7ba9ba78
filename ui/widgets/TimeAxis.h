#pragma once
// Time labels and axis ticks for the kernel timeline and the time bars:
// steps of 1, 2 or 5 times a power of ten, labelled in ns, µs, ms or s.
// Pure functions (unit-tested without a window).

#include <vector>

#include <QString>

namespace frontier::ui {

// "830 ns", "12.3 µs", "4.56 ms", "1.20 s": three significant digits.
QString formatDuration(double ns);

// The smallest step of 1, 2 or 5 times a power of ten that is at least `minimum`.
double niceStep(double minimum);

struct AxisTick {
  double value = 0; // in the axis's unit (ns for time)
  QString label;
};

// Ticks of a time axis covering [startNs, endNs] drawn `widthPx` wide, no two
// labels closer than `minSpacingPx`. Labels use one unit for the whole axis,
// the one of its largest value ("0.5 ms", "1.0 ms", ...).
std::vector<AxisTick> timeTicks(double startNs, double endNs, double widthPx, double minSpacingPx = 90);

} // namespace frontier::ui
