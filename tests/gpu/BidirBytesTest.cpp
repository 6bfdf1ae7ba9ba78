// Bytes moved by the two-sided search's queue, expand, update and finish
// (`bidir`) against a CPU count: the
// test plays the two-sided search level by level on the CPU (each search's
// visited and frontier sets per side, the plan's choice of sides from the
// frontiers' arcs, the queues of chunks of kBidirChunkArcs arcs, the
// meeting and exhaustion rules of docs/ENGINE.md, the frontier lists of
// Bidir.h), counts per level the queue entries, arcs and status words the
// expand must read or write (and the queue's, collect's, update's and
// finish's words and elements), and
// prices them with the terms of docs/ENGINE.md ("Bytes moved"). Nothing is
// taken from the engine but the spans it reports.

#include "GpuTest.h"

#include <algorithm>
#include <map>
#include <memory>

#include "TestData.h"
#include "engine/DeviceGraph.h"
#include "engine/ibfs/Search.h"
#include "engine/ibfs/Strategy.h"
#include "graph/Generators.h"
#include "graph/GraphIO.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

constexpr uint64_t kChunk = 128; // arcs per queue entry (ENGINE.md)

struct Level {
  uint64_t entries = 0; // both queues
  uint64_t arcs[2] = {0, 0};
  uint64_t words[2] = {0, 0};
  uint32_t advancing = 0; // (side, word) pairs with an advancing search
  uint64_t queued = 0;    // (side, vertex) pairs queued
  uint64_t listed = 0;    // vertices on the frontier list the queue reads
  uint64_t settle = 0;    // elements the collect, the update and the finish read or write
};

// The two-sided search of `pairs` (one batch of `W` words per vertex) on
// the CPU, per level.
class TwoSided {
public:
  TwoSided(const graph::Graph& g, const std::vector<graph::Pair>& pairs, uint32_t W, double bothRatio)
      : m_g(g), m_W(W), m_ratio(bothRatio), m_active(W, 0), m_frontierArcs(2, std::vector<uint64_t>(pairs.size(), 0)),
        m_listed(g.vertexCount(), false) {
    const size_t words = size_t{g.vertexCount()} * W;
    for (size_t q = 0; q < 2; ++q) {
      m_visited[q].assign(words, 0);
      m_frontier[q].assign(words, 0);
      m_new[q].assign(words, 0);
    }
    for (uint32_t s = 0; s < pairs.size(); ++s) {
      if (pairs[s].source == pairs[s].destination) {
        continue; // length 0, never active
      }
      const uint32_t bit = 1U << (s % 32);
      m_active[s / 32] |= bit;
      m_visited[0][pairs[s].source * W + s / 32] |= bit;
      m_frontier[0][pairs[s].source * W + s / 32] |= bit;
      m_visited[1][pairs[s].destination * W + s / 32] |= bit;
      m_frontier[1][pairs[s].destination * W + s / 32] |= bit;
      m_frontierArcs[0][s] = csr(0).degree(pairs[s].source);
      m_frontierArcs[1][s] = csr(1).degree(pairs[s].destination);
      m_listed[pairs[s].source] = true;  // the first level's frontier list
      m_listed[pairs[s].destination] = true;
    }
    m_searches = static_cast<uint32_t>(pairs.size());
  }

  std::vector<Level> run() {
    std::vector<Level> out;
    while (std::any_of(m_active.begin(), m_active.end(), [](uint32_t a) { return a != 0; })) {
      out.push_back(level());
    }
    return out;
  }

private:
  const graph::Csr& csr(size_t q) const { return q == 0 ? m_g.out() : m_g.in(); }

  Level level() {
    const uint32_t W = m_W;
    std::vector<uint32_t> expanding[2] = {std::vector<uint32_t>(W, 0), std::vector<uint32_t>(W, 0)};
    // Plan: each active search advances the side with fewer frontier arcs
    // (forward on a tie), or both when within the ratio.
    for (uint32_t s = 0; s < m_searches; ++s) {
      const uint32_t bit = 1U << (s % 32);
      if ((m_active[s / 32] & bit) == 0) {
        continue;
      }
      const uint64_t f = m_frontierArcs[0][s];
      const uint64_t b = m_frontierArcs[1][s];
      const bool both =
          static_cast<float>(std::max(f, b)) <= static_cast<float>(m_ratio) * static_cast<float>(std::min(f, b));
      for (size_t q = 0; q < 2; ++q) {
        if (both || (q == 0) == (f <= b)) {
          expanding[q][s / 32] |= bit;
          m_frontierArcs[q][s] = 0;
        }
      }
    }
    // Queue and expand: a vertex joins side q's queue when an advancing
    // search has it in that side's frontier, as chunks of kChunk arcs.
    Level at;
    at.listed = static_cast<uint64_t>(std::count(m_listed.begin(), m_listed.end(), true));
    for (size_t q = 0; q < 2; ++q) {
      at.advancing += static_cast<uint32_t>(
          std::count_if(expanding[q].begin(), expanding[q].end(), [](uint32_t bits) { return bits != 0; }));
      for (graph::VertexId v = 0; v < m_g.vertexCount(); ++v) {
        bool queued = false;
        for (uint32_t w = 0; w < W; ++w) {
          queued = queued || (m_frontier[q][v * W + w] & expanding[q][w]) != 0;
        }
        if (!queued) {
          continue;
        }
        const uint64_t degree = csr(q).degree(v);
        const uint64_t chunks = std::max<uint64_t>(1, (degree + kChunk - 1) / kChunk);
        at.entries += chunks;
        at.queued += 1;
        for (uint64_t c = 0; c < chunks; ++c) {
          const uint64_t first = c * kChunk;
          const uint64_t end = std::min(first + kChunk, degree);
          at.arcs[q] += end - first;
          for (uint32_t w = 0; w < W; ++w) {
            if (expanding[q][w] == 0) {
              continue;
            }
            at.words[q] += 1; // the frontier word
            const uint32_t bits = m_frontier[q][v * W + w] & expanding[q][w];
            if (bits == 0) {
              continue;
            }
            at.words[q] += end - first; // a visited word per arc
            for (uint64_t a = first; a < end; ++a) {
              const graph::VertexId t = csr(q).neighbours(v)[a];
              const uint32_t fresh = bits & ~m_visited[q][t * W + w];
              if (fresh != 0) {
                m_new[q][t * W + w] |= fresh;
                at.words[q] += 2; // the new word ORed, the target's mark
              }
            }
          }
        }
      }
    }
    at.settle = update(expanding);
    return at;
  }

  // The collect, update and finish: the vertices the expand gave new bits
  // join the frontier list; over the list, fresh bits join the visited sets
  // and become the advancing sides' frontiers, and a vertex stays listed
  // while an active search has a frontier bit on it; searches that met or
  // whose advancing side found nothing new end. Returns the elements they
  // read or write (Bidir.h, kBidirArcsSettleLevel).
  uint64_t update(const std::vector<uint32_t> (&expanding)[2]) {
    const uint32_t W = m_W;
    std::vector<uint32_t> met(W, 0), metBoth(W, 0),
        alive[2] = {std::vector<uint32_t>(W, 0), std::vector<uint32_t>(W, 0)};
    uint64_t elements = m_g.vertexCount();  // the collect reads every mark
    std::vector<graph::VertexId> list;
    for (graph::VertexId v = 0; v < m_g.vertexCount(); ++v) {
      bool marked = false;
      for (size_t i = size_t{v} * W; i < size_t{v + 1} * W; ++i) {
        marked = marked || m_new[0][i] != 0 || m_new[1][i] != 0;
      }
      if (marked) {
        elements += m_listed[v] ? 2U : 3U;  // the mark reset, the listed flag, a list entry
      }
      if (marked || m_listed[v]) {
        list.push_back(v);
      }
    }
    for (const graph::VertexId v : list) {
      elements += 1;  // its list entry
      bool keep = false;
      for (uint32_t w = 0; w < W; ++w) {
        const size_t i = size_t{v} * W + w;
        uint32_t fresh[2] = {0, 0};
        const uint32_t before[2] = {m_visited[0][i], m_visited[1][i]};
        const bool anyNew = (expanding[0][w] != 0 && m_new[0][i] != 0) || (expanding[1][w] != 0 && m_new[1][i] != 0);
        elements += anyNew ? 2U : 0U;  // both visited words
        for (size_t q = 0; q < 2; ++q) {
          if (expanding[q][w] == 0) {
            elements += 1;  // the frontier word
            keep = keep || (m_frontier[q][i] & m_active[w]) != 0;
            continue;
          }
          elements += 2;                          // the new and the frontier word
          elements += m_new[q][i] != 0 ? 2U : 0U; // the new word emptied, the visited word written
          fresh[q] = m_new[q][i] & ~before[q];
          m_new[q][i] = 0;
          m_visited[q][i] |= fresh[q];
          const uint32_t frontier = (m_frontier[q][i] & ~expanding[q][w]) | fresh[q];
          elements += frontier != m_frontier[q][i] ? 1U : 0U;
          m_frontier[q][i] = frontier;
          keep = keep || (frontier & m_active[w]) != 0;
          alive[q][w] |= fresh[q];
          for (uint32_t bits = fresh[q]; bits != 0; bits &= bits - 1) {
            m_frontierArcs[q][w * 32 + static_cast<uint32_t>(__builtin_ctz(bits))] += csr(q).degree(v);
          }
        }
        elements += (fresh[0] | fresh[1]) != 0 ? 4U : 0U;  // both sides' two offsets
        met[w] |= (fresh[0] & before[1]) | (fresh[1] & before[0]);
        metBoth[w] |= fresh[0] & fresh[1];
      }
      m_listed[v] = keep;
      elements += keep ? 2U : 1U;  // the listed flag, the next list's entry
    }
    for (uint32_t s = 0; s < m_searches; ++s) {
      const uint32_t w = s / 32;
      const uint32_t bit = 1U << (s % 32);
      if ((m_active[w] & bit) == 0) {
        elements += 1;  // the finish reads its active word
        continue;
      }
      elements += 9;  // the active word and the eight state words of the decision
      const bool forward = (expanding[0][w] & bit) != 0;
      const bool backward = (expanding[1][w] & bit) != 0;
      const bool exhausted = (forward && (alive[0][w] & bit) == 0) || (backward && (alive[1][w] & bit) == 0);
      const bool length = (met[w] & bit) != 0 || (metBoth[w] & bit) != 0;
      elements += length ? 1U : 0U;
      if (length || exhausted) {
        m_active[w] &= ~bit;
        elements += 1;
      }
    }
    return elements;
  }

  const graph::Graph& m_g;
  uint32_t m_W;
  double m_ratio;
  uint32_t m_searches = 0;
  std::vector<uint32_t> m_active;
  std::vector<uint32_t> m_visited[2], m_frontier[2], m_new[2];
  std::vector<std::vector<uint64_t>> m_frontierArcs;
  std::vector<bool> m_listed;  // on the frontier list (Bidir.h)
};

struct BidirBytesCase {
  const char* name;
  const char* graph; // a generator spec, or a data file
  const char* spec;
  uint32_t pairs;
};

void PrintTo(const BidirBytesCase& c, std::ostream* out) {
  *out << c.name;
}

class BidirBytes : public GpuTest, public ::testing::WithParamInterface<BidirBytesCase> {};

TEST_P(BidirBytes, EveryLevelKernelMovesWhatTheCpuCounts) {
  const BidirBytesCase& c = GetParam();
  const std::string source = c.graph;
  const auto g = std::make_shared<const graph::Graph>(
      source.find(':') != std::string::npos ? graph::generate(source) : graph::loadGraph(test::dataFile(source)));
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, c.pairs, 11);
  const engine::Strategy strategy = engine::strategyFromSpec(c.spec);
  const auto device = std::make_shared<engine::DeviceGraph>(context(), g);
  engine::Search search(context(), device, pairs, strategy);
  ASSERT_TRUE(search.run());
  ASSERT_EQ(search.lengths(), reference::pathLengths(*g, pairs));
  const engine::RunTrace& trace = search.trace();
  ASSERT_EQ(trace.batches, 1U) << "the count plays one batch";
  ASSERT_TRUE(trace.twoSided);

  uint32_t W = 1; // the power of two >= pairs / 32
  while (W * 32 < c.pairs) {
    W *= 2;
  }
  const std::vector<Level> levels = TwoSided(*g, pairs, W, strategy.options.bidirBothRatio).run();
  ASSERT_EQ(trace.iterations.size(), levels.size());
  for (const engine::IterationStats& it : trace.iterations) {
    const Level& at = levels[it.level];
    EXPECT_EQ(it.jfqEntries, at.entries) << "level " << it.level;
    EXPECT_EQ(it.edgesForward, at.arcs[0]) << "level " << it.level;
    EXPECT_EQ(it.edgesBackward, at.arcs[1]) << "level " << it.level;
    EXPECT_EQ(it.wordsForward, at.words[0]) << "level " << it.level;
    EXPECT_EQ(it.wordsBackward, at.words[1]) << "level " << it.level;
  }
  uint32_t expands = 0;
  uint32_t settles = 0;
  for (const engine::KernelSpan& span : trace.kernels) {
    if (span.kind == engine::KernelKind::ExpandTopDown) {
      const Level& at = levels[span.level];
      // Per entry its pair and end offset, per arc its target, per status word 4 bytes.
      const uint64_t expected = at.entries * 12 + (at.arcs[0] + at.arcs[1]) * 4 + (at.words[0] + at.words[1]) * 4;
      EXPECT_EQ(span.bytesMoved, expected) << "level " << span.level;
      EXPECT_EQ(span.usefulItems, (at.arcs[0] + at.arcs[1]) * W) << "level " << span.level;
      ++expands;
    } else if (span.kind == engine::KernelKind::Identify) {
      // The queue: per listed vertex its entry and a frontier word per
      // advancing (side, word), two offsets per queued (side, vertex), an
      // entry pair per entry.
      const Level& at = levels[span.level];
      EXPECT_EQ(span.bytesMoved, at.listed * 4 * (1 + uint64_t{at.advancing}) + at.queued * 8 + at.entries * 8)
          << "queue at level " << span.level;
      EXPECT_EQ(span.usefulItems, at.listed * W) << "queue at level " << span.level;
      ++settles;
    } else if (span.kind == engine::KernelKind::CheckDestinations) {
      EXPECT_EQ(span.bytesMoved, levels[span.level].settle * 4) << "update and finish at level " << span.level;
      ++settles;
    } else if (span.kind != engine::KernelKind::Readback) {
      // The plan, the clears and the ends have no model: nothing claimed.
      EXPECT_EQ(span.bytesMoved, 0U) << engine::kernelName(span.kind) << " at level " << span.level;
      EXPECT_EQ(span.usefulItems, 0U) << engine::kernelName(span.kind) << " at level " << span.level;
    }
  }
  EXPECT_EQ(expands, levels.size());
  EXPECT_EQ(settles, 2 * levels.size());
}

INSTANTIATE_TEST_SUITE_P(
    Graphs, BidirBytes,
    ::testing::Values(BidirBytesCase{"grid", "grid:20x30", "coalesced+bidir", 24},
                      BidirBytesCase{"grid_two_words", "grid:20x30", "coalesced+bidir+omega=64", 50},
                      BidirBytesCase{"kronecker_one_side", "kronecker:scale=10,edgefactor=8,seed=3",
                                     "coalesced+bidir=0", 30},
                      BidirBytesCase{"kronecker", "kronecker:scale=10,edgefactor=8,seed=3", "coalesced+bidir", 32},
                      BidirBytesCase{"wiki_vote_directed", "wiki-Vote.txt", "coalesced+bidir", 20}),
    [](const ::testing::TestParamInfo<BidirBytesCase>& param) { return std::string(param.param.name); });

} // namespace
