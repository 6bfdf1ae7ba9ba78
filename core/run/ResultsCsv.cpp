#include "run/ResultsCsv.h"

#include <cmath>
#include <cstdio>

namespace frontier::run {

std::string formatLength(double length, bool exact) {
  if (std::isinf(length)) {
    return "-1";
  }
  char text[64];
  std::snprintf(text, sizeof text, exact ? "%.0f" : "%.9g", length);
  return text;
}

void writeResultsCsv(std::ostream& out, const graph::Graph& graph, std::span<const graph::Pair> pairs,
                     const RunResults& results) {
  out << "source,destination,length\n";
  for (size_t i = 0; i < pairs.size(); ++i) {
    out << graph.fileId(pairs[i].source) << ',' << graph.fileId(pairs[i].destination) << ','
        << formatLength(results.lengths[i], results.exact) << '\n';
  }
}

} // namespace frontier::run
