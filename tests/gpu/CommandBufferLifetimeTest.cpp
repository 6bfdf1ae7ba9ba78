// Command buffers are freed only once a later submission has finished (see
// Context::retire): the validation layers release a submission's state on a
// thread of their own after our fence wait returns, and freeing the buffer at
// once let a new buffer with the same handle have its debug labels freed
// under it (an intermittent heap corruption on lavapipe).

#include "GpuTest.h"

#include <string>

#include "vk/CommandBuffer.h"
#include "vk/TimestampPool.h"

namespace {

using frontier::test::GpuTest;

class CommandBufferLifetime : public GpuTest {};

// One labelled, timed submission, waited for; the buffer goes out of scope.
void submitLabelled(frontier::gpu::Context& context, const frontier::gpu::TimestampPool& pool, int i) {
  frontier::gpu::CommandBuffer commands = context.createCommandBuffer("lifetime " + std::to_string(i));
  commands.begin();
  commands.beginLabel("label " + std::to_string(i));
  commands.resetTimestamps(pool, 0, 2);
  commands.writeTimestamp(pool, 0);
  commands.barrier();
  commands.writeTimestamp(pool, 1);
  commands.endLabel();
  commands.end();
  context.submitAndWait(commands);
}

TEST_F(CommandBufferLifetime, FreedAfterALaterSubmissionFinished) {
  frontier::gpu::Context& ctx = context();
  const frontier::gpu::TimestampPool pool(ctx, 2, "lifetime timestamps");
  submitLabelled(ctx, pool, 0);  // frees whatever earlier tests retired
  const size_t base = ctx.retiredCommandBuffers();
  ASSERT_LE(base, 1U);
  submitLabelled(ctx, pool, 1);
  // The first buffer's submission was followed by a finished one: freed. The
  // second waits for the next.
  EXPECT_EQ(ctx.retiredCommandBuffers(), 1U);
  {
    frontier::gpu::CommandBuffer unused = ctx.createCommandBuffer("never submitted");
  }
  EXPECT_EQ(ctx.retiredCommandBuffers(), 2U);
  submitLabelled(ctx, pool, 2);
  EXPECT_EQ(ctx.retiredCommandBuffers(), 1U);
}

// Many short labelled submissions, the pattern of a high-diameter search
// (one submission per level): before the fix this corrupted the heap now and
// then with the validation layers on; under AddressSanitizer (label asan) a
// use after free would stop the test.
TEST_F(CommandBufferLifetime, ThousandsOfLabelledSubmissions) {
  frontier::gpu::Context& ctx = context();
  const frontier::gpu::TimestampPool pool(ctx, 2, "lifetime timestamps");
  for (int i = 0; i < 3000; ++i) {
    submitLabelled(ctx, pool, i);
  }
  EXPECT_LE(ctx.retiredCommandBuffers(), 1U);
}

} // namespace
