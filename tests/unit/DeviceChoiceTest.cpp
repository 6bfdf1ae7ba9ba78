#include <gtest/gtest.h>

#include <cstdlib>

#include "vk/DeviceChoice.h"

using namespace frontier::gpu;

namespace {

DeviceInfo device(uint32_t index, const std::string& name, DeviceType type, uint64_t localBytes = 1ULL << 30U) {
  DeviceInfo d;
  d.index = index;
  d.name = name;
  d.type = type;
  d.apiVersion = (1U << 22U) | (3U << 12U);
  d.hasComputeQueue = true;
  d.subgroupsInCompute = true;
  d.subgroupSize = 32;
  d.subgroupOperations = {"basic", "vote", "arithmetic", "ballot", "shuffle"};
  d.heaps.push_back({localBytes, localBytes, 0, true});
  return d;
}

} // namespace

TEST(DeviceChoice, PrefersDiscreteThenIntegratedThenVirtualThenCpu) {
  const std::vector<DeviceInfo> all = {device(0, "llvmpipe", DeviceType::Cpu),
                                       device(1, "virtio", DeviceType::VirtualGpu),
                                       device(2, "Intel UHD", DeviceType::IntegratedGpu),
                                       device(3, "NVIDIA H100", DeviceType::DiscreteGpu)};
  EXPECT_EQ(chooseDevice(all, "").index, 3U);
  EXPECT_EQ(chooseDevice({all[0], all[1], all[2]}, "").index, 2U);
  EXPECT_EQ(chooseDevice({all[0], all[1]}, "").index, 1U);
  EXPECT_EQ(chooseDevice({all[0]}, "").index, 0U);
  EXPECT_GT(typeScore(DeviceType::DiscreteGpu), typeScore(DeviceType::IntegratedGpu));
  EXPECT_GT(typeScore(DeviceType::VirtualGpu), typeScore(DeviceType::Cpu));
}

TEST(DeviceChoice, BreaksTiesByMemoryThenIndex) {
  const std::vector<DeviceInfo> all = {device(0, "small", DeviceType::DiscreteGpu, 1ULL << 30U),
                                       device(1, "large", DeviceType::DiscreteGpu, 8ULL << 30U),
                                       device(2, "large too", DeviceType::DiscreteGpu, 8ULL << 30U)};
  EXPECT_EQ(chooseDevice(all, "").index, 1U);
}

TEST(DeviceChoice, RequestByIndexOrCaseInsensitiveName) {
  const std::vector<DeviceInfo> all = {device(0, "llvmpipe (LLVM 15)", DeviceType::Cpu),
                                       device(1, "NVIDIA H100 80GB HBM3", DeviceType::DiscreteGpu)};
  EXPECT_EQ(chooseDevice(all, "0").index, 0U);
  EXPECT_EQ(chooseDevice(all, "LLVMPIPE").index, 0U);
  EXPECT_EQ(chooseDevice(all, "h100").index, 1U);
}

TEST(DeviceChoice, FailureExplainsEveryDevice) {
  std::vector<DeviceInfo> all = {device(0, "llvmpipe", DeviceType::Cpu),
                                 device(1, "Old GPU", DeviceType::DiscreteGpu)};
  all[1].apiVersion = (1U << 22U) | (1U << 12U);
  const DeviceChoice byName = chooseDevice(all, "radeon");
  EXPECT_FALSE(byName.index.has_value());
  const std::string text = byName.explain("radeon");
  EXPECT_NE(text.find("no Vulkan device matches 'radeon'"), std::string::npos) << text;
  EXPECT_NE(text.find("device 0 'llvmpipe': name does not contain 'radeon'"), std::string::npos) << text;
  EXPECT_NE(text.find("device 1 'Old GPU': Vulkan 1.1.0 < 1.2"), std::string::npos) << text;

  const DeviceChoice byIndex = chooseDevice(all, "7");
  EXPECT_FALSE(byIndex.index.has_value());
  EXPECT_NE(byIndex.explain("7").find("index 0 is not 7"), std::string::npos);
  EXPECT_NE(chooseDevice({}, "").explain("").find("no Vulkan devices were found"), std::string::npos);
}

TEST(DeviceChoice, RejectsDevicesWithoutNeededSubgroupOperations) {
  DeviceInfo d = device(0, "limited", DeviceType::DiscreteGpu);
  d.subgroupOperations = {"basic", "vote"};
  EXPECT_EQ(unsuitableReason(d), "no subgroup 'arithmetic' operations");
  const DeviceChoice choice = chooseDevice({d, device(1, "cpu", DeviceType::Cpu)}, "");
  EXPECT_EQ(choice.index, 1U);
  ASSERT_EQ(choice.rejected.size(), 1U);
  EXPECT_EQ(choice.rejected[0].reason, "no subgroup 'arithmetic' operations");
}

TEST(DeviceChoice, CommandLineOverridesEnvironment) {
  ::setenv("FRONTIER_DEVICE", "nvidia", 1);
  EXPECT_EQ(resolveDeviceRequest(""), "nvidia");
  EXPECT_EQ(resolveDeviceRequest("1"), "1");
  ::unsetenv("FRONTIER_DEVICE");
  EXPECT_EQ(resolveDeviceRequest(""), "");
}

TEST(DeviceChoice, DeviceListsNameAllOrIndices) {
  DeviceInfo old = device(2, "old", DeviceType::DiscreteGpu);
  old.apiVersion = (1U << 22U) | (1U << 12U);  // Vulkan 1.1: cannot run the engine
  const std::vector<DeviceInfo> all = {device(0, "llvmpipe", DeviceType::Cpu),
                                       device(1, "NVIDIA H100", DeviceType::DiscreteGpu), old};
  EXPECT_EQ(chooseDevices(all, "all"), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(chooseDevices(all, "ALL"), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(chooseDevices(all, "1,0"), (std::vector<uint32_t>{1, 0}));
  // A repeated index: two logical devices of one physical device.
  EXPECT_EQ(chooseDevices(all, "0,0"), (std::vector<uint32_t>{0, 0}));
  const auto refused = [&](const std::string& list, const std::string& words) {
    try {
      chooseDevices(all, list);
      ADD_FAILURE() << list << " was accepted";
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find(words), std::string::npos) << list << ": " << error.what();
    }
  };
  refused("0,x", "'x' is not a device index");
  refused("0,", "'' is not a device index");
  refused("", "'' is not a device index");
  refused("7", "there is no device 7");
  refused("2", "cannot run the engine");
  refused("-1", "'-1' is not a device index");
  try {
    chooseDevices({old}, "all");
    ADD_FAILURE() << "all with no suitable device was accepted";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("device 2 'old'"), std::string::npos) << error.what();
  }
}
