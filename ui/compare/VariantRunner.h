#pragma once
// The comparison runs in core/run (run::Comparison); these are the window's
// names for the values it reports.

#include "compare/Variant.h"
#include "run/Comparison.h"

namespace frontier::ui {

using run::CompareSettings;
using run::ComparedRun;
using run::RunSample;
using run::kMaxRepeats;
using run::kMaxWarmups;
using run::kMinRepeats;
using run::medianSampleOf;

} // namespace frontier::ui
