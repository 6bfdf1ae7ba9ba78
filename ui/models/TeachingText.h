#pragma once
// Plain-language lines for teaching: what one iteration did, in words a
// lecture can read out ("identify found 37 frontier vertices for 12 searches;
// expand examined 811 edges").

#include <QString>

#include "engine/Trace.h"

namespace frontier::ui {

// `number` counts from 1 for people.
QString describeStep(const engine::IterationStats& it, int number);

} // namespace frontier::ui
