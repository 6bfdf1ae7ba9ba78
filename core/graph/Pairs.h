#pragma once
// Source/destination pairs (dense ids) and path lengths in hops.

#include <cstdint>

#include "graph/Csr.h"

namespace frontier::graph {

struct Pair {
  VertexId source = 0;
  VertexId destination = 0;
};

using Length = int32_t;
inline constexpr Length kUnreachable = -1;

} // namespace frontier::graph
