#pragma once
// Splits [0, count) into one contiguous range per worker and runs them on
// threads; the calling thread takes the first range. For loops whose result
// does not depend on how the range is split.

#include <algorithm>
#include <cstdint>
#include <exception>
#include <thread>
#include <vector>

namespace frontier::graph {

// 0 = one worker per hardware thread; never fewer than 1.
inline unsigned workerCount(unsigned requested) {
  return std::max(1U, requested != 0 ? requested : std::thread::hardware_concurrency());
}

// Workers (at most `workers`, at least 1) whose private state of `perWorker`
// bytes fits in `budget` bytes all together: the CPU references hold their
// V-sized state per thread, which must not grow with the core count.
inline unsigned workersWithin(unsigned workers, uint64_t perWorker, uint64_t budget) {
  return static_cast<unsigned>(std::clamp<uint64_t>(budget / std::max<uint64_t>(perWorker, 1), 1, std::max(workers, 1U)));
}

// body(begin, end, worker) for worker 0..workers-1; returns the number of
// workers used (at most `count`, at least 1). An exception of any worker
// (a cancelled Progress, say) is thrown again once every worker has ended.
template <class Body> unsigned parallelRanges(unsigned workers, uint64_t count, const Body& body) {
  const auto used = static_cast<unsigned>(std::clamp<uint64_t>(count, 1, workers));
  const uint64_t step = (count + used - 1) / used;
  std::vector<std::exception_ptr> errors(used);
  auto run = [&](unsigned w) {
    try {
      body(std::min(count, w * step), std::min(count, (w + 1) * step), w);
    } catch (...) {
      errors[w] = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  for (unsigned w = 1; w < used; ++w) {
    threads.emplace_back(run, w);
  }
  run(0);
  for (std::thread& thread : threads) {
    thread.join();
  }
  for (const std::exception_ptr& error : errors) {
    if (error) {
      std::rethrow_exception(error);
    }
  }
  return used;
}

} // namespace frontier::graph
