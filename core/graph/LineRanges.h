#pragma once
// Parses the rest of a text input on several threads, in ranges of whole
// lines, with the graph, the errors and the line numbers of a serial parse.
//
// A reader parses its header serially with its TextScanner (everything that
// decides how later lines are read: direction, weights, counts), then hands
// the rest of the input to parseLineRanges():
//  - the input is read in batches (a few MiB per worker; the first batch is
//    the rest of the scanner's current block);
//  - each batch is cut at line ends into ranges of at least rangeBytes;
//  - workers claim ranges one at a time and parse each into a part of its
//    own, with a TextScanner over the range that counts lines from 0
//    (parse(scanner, part));
//  - meanwhile the calling thread takes the parts in file order (parsing
//    ranges itself while the next part is not ready): consume(part, text,
//    lineBefore, failed) adds what a part holds (the builder is not thread-safe,
//    and this keeps the order of a serial parse, so ids and edges are the
//    same); an error of a range is thrown after its part was consumed (the
//    part holds the lines before the error), with its line number moved by
//    the lines before the range. The first error in file order wins: ranges
//    after an error are skipped or ignored, and the workers are stopped and
//    joined before it leaves.
// Progress is reported (and a cancel thrown) on the calling thread only, as
// parts are consumed; the scanner's line number ends at the last line of
// the input, as after a serial parse.
// Memory: the batch text and the parts of one batch; nothing per file.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <exception>
#include <optional>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "GraphError.h"
#include "GraphIO.h"
#include "Parallel.h"
#include "TextInput.h"
#include "TextScanner.h"

namespace frontier::graph::detail {

struct LineRangePlan {
  unsigned workers = 1;
  size_t rangeBytes = 0;  // at least this many bytes per range (whole lines)
  size_t batchBytes = 0;  // text read per batch after the first
};

// Below this size (and for gzip input, whose inflate bounds the speed
// anyway) a file is parsed on the loading thread unless
// LoadOptions::parseRangeBytes forces the split.
inline constexpr uint64_t kParallelParseMinBytes = uint64_t{2} << 20U;

// How to parse the rest of `input` in ranges; nullopt: serially.
// `automatic` false: only when LoadOptions::parseRangeBytes asks for it (a
// reader whose split has not been measured faster).
inline std::optional<LineRangePlan> planLineRanges(const TextInput& input, const LoadOptions& options,
                                                   bool compressed, bool automatic = true) {
  const unsigned workers = workerCount(options.threads);
  const bool forced = options.parseRangeBytes != 0;
  if (!forced && (!automatic || workers < 2 || compressed || input.sourceSize() < kParallelParseMinBytes)) {
    return std::nullopt;
  }
  // Batches of several ranges per worker: the loading thread consumes the
  // parts while the others parse the ranges after them.
  constexpr size_t kPerWorker = size_t{8} << 20U;
  constexpr size_t kRangeBytes = size_t{1} << 20U;
  constexpr size_t kMostPerBatch = size_t{64} << 20U;
  LineRangePlan plan;
  plan.workers = workers;
  if (forced) {
    plan.rangeBytes = static_cast<size_t>(std::min<uint64_t>(options.parseRangeBytes, kMostPerBatch));
    plan.batchBytes = std::min(kMostPerBatch, size_t{workers} * std::max(plan.rangeBytes, size_t{64} << 10U));
  } else {
    plan.batchBytes = std::min(kMostPerBatch, size_t{workers} * kPerWorker);
    plan.rangeBytes = kRangeBytes;
  }
  if (!compressed && input.sourceSize() != 0) {
    // No buffer larger than the file.
    plan.batchBytes = static_cast<size_t>(std::min<uint64_t>(plan.batchBytes, input.sourceSize()));
  }
  return plan;
}

// Cuts `text` (whole lines, ending with '\n') into ranges of at least
// `bytes` bytes (at least one line each) that end at a line end.
inline void splitLines(std::string_view text, size_t bytes, std::vector<std::string_view>& ranges) {
  ranges.clear();
  size_t start = 0;
  while (start < text.size()) {
    const size_t last = std::min(text.size(), start + std::max<size_t>(bytes, 1)) - 1;
    const void* end = std::memchr(text.data() + last, '\n', text.size() - last);
    const size_t stop = end != nullptr ? static_cast<size_t>(static_cast<const char*>(end) - text.data()) + 1
                                       : text.size();
    ranges.push_back(text.substr(start, stop - start));
    start = stop;
  }
}

// Throws `error` again; a GraphError with a line gets `lineBefore` added.
[[noreturn]] inline void rethrowAfterLines(const std::exception_ptr& error, uint64_t lineBefore) {
  try {
    std::rethrow_exception(error);
  } catch (const GraphError& graphError) {
    if (graphError.line() == 0) {
      throw;
    }
    throw GraphError(graphError.file(), graphError.line() + lineBefore, graphError.column(), graphError.message());
  }
}

// The ranges of one batch: claimed by workers one at a time, parsed, and
// consumed in file order by the loading thread.
template <class Part> struct RangeBatch {
  std::vector<std::string_view> ranges;
  std::vector<Part> parts;
  std::vector<uint64_t> lines;  // lines of each range
  std::vector<std::exception_ptr> errors;
  std::unique_ptr<std::atomic<uint8_t>[]> done;  // 1 once parsed (or skipped)
  std::atomic<size_t> next{0};                   // the next range to claim
  std::atomic<size_t> firstError{0};             // ranges after it are skipped
  std::atomic<bool> stop{false};                 // the loading thread gave up

  void reset() {
    const size_t n = ranges.size();
    if (parts.size() < n) {
      parts.resize(n);
    }
    lines.assign(n, 0);
    errors.assign(n, nullptr);
    done.reset(new std::atomic<uint8_t>[n]);
    for (size_t r = 0; r < n; ++r) {
      done[r].store(0, std::memory_order_relaxed);
    }
    next.store(0, std::memory_order_relaxed);
    firstError.store(n, std::memory_order_relaxed);
    stop.store(false, std::memory_order_relaxed);
  }

  // Claims and parses one range; false when none is left.
  template <class Parse> bool parseOne(const Parse& parse, const std::string& name) {
    const size_t n = ranges.size();
    if (stop.load(std::memory_order_relaxed) || next.load(std::memory_order_relaxed) >= n) {
      return false;
    }
    const size_t r = next.fetch_add(1, std::memory_order_relaxed);
    if (r >= n) {
      return false;
    }
    if (r < firstError.load(std::memory_order_relaxed)) {
      TextScanner local(ranges[r], name);
      parts[r].clear();
      try {
        parse(local, parts[r]);
      } catch (...) {
        errors[r] = std::current_exception();
        size_t seen = firstError.load(std::memory_order_relaxed);
        while (r < seen && !firstError.compare_exchange_weak(seen, r, std::memory_order_relaxed)) {
        }
      }
      lines[r] = local.line();
    }
    done[r].store(1, std::memory_order_release);
    done[r].notify_one();
    return true;
  }
};

// Part: default-constructible, with clear(). Parse: void(TextScanner&,
// Part&), walking the range with nextLine(); runs on any worker. Consume:
// void(Part&, std::string_view text, uint64_t lineBefore, bool failed)
// (failed: the range's parse stopped at an error, thrown next); runs on the
// loading thread, in file order, while the other workers parse the ranges
// after it (the loading thread parses too when no part is ready for it).
template <class Part, class Parse, class Consume>
void parseLineRanges(TextScanner& scan, const LineRangePlan& plan, const Parse& parse, const Consume& consume) {
  TextInput& input = scan.input();
  Progress& progress = scan.progress();
  uint64_t line = scan.line();
  std::string_view text = scan.takeRest();
  bool grown = false;
  RangeBatch<Part> batch;
  // Progress through a batch: from the input's fraction before it was read
  // to after, as its parts are consumed.
  double from = input.fraction();
  for (;;) {
    const double to = input.fraction();
    splitLines(text, plan.rangeBytes, batch.ranges);
    batch.reset();
    const size_t n = batch.ranges.size();
    std::vector<std::thread> threads;
    // Joins the workers however this batch ends (an error, a cancel).
    struct Join {
      RangeBatch<Part>& batch;
      std::vector<std::thread>& threads;
      ~Join() {
        batch.stop.store(true, std::memory_order_relaxed);
        for (std::thread& thread : threads) {
          thread.join();
        }
      }
    } join{batch, threads};
    const unsigned helpers = n > 0 ? static_cast<unsigned>(std::min<uint64_t>(plan.workers, n)) - 1U : 0U;
    for (unsigned w = 0; w < helpers; ++w) {
      threads.emplace_back([&batch, &parse, &scan] {
        while (batch.parseOne(parse, scan.name())) {
        }
      });
    }
    for (size_t r = 0; r < n; ++r) {
      // Parse until range r is ready, then take it.
      while (batch.done[r].load(std::memory_order_acquire) == 0) {
        if (!batch.parseOne(parse, scan.name())) {
          batch.done[r].wait(0, std::memory_order_acquire);
        }
      }
      consume(batch.parts[r], batch.ranges[r], line, batch.errors[r] != nullptr);
      if (batch.errors[r]) {
        rethrowAfterLines(batch.errors[r], line);
      }
      line += batch.lines[r];
      progress.report(from + (to - from) * static_cast<double>(r + 1) / static_cast<double>(n));
    }
    from = to;
    if (!grown) {
      // The first batch was in the scanner's block; the view is used up.
      input.growBlocks(plan.batchBytes);
      grown = true;
    }
    text = input.nextBlock();
    if (text.empty()) {
      break;
    }
  }
  scan.setLine(line);
}

} // namespace frontier::graph::detail
