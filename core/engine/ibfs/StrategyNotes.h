#pragma once
// Why two iBFS runs differ, in words a student can follow: what each
// strategy costs on this graph and pair count, read from the two runs'
// traces (arcs examined, levels pulled, pairs answered without a search),
// not from a table of expectations. The comparison's why-line shows it;
// docs/ENGINE.md ("What each strategy costs and where it wins") has the
// measured numbers behind the rules.

#include <string>

#include "engine/Trace.h"

namespace frontier::engine {

// One or more sentences on what made `run` cost what it did against
// `baseline`, or "" when neither is an iBFS run or nothing differs that the
// traces can explain. Names are the entries' names as shown to the user.
std::string explainStrategies(const std::string& baselineName, const RunTrace& baseline, const std::string& runName,
                              const RunTrace& run);

} // namespace frontier::engine
