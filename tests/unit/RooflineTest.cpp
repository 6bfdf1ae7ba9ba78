// The roofline analysis of a run (report/Roofline.h) on hand-made traces:
// which roof each kind is held to, its share, the dispatch-bound rule and
// the why-line sentence.

#include <gtest/gtest.h>

#include "../support/RooflineSample.h"
#include "report/Roofline.h"

namespace {

using namespace frontier;
using engine::KernelKind;

engine::RunTrace twoLevels() { return test::rooflineSampleRun(); }

TEST(Roofline, KindsAgainstTheirRoofs) {
  const engine::DeviceRoofs roofs{2000.0, 4.0, 1.5};  // 2 TB/s copy, 4 G gathers/s, 1.5 us per dispatch
  const std::vector<report::KernelRoof> kinds = report::kernelRoofs(twoLevels(), roofs);
  ASSERT_EQ(kinds.size(), 2U);  // plan moved no modelled bytes
  const report::KernelRoof& identify = kinds[0];
  EXPECT_EQ(identify.kind, KernelKind::Identify);
  EXPECT_EQ(identify.dispatches, 2U);
  EXPECT_EQ(identify.roof, report::RoofKind::Copy);
  EXPECT_DOUBLE_EQ(identify.achievedGbps, 2000000.0 / 4000.0);  // 500 GB/s
  EXPECT_DOUBLE_EQ(identify.roofShare, 0.25);
  EXPECT_DOUBLE_EQ(identify.meanDispatchUs, 2.0);
  EXPECT_TRUE(identify.dispatchBound);  // 2 us < 2 x 1.5 us
  const report::KernelRoof& expand = kinds[1];
  EXPECT_EQ(expand.roof, report::RoofKind::Gather);
  EXPECT_EQ(expand.accesses, 4000000U);
  // 4 M arcs in 2 ms = 2 G arcs/s against 4 G/s.
  EXPECT_DOUBLE_EQ(expand.roofShare, 0.5);
  EXPECT_FALSE(expand.dispatchBound);
  // 80 MB over 4 M arcs: 20 bytes per access, so the gather roof is 80 GB/s.
  EXPECT_DOUBLE_EQ(expand.roofGbps, 80.0);
  EXPECT_DOUBLE_EQ(identify.roofGbps, 2000.0);
  EXPECT_EQ(report::roofNote(kinds), "expand-top-down reaches 50% of the random-gather roof; identify is dispatch-bound");
}

TEST(Roofline, WideRowsAreHeldToTheCopyRoof) {
  // 20 bytes per arc at 200 G gathers/s would be 4000 GB/s, above the copy
  // roof: the copy roof is the one the expand can reach.
  const std::vector<report::KernelRoof> kinds = report::kernelRoofs(twoLevels(), {2000.0, 200.0, 1.5});
  ASSERT_EQ(kinds.size(), 2U);
  EXPECT_EQ(kinds[1].roof, report::RoofKind::Copy);
  EXPECT_DOUBLE_EQ(kinds[1].roofGbps, 2000.0);
  EXPECT_DOUBLE_EQ(kinds[1].roofShare, 40.0 / 2000.0);
  EXPECT_EQ(report::roofNote(kinds), "expand-top-down reaches 2% of the copy roof; identify is dispatch-bound");
}

TEST(Roofline, NoRoofsNoShareNoNote) {
  const std::vector<report::KernelRoof> kinds = report::kernelRoofs(twoLevels(), {});
  ASSERT_EQ(kinds.size(), 2U);
  EXPECT_GT(kinds[1].achievedGbps, 0.0);
  EXPECT_EQ(kinds[1].roofShare, 0.0);
  EXPECT_FALSE(kinds[0].dispatchBound);
  EXPECT_EQ(report::roofNote(kinds), "");
}

} // namespace
