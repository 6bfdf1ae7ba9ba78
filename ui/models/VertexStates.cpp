#include "VertexStates.h"

#include <algorithm>
#include <cmath>

#include <QObject>

#include "engine/sssp/SsspPlan.h"
#include "models/ShortestPath.h"

namespace frontier::ui {

uint32_t VertexStates::count(Kind k) const {
  return static_cast<uint32_t>(std::count(kind.begin(), kind.end(), static_cast<uint8_t>(k)));
}

std::shared_ptr<const VertexStates> VertexStates::fromLevels(const std::vector<uint32_t>& levels, uint32_t level,
                                                             const std::vector<graph::VertexId>& jfq) {
  auto out = std::make_shared<VertexStates>();
  out->names = {QObject::tr("unvisited"), QObject::tr("visited (by level)"), QObject::tr("frontier"),
                QObject::tr("in the JFQ (other searches)")};
  out->valueName = QObject::tr("level");
  out->kind.assign(levels.size(), Unreached);
  out->value.assign(levels.size(), -1.0);
  for (const graph::VertexId v : jfq) {
    if (v < levels.size()) {
      out->kind[v] = Queued;
    }
  }
  uint32_t top = 1;  // the ramp ends at the deepest level shown
  for (size_t v = 0; v < levels.size(); ++v) {
    if (levels[v] == UINT32_MAX || levels[v] > level) {
      continue;
    }
    out->value[v] = levels[v];
    out->kind[v] = levels[v] == level ? Frontier : Reached;
    top = std::max(top, levels[v]);
  }
  out->maxValue = top;
  return out;
}

std::shared_ptr<const VertexStates> VertexStates::fromTwoSides(const std::vector<uint32_t>& forward,
                                                               const std::vector<uint32_t>& backward, bool done,
                                                               const std::vector<graph::VertexId>& jfq) {
  auto out = std::make_shared<VertexStates>();
  out->names = {QObject::tr("unvisited"),
                QObject::tr("visited from the source (by hops)"),
                QObject::tr("source side's frontier"),
                QObject::tr("in the JFQ (other searches)"),
                QObject::tr("visited from the destination"),
                QObject::tr("destination side's frontier"),
                QObject::tr("where the two sides met")};
  out->valueName = QObject::tr("hops");
  const size_t n = std::min(forward.size(), backward.size());
  out->kind.assign(n, Unreached);
  out->value.assign(n, -1.0);
  for (const graph::VertexId v : jfq) {
    if (v < n) {
      out->kind[v] = Queued;
    }
  }
  uint32_t deepest[2] = {0, 0};
  for (size_t v = 0; v < n; ++v) {
    deepest[0] = forward[v] != UINT32_MAX ? std::max(deepest[0], forward[v]) : deepest[0];
    deepest[1] = backward[v] != UINT32_MAX ? std::max(deepest[1], backward[v]) : deepest[1];
  }
  // The least sum of both sides' hops (none before they meet).
  const graph::VertexId first = meetingVertex(forward, backward);
  const uint32_t meeting = first < n ? forward[first] + backward[first] : UINT32_MAX;
  for (size_t v = 0; v < n; ++v) {
    if (forward[v] != UINT32_MAX && backward[v] != UINT32_MAX && forward[v] + backward[v] == meeting) {
      out->kind[v] = Meeting;
      out->value[v] = forward[v];
    } else if (forward[v] != UINT32_MAX) {
      out->kind[v] = !done && forward[v] == deepest[0] ? Frontier : Reached;
      out->value[v] = forward[v];
    } else if (backward[v] != UINT32_MAX) {
      out->kind[v] = !done && backward[v] == deepest[1] ? BackFrontier : BackReached;
      out->value[v] = backward[v];
    }
  }
  out->maxValue = std::max(1U, deepest[0]);
  return out;
}

std::shared_ptr<const VertexStates> VertexStates::fromReachedCounts(const std::vector<uint16_t>& counts,
                                                                    uint32_t searches) {
  auto out = std::make_shared<VertexStates>();
  out->names = {QObject::tr("reached by no search"), QObject::tr("reached by N searches"), QString(), QString()};
  out->valueName = QObject::tr("searches");
  out->kind.assign(counts.size(), Unreached);
  out->value.assign(counts.size(), 0.0);
  for (size_t v = 0; v < counts.size(); ++v) {
    out->value[v] = counts[v];
    out->kind[v] = counts[v] > 0 ? Reached : Unreached;
  }
  out->maxValue = std::max(1U, searches);
  return out;
}

std::shared_ptr<const VertexStates> VertexStates::fromSssp(const std::vector<double>& distances,
                                                           const std::vector<uint8_t>& states) {
  auto out = std::make_shared<VertexStates>();
  out->names = {QObject::tr("unreached"), QObject::tr("settled (by distance)"), QObject::tr("near bucket"),
                QObject::tr("far pile")};
  out->valueName = QObject::tr("distance");
  out->integerValues = false;
  out->kind.assign(states.size(), Unreached);
  out->value.assign(states.size(), -1.0);
  double top = 1;
  for (size_t v = 0; v < states.size(); ++v) {
    const double d = v < distances.size() ? distances[v] : -1.0;
    if (d >= 0 && std::isfinite(d)) {
      out->value[v] = d;
    }
    switch (static_cast<engine::VertexState>(states[v])) {
    case engine::VertexState::Settled:
      out->kind[v] = Reached;
      top = std::max(top, out->value[v]);
      break;
    case engine::VertexState::Near: out->kind[v] = Frontier; break;
    case engine::VertexState::Far: out->kind[v] = Queued; break;
    case engine::VertexState::Unreached: break;
    }
  }
  out->maxValue = top;
  return out;
}

} // namespace frontier::ui
