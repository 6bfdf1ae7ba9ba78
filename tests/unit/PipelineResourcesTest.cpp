// The pipelines' resources read from drivers' statistics (NVIDIA and RADV
// names, NVIDIA's flag in bit 36 of Local Memory Size), the occupancy they
// allow on the table's multiprocessors (worked out by hand below), devices
// outside the table, the workgroup size read from SPIR-V, and the
// `pipelines` key of a report written and read back.

#include <gtest/gtest.h>

#include <vector>

#include "engine/PipelineResources.h"
#include "report/PipelineText.h"
#include "report/Report.h"
#include "report/ReportLoad.h"
#include "vk/ComputePipeline.h"
#include "vk/SpirvWorkgroup.h"

#include "Ibfs.h"
#include "Scan.h"
#include "ibfs/check_destinations.h"
#include "ibfs/expand_top_down_instance_major.h"
#include "scan/scan_reduce.h"

using namespace frontier;
using engine::OccupancyLimit;

namespace {

constexpr uint32_t kNvidia = 0x10de;
constexpr uint32_t kAmd = 0x1002;

using Statistics = std::vector<std::pair<std::string, std::string>>;

// As the NVIDIA driver said it of one pipeline on an H200.
Statistics nvidiaStatistics(const std::string& registers, const std::string& shared, const std::string& local) {
  return {{"Register Count", registers},
          {"Binary Size", "27008"},
          {"Stack Size", "0"},
          {"Local Memory Size", local},
          {"Shared Memory Size", shared}};
}

engine::PipelineResources onDevice(Statistics statistics, std::array<uint32_t, 3> size, uint32_t vendor,
                                   const std::string& device) {
  return engine::withOccupancy(engine::parsePipelineStatistics("kernel", "CS", std::move(statistics), size),
                               engine::multiprocessorLimits(vendor, device));
}

} // namespace

// 40 registers, 3296 B shared, 256 invocations on Hopper: 8 warps a
// workgroup; a warp takes 40 x 32 = 1280 registers, a quarter of the file
// (16384) holds 12 such warps, the SM 48, that is 6 workgroups. Shared:
// 3296 + 1024 reserved = 4320, rounded to 128 = 4352; 233472 / 4352 = 53.
// Threads: 2048 / 256 = 8. Slots: 32. So 6 workgroups, 1536 of 2048
// threads = 75 %, limited by the registers.
TEST(PipelineResources, NvidiaHopperLimitedByRegisters) {
  const auto p = onDevice(nvidiaStatistics("40", "3296", "68719476736"), {256, 1, 1}, kNvidia, "NVIDIA H200");
  EXPECT_EQ(p.registers, 40U);
  EXPECT_EQ(p.sharedBytes, 3296U);
  EXPECT_EQ(p.localBytes, 0U); // 2^36 is the flag only
  EXPECT_FALSE(p.spilledRegisters.has_value());
  ASSERT_TRUE(p.occupancy.has_value());
  EXPECT_EQ(p.occupancy->residentWorkgroups, 6U);
  EXPECT_DOUBLE_EQ(p.occupancy->share, 0.75);
  EXPECT_EQ(p.occupancy->limitedBy, OccupancyLimit::Registers);
  EXPECT_TRUE(p.occupancyNote.empty());
  EXPECT_EQ(p.statistics.size(), 5U); // the driver's own kept
  EXPECT_EQ(report::pipelineLine(p), "40 registers, 3296 B shared, 0 B local (spills), workgroup 256, occupancy 75% "
                                     "(6 workgroups), limited by registers");
}

// The one pipeline with a local array: 2^36 + 16, 16 bytes per invocation.
TEST(PipelineResources, NvidiaLocalMemoryFlagIsMaskedOff) {
  EXPECT_EQ(engine::nvidiaLocalBytes(68719476752ULL), 16U);
  EXPECT_EQ(engine::nvidiaLocalBytes(68719476736ULL), 0U);
  const auto p = onDevice(nvidiaStatistics("32", "0", "68719476752"), {1, 1, 1}, kNvidia, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(p.localBytes, 16U);
  // One invocation is still a whole warp: registers allow 64 workgroups,
  // shared memory 233472 / 1024 = 228, threads 2048 / 32 = 64, the slots
  // 32: 32 warps of 64 = 50 %, limited by the workgroup slots.
  ASSERT_TRUE(p.occupancy.has_value());
  EXPECT_EQ(p.occupancy->residentWorkgroups, 32U);
  EXPECT_DOUBLE_EQ(p.occupancy->share, 0.5);
  EXPECT_EQ(p.occupancy->limitedBy, OccupancyLimit::WorkgroupSlots);
}

// 16 registers, 40000 B shared, 128 invocations on Hopper: registers allow
// 128 warps / 4 = 32 workgroups; shared 40000 + 1024 = 41024, rounded to
// 41088, 233472 / 41088 = 5; threads 2048 / 128 = 16; slots 32. 5
// workgroups of 128 = 640 of 2048 threads = 31.25 %.
TEST(PipelineResources, SharedMemoryLimits) {
  const auto p = onDevice(nvidiaStatistics("16", "40000", "68719476736"), {128, 1, 1}, kNvidia, "NVIDIA H100 PCIe");
  ASSERT_TRUE(p.occupancy.has_value());
  EXPECT_EQ(p.occupancy->residentWorkgroups, 5U);
  EXPECT_DOUBLE_EQ(p.occupancy->share, 0.3125);
  EXPECT_EQ(p.occupancy->limitedBy, OccupancyLimit::SharedMemory);
}

// 1024 invocations of 16 registers: 32 warps; registers allow 4 workgroups,
// the threads 2048 / 1024 = 2: limited by the threads, 100 %.
TEST(PipelineResources, ThreadsLimit) {
  const auto p = onDevice(nvidiaStatistics("16", "0", "0"), {32, 32, 1}, kNvidia, "NVIDIA A100-SXM4-80GB");
  ASSERT_TRUE(p.occupancy.has_value());
  EXPECT_EQ(p.occupancy->residentWorkgroups, 2U);
  EXPECT_DOUBLE_EQ(p.occupancy->share, 1.0);
  EXPECT_EQ(p.occupancy->limitedBy, OccupancyLimit::Threads);
  EXPECT_EQ(report::workgroupText(p.workgroupSize), "32x32");
}

// Ada holds 1536 threads: 64 registers x 32 = 2048 per warp, 8 warps a
// quarter, 32 warps, 4 workgroups of 8 warps (threads would allow 6):
// 1024 of 1536 threads = 2/3.
TEST(PipelineResources, AdaHasFewerThreads) {
  const auto limits = engine::multiprocessorLimits(kNvidia, "NVIDIA GeForce RTX 4090");
  ASSERT_TRUE(limits.has_value());
  EXPECT_EQ(limits->maxThreads, 1536U);
  EXPECT_EQ(limits->sharedBytes, 100U * 1024);
  const auto p = onDevice(nvidiaStatistics("64", "0", "0"), {256, 1, 1}, kNvidia, "NVIDIA GeForce RTX 4090");
  ASSERT_TRUE(p.occupancy.has_value());
  EXPECT_EQ(p.occupancy->residentWorkgroups, 4U);
  EXPECT_NEAR(p.occupancy->share, 2.0 / 3.0, 1e-12);
  EXPECT_EQ(p.occupancy->limitedBy, OccupancyLimit::Registers);
}

// RADV's names: VGPRs per invocation, LDS bytes, scratch bytes, spilled
// registers of both kinds. AMD is not in the table: the resources, and no
// occupancy rather than a guess.
TEST(PipelineResources, RadvNamesAndNoOccupancy) {
  const Statistics radv{{"Driver pipeline hash", "1234"},
                        {"SGPRs", "40"},
                        {"VGPRs", "24"},
                        {"Spilled SGPRs", "3"},
                        {"Spilled VGPRs", "2"},
                        {"PrivMem VGPRs", "0"},
                        {"Code size", "1000"},
                        {"LDS size", "1024"},
                        {"Scratch size", "64"},
                        {"Subgroups per SIMD", "16"}};
  const auto p = onDevice(radv, {64, 1, 1}, kAmd, "AMD Radeon RX 7900 XTX (RADV NAVI31)");
  EXPECT_EQ(p.registers, 24U);
  EXPECT_EQ(p.sharedBytes, 1024U);
  EXPECT_EQ(p.localBytes, 64U);
  EXPECT_EQ(p.spilledRegisters, 5U);
  EXPECT_FALSE(p.occupancy.has_value());
  EXPECT_EQ(p.occupancyNote, "occupancy is not known for this device");
  EXPECT_EQ(report::pipelineLine(p), "24 registers, 1024 B shared, 64 B local (spills), 5 registers spilled, "
                                     "workgroup 64, occupancy is not known for this device");
}

TEST(PipelineResources, DevicesOutsideTheTable) {
  EXPECT_FALSE(engine::multiprocessorLimits(kNvidia, "NVIDIA GeForce RTX 2080 Ti").has_value());
  EXPECT_FALSE(engine::multiprocessorLimits(0x10005, "llvmpipe (LLVM 15.0.6, 256 bits)").has_value());
  EXPECT_FALSE(engine::multiprocessorLimits(0x8086, "Intel(R) Arc(tm) A770 Graphics (DG2)").has_value());
  const auto hopper = engine::multiprocessorLimits(kNvidia, "NVIDIA H100 80GB HBM3");
  ASSERT_TRUE(hopper.has_value());
  EXPECT_EQ(hopper->sharedBytes, 228U * 1024);
  EXPECT_EQ(engine::multiprocessorLimits(kNvidia, "NVIDIA A100-PCIE-40GB")->sharedBytes, 164U * 1024);
  const auto p = onDevice(nvidiaStatistics("40", "0", "0"), {256, 1, 1}, kNvidia, "NVIDIA GeForce RTX 2080 Ti");
  EXPECT_EQ(p.registers, 40U);
  EXPECT_FALSE(p.occupancy.has_value());
  EXPECT_EQ(p.occupancyNote, "occupancy is not known for this device");
}

TEST(PipelineResources, UnknownWorkgroupOrRegistersGiveNoOccupancy) {
  const auto noSize = onDevice(nvidiaStatistics("40", "0", "0"), {0, 0, 0}, kNvidia, "NVIDIA H200");
  EXPECT_FALSE(noSize.occupancy.has_value());
  EXPECT_EQ(noSize.occupancyNote, "the workgroup size is not known");
  EXPECT_EQ(report::workgroupText(noSize.workgroupSize), "?");
  const auto noRegisters = onDevice({{"Binary Size", "100"}}, {64, 1, 1}, kNvidia, "NVIDIA H200");
  EXPECT_FALSE(noRegisters.registers.has_value());
  EXPECT_EQ(noRegisters.occupancyNote, "the driver reports no register count");
}

// Hand-written SPIR-V: LocalSize 64 1 1, then the same with a WorkgroupSize
// built-in whose x is specialization constant 0 (local_size_x_id = 0).
TEST(SpirvWorkgroup, LiteralAndSpecializedSizes) {
  const std::vector<uint32_t> literal{0x07230203, 0x00010000, 0, 20, 0, (6U << 16) | 16, 1, 17, 64, 1, 1};
  EXPECT_EQ(gpu::spirvWorkgroupSize(literal, {}), (std::array<uint32_t, 3>{64, 1, 1}));
  std::vector<uint32_t> specialized = literal;
  for (const uint32_t word : {(4U << 16) | 71, 10U, 1U,  0U,               // OpDecorate %10 SpecId 0
                              (4U << 16) | 71, 13U, 11U, 25U,              // OpDecorate %13 BuiltIn WorkgroupSize
                              (4U << 16) | 50, 2U,  10U, 32U,              // %10 = OpSpecConstant 32
                              (4U << 16) | 43, 2U,  11U, 1U,               // %11 = OpConstant 1
                              (6U << 16) | 51, 3U,  13U, 10U, 11U, 11U}) { // %13 = composite (%10, %11, %11)
    specialized.push_back(word);
  }
  EXPECT_EQ(gpu::spirvWorkgroupSize(specialized, {}), (std::array<uint32_t, 3>{32, 1, 1}));
  const std::vector<gpu::SpecializationValue> values{{0, 128}};
  EXPECT_EQ(gpu::spirvWorkgroupSize(specialized, values), (std::array<uint32_t, 3>{128, 1, 1}));
  EXPECT_EQ(gpu::spirvWorkgroupSize(std::vector<uint32_t>{1, 2, 3}, {}), (std::array<uint32_t, 3>{0, 0, 0}));
}

// The engine's own shaders as glslang compiled them: a literal size, a
// two-dimensional one, and a size set by specialization (local_size_x_id).
TEST(SpirvWorkgroup, EngineShaders) {
  EXPECT_EQ(gpu::spirvWorkgroupSize(k_ibfs_check_destinations, {}), (std::array<uint32_t, 3>{256, 1, 1}));
  EXPECT_EQ(gpu::spirvWorkgroupSize(k_ibfs_expand_top_down_instance_major, {}),
            (std::array<uint32_t, 3>{shader::kIbfsInstanceLocalX, shader::kIbfsInstanceLocalY, 1}));
  const std::vector<gpu::SpecializationValue> values{{shader::kScanSpecWorkgroupSize, 512}};
  EXPECT_EQ(gpu::spirvWorkgroupSize(k_scan_scan_reduce, values), (std::array<uint32_t, 3>{512, 1, 1}));
}

namespace {

// (No graph name: GCC 12 sees a false overflow in its assignment once inlined here.)
engine::RunTrace traceWith(const std::optional<std::vector<engine::PipelineResources>>& pipelines) {
  engine::RunTrace t;
  t.algorithm = "ibfs";
  t.strategy = "coalesced";
  t.vertices = 4;
  t.arcs = 6;
  t.pairs = 1;
  t.batches = 1;
  t.searchesPerBatch = 32;
  t.pipelines = pipelines;
  return t;
}

} // namespace

TEST(PipelinesReport, RoundTrip) {
  const auto hopper = onDevice(nvidiaStatistics("40", "3296", "68719476752"), {256, 1, 1}, kNvidia, "NVIDIA H200");
  auto unknown = onDevice({{"VGPRs", "24"}, {"Spilled VGPRs", "2"}}, {64, 1, 1}, kAmd, "AMD Radeon (RADV)");
  const nlohmann::json written = report::jsonReport(traceWith(std::vector{hopper, unknown}), true);
  const nlohmann::json& first = written.at("pipelines").at(0);
  EXPECT_EQ(first.at("registers"), 40);
  EXPECT_EQ(first.at("local_bytes"), 16);
  EXPECT_EQ(first.at("limited_by"), "registers");
  EXPECT_EQ(first.at("statistics").at("Local Memory Size"), "68719476752");
  EXPECT_TRUE(written.at("pipelines").at(1).at("occupancy").is_null());

  const report::LoadedReport loaded = report::reportFromJson(written, "run.json");
  ASSERT_TRUE(loaded.runs.front().trace.pipelines.has_value());
  const auto& read = *loaded.runs.front().trace.pipelines;
  ASSERT_EQ(read.size(), 2U);
  EXPECT_EQ(read[0].name, "kernel");
  EXPECT_EQ(read[0].executable, "CS");
  EXPECT_EQ(read[0].registers, 40U);
  EXPECT_EQ(read[0].sharedBytes, 3296U);
  EXPECT_EQ(read[0].localBytes, 16U);
  EXPECT_FALSE(read[0].spilledRegisters.has_value());
  EXPECT_EQ(read[0].workgroupSize, (std::array<uint32_t, 3>{256, 1, 1}));
  ASSERT_TRUE(read[0].occupancy.has_value());
  EXPECT_EQ(read[0].occupancy->residentWorkgroups, 6U);
  EXPECT_DOUBLE_EQ(read[0].occupancy->share, 0.75);
  EXPECT_EQ(read[0].occupancy->limitedBy, OccupancyLimit::Registers);
  EXPECT_EQ(read[0].statistics.size(), 5U);
  EXPECT_FALSE(read[1].occupancy.has_value());
  EXPECT_EQ(read[1].occupancyNote, "occupancy is not known for this device");
  EXPECT_EQ(read[1].spilledRegisters, 2U);
  EXPECT_FALSE(read[1].sharedBytes.has_value());
}

// Not asked for: no key, and nothing read back. Asked for on a device that
// does not report them: an empty list, read back as one.
TEST(PipelinesReport, AbsentAndEmpty) {
  const nlohmann::json without = report::jsonReport(traceWith(std::nullopt), true);
  EXPECT_FALSE(without.contains("pipelines"));
  EXPECT_FALSE(report::reportFromJson(without, "a.json").runs.front().trace.pipelines.has_value());
  const nlohmann::json empty = report::jsonReport(traceWith(std::vector<engine::PipelineResources>{}), true);
  EXPECT_TRUE(empty.at("pipelines").empty());
  const auto read = report::reportFromJson(empty, "b.json").runs.front().trace.pipelines;
  ASSERT_TRUE(read.has_value());
  EXPECT_TRUE(read->empty());
}
