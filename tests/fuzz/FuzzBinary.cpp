// libFuzzer target for the binary cache. Inputs are read as they are (the
// checksums reject nearly all of them), then again with both checksums
// recomputed, so that the structural checks behind them are fuzzed too.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "FuzzCommon.h"
#include "graph/Checksum.h"
#include "graph/GraphIO.h"

namespace {

void parse(const std::string& bytes, bool checksumsRecomputed) {
  using namespace frontier::graph;
  LoadOptions options;
  options.vertexLimit = uint64_t{1} << 16U;
  try {
    frontier::fuzz::checkGraph(parseGraph(bytes, Format::Binary, options, "fuzz-input"), !checksumsRecomputed);
  } catch (const GraphError&) {
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  parse(bytes, false);
  // Header layout (docs/FORMATS.md): payload checksum at 48, header
  // checksum of bytes 0..55 at 56, payload from 64.
  if (bytes.size() >= 64) {
    const uint64_t payload = frontier::graph::Checksum::of(bytes.data() + 64, bytes.size() - 64);
    std::memcpy(bytes.data() + 48, &payload, 8);
    const uint64_t header = frontier::graph::Checksum::of(bytes.data(), 56);
    std::memcpy(bytes.data() + 56, &header, 8);
    parse(bytes, true);
  }
  return 0;
}
