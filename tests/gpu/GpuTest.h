#pragma once
// Fixture for tests that run on a Vulkan device. One context per test binary
// (created on first use, validation layers on); every test fails if the
// validation layers report an error while it runs.

#include <gtest/gtest.h>

#include <memory>

#include "vk/Context.h"

namespace frontier::test {

class GpuTest : public ::testing::Test {
protected:
  static gpu::Context& context();
  void SetUp() override;
  void TearDown() override;

private:
  uint64_t m_errorsBefore = 0;
};

} // namespace frontier::test
