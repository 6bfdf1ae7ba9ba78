#pragma once
// Pairs typed or pasted by the user: one pair per line, the source and the
// destination as ids of the user's file, separated by spaces, tabs, commas
// or semicolons. Blank lines and lines starting with '#' are skipped, and so
// is a first line that is a header ("source,destination").

#include <stdexcept>
#include <vector>

#include <QString>

#include "graph/Graph.h"
#include "graph/Pairs.h"

namespace frontier::ui {

class PairsTextError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Dense-id pairs of `graph`; throws PairsTextError naming the line and what is
// wrong there (not a number, a vertex the graph does not have).
std::vector<graph::Pair> parsePairsText(const graph::Graph& graph, const QString& text);

} // namespace frontier::ui
