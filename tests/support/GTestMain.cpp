// main() of every GoogleTest program: as gtest_main, but a run in which a
// test skipped (and none failed) exits with kSkipExitCode, which CTest's
// SKIP_RETURN_CODE turns into "Skipped". A failure always wins over a skip:
// CTest must never decide by matching the output, yet gtest_discover_tests
// adds a pattern for gtest's "[  SKIPPED ]" lines that cannot be removed, so
// skipped tests are printed here as "[ SKIP     ] name: reason" instead.
// Validation is on for every test program (FRONTIER_VALIDATION=1 unless the
// environment says otherwise), with synchronization validation, also for the
// processes the tests start.

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace {

constexpr int kSkipExitCode = 77;

// The default printer for everything but skips.
class SkipAwarePrinter : public ::testing::TestEventListener {
public:
  explicit SkipAwarePrinter(::testing::TestEventListener* inner) : m_inner(inner) {}

  void OnTestProgramStart(const ::testing::UnitTest& u) override { m_inner->OnTestProgramStart(u); }
  void OnTestIterationStart(const ::testing::UnitTest& u, int i) override { m_inner->OnTestIterationStart(u, i); }
  void OnEnvironmentsSetUpStart(const ::testing::UnitTest& u) override { m_inner->OnEnvironmentsSetUpStart(u); }
  void OnEnvironmentsSetUpEnd(const ::testing::UnitTest& u) override { m_inner->OnEnvironmentsSetUpEnd(u); }
  void OnTestSuiteStart(const ::testing::TestSuite& s) override { m_inner->OnTestSuiteStart(s); }
  void OnTestStart(const ::testing::TestInfo& t) override { m_inner->OnTestStart(t); }
  void OnTestPartResult(const ::testing::TestPartResult& r) override {
    if (r.skipped()) {
      m_reason = r.message();
      return;
    }
    m_inner->OnTestPartResult(r);
  }
  void OnTestEnd(const ::testing::TestInfo& t) override {
    if (t.result()->Skipped()) {
      std::printf("[ SKIP     ] %s.%s: %s\n", t.test_suite_name(), t.name(),
                  m_reason.empty() ? "no reason given" : m_reason.c_str());
      std::fflush(stdout);
      m_reason.clear();
      return;
    }
    m_inner->OnTestEnd(t);
  }
  void OnTestSuiteEnd(const ::testing::TestSuite& s) override { m_inner->OnTestSuiteEnd(s); }
  void OnEnvironmentsTearDownStart(const ::testing::UnitTest& u) override { m_inner->OnEnvironmentsTearDownStart(u); }
  void OnEnvironmentsTearDownEnd(const ::testing::UnitTest& u) override { m_inner->OnEnvironmentsTearDownEnd(u); }
  void OnTestIterationEnd(const ::testing::UnitTest& u, int i) override {
    if (u.skipped_test_count() == 0) {
      m_inner->OnTestIterationEnd(u, i);
      return;
    }
    std::printf("[==========] %d tests ran: %d passed, %d failed, %d skipped.\n", u.test_to_run_count(),
                u.successful_test_count(), u.failed_test_count(), u.skipped_test_count());
    std::fflush(stdout);
  }
  void OnTestProgramEnd(const ::testing::UnitTest& u) override { m_inner->OnTestProgramEnd(u); }

private:
  std::unique_ptr<::testing::TestEventListener> m_inner;
  std::string m_reason;
};

} // namespace

int main(int argc, char** argv) {
  ::setenv("FRONTIER_VALIDATION", "1", 0);
  // Synchronization validation too: a missing barrier is a wrong answer on
  // a GPU that runs commands out of order, even where lavapipe does not.
  ::setenv("VK_LAYER_ENABLES", "VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT", 0);
  ::testing::InitGoogleTest(&argc, argv);
  ::testing::TestEventListeners& listeners = ::testing::UnitTest::GetInstance()->listeners();
  listeners.Append(new SkipAwarePrinter(listeners.Release(listeners.default_result_printer())));
  const int result = RUN_ALL_TESTS();
  if (result != 0) {
    return 1;
  }
  const ::testing::UnitTest& unit = *::testing::UnitTest::GetInstance();
  return unit.skipped_test_count() > 0 ? kSkipExitCode : 0;
}
