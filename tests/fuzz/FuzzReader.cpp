// libFuzzer target for one reader (FRONTIER_FUZZ_FORMAT, set per target in
// CMakeLists.txt): any input must give a valid graph or a GraphError, read
// with the format's direction and with it overridden. The parse split into
// line ranges on several threads (every text format) must give the same
// graph or the same error as the serial one.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
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
    options.threads = 1;
    std::optional<Graph> serial;
    std::string serialError;
    try {
      serial = parseGraph(bytes, options.format, options, "fuzz-input");
      frontier::fuzz::checkGraph(*serial);
    } catch (const GraphError& error) {
      // Rejected with a message: fine.
      serialError = error.what();
    }
    if (options.format != Format::Binary) {
      options.threads = 2 + static_cast<unsigned>(size % 3);
      options.parseRangeBytes = 1 + size % 17;
      try {
        const Graph parallel = parseGraph(bytes, options.format, options, "fuzz-input");
        if (!serial || !frontier::fuzz::sameGraph(parallel, *serial)) {
          frontier::fuzz::violated("the parallel parse gives another graph than the serial one");
        }
      } catch (const GraphError& error) {
        if (serial || serialError != error.what()) {
          frontier::fuzz::violated("the parallel parse gives another error than the serial one");
        }
      }
    }
  }
  return 0;
}
