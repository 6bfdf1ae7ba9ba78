#include "engine/SpanRecorder.h"

#include <chrono>
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
  m_commands = commands.handle();
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
  KernelSpan span;
  span.kind = kind;
  span.batch = batch;
  span.level = level;
  m_pending.push_back(span);
  commands.writeTimestamp(m_pool, static_cast<uint32_t>(m_pending.size()));
  if (m_invocations.valid()) {
    commands.beginInvocations(m_invocations, static_cast<uint32_t>(m_pending.size()));  // ends the span's query
  }
}

void SpanRecorder::placeHost(KernelSpan& last, const gpu::TimestampClock& clock, int64_t readbackNs) const {
  const std::optional<gpu::HostSubmitTimes> submitted = m_context.submitTimes(m_commands);
  const std::optional<gpu::ClockCalibration> calibration = m_context.calibrate();
  if (!submitted || !calibration) {
    return;
  }
  // One calibration, taken now, for the whole submission: its few
  // milliseconds of drift between the two clocks are far below a
  // dispatch's resolution in the trace.
  const auto runNs = [&](int64_t hostNs) { return clock.hostToRunNs(*calibration, *m_origin, hostNs) - last.endNs; };
  last.host.recorded = true;
  last.host.submitStartNs = runNs(submitted->startNs);
  last.host.submitEndNs = runNs(submitted->endNs);
  last.host.readbackNs = runNs(readbackNs);
}

std::vector<KernelSpan> SpanRecorder::resolve(double& extentNs) {
  extentNs = 0.0;
  if (!m_enabled || m_pending.empty()) {
    return {};
  }
  const int64_t readbackNs =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
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
  placeHost(spans.back(), clock, readbackNs);
  if (m_invocations.valid()) {
    const std::vector<uint64_t> launched = m_invocations.read(0, static_cast<uint32_t>(spans.size()));
    for (size_t i = 0; i < spans.size(); ++i) {
      spans[i].invocations = launched[i];
    }
  }
  return spans;
}

} // namespace frontier::engine
