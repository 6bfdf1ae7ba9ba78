#pragma once
// A run's results as the CSV that frontier-cli run --output and the window's
// export write: "source,destination,length" with the file's vertex ids; whole
// numbers for exact lengths (hops, integer weights), up to 9 significant
// digits otherwise (float32 sums), -1 when unreachable.

#include <ostream>
#include <span>
#include <string>

#include "graph/Graph.h"
#include "graph/Pairs.h"
#include "run/Run.h"

namespace frontier::run {

std::string formatLength(double length, bool exact);

void writeResultsCsv(std::ostream& out, const graph::Graph& graph, std::span<const graph::Pair> pairs,
                     const RunResults& results);

} // namespace frontier::run
