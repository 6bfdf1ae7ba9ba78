// The small generators: grid, G(n, m), Barabási–Albert, Watts–Strogatz and
// the teaching shapes; and random weights.

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "Generators.h"
#include "GraphBuilder.h"
#include "NumberText.h"
#include "Random.h"

namespace frontier::graph {

namespace {

GraphBuilder declared(uint64_t n) {
  GraphBuilder builder{BuildOptions{}};
  builder.declareVertices(n, 0);
  return builder;
}

Graph finish(GraphBuilder& builder, std::string name) {
  builder.setName(std::move(name));
  return builder.build();
}

void require(bool condition, const std::string& message) {
  if (!condition) {
    throw std::invalid_argument(message);
  }
}

std::string str(uint64_t value) { return std::to_string(value); }

} // namespace

Graph generateGrid(uint32_t rows, uint32_t cols) {
  require(rows >= 1 && cols >= 1 && uint64_t{rows} * cols < UINT32_MAX, "grid: need rows, cols >= 1 and rows*cols < 2^32-1");
  GraphBuilder builder = declared(uint64_t{rows} * cols);
  std::vector<Coordinate> coordinates;
  coordinates.reserve(uint64_t{rows} * cols);
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t c = 0; c < cols; ++c) {
      const uint64_t v = uint64_t{r} * cols + c;
      if (c + 1 < cols) {
        builder.addEdge(v, v + 1);
      }
      if (r + 1 < rows) {
        builder.addEdge(v, v + cols);
      }
      coordinates.push_back({static_cast<double>(c), static_cast<double>(r)});
    }
  }
  builder.setCoordinates(std::move(coordinates));
  return finish(builder, "grid:" + str(rows) + "x" + str(cols));
}

Graph generateErdosRenyi(uint32_t n, uint64_t m, uint64_t seed) {
  const uint64_t pairs = uint64_t{n} * (n > 0 ? n - 1 : 0) / 2;
  require(n >= 1 && n < UINT32_MAX, "er: need n >= 1");
  require(m <= pairs, "er: m = " + str(m) + " exceeds the " + str(pairs) + " possible edges");
  require(m <= (uint64_t{1} << 36U), "er: m at most 2^36");
  SplitMix64 random(mix64(seed));
  std::vector<uint64_t> edges;  // u << 32 | v with u < v
  if (m > pairs / 2) {
    // Dense: a uniform m-subset of all pairs by a partial Fisher-Yates shuffle.
    std::vector<uint64_t> all;
    all.reserve(pairs);
    for (uint64_t u = 0; u < n; ++u) {
      for (uint64_t v = u + 1; v < n; ++v) {
        all.push_back(u << 32U | v);
      }
    }
    for (uint64_t i = 0; i < m; ++i) {
      std::swap(all[i], all[i + random.below(pairs - i)]);
    }
    all.resize(m);
    edges = std::move(all);
  } else {
    // Sparse: draw the missing number of pairs, drop repeats, again until m.
    // Equivalent to drawing one by one and rejecting repeats: uniform.
    while (edges.size() < m) {
      const uint64_t missing = m - edges.size();
      for (uint64_t i = 0; i < missing; ++i) {
        uint64_t u = random.below(n);
        uint64_t v = random.below(n - 1);
        v += v >= u ? 1 : 0;
        edges.push_back(std::min(u, v) << 32U | std::max(u, v));
      }
      std::sort(edges.begin(), edges.end());
      edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    }
  }
  GraphBuilder builder = declared(n);
  for (const uint64_t e : edges) {
    builder.addEdge(e >> 32U, e & 0xffffffffU);
  }
  return finish(builder, "er:n=" + str(n) + ",m=" + str(m) + ",seed=" + str(seed));
}

Graph generateBarabasiAlbert(uint32_t n, uint32_t m, uint64_t seed) {
  require(m >= 1 && m < n && n < UINT32_MAX, "ba: need 1 <= m < n");
  SplitMix64 random(mix64(seed));
  GraphBuilder builder = declared(n);
  std::vector<VertexId> repeated;  // every vertex once per incident edge
  for (VertexId leaf = 1; leaf <= m; ++leaf) {
    builder.addEdge(0, leaf);
    repeated.push_back(0);
    repeated.push_back(leaf);
  }
  std::vector<VertexId> targets;
  for (uint64_t source = m + 1; source < n; ++source) {
    targets.clear();
    while (targets.size() < m) {
      const VertexId pick = repeated[random.below(repeated.size())];
      if (std::find(targets.begin(), targets.end(), pick) == targets.end()) {
        targets.push_back(pick);
      }
    }
    for (const VertexId t : targets) {
      builder.addEdge(source, t);
      repeated.push_back(t);
      repeated.push_back(static_cast<VertexId>(source));
    }
  }
  return finish(builder, "ba:n=" + str(n) + ",m=" + str(m) + ",seed=" + str(seed));
}

Graph generateWattsStrogatz(uint32_t n, uint32_t k, double beta, uint64_t seed) {
  require(k % 2 == 0 && k >= 2 && k < n && n < UINT32_MAX, "ws: need an even k with 2 <= k < n");
  require(beta >= 0 && beta <= 1, "ws: need 0 <= beta <= 1");
  SplitMix64 random(mix64(seed));
  std::vector<std::vector<VertexId>> adjacency(n);
  auto has = [&](VertexId u, VertexId v) {
    return std::find(adjacency[u].begin(), adjacency[u].end(), v) != adjacency[u].end();
  };
  auto erase = [&](VertexId u, VertexId v) { adjacency[u].erase(std::find(adjacency[u].begin(), adjacency[u].end(), v)); };
  for (VertexId u = 0; u < n; ++u) {
    for (uint32_t j = 1; j <= k / 2; ++j) {
      const auto v = static_cast<VertexId>((uint64_t{u} + j) % n);
      adjacency[u].push_back(v);
      adjacency[v].push_back(u);
    }
  }
  // Rewire as networkx does: ring distance j = 1..k/2, each vertex in turn.
  for (uint32_t j = 1; j <= k / 2; ++j) {
    for (VertexId u = 0; u < n; ++u) {
      const auto v = static_cast<VertexId>((uint64_t{u} + j) % n);
      if (random.uniform() >= beta || adjacency[u].size() >= n - 1 || !has(u, v)) {
        continue;
      }
      VertexId w = u;
      while (w == u || has(u, w)) {
        w = static_cast<VertexId>(random.below(n));
      }
      erase(u, v);
      erase(v, u);
      adjacency[u].push_back(w);
      adjacency[w].push_back(u);
    }
  }
  GraphBuilder builder = declared(n);
  for (VertexId u = 0; u < n; ++u) {
    for (const VertexId v : adjacency[u]) {
      if (u < v) {
        builder.addEdge(u, v);
      }
    }
  }
  return finish(builder, "ws:n=" + str(n) + ",k=" + str(k) + ",beta=" + numberText(beta) + ",seed=" + str(seed));
}

Graph generatePath(uint32_t n) {
  require(n >= 1 && n < UINT32_MAX, "path: need n >= 1");
  GraphBuilder builder = declared(n);
  for (uint64_t v = 1; v < n; ++v) {
    builder.addEdge(v - 1, v);
  }
  return finish(builder, "path:" + str(n));
}

Graph generateStar(uint32_t n) {
  require(n >= 1 && n < UINT32_MAX, "star: need n >= 1");
  GraphBuilder builder = declared(n);
  for (uint64_t v = 1; v < n; ++v) {
    builder.addEdge(0, v);
  }
  return finish(builder, "star:" + str(n));
}

Graph generateTree(uint32_t n, uint32_t branching) {
  require(n >= 1 && n < UINT32_MAX && branching >= 1, "tree: need n >= 1 and branching >= 1");
  GraphBuilder builder = declared(n);
  for (uint64_t v = 1; v < n; ++v) {
    builder.addEdge((v - 1) / branching, v);
  }
  return finish(builder, "tree:n=" + str(n) + ",branching=" + str(branching));
}

Graph generateComplete(uint32_t n) {
  require(n >= 1 && uint64_t{n} * (n - 1) / 2 <= (uint64_t{1} << 31U), "complete: need n >= 1 and at most 2^31 edges");
  GraphBuilder builder = declared(n);
  for (uint64_t u = 0; u < n; ++u) {
    for (uint64_t v = u + 1; v < n; ++v) {
      builder.addEdge(u, v);
    }
  }
  return finish(builder, "complete:" + str(n));
}

Graph withRandomWeights(Graph graph, uint32_t maxWeight, uint64_t seed) {
  require(maxWeight >= 1, "random weights: need a maximum weight >= 1");
  // The weight of an arc is a hash of its (unordered, if undirected) ends,
  // so both arcs of an edge and the reverse CSR agree without bookkeeping.
  const uint64_t key = mix64(seed);
  auto weight = [&](VertexId u, VertexId v) {
    if (!graph.directed() && v < u) {
      std::swap(u, v);
    }
    const uint64_t h = mix64(key ^ (uint64_t{u} << 32U | v));
    return static_cast<double>(1 + static_cast<uint64_t>((static_cast<unsigned __int128>(h) * maxWeight) >> 64U));
  };
  auto fill = [&](Csr& csr, bool reverse) {
    csr.weights.resize(csr.targets.size());
    for (VertexId u = 0; u < csr.vertexCount(); ++u) {
      for (EdgeIndex i = csr.offsets[u]; i < csr.offsets[u + 1]; ++i) {
        csr.weights[i] = reverse ? weight(csr.targets[i], u) : weight(u, csr.targets[i]);
      }
    }
  };
  fill(graph.m_out, false);
  if (graph.m_directed) {
    fill(graph.m_in, true);
  }
  graph.m_integerWeights = true;
  return graph;
}

} // namespace frontier::graph
