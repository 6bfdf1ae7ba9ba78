#include "engine/PipelineResources.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <initializer_list>

namespace frontier::engine {

namespace {

constexpr uint32_t kNvidia = 0x10de;

bool sameName(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// The statistic's value as a whole number; empty when it is none (a yes/no,
// a negative number).
std::optional<uint64_t> number(const std::string& text) {
  uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end == text.data()) {
    return std::nullopt;
  }
  return value;
}

// The first of `names` the driver reported, as a number.
std::optional<uint64_t> find(const std::vector<std::pair<std::string, std::string>>& statistics,
                             std::initializer_list<std::string_view> names) {
  for (const std::string_view wanted : names) {
    for (const auto& [name, value] : statistics) {
      if (sameName(name, wanted)) {
        return number(value);
      }
    }
  }
  return std::nullopt;
}

bool contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

uint64_t roundUp(uint64_t value, uint64_t unit) {
  return unit == 0 ? value : (value + unit - 1) / unit * unit;
}

MultiprocessorLimits nvidia(const char* architecture, uint32_t maxThreads, uint32_t maxWorkgroups, uint32_t sharedKiB) {
  MultiprocessorLimits limits;
  limits.architecture = architecture;
  limits.maxThreads = maxThreads;
  limits.maxWorkgroups = maxWorkgroups;
  limits.sharedBytes = sharedKiB * 1024;
  return limits;
}

} // namespace

std::string_view occupancyLimitName(OccupancyLimit limit) {
  switch (limit) {
  case OccupancyLimit::Registers:
    return "registers";
  case OccupancyLimit::SharedMemory:
    return "shared memory";
  case OccupancyLimit::Threads:
    return "threads";
  case OccupancyLimit::WorkgroupSlots:
    return "workgroup slots";
  }
  return "threads";
}

std::optional<OccupancyLimit> occupancyLimitNamed(std::string_view name) {
  for (const OccupancyLimit limit : {OccupancyLimit::Registers, OccupancyLimit::SharedMemory, OccupancyLimit::Threads,
                                     OccupancyLimit::WorkgroupSlots}) {
    if (occupancyLimitName(limit) == name) {
      return limit;
    }
  }
  return std::nullopt;
}

// CUDA's occupancy tables for the same chips (compute capability 9.0, 8.0,
// 8.9, 8.6): resident threads, resident blocks, shared memory per SM at the
// largest carve-out. Names are matched most specific first ("A100" before "A10").
std::optional<MultiprocessorLimits> multiprocessorLimits(uint32_t vendorId, std::string_view name) {
  if (vendorId != kNvidia) {
    return std::nullopt;
  }
  for (const std::string_view hopper : {"H100", "H200", "H800", "GH200"}) {
    if (contains(name, hopper)) {
      return nvidia("NVIDIA Hopper", 2048, 32, 228);
    }
  }
  for (const std::string_view ga100 : {"A100", "A800", "A30"}) {
    if (contains(name, ga100)) {
      return nvidia("NVIDIA Ampere (A100)", 2048, 32, 164);
    }
  }
  for (const std::string_view ada : {"RTX 40", "L40", "L4", "Ada"}) {
    if (contains(name, ada)) {
      return nvidia("NVIDIA Ada", 1536, 24, 100);
    }
  }
  for (const std::string_view ga10x : {"RTX 30", "A40", "A10", "A16", "A2", "RTX A"}) {
    if (contains(name, ga10x)) {
      return nvidia("NVIDIA Ampere (GA10x)", 1536, 16, 100);
    }
  }
  return std::nullopt;
}

uint64_t nvidiaLocalBytes(uint64_t reported) {
  return reported & 0xffffffffULL;
}

PipelineResources parsePipelineStatistics(std::string name, std::string executable,
                                          std::vector<std::pair<std::string, std::string>> statistics,
                                          std::array<uint32_t, 3> workgroupSize) {
  PipelineResources p;
  p.name = std::move(name);
  p.executable = std::move(executable);
  p.workgroupSize = workgroupSize;
  // RADV's VGPRs are per invocation (its SGPRs are per wave, not counted here).
  p.registers = find(statistics, {"Register Count", "VGPRs", "GRF registers"});
  p.sharedBytes = find(statistics, {"Shared Memory Size", "LDS size", "Workgroup Memory Size"});
  if (const auto local = find(statistics, {"Local Memory Size"})) {
    p.localBytes = nvidiaLocalBytes(*local);
  } else {
    p.localBytes = find(statistics, {"Scratch size", "Scratch Memory Size"});
  }
  const auto sgprs = find(statistics, {"Spilled SGPRs"});
  const auto vgprs = find(statistics, {"Spilled VGPRs"});
  if (sgprs || vgprs) {
    p.spilledRegisters = sgprs.value_or(0) + vgprs.value_or(0);
  } else {
    p.spilledRegisters = find(statistics, {"Spill Count"});
  }
  p.statistics = std::move(statistics);
  return p;
}

std::optional<Occupancy> occupancyOn(const PipelineResources& pipeline, const MultiprocessorLimits& limits) {
  const uint64_t threads = pipeline.invocationsPerWorkgroup();
  if (threads == 0 || !pipeline.registers || limits.warpSize == 0) {
    return std::nullopt;
  }
  const uint64_t warps = (threads + limits.warpSize - 1) / limits.warpSize;
  // Registers: per warp, rounded up to the allocation unit; a warp lives in
  // one partition of the register file, so whole warps per partition count.
  const uint64_t perWarp = roundUp(*pipeline.registers * limits.warpSize, limits.registerUnit);
  const uint64_t warpsByRegisters =
      perWarp == 0 ? UINT32_MAX : limits.registers / limits.registerPartitions / perWarp * limits.registerPartitions;
  // Shared memory: what the workgroup declares plus the system's reserve.
  const uint64_t shared = roundUp(pipeline.sharedBytes.value_or(0) + limits.sharedReserved, limits.sharedUnit);
  const std::array<std::pair<uint64_t, OccupancyLimit>, 4> bounds{{
      {warpsByRegisters / warps, OccupancyLimit::Registers},
      {shared == 0 ? UINT32_MAX : limits.sharedBytes / shared, OccupancyLimit::SharedMemory},
      {limits.maxThreads / (warps * limits.warpSize), OccupancyLimit::Threads},
      {limits.maxWorkgroups, OccupancyLimit::WorkgroupSlots},
  }};
  const auto fewest =
      std::min_element(bounds.begin(), bounds.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  Occupancy o;
  o.residentWorkgroups = static_cast<uint32_t>(fewest->first);
  o.limitedBy = fewest->second;
  o.share = static_cast<double>(fewest->first * warps * limits.warpSize) / limits.maxThreads;
  return o;
}

PipelineResources withOccupancy(PipelineResources pipeline, const std::optional<MultiprocessorLimits>& limits) {
  pipeline.occupancy.reset();
  if (!limits) {
    pipeline.occupancyNote = "occupancy is not known for this device";
  } else if (!pipeline.registers) {
    pipeline.occupancyNote = "the driver reports no register count";
  } else if (pipeline.invocationsPerWorkgroup() == 0) {
    pipeline.occupancyNote = "the workgroup size is not known";
  } else {
    pipeline.occupancy = occupancyOn(pipeline, *limits);
    pipeline.occupancyNote.clear();
  }
  return pipeline;
}

} // namespace frontier::engine
