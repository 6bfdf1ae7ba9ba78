#include "engine/SpanRecorder.h"

#include <stdexcept>

namespace frontier::engine {

SpanRecorder::SpanRecorder(gpu::Context& context, uint32_t capacity, bool enabled)
    : m_context(context), m_enabled(enabled && context.info().timestampsSupported), m_capacity(capacity) {
  if (m_enabled) {
    m_pool = gpu::TimestampPool(context, capacity + 1, "kernel timestamps");
    if (context.pipelineStatistics()) {
      // Query i counts span i; the last one runs from the last mark to the
      // command buffer's end and is not read.
      m_invocations = gpu::InvocationPool(context, capacity + 1, "kernel invocations");
    }
  }
}

void SpanRecorder::begin(gpu::CommandBuffer& commands) {
  m_pending.clear();
  if (!m_enabled) {
    return;
  }
  commands.resetTimestamps(m_pool, 0, m_capacity + 1);
  commands.writeTimestamp(m_pool, 0);
  if (m_invocations.valid()) {
    commands.resetInvocations(m_invocations, 0, m_capacity + 1);
    commands.beginInvocations(m_invocations, 0);
  }
}

void SpanRecorder::mark(gpu::CommandBuffer& commands, KernelKind kind, uint32_t batch, uint32_t level) {
  if (!m_enabled) {
    return;
  }
  if (m_pending.size() >= m_capacity) {
    throw std::logic_error("SpanRecorder: more spans than its capacity");
  }
  m_pending.push_back({kind, batch, level, 0.0, 0.0, 0, 0, 0});
  commands.writeTimestamp(m_pool, static_cast<uint32_t>(m_pending.size()));
  if (m_invocations.valid()) {
    commands.beginInvocations(m_invocations, static_cast<uint32_t>(m_pending.size()));  // ends the span's query
  }
}

std::vector<KernelSpan> SpanRecorder::resolve(double& extentNs) {
  extentNs = 0.0;
  if (!m_enabled || m_pending.empty()) {
    return {};
  }
  const std::vector<uint64_t> ticks = m_pool.read(0, static_cast<uint32_t>(m_pending.size() + 1));
  const gpu::TimestampClock clock = m_context.timestampClock();
  if (!m_origin) {
    m_origin = ticks.front();
  }
  std::vector<KernelSpan> spans = m_pending;
  for (size_t i = 0; i < spans.size(); ++i) {
    spans[i].startNs = clock.elapsedNs(*m_origin, ticks[i]);
    spans[i].endNs = clock.elapsedNs(*m_origin, ticks[i + 1]);
  }
  extentNs = clock.elapsedNs(ticks.front(), ticks.back());
  if (m_invocations.valid()) {
    const std::vector<uint64_t> launched = m_invocations.read(0, static_cast<uint32_t>(spans.size()));
    for (size_t i = 0; i < spans.size(); ++i) {
      spans[i].invocations = launched[i];
    }
  }
  return spans;
}

} // namespace frontier::engine
