// libFuzzer target for one reader (FRONTIER_FUZZ_FORMAT, set per target in
// CMakeLists.txt): any input must give a valid graph or a GraphError, read
// with the format's direction and with it overridden.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "FuzzCommon.h"
#include "graph/GraphIO.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace frontier::graph;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  for (const Direction direction : {Direction::FromFormat, Direction::Directed, Direction::Undirected}) {
    LoadOptions options;
    options.format = Format::FRONTIER_FUZZ_FORMAT;
    options.direction = direction;
    options.vertexLimit = uint64_t{1} << 16U;  // declared counts: keep allocations small
    options.removeSelfLoops = size % 2 == 1;
    try {
      frontier::fuzz::checkGraph(parseGraph(bytes, options.format, options, "fuzz-input"));
    } catch (const GraphError&) {
      // Rejected with a message: fine.
    }
  }
  return 0;
}
