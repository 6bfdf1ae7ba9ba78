#include "GpuTest.h"

#include "vk/DeviceChoice.h"

#include <string>

namespace frontier::test {

gpu::Context& GpuTest::context() {
  static std::unique_ptr<gpu::Context> shared = [] {
    gpu::ContextOptions options;
    options.validation = gpu::Validation::On;
    options.deviceRequest = gpu::resolveDeviceRequest("");
    return std::make_unique<gpu::Context>(options);
  }();
  return *shared;
}

void GpuTest::SetUp() {
  ASSERT_TRUE(context().validationEnabled()) << "the validation layers must be on in GPU tests";
  m_errorsBefore = context().validationErrorCount();
}

void GpuTest::TearDown() {
  const uint64_t errors = context().validationErrorCount() - m_errorsBefore;
  std::string recent;
  for (const std::string& message : context().instance().validationLog().recentMessages()) {
    recent += "\n  " + message;
  }
  EXPECT_EQ(errors, 0U) << "Vulkan validation errors during the test:" << recent;
}

} // namespace frontier::test
