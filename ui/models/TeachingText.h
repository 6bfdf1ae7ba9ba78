#pragma once
// Plain-language lines for teaching: what one iteration did, in words a
// lecture can read out ("identify found 37 frontier vertices for 12 searches;
// expand examined 811 edges").

#include <QString>

#include <vector>

#include "engine/Trace.h"
#include "graph/Graph.h"

namespace frontier::ui {

// `name` is the step as every view names it (StepCursor::stepName: "Step 3 (level 2)").
QString describeStep(const engine::IterationStats& it, const QString& name);

// The vertices of a path in the file's ids, "0 → 8 → 30 → 33"; long paths
// keep their ends and say how many vertices were left out.
QString pathVertices(const graph::Graph& graph, const std::vector<graph::VertexId>& path);
// The caption of a highlighted BFS path of pair `pair` (from 0): its length in
// hops, said as hops (not weights) on a weighted graph, and its vertices.
QString describePath(const graph::Graph& graph, int pair, const std::vector<graph::VertexId>& path);

// The announcement of the step at which a search reaches its destination:
// "Found at level 3: the path is 0 → 8 → 30 → 33", when `destination` is at
// `level` in the search's `levels` (from `source`); "" otherwise.
QString describeFound(const graph::Graph& graph, const std::vector<uint32_t>& levels, graph::VertexId source,
                      graph::VertexId destination, uint32_t level);

// A search from both ends: which side of the selected pair advanced at the
// step and why ("the destination's side advanced: its frontier had 12 edges
// against 340 on the source's; each step expands the smaller side"); "" when
// the pair's search did nothing at the step (`it.trackedSides` 0).
QString describeSides(const engine::IterationStats& it);

// A search from both ends, once the sides have met: where, and the length
// as hops from the source plus hops to the destination, with the path; a
// finished search (`done`) whose sides never met has no path. "" otherwise.
QString describeMeeting(const graph::Graph& graph, const std::vector<uint32_t>& forward,
                        const std::vector<uint32_t>& backward, graph::VertexId source, graph::VertexId destination,
                        bool done);

} // namespace frontier::ui
