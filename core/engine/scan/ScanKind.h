#pragma once
// Which device-wide scan builds a scan-built JFQ (and any other DeviceScan).

#include <cstdint>
#include <string_view>

namespace frontier::engine {

enum class ScanKind : uint8_t {
  Chained,         // one dispatch: decoupled look-back with fallback
  ReduceThenScan,  // three dispatches, no inter-workgroup communication
};

std::string_view scanKindName(ScanKind kind);  // "chained", "reduce-then-scan"

} // namespace frontier::engine
