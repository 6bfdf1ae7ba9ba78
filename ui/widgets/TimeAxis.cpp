#include "widgets/TimeAxis.h"

#include <cmath>

namespace frontier::ui {

namespace {

struct Unit {
  double ns;
  const char* name;
};

Unit unitFor(double ns) {
  const double magnitude = std::abs(ns);
  if (magnitude >= 1e9) {
    return {1e9, "s"};
  }
  if (magnitude >= 1e6) {
    return {1e6, "ms"};
  }
  if (magnitude >= 1e3) {
    return {1e3, "µs"};
  }
  return {1, "ns"};
}

QString withUnit(double ns, Unit unit, int decimals) {
  return QStringLiteral("%1 %2").arg(ns / unit.ns, 0, 'f', decimals).arg(QString::fromUtf8(unit.name));
}

} // namespace

QString formatDuration(double ns) {
  const Unit unit = unitFor(ns);
  const double value = std::abs(ns / unit.ns);
  const int decimals = unit.ns == 1 ? 0 : value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return withUnit(ns, unit, decimals);
}

double niceStep(double minimum) {
  if (!(minimum > 0) || !std::isfinite(minimum)) {
    return 1;
  }
  const double power = std::pow(10.0, std::floor(std::log10(minimum)));
  for (const double factor : {1.0, 2.0, 5.0, 10.0}) {
    if (factor * power >= minimum * (1 - 1e-12)) {
      return factor * power;
    }
  }
  return 10 * power;
}

std::vector<AxisTick> timeTicks(double startNs, double endNs, double widthPx, double minSpacingPx) {
  std::vector<AxisTick> ticks;
  if (!(endNs > startNs) || !(widthPx > 0)) {
    return ticks;
  }
  const double step = niceStep((endNs - startNs) * minSpacingPx / widthPx);
  // One unit for every label: the one of the largest value shown.
  const Unit unit = unitFor(std::max(std::abs(startNs), std::abs(endNs)));
  const double stepInUnit = step / unit.ns;
  const int decimals = stepInUnit >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(stepInUnit)));
  for (double t = std::ceil(startNs / step) * step; t <= endNs; t += step) {
    ticks.push_back({t, withUnit(t, unit, decimals)});
  }
  return ticks;
}

} // namespace frontier::ui
