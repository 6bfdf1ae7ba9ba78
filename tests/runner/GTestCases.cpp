// GoogleTest cases for check-runner.sh: each scenario selects some of them.
#include <gtest/gtest.h>

#include <cstdlib>

// Also checks that the suite's environment arrives: the data folder from
// CTest, validation from the shared main().
TEST(Passes, Ok) {
  ASSERT_NE(std::getenv("FRONTIER_DATA_DIR"), nullptr);
  EXPECT_STREQ(std::getenv("FRONTIER_DATA_DIR"), "/runner-data");
  ASSERT_NE(std::getenv("FRONTIER_VALIDATION"), nullptr);
  EXPECT_STREQ(std::getenv("FRONTIER_VALIDATION"), "1");
}

TEST(Crash, Aborts) { std::abort(); }

TEST(Skip, WithReason) { GTEST_SKIP() << "needs a device with 64-bit atomics"; }

class SkipThenFail : public ::testing::Test {
protected:
  void TearDown() override { ADD_FAILURE() << "a validation error after the skip"; }
};
TEST_F(SkipThenFail, TearDownFails) { GTEST_SKIP() << "skipped first"; }
