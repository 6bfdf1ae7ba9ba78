#pragma once
// The registry's families, one per engine room (Registry.cpp lists them).

#include "run/Registry.h"

namespace frontier::run {

Family ibfsFamily();
Family shortestPathsFamily();

} // namespace frontier::run
