#include "engine/sssp/SsspPlan.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <unordered_map>

#include "engine/ibfs/Search.h"
#include "SsspBatched.h"
#include "vk/FaultInjection.h"

namespace frontier::engine {

namespace {

constexpr double kMaxIntegerWeight = 4294967295.0;  // weights travel as uint32
constexpr double kMaxIntegerDelta = 4294967296.0;
constexpr uint64_t kInfinityKey = ~uint64_t{0};

std::string mib(uint64_t bytes) { return std::to_string((bytes + (1U << 20U) - 1) >> 20U) + " MiB"; }

} // namespace

WeightSummary unitWeightSummary(const graph::Csr& out) {
  WeightSummary s;
  s.vertices = out.vertexCount();
  s.arcs = out.arcCount();
  s.maxWeight = s.arcs > 0 ? 1 : 0;
  s.meanWeight = s.maxWeight;
  return s;
}

WeightSummary summarizeWeights(const graph::Csr& out) {
  if (!out.weighted()) {
    return unitWeightSummary(out);
  }
  WeightSummary s;
  s.vertices = out.vertexCount();
  s.arcs = out.arcCount();
  s.weighted = true;
  double sum = 0;
  for (graph::VertexId u = 0; u < out.vertexCount(); ++u) {
    for (graph::EdgeIndex a = out.offsets[u]; a < out.offsets[u + 1]; ++a) {
      const double w = out.weights[a];
      if (!(w >= 0.0) || std::isinf(w)) {
        throw std::invalid_argument("shortest paths need finite non-negative weights: arc " + std::to_string(u) +
                                    " -> " + std::to_string(out.targets[a]) + " (dense ids) weighs " +
                                    std::to_string(w));
      }
      s.integer = s.integer && w <= kMaxIntegerWeight && std::floor(w) == w;
      s.maxWeight = std::max(s.maxWeight, w);
      s.zeroArcs += w == 0.0 ? 1 : 0;
      sum += w;
    }
  }
  s.meanWeight = s.arcs > 0 ? sum / static_cast<double>(s.arcs) : 0.0;
  if (!s.integer && s.maxWeight * std::max<double>(s.vertices, 1) >= 1e38) {
    throw ResourceError("weights up to " + std::to_string(s.maxWeight) +
                        " could overflow the float32 distances of the GPU engine; scale the weights down");
  }
  return s;
}

double defaultDelta(const WeightSummary& weights) {
  if (!weights.weighted || weights.meanWeight <= 0.0) {
    return 1.0;
  }
  const double meanDegree =
      weights.vertices > 0 ? static_cast<double>(weights.arcs) / static_cast<double>(weights.vertices) : 1.0;
  const double delta = weights.meanWeight * std::max(1.0, 32.0 / std::max(meanDegree, 1.0));
  return weights.integer ? std::clamp(std::round(delta), 1.0, kMaxIntegerDelta) : delta;
}

double defaultBatchedDelta(const WeightSummary& weights) {
  // Measured on an H100 (docs/BENCHMARKS.md): on graphs that chain (roads,
  // grids; chains of 12), about 4 times the per-query default is best on the
  // road graphs and a third faster than 8 times on a weighted grid (8 was
  // best with chains of 32); on Kronecker 20 (no chains) 8 times stays about
  // 2% faster than 4.
  const bool chains = resolveChainRounds(kAutomaticChain, weights) > 0;
  const double delta = defaultDelta(weights) * (chains ? 4.0 : 8.0);
  return weights.integer ? std::round(delta) : delta;
}

namespace {
// Mean out-degree below 3: road networks (2.1-2.2), where the resident
// engine chains.
bool roadDegree(const WeightSummary& weights) {
  const double meanDegree =
      weights.vertices > 0 ? static_cast<double>(weights.arcs) / static_cast<double>(weights.vertices) : 0.0;
  return meanDegree < 3.0;
}
} // namespace

double defaultResidentDelta(const WeightSummary& weights) {
  // Measured on an H100 (docs/BENCHMARKS.md, 1024 queries, 512 invocations
  // per query, 32-bit keys): 4 times the per-query default was best on both
  // road graphs (Luxembourg 19.2 ms against 20.4 with 2x and 19.3 with 8x;
  // Amsterdam 9.5 against 9.7 and 10.7); on a 300 x 300 grid (mean degree
  // 4, no chains) 2x (16.9) beat 4x (21.2). An unweighted graph (every arc
  // weighs 1) gets the bucket of a graph of unit weights, not one hop:
  // hop counts on Luxembourg took 17.0 ms with delta 64 against 33.4 with 4.
  WeightSummary unit = weights;
  if (!unit.weighted) {
    unit.weighted = true;
    unit.integer = true;
    unit.meanWeight = 1.0;
  }
  const double delta = defaultDelta(unit) * (roadDegree(weights) ? 4.0 : 2.0);
  return unit.integer ? std::round(delta) : delta;
}

uint32_t resolveResidentChain(uint32_t requested, const WeightSummary& weights) {
  if (requested != kAutomaticChain) {
    return requested;
  }
  // Measured on an H100 (docs/BENCHMARKS.md, 1024 queries): chains of 2
  // took 20-25% off both road graphs and made a 300 x 300 grid (degree 4)
  // a third slower; with 512 invocations per query and 32-bit keys 3 took
  // another 2% off the roads (4 was no better).
  return roadDegree(weights) ? 3 : 0;
}

void checkPhaseEndDestinations(const QueryPlan& plan, bool cpuDevice, const std::string& deviceName) {
  if (!cpuDevice) {
    return;
  }
  uint64_t most = 0;
  for (uint32_t q = 0; q < plan.queryCount(); ++q) {
    most = std::max<uint64_t>(most, plan.destOffsets[q + 1] - plan.destOffsets[q]);
  }
  if (2 * most + 16 > kCpuLoopBudget) {
    throw ResourceError(deviceName + " is a CPU device whose shaders stop a loop after 65,535 iterations: a source "
                        "with " + std::to_string(most) + " destinations passes that at a phase end (at most " +
                        std::to_string((kCpuLoopBudget - 16) / 2) +
                        " per source here): split its pairs over several runs, or use resident where the graph fits");
  }
}

uint64_t batchedRelaxLoopBound(uint32_t vertices, uint32_t queriesPerBatch, uint64_t groups, uint32_t chainRounds,
                               uint64_t maxOutDegree) {
  const uint64_t chunks = (uint64_t{queriesPerBatch} + shader::kBatchedGroupSize - 1) / shader::kBatchedGroupSize;
  const uint64_t items = std::max<uint64_t>(uint64_t{vertices} * chunks, 1);
  const uint64_t perGroup = (items + std::max<uint64_t>(groups, 1) - 1) / std::max<uint64_t>(groups, 1);
  // Per item: its rounds, each an arc loop and the round loop's own trip,
  // then the stack's flush.
  return perGroup * ((uint64_t{chainRounds} + 1) * (maxOutDegree + 1) + 2);
}

uint32_t residentKeyBits(const WeightSummary& weights) {
  if (!weights.integer) {
    return 32;
  }
  // Half the bytes per query region: road queries are bound by their
  // random key accesses (docs/BENCHMARKS.md), and 32-bit keys took 17-21%
  // off them on an H100.
  const double longest = weights.maxWeight * static_cast<double>(std::max<uint32_t>(weights.vertices, 1));
  return longest <= 2147483646.0 ? 32 : 64;
}

SsspAlgorithm resolveAlgorithm(SsspAlgorithm requested, const WeightSummary& weights, bool residentFits) {
  if (requested != SsspAlgorithm::Automatic) {
    return requested;
  }
  // Road-like graphs (those the batched engine chains on: mean out-degree
  // at most 8) go resident when their bitmaps fit; on denser graphs one
  // invocation per vertex walks a hub's arcs alone (Kronecker 16 on the
  // H100: 964 ms resident, 105 ms batched).
  const bool roadLike = resolveChainRounds(kAutomaticChain, weights) > 0;
  return roadLike && residentFits ? SsspAlgorithm::Resident : SsspAlgorithm::Batched;
}

uint32_t resolveChainRounds(uint32_t requested, const WeightSummary& weights) {
  if (requested != kAutomaticChain) {
    return requested;
  }
  // Measured on the H100 (docs/BENCHMARKS.md): Amsterdam and Luxembourg
  // roads (degree 2.2, 2.1) 3.5x and 2.4x faster with 32 than with 0, and
  // 6% and 14% faster again with 12 than with 32 (a step waits for its
  // longest chain); Kronecker 20 (degree 30) 18% slower with 32 than with 0.
  const double meanDegree =
      weights.vertices > 0 ? static_cast<double>(weights.arcs) / static_cast<double>(weights.vertices) : 0.0;
  return meanDegree <= 8.0 ? kDefaultChainRounds : 0;
}

double resolveDelta(double requested, const WeightSummary& weights) {
  if (!(requested >= 0.0) || std::isinf(requested)) {
    throw std::invalid_argument("delta must be a positive number, not " + std::to_string(requested));
  }
  const double delta = requested == 0.0 ? defaultDelta(weights) : requested;
  if (weights.integer) {
    return std::clamp(std::round(delta), 1.0, kMaxIntegerDelta);
  }
  const auto narrow = static_cast<float>(delta);
  return narrow > 0.0F ? static_cast<double>(narrow) : static_cast<double>(std::numeric_limits<float>::min());
}

uint64_t deltaKey(double delta, bool integer) {
  if (integer) {
    return static_cast<uint64_t>(delta);
  }
  return std::bit_cast<uint32_t>(static_cast<float>(delta));
}

double keyToLength(uint64_t key, bool integer) {
  if (key == kInfinityKey) {
    return std::numeric_limits<double>::infinity();
  }
  if (integer) {
    return static_cast<double>(key);
  }
  return static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(key)));
}

QueryPlan reorderQueries(const QueryPlan& plan, std::span<const uint32_t> order) {
  QueryPlan out;
  out.destOffsets.push_back(0);
  out.pairOfEntry.reserve(plan.pairOfEntry.size());
  out.destinations.reserve(plan.destinations.size());
  out.entryOfPair.resize(plan.entryOfPair.size());
  for (const uint32_t q : order) {
    out.sources.push_back(plan.sources[q]);
    for (uint32_t e = plan.destOffsets[q]; e < plan.destOffsets[q + 1]; ++e) {
      out.entryOfPair[plan.pairOfEntry[e]] = static_cast<uint32_t>(out.destinations.size());
      out.destinations.push_back(plan.destinations[e]);
      out.pairOfEntry.push_back(plan.pairOfEntry[e]);
    }
    out.destOffsets.push_back(static_cast<uint32_t>(out.destinations.size()));
  }
  return out;
}

uint32_t QueryPlan::queryOfEntry(uint32_t entry) const {
  const auto it = std::upper_bound(destOffsets.begin(), destOffsets.end(), entry);
  return static_cast<uint32_t>(it - destOffsets.begin() - 1);
}

QueryPlan groupBySource(std::span<const graph::Pair> pairs) {
  QueryPlan plan;
  std::unordered_map<graph::VertexId, uint32_t> queryOfSource;
  std::vector<uint32_t> queryOfPair(pairs.size());
  std::vector<uint32_t> count;
  for (size_t i = 0; i < pairs.size(); ++i) {
    const auto [it, added] = queryOfSource.try_emplace(pairs[i].source, plan.queryCount());
    if (added) {
      plan.sources.push_back(pairs[i].source);
      count.push_back(0);
    }
    queryOfPair[i] = it->second;
    count[it->second] += 1;
  }
  plan.destOffsets.assign(plan.sources.size() + 1, 0);
  for (size_t q = 0; q < count.size(); ++q) {
    plan.destOffsets[q + 1] = plan.destOffsets[q] + count[q];
  }
  plan.destinations.resize(pairs.size());
  plan.pairOfEntry.resize(pairs.size());
  plan.entryOfPair.resize(pairs.size());
  std::vector<uint32_t> next(plan.destOffsets.begin(), plan.destOffsets.end() - 1);
  for (size_t i = 0; i < pairs.size(); ++i) {
    const uint32_t entry = next[queryOfPair[i]]++;
    plan.destinations[entry] = pairs[i].destination;
    plan.pairOfEntry[entry] = static_cast<uint32_t>(i);
    plan.entryOfPair[i] = entry;
  }
  return plan;
}

uint64_t bytesPerEntry(SsspAlgorithm algorithm) {
  // distance 8; near queue halves 8; far halves 8 (Near-Far) or the settled
  // list 4 (Delta-Stepping); near stamps 4; the two bitsets 1/4 (rounded up).
  switch (algorithm) {
  case SsspAlgorithm::NearFar: return 8 + 8 + 8 + 4 + 1;
  case SsspAlgorithm::DeltaStepping: return 8 + 8 + 4 + 4 + 1;
  case SsspAlgorithm::BellmanFord: return 8 + 1;
  case SsspAlgorithm::Batched: return 8 + 1;  // the interleaved distance; item lists and marks: 24 bytes per 64 queries
  case SsspAlgorithm::Resident: return 8;     // the distance; the buckets are in shared memory
  case SsspAlgorithm::Pairs: return 8;        // never asked: its own slots (PairHops)
  case SsspAlgorithm::Automatic: return 8 + 1;  // never asked: resolved to one of the two first
  }
  return 8;
}

namespace {
// Words per entry of the algorithm's largest queue, which 32-bit indices
// bound: the near queue's two halves for Near-Far and Delta-Stepping.
uint64_t queueWordsPerEntry(SsspAlgorithm algorithm) {
  return algorithm == SsspAlgorithm::NearFar || algorithm == SsspAlgorithm::DeltaStepping ? 2 : 1;
}
} // namespace

uint32_t queriesPerBatch(uint32_t requested, uint32_t queries, uint32_t vertices, SsspAlgorithm algorithm,
                         const DeviceLimits& limits, const std::string& deviceName, uint32_t automaticMax) {
  if (queries == 0) {
    return 1;
  }
  const uint64_t V = std::max<uint32_t>(vertices, 1);
  // The kernels index entries q * V + v, and the near queue's two halves of
  // Q * V entries, with 32-bit words; the arrays themselves are reached by
  // address, so no binding's range bounds them.
  const uint64_t indexFit = (uint64_t{1} << 32U) / queueWordsPerEntry(algorithm) / V;
  if (indexFit <= 1) {
    throw ResourceError("one query on " + std::to_string(vertices) + " vertices needs more entries than the " +
                        std::string(algorithmName(algorithm)) +
                        " kernels' 32-bit indices reach: use a smaller graph or another algorithm");
  }
  uint64_t fit = indexFit - 1;
  if (limits.memoryBudget > 0) {
    const uint64_t usable = limits.memoryBudget > limits.graphBytes ? limits.memoryBudget - limits.graphBytes : 0;
    fit = std::min(fit, usable / 2 / (V * bytesPerEntry(algorithm)));  // leave half the budget to others
  }
  if (fit == 0) {
    throw ResourceError("one query on " + std::to_string(vertices) + " vertices needs " +
                        mib(V * bytesPerEntry(algorithm)) + ", more than " + deviceName +
                        " can spare: use a smaller graph or another device");
  }
  if (requested == 0) {
    uint64_t automaticFit = fit;
    if (limits.automaticDistanceBytes > 0) {
      automaticFit = std::clamp<uint64_t>(limits.automaticDistanceBytes / (V * 8), 1, fit);
    }
    const auto most = static_cast<uint32_t>(std::min<uint64_t>({automaticFit, automaticMax, queries}));
    // As many as fit, spread evenly over the fewest batches that take them
    // all (1100 queries in two of 550, not 1024 and 76: a batch costs about
    // as many steps with few queries as with many).
    const uint32_t rounds = (queries + most - 1) / most;
    return (queries + rounds - 1) / rounds;
  }
  if (requested > fit) {
    throw ResourceError(std::to_string(requested) + " queries per batch on " + std::to_string(vertices) +
                        " vertices need " + mib(requested * V * bytesPerEntry(algorithm)) + " but " + deviceName +
                        " fits " + std::to_string(fit) + ": lower queries per batch to " + std::to_string(fit) +
                        " or less");
  }
  return std::min(requested, queries);
}

std::vector<double> pairLengths(std::span<const uint64_t> entryKeys, const QueryPlan& plan, bool integer) {
  std::vector<double> out(plan.entryOfPair.size());
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = keyToLength(entryKeys[plan.entryOfPair[i]], integer);
  }
  if (gpu::faults::wrongLength()) {
    const auto reached = std::find_if(out.begin(), out.end(), [](double l) { return std::isfinite(l); });
    if (reached != out.end()) {
      *reached += 1;  // an injected fault: a check against Dijkstra must notice
    }
  }
  return out;
}

VertexState classifyVertex(uint64_t key, uint64_t settledBelow, uint64_t threshold) {
  if (key == kInfinityKey) {
    return VertexState::Unreached;
  }
  if (key < settledBelow) {
    return VertexState::Settled;
  }
  return key < threshold ? VertexState::Near : VertexState::Far;
}

} // namespace frontier::engine
