#pragma once
// One colour per kernel kind, shared by the kernel timeline, the time bars
// and their legends, so a kernel looks the same everywhere.

#include <QColor>

#include "engine/Trace.h"

namespace frontier::ui {

// The same in every theme: distinct hues that read on light and dark alike.
QColor kernelColor(engine::KernelKind kind);

} // namespace frontier::ui
