#pragma once
// Progress reporting and cancellation for long work (loading, building).
//
// The user callback receives the fraction done (0..1) and returns false to
// cancel. Progress::report() is cheap enough to call every few hundred
// microseconds of work: it forwards at most one call per ~20 ms (plus the
// final 1.0) and throws LoadCancelled when the callback says so. Work is
// split into stages with sub(): a stage maps its own 0..1 onto a slice of
// the parent range. Not thread-safe: used from the loading thread only.

#include <chrono>
#include <functional>

#include "GraphError.h"

namespace frontier::graph {

using ProgressCallback = std::function<bool(double)>;

class Progress {
public:
  Progress() = default;
  explicit Progress(const ProgressCallback* callback, double from = 0.0, double to = 1.0)
      : m_callback(callback != nullptr && *callback ? callback : nullptr), m_from(from), m_to(to) {}

  // The slice [from, to] (fractions of this range) as a range of its own.
  Progress sub(double from, double to) const {
    Progress child = *this;
    child.m_from = m_from + (m_to - m_from) * from;
    child.m_to = m_from + (m_to - m_from) * to;
    return child;
  }

  // Reports `fraction` of this range; throws LoadCancelled on cancel.
  void report(double fraction) {
    if (m_callback == nullptr) {
      return;
    }
    const auto now = std::chrono::steady_clock::now();
    if (fraction < 1.0 && now - m_last < std::chrono::milliseconds(20)) {
      return;
    }
    m_last = now;
    forward(m_from + (m_to - m_from) * (fraction < 0.0 ? 0.0 : fraction > 1.0 ? 1.0 : fraction));
  }

  // Reports the end of this range, always forwarded.
  void done() {
    if (m_callback != nullptr) {
      forward(m_to);
    }
  }

  bool active() const noexcept { return m_callback != nullptr; }

private:
  void forward(double value) {
    if (!(*m_callback)(value)) {
      throw LoadCancelled();
    }
  }

  const ProgressCallback* m_callback = nullptr;
  double m_from = 0.0;
  double m_to = 1.0;
  std::chrono::steady_clock::time_point m_last{};
};

} // namespace frontier::graph
