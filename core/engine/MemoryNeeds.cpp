#include "engine/MemoryNeeds.h"

#include <cstdio>

#include "engine/ibfs/Search.h"

namespace frontier::engine {

std::string gib(uint64_t bytes) {
  char text[32];
  const double g = static_cast<double>(bytes) / static_cast<double>(1ULL << 30U);
  if (bytes < (1ULL << 20U)) {
    std::snprintf(text, sizeof text, "%.0f KiB", static_cast<double>(bytes) / 1024.0);
  } else if (g < 1.0) {
    std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / static_cast<double>(1ULL << 20U));
  } else {
    std::snprintf(text, sizeof text, "%.2f GiB", g);
  }
  return text;
}

std::string describeNeed(uint64_t needed, uint64_t budget) {
  return "needs " + gib(needed) + (budget > 0 ? " of " + gib(budget) : std::string());
}

void checkFits(const std::string& what, uint64_t needed, uint64_t budget, const std::string& device,
               const std::string& lower) {
  if (budget > 0 && needed > budget) {
    throw ResourceError(what + " needs " + gib(needed) + " of device memory but " + device + " can give " +
                        gib(budget) + ": " + lower);
  }
}

} // namespace frontier::engine
