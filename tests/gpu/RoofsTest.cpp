// The device's roofs: measured values are positive and plausible, stored in
// the per-device cache, and a second call reads the cache instead of
// measuring (the file's values come back, even ones no device would give).

#include "GpuTest.h"

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "engine/Roofs.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

class Roofs : public GpuTest {
protected:
  void SetUp() override {
    GpuTest::SetUp();
    m_dir = (std::filesystem::temp_directory_path() /
             ("frontier-roofs-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
              std::to_string(reinterpret_cast<uintptr_t>(this))))
                .string();
    std::filesystem::remove_all(m_dir);
  }
  void TearDown() override {
    std::filesystem::remove_all(m_dir);
    GpuTest::TearDown();
  }
  std::string m_dir;
};

TEST_F(Roofs, MeasuredOnceThenReadFromTheCache) {
  if (!context().info().timestampsSupported) {
    GTEST_SKIP() << "the device has no timestamps on its compute queue";
  }
  const engine::RoofsResult first = engine::cachedOrMeasuredRoofs(context(), false, m_dir);
  EXPECT_FALSE(first.fromCache);
  EXPECT_TRUE(first.cacheError.empty()) << first.cacheError;
  EXPECT_GT(first.roofs.copyGbps, 0.0);
  EXPECT_GT(first.roofs.gatherGps, 0.0);
  EXPECT_GT(first.roofs.dispatchUs, 0.0);
  // Below anything a memory system of 2026 reaches: a unit slip (bytes per
  // second, nanoseconds) would land far outside.
  EXPECT_LT(first.roofs.copyGbps, 100000.0);
  EXPECT_LT(first.roofs.gatherGps, 10000.0);
  EXPECT_LT(first.roofs.dispatchUs, 10000.0);
  ASSERT_TRUE(std::filesystem::exists(first.cacheFile)) << first.cacheFile;

  // The second call reads the file: values written there come back as they are.
  nlohmann::json cached;
  std::ifstream(first.cacheFile) >> cached;
  cached["roofs"]["copy_gbps"] = 1234.5;
  std::ofstream(first.cacheFile) << cached.dump();
  const engine::RoofsResult second = engine::cachedOrMeasuredRoofs(context(), false, m_dir);
  EXPECT_TRUE(second.fromCache);
  EXPECT_EQ(second.cacheFile, first.cacheFile);
  EXPECT_DOUBLE_EQ(second.roofs.copyGbps, 1234.5);
  EXPECT_DOUBLE_EQ(second.roofs.gatherGps, first.roofs.gatherGps);
  EXPECT_DOUBLE_EQ(second.roofs.dispatchUs, first.roofs.dispatchUs);

  // A damaged cache file counts as absent: measured again and rewritten.
  std::ofstream(first.cacheFile) << "{ not json";
  const engine::RoofsResult third = engine::cachedOrMeasuredRoofs(context(), false, m_dir);
  EXPECT_FALSE(third.fromCache);
  EXPECT_GT(third.roofs.copyGbps, 0.0);
  EXPECT_TRUE(engine::loadCachedRoofs(context().info(), m_dir).has_value());
}

TEST_F(Roofs, CacheIsKeptPerDevice) {
  gpu::DeviceInfo other = context().info();
  other.pipelineCacheUuid = "another-driver-build";
  EXPECT_NE(engine::roofsCacheFile(other, m_dir), engine::roofsCacheFile(context().info(), m_dir));
  engine::storeCachedRoofs(other, {1.0, 2.0, 3.0}, m_dir);
  EXPECT_FALSE(engine::loadCachedRoofs(context().info(), m_dir).has_value());
  const auto back = engine::loadCachedRoofs(other, m_dir);
  ASSERT_TRUE(back.has_value());
  EXPECT_DOUBLE_EQ(back->gatherGps, 2.0);
}

} // namespace
