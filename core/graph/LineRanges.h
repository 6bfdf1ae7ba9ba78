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
//  - workers parse ranges into parts of their own, each with a TextScanner
//    over its range that counts lines from 0 (parse(scanner, part));
//  - the calling thread then takes the parts in file order: consume(part,
//    text, lineBefore) adds what a part holds (the builder is not thread-
//    safe, and this keeps the order of a serial parse, so ids and edges are
//    the same); an error of a range is thrown after its part was consumed
//    (its part holds the lines before the error), with its line number moved
//    by the lines before the range. The first error in file order wins:
//    ranges after an error are skipped or ignored.
// Progress is reported (and a cancel thrown) on the calling thread between
// batches, while no worker runs; the scanner's line number ends at the last
// line of the input, as after a serial parse.
// Memory: the batch text and the parts of one batch; nothing per file.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <exception>
#include <optional>
#include <string_view>
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
inline std::optional<LineRangePlan> planLineRanges(const TextInput& input, const LoadOptions& options,
                                                   bool compressed) {
  const unsigned workers = workerCount(options.threads);
  const bool forced = options.parseRangeBytes != 0;
  if (!forced && (workers < 2 || compressed || input.sourceSize() < kParallelParseMinBytes)) {
    return std::nullopt;
  }
  constexpr size_t kPerWorker = size_t{4} << 20U;
  constexpr size_t kMostPerBatch = size_t{64} << 20U;
  LineRangePlan plan;
  plan.workers = workers;
  if (forced) {
    plan.rangeBytes = static_cast<size_t>(std::min<uint64_t>(options.parseRangeBytes, kMostPerBatch));
    plan.batchBytes = std::min(kMostPerBatch, size_t{workers} * std::max(plan.rangeBytes, size_t{64} << 10U));
  } else {
    plan.batchBytes = std::min(kMostPerBatch, size_t{workers} * kPerWorker);
    plan.rangeBytes = plan.batchBytes / workers;
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

// Part: default-constructible, with clear(). Parse: void(TextScanner&,
// Part&), walking the range with nextLine(). Consume: void(Part&,
// std::string_view text, uint64_t lineBefore).
template <class Part, class Parse, class Consume>
void parseLineRanges(TextScanner& scan, const LineRangePlan& plan, const Parse& parse, const Consume& consume) {
  TextInput& input = scan.input();
  uint64_t line = scan.line();
  std::string_view batch = scan.takeRest();
  bool grown = false;
  std::vector<std::string_view> ranges;
  std::vector<Part> parts;
  std::vector<uint64_t> lines;
  std::vector<std::exception_ptr> errors;
  for (;;) {
    splitLines(batch, plan.rangeBytes, ranges);
    if (parts.size() < ranges.size()) {
      parts.resize(ranges.size());
    }
    lines.assign(ranges.size(), 0);
    errors.assign(ranges.size(), nullptr);
    std::atomic<size_t> firstError{ranges.size()};
    if (!ranges.empty()) {
      parallelRanges(plan.workers, ranges.size(), [&](uint64_t begin, uint64_t end, unsigned) {
        for (size_t r = begin; r < end && r < firstError.load(std::memory_order_relaxed); ++r) {
          TextScanner local(ranges[r], scan.name());
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
      });
    }
    for (size_t r = 0; r < ranges.size(); ++r) {
      consume(parts[r], ranges[r], line);
      if (errors[r]) {
        rethrowAfterLines(errors[r], line);
      }
      line += lines[r];
    }
    scan.progress().report(input.fraction());
    if (!grown) {
      // The first batch was in the scanner's block; the view is used up.
      input.growBlocks(plan.batchBytes);
      grown = true;
    }
    batch = input.nextBlock();
    if (batch.empty()) {
      break;
    }
  }
  scan.setLine(line);
}

} // namespace frontier::graph::detail
