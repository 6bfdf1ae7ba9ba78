#pragma once
// A two-level run whose kernels have known bytes and times, shared by the
// roofline tests (unit and UI): identify, 2 dispatches of 2 us moving 1 MB
// each; expand top-down, 2 of 1 ms moving 40 MB each over 4 M arcs; a plan
// dispatch with no bytes.

#include "engine/Trace.h"

namespace frontier::test {

inline engine::RunTrace rooflineSampleRun() {
  using engine::KernelKind;
  engine::RunTrace t;
  engine::IterationStats a;
  a.level = 0;
  a.edgesExamined = 1000000;
  engine::IterationStats b;
  b.level = 1;
  b.edgesExamined = 3000000;
  t.iterations = {a, b};
  t.kernels = {{KernelKind::Identify, 0, 0, 0, 2000, 1000000, 0, 0},
               {KernelKind::ExpandTopDown, 0, 0, 2000, 1002000, 40000000, 0, 0},
               {KernelKind::Identify, 0, 1, 1002000, 1004000, 1000000, 0, 0},
               {KernelKind::ExpandTopDown, 0, 1, 1004000, 2004000, 40000000, 0, 0},
               {KernelKind::Plan, 0, 1, 2004000, 2005000, 0, 0, 0}};
  return t;
}

} // namespace frontier::test
