#pragma once
// One colour per kernel kind, shared by the kernel timeline, the time bars
// and their legends, so a kernel looks the same everywhere.

#include <QColor>

#include "engine/Trace.h"

namespace frontier::ui {

QColor kernelColor(engine::KernelKind kind);
// The shade of bottom-up iterations in the charts and the timeline.
QColor bottomUpShade();
// The colour of the selected iteration's cursor in every view.
QColor cursorColor();

} // namespace frontier::ui
