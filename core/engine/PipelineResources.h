#pragma once
// What a compiled pipeline holds on the device, read from the driver's
// statistics (VK_KHR_pipeline_executable_properties, gpu::PipelineReport),
// and the occupancy those resources allow on one multiprocessor. Pure
// functions, no device: the unit tests feed them hand-written statistics.
//
// Drivers name their statistics differently; these names are read:
//   NVIDIA: "Register Count", "Shared Memory Size", "Local Memory Size";
//   RADV:   "VGPRs", "LDS size", "Scratch size", "Spilled SGPRs", "Spilled VGPRs";
//   ANV:    "GRF registers", "Workgroup Memory Size", "Scratch Memory Size", "Spill Count".
// NVIDIA's "Local Memory Size" carries a flag in bit 36 (2^36 is set on
// nearly every pipeline, measured on an H200): only its low 32 bits are the
// local memory (spills and local arrays) per invocation, in bytes.
//
// Occupancy needs per-multiprocessor limits that Vulkan does not expose: a
// small table keyed on vendor and architecture (multiprocessorLimits). A
// device not in it gets the raw resources and no occupancy, never a guess.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace frontier::engine {

// What holds the resident workgroups of a multiprocessor down.
enum class OccupancyLimit : uint8_t { Registers, SharedMemory, Threads, WorkgroupSlots };
std::string_view occupancyLimitName(OccupancyLimit limit); // "registers", "shared memory", "threads", "workgroup slots"
std::optional<OccupancyLimit> occupancyLimitNamed(std::string_view name);

struct Occupancy {
  uint32_t residentWorkgroups = 0; // per multiprocessor, at most
  double share = 0;                // resident threads over the most a multiprocessor holds, 0..1
  OccupancyLimit limitedBy = OccupancyLimit::Threads;
};

struct PipelineResources {
  std::string name;       // the pipeline's name (gpu::PipelineDesc::name)
  std::string executable; // the driver's name of the executable ("CS")
  // Each empty where the driver does not report it.
  std::optional<uint64_t> registers;              // 32-bit registers per invocation
  std::optional<uint64_t> sharedBytes;            // shared (workgroup) memory per workgroup
  std::optional<uint64_t> localBytes;             // local/scratch memory per invocation: spills and local arrays
  std::optional<uint64_t> spilledRegisters;       // registers spilled (RADV, ANV; NVIDIA reports local bytes only)
  std::array<uint32_t, 3> workgroupSize{0, 0, 0}; // zeros when unknown
  std::optional<Occupancy> occupancy;
  std::string occupancyNote;                                   // why there is no occupancy ("" when there is one)
  std::vector<std::pair<std::string, std::string>> statistics; // the driver's own, as it said them
  uint32_t invocationsPerWorkgroup() const noexcept { return workgroupSize[0] * workgroupSize[1] * workgroupSize[2]; }
};

// One multiprocessor (an NVIDIA SM) of an architecture in the table.
struct MultiprocessorLimits {
  std::string architecture;        // "NVIDIA Hopper"
  uint32_t registers = 65536;      // 32-bit registers
  uint32_t registerPartitions = 4; // a warp's registers come from one quarter of the file
  uint32_t registerUnit = 256;     // registers are given to a warp in units of this many
  uint32_t warpSize = 32;
  uint32_t maxThreads = 2048;     // resident threads
  uint32_t maxWorkgroups = 32;    // resident workgroups (block slots)
  uint32_t sharedBytes = 0;       // shared memory at the largest carve-out
  uint32_t sharedReserved = 1024; // taken by the system per resident workgroup
  uint32_t sharedUnit = 128;      // shared memory is given in units of this many bytes
};

// The table: NVIDIA (vendor 0x10de) Hopper, Ampere (A100, and the GA10x
// parts) and Ada, recognised by the device's name; empty for anything else.
std::optional<MultiprocessorLimits> multiprocessorLimits(uint32_t vendorId, std::string_view deviceName);

// NVIDIA's "Local Memory Size" value: its low 32 bits (see above).
uint64_t nvidiaLocalBytes(uint64_t reported);

// The statistics read; occupancy left empty (see withOccupancy).
PipelineResources parsePipelineStatistics(std::string name, std::string executable,
                                          std::vector<std::pair<std::string, std::string>> statistics,
                                          std::array<uint32_t, 3> workgroupSize);

// Resident workgroups per multiprocessor: the fewest of what the registers,
// the shared memory, the threads and the workgroup slots allow (ties go to
// the first in that order). Empty without registers or a workgroup size.
std::optional<Occupancy> occupancyOn(const PipelineResources& pipeline, const MultiprocessorLimits& limits);

// `pipeline` with its occupancy on `limits`, or the reason it has none
// (no limits: "occupancy is not known for this device").
PipelineResources withOccupancy(PipelineResources pipeline, const std::optional<MultiprocessorLimits>& limits);

} // namespace frontier::engine
