#include "engine/scan/DeviceScan.h"

#include "engine/scan/ChainedScan.h"
#include "engine/scan/PrefixSum.h"

#include <stdexcept>
#include <string>

namespace frontier::engine {

std::string_view scanKindName(ScanKind kind) {
  return kind == ScanKind::Chained ? "chained" : "reduce-then-scan";
}

std::unique_ptr<DeviceScan> makeDeviceScan(gpu::Context& context, ScanKind kind, const gpu::Buffer& input,
                                           const gpu::Buffer& output, uint32_t capacity, DeviceLength length) {
  if (kind == ScanKind::Chained) {
    return std::make_unique<ChainedScan>(context, input, output, capacity, ChainedScanShape{}, length);
  }
  return std::make_unique<PrefixSum>(context, input, output, capacity, length);
}

uint64_t scanAddress(const gpu::Buffer& buffer, const char* what) {
  if (buffer.address() == 0) {
    throw std::invalid_argument(std::string("the scan's ") + what + " buffer '" + buffer.name() +
                                "' has no device address: make it with BufferAccess::Address");
  }
  return buffer.address();
}

} // namespace frontier::engine
