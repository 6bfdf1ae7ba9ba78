// libFuzzer target for pairs files, against a small graph with sparse ids.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "graph/GraphBuilder.h"
#include "graph/Pairs.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace frontier::graph;
  static const Graph graph = [] {
    GraphBuilder builder;
    builder.addEdge(1, 2);
    builder.addEdge(2, 30);
    builder.addEdge(18446744073709551615ULL, 1);
    return builder.build();
  }();
  try {
    for (const Pair& pair : parsePairs(graph, std::string_view(reinterpret_cast<const char*>(data), size), "fuzz")) {
      if (pair.source >= graph.vertexCount() || pair.destination >= graph.vertexCount()) {
        __builtin_trap();
      }
    }
  } catch (const GraphError&) {
  }
  return 0;
}
