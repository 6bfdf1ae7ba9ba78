// libFuzzer target for the DIMACS coordinate file (.co) beside a fixed .gr.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "FuzzCommon.h"
#include "graph/Readers.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace frontier::graph;
  static constexpr std::string_view kArcs = "p sp 4 2\na 1 2 1\na 3 4 1\n";
  TextInput arcs(openMemory(kArcs, "fuzz.gr"));
  TextInput coordinates(openMemory(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.co"));
  LoadOptions options;
  LoadStats stats;
  detail::ReadContext context{options, Progress(), stats};
  try {
    frontier::fuzz::checkGraph(detail::readDimacs(arcs, &coordinates, context));
  } catch (const GraphError&) {
  }
  return 0;
}
