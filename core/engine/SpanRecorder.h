#pragma once
// Times the dispatches of one submission with GPU timestamps: a timestamp at
// the start, then one after each dispatch (and its barrier). Span i runs from
// timestamp i to timestamp i + 1 and is labelled when recorded. Raw ticks are
// converted once, by the context's TimestampClock, relative to the run's first
// timestamp. Without timestamp support it records nothing. When the context
// counts invocations (ContextOptions::pipelineStatistics), each span also
// gets the compute invocations its dispatches launched (a pipeline-statistics
// query from one mark to the next). Where the context ties the host clock
// to the GPU's (calibrated timestamps), the last span of each submission
// also gets the host's submit and read-back times (KernelSpan::host).

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/Trace.h"
#include "vk/CommandBuffer.h"
#include "vk/Context.h"
#include "vk/InvocationPool.h"
#include "vk/TimestampPool.h"

namespace frontier::engine {

class SpanRecorder {
public:
  SpanRecorder(gpu::Context& context, uint32_t capacity, bool enabled);

  bool enabled() const noexcept { return m_enabled; }
  // Starts a submission: resets the queries and writes the first timestamp.
  void begin(gpu::CommandBuffer& commands);
  // Ends the span of the commands recorded since the previous mark.
  void mark(gpu::CommandBuffer& commands, KernelKind kind, uint32_t batch, uint32_t level);
  // After the submission completed, as the host reads its results back: the
  // spans in run time (ns since the run's first timestamp) and this
  // submission's GPU extent in ns. The labels stay
  // until the next begin(), so a command buffer recorded once can be
  // submitted and resolved again and again.
  std::vector<KernelSpan> resolve(double& extentNs);
  // Forgets the run origin (a new run starts).
  void resetOrigin() { m_origin.reset(); }

private:
  // Sets the host's submit and read-back times on the submission's last span.
  void placeHost(KernelSpan& last, const gpu::TimestampClock& clock, int64_t readbackNs) const;

  gpu::Context& m_context;
  bool m_enabled;
  uint32_t m_capacity;
  gpu::TimestampPool m_pool;
  gpu::InvocationPool m_invocations;  // valid when the context counts invocations
  std::vector<KernelSpan> m_pending;  // labels; times filled by resolve()
  std::optional<uint64_t> m_origin;
  ::vk::CommandBuffer m_commands;  // the command buffer begin() recorded into, for its submit times
};

} // namespace frontier::engine
