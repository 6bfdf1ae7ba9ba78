#pragma once
// How the engines wait for a submission: in slices, so that a cancel from
// another thread is seen within one slice; the GPU cannot withdraw a
// submission, so a cancelled wait leaves it in flight for the caller to take
// in later (or to wait out before its buffers go).

#include <atomic>
#include <cstdint>
#include <exception>

#include "vk/Context.h"

namespace frontier::engine {

inline constexpr uint64_t kFenceWaitSliceNs = 50'000'000;  // how often a wait looks at the cancel flag

// True once the submission has finished; false as soon as `cancel` is seen true.
inline bool waitUnlessCancelled(const gpu::Context& context, gpu::Submission submission,
                                const std::atomic<bool>* cancel) {
  while (!context.wait(submission, kFenceWaitSliceNs)) {
    if (cancel != nullptr && cancel->load()) {
      return false;
    }
  }
  return true;
}

// For destructors: waits to the end; a lost device ends the wait (nothing
// runs on it any more, so the buffers may go).
inline void waitOut(const gpu::Context& context, gpu::Submission submission) noexcept {
  try {
    waitUnlessCancelled(context, submission, nullptr);
  } catch (const std::exception&) {
  }
}

} // namespace frontier::engine
