#pragma once
// The device's roofs (engine::DeviceRoofs, Trace.h): streaming copy GB/s,
// random 4-byte gather G loads/s and the GPU time of an empty dispatch,
// measured with the small kernels of shaders/roofs/ and cached per device
// (by vendor, device, driver version and pipeline-cache UUID) in the user's
// cache folder, so that they are measured once and read by every report.
//
// Thread affinity: the thread that owns the gpu::Context. Errors:
// std::runtime_error when the device has no timestamps on its compute queue
// (nothing to measure with); a cache file that cannot be read or parsed
// counts as absent, one that cannot be written is reported by the caller.

#include <optional>
#include <string>

#include "engine/Trace.h"
#include "vk/Context.h"

namespace frontier::engine {

// Measures the three roofs (a warm-up and five timed repeats each, the best
// kept). Buffers: 256 MiB on a GPU (larger than its caches), 16 MiB on a CPU
// device, less when the device's limits say so.
DeviceRoofs measureRoofs(gpu::Context& context);

// The cache folder: $XDG_CACHE_HOME/frontier-lab, else ~/.cache/frontier-lab;
// empty when neither is set.
std::string roofsCacheDir();
// The file of one device's roofs in `dir`.
std::string roofsCacheFile(const gpu::DeviceInfo& device, const std::string& dir);
std::optional<DeviceRoofs> loadCachedRoofs(const gpu::DeviceInfo& device, const std::string& dir = roofsCacheDir());
// Writes the file (creating the folder); std::runtime_error naming it on failure.
void storeCachedRoofs(const gpu::DeviceInfo& device, const DeviceRoofs& roofs, const std::string& dir = roofsCacheDir());

struct RoofsResult {
  DeviceRoofs roofs;
  bool fromCache = false;
  std::string cacheFile;    // where they were read or written; empty without a cache folder
  std::string cacheError;   // why they could not be written, if so
};
// The cached roofs, or measured and stored when there are none (or when
// `remeasure` is set).
RoofsResult cachedOrMeasuredRoofs(gpu::Context& context, bool remeasure = false,
                                  const std::string& dir = roofsCacheDir());

} // namespace frontier::engine
