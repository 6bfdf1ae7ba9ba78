#include "FaultInjection.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <stdexcept>

#include "VulkanError.h"

namespace frontier::gpu::faults {

namespace {

struct State {
  std::atomic<uint64_t> oomAt{0};   // 0 = off
  std::atomic<uint64_t> lostAt{0};
  std::atomic<uint64_t> lostFrom{0};
  std::atomic<bool> wrongLength{false};
  std::atomic<uint64_t> budgetMib{0};
  std::atomic<uint64_t> allocationMib{0};
  std::atomic<uint64_t> allocations{0};
  std::atomic<uint64_t> submissions{0};
};

State& state() {
  static State s;
  return s;
}

uint64_t countAfter(std::string_view item, std::string_view prefix) {
  uint64_t n = 0;
  const std::string_view digits = item.substr(prefix.size());
  for (const char c : digits) {
    if (c < '0' || c > '9') {
      n = 0;
      break;
    }
    n = n * 10 + static_cast<uint64_t>(c - '0');
  }
  if (digits.empty() || n == 0) {
    throw std::invalid_argument("FRONTIER_INJECT_FAULT: '" + std::string(item) + "' needs a count from 1, as in " +
                                std::string(prefix) + "3");
  }
  return n;
}

void fromEnvironmentOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (const char* spec = std::getenv("FRONTIER_INJECT_FAULT")) {
      configure(spec);
    }
  });
}

} // namespace

void configure(std::string_view spec) {
  uint64_t oom = 0;
  uint64_t lost = 0;
  uint64_t lostFrom = 0;
  bool wrong = false;
  uint64_t budget = 0;
  uint64_t allocation = 0;
  while (!spec.empty()) {
    const size_t comma = spec.find(',');
    const std::string_view item = spec.substr(0, comma);
    if (item.starts_with("oom@")) {
      oom = countAfter(item, "oom@");
    } else if (item.starts_with("lost-from@")) {
      lostFrom = countAfter(item, "lost-from@");
    } else if (item.starts_with("lost@")) {
      lost = countAfter(item, "lost@");
    } else if (item.starts_with("budget@")) {
      budget = countAfter(item, "budget@");
    } else if (item.starts_with("allocation@")) {
      allocation = countAfter(item, "allocation@");
    } else if (item == "wrong-length") {
      wrong = true;
    } else if (!item.empty()) {
      throw std::invalid_argument("FRONTIER_INJECT_FAULT: unknown fault '" + std::string(item) +
                                  "' (oom@N, lost@N, lost-from@N, budget@M, allocation@M, wrong-length)");
    }
    spec = comma == std::string_view::npos ? std::string_view() : spec.substr(comma + 1);
  }
  State& s = state();
  s.allocations = 0;
  s.submissions = 0;
  s.oomAt = oom;
  s.lostAt = lost;
  s.lostFrom = lostFrom;
  s.wrongLength = wrong;
  s.budgetMib = budget;
  s.allocationMib = allocation;
}

void beforeAllocation(const std::string& what, uint64_t bytes) {
  fromEnvironmentOnce();
  State& s = state();
  const uint64_t at = s.oomAt.load();
  if (at != 0 && s.allocations.fetch_add(1) + 1 == at) {
    throw VulkanError(VK_ERROR_OUT_OF_DEVICE_MEMORY, "vkAllocateMemory",
                      "buffer '" + what + "' of " + std::to_string(bytes) + " bytes (injected fault)");
  }
}

void beforeSubmit() {
  fromEnvironmentOnce();
  State& s = state();
  const uint64_t at = s.lostAt.load();
  const uint64_t from = s.lostFrom.load();
  if (at == 0 && from == 0) {
    return;
  }
  const uint64_t n = s.submissions.fetch_add(1) + 1;
  if (n == at || (from != 0 && n >= from)) {
    throw VulkanError(VK_ERROR_DEVICE_LOST, "vkQueueSubmit", "injected fault");
  }
}

uint64_t submissionsCounted() {
  return state().submissions.load();
}

bool wrongLength() {
  fromEnvironmentOnce();
  return state().wrongLength.load();
}

uint64_t budgetOverride() {
  fromEnvironmentOnce();
  return state().budgetMib.load() << 20U;
}

uint64_t allocationLimitOverride() {
  fromEnvironmentOnce();
  return state().allocationMib.load() << 20U;
}

} // namespace frontier::gpu::faults
