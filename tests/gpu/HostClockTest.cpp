// Host submissions and read-backs on the GPU clock. Runs on every device:
// where the device offers calibrated timestamps (lavapipe does), every
// submission's last span carries its host times and they keep causal order
// with the GPU timestamps (submitted before the GPU ran the submission's
// last dispatch, read back after it ended); where it does not, or the
// option is off, no span carries any and the trace's metadata says so.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <memory>

#include "TestData.h"
#include "engine/DeviceGraph.h"
#include "engine/ibfs/Search.h"
#include "engine/ibfs/Strategy.h"
#include "graph/GraphIO.h"
#include "graph/Pairs.h"
#include "report/Report.h"
#include "vk/Context.h"

namespace {

using namespace frontier;

// Slack for the two clocks read together by the driver (its reported
// deviation is well below this on every device seen).
constexpr double kSlackNs = 100'000;

bool deviceOffersCalibration(const gpu::Context& context) {
  const auto extensions = context.physicalDevice().enumerateDeviceExtensionProperties();
  const bool listed = std::any_of(extensions.begin(), extensions.end(), [](const auto& e) {
    return std::strcmp(e.extensionName, VK_EXT_CALIBRATED_TIMESTAMPS_EXTENSION_NAME) == 0;
  });
  if (!listed) {
    return false;
  }
  const auto domains = context.physicalDevice().getCalibrateableTimeDomainsEXT();
  return std::find(domains.begin(), domains.end(), vk::TimeDomainEXT::eDevice) != domains.end() &&
         std::find(domains.begin(), domains.end(), vk::TimeDomainEXT::eClockMonotonic) != domains.end();
}

engine::RunTrace runKarate(gpu::Context& context) {
  const auto g = std::make_shared<const graph::Graph>(graph::loadGraph(test::dataFile("karate.txt")));
  const auto device = std::make_shared<engine::DeviceGraph>(context, g);
  engine::Strategy strategy = engine::strategyByName("coalesced");
  strategy.options.levelsPerSubmit = 1; // a submission per level: many to check
  engine::Search search(context, device, graph::randomPairs(*g, 20, 5), strategy);
  EXPECT_TRUE(search.run());
  return search.trace();
}

gpu::ContextOptions options(bool calibrated) {
  gpu::ContextOptions o;
  o.validation = gpu::Validation::On;
  o.calibratedTimestamps = calibrated;
  return o;
}

TEST(HostClock, SubmissionsAndReadBacksSitAroundTheirDispatches) {
  gpu::Context context(options(true));
  const bool offered = deviceOffersCalibration(context);
  EXPECT_EQ(context.calibratedTimestamps(), offered) << context.calibrationNote();
  const engine::RunTrace trace = runKarate(context);
  ASSERT_FALSE(trace.kernels.empty());
  uint32_t recorded = 0;
  for (const engine::KernelSpan& k : trace.kernels) {
    if (!k.host.recorded) {
      continue;
    }
    ++recorded;
    // Every submission ends with its read-back copy.
    EXPECT_EQ(k.kind, engine::KernelKind::Readback);
    EXPECT_LE(k.host.submitStartNs, k.host.submitEndNs);
    // Submitted before the GPU began its last span; read back after it ended.
    EXPECT_LE(k.host.submitStartNs, k.startNs - k.endNs + kSlackNs);
    EXPECT_GE(k.host.readbackNs, -kSlackNs);
  }
  const size_t readbacks =
      static_cast<size_t>(std::count_if(trace.kernels.begin(), trace.kernels.end(), [](const engine::KernelSpan& k) {
        return k.kind == engine::KernelKind::Readback;
      }));
  if (!offered) {
    EXPECT_EQ(recorded, 0U);
    EXPECT_NE(context.calibrationNote().find("calibrated_timestamps"), std::string::npos);
    GTEST_SKIP() << context.info().name << " has no calibrated timestamps: checked that none are recorded";
  }
  EXPECT_EQ(recorded, readbacks);
  EXPECT_GE(recorded, 3U);
  // The trace: a host thread whose events are in order and never negative.
  const nlohmann::json chrome = report::chromeTrace(std::span<const engine::RunTrace>(&trace, 1));
  EXPECT_EQ(chrome["otherData"]["host_events"].get<std::string>().rfind("recorded", 0), 0U);
  std::vector<double> submits;
  std::vector<double> reads;
  size_t waits = 0;
  for (const auto& e : chrome["traceEvents"]) {
    if (e.contains("ts")) {
      EXPECT_GE(e["ts"].get<double>(), 0.0);
    }
    if (!e.contains("cat") || e["cat"] != "host") {
      continue;
    }
    if (e["name"] == "submit") {
      submits.push_back(e["ts"].get<double>());
    } else if (e["name"] == "read-back") {
      reads.push_back(e["ts"].get<double>());
    } else {
      waits += e["name"] == "wait" ? 1U : 0U;
    }
  }
  ASSERT_EQ(reads.size(), recorded);
  ASSERT_EQ(submits.size(), recorded);
  EXPECT_EQ(waits, recorded);
  // One thread submits, waits and reads back: submission i is read back
  // before submission i + 1 is made.
  std::sort(submits.begin(), submits.end());
  std::sort(reads.begin(), reads.end());
  for (size_t i = 0; i < reads.size(); ++i) {
    EXPECT_LE(submits[i], reads[i]);
    if (i + 1 < submits.size()) {
      EXPECT_LE(reads[i], submits[i + 1]);
    }
  }
  EXPECT_EQ(context.validationErrorCount(), 0U);
}

TEST(HostClock, TurnedOffRecordsNoneAndTheTraceSaysSo) {
  gpu::Context context(options(false));
  EXPECT_FALSE(context.calibratedTimestamps());
  EXPECT_FALSE(context.calibrate().has_value());
  EXPECT_NE(context.calibrationNote().find("turned off"), std::string::npos);
  const engine::RunTrace trace = runKarate(context);
  for (const engine::KernelSpan& k : trace.kernels) {
    EXPECT_FALSE(k.host.recorded);
  }
  const nlohmann::json chrome = report::chromeTrace(std::span<const engine::RunTrace>(&trace, 1));
  EXPECT_EQ(chrome["otherData"]["host_events"].get<std::string>().rfind("not recorded", 0), 0U);
  EXPECT_DOUBLE_EQ(chrome["otherData"]["shift_us"].get<double>(), 0.0);
  EXPECT_EQ(context.validationErrorCount(), 0U);
}

} // namespace
