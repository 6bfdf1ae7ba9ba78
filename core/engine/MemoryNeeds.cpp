#include "engine/MemoryNeeds.h"

#include <cstdio>
#include <utility>

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

namespace {

// `needed` and `budget` in words that differ when the numbers do: "2.00 GiB
// of 2.00 GiB" said nothing about a graph a few MiB too large.
std::pair<std::string, std::string> distinct(uint64_t needed, uint64_t budget) {
  std::pair<std::string, std::string> out{gib(needed), gib(budget)};
  if (out.first == out.second && needed != budget) {
    char a[32];
    char b[32];
    std::snprintf(a, sizeof a, "%.1f MiB", static_cast<double>(needed) / static_cast<double>(1ULL << 20U));
    std::snprintf(b, sizeof b, "%.1f MiB", static_cast<double>(budget) / static_cast<double>(1ULL << 20U));
    out = std::string(a) != b ? std::pair<std::string, std::string>{a, b}
                              : std::pair{std::to_string(needed) + " bytes", std::to_string(budget) + " bytes"};
  }
  return out;
}

} // namespace

std::string describeNeed(uint64_t needed, uint64_t budget) {
  return "needs " + (budget > 0 ? distinct(needed, budget).first + " of " + distinct(needed, budget).second
                                : gib(needed));
}

void checkFits(const std::string& what, uint64_t needed, uint64_t budget, const std::string& device,
               const std::string& lower) {
  if (budget > 0 && needed > budget) {
    const auto [need, give] = distinct(needed, budget);
    throw ResourceError(what + " needs " + need + " of device memory but " + device + " can give " + give + ": " +
                        lower);
  }
}

} // namespace frontier::engine
