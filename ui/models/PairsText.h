#pragma once
// Pairs typed or pasted by the user: one pair per line, the source and the
// destination as ids of the user's file, separated by blanks, commas or
// semicolons; blank lines and lines starting with '#' are skipped, and so is
// a "source,destination" header. The lines are rewritten as the CSV of
// graph::parsePairs, so ids are checked by the graph library's own reader.

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

// Dense-id pairs of `graph`; throws PairsTextError "line N: what is wrong"
// with N the line as typed.
std::vector<graph::Pair> parsePairsText(const graph::Graph& graph, const QString& text);

} // namespace frontier::ui
