#pragma once
// What a run needs of the device's memory, in the words every front end
// shows ("needs 1.25 GiB of 79.19 GiB"), and the check that refuses a run
// before anything is allocated when it does not fit.
//
// Errors: checkFits throws ResourceError (ibfs/Search.h) naming the need, the
// budget, the device and what to lower.

#include <cstdint>
#include <string>

namespace frontier::engine {

// Bytes as GiB with two decimals ("1.25 GiB"); below 1 GiB as MiB with
// one ("316.4 MiB"), below 1 MiB as KiB ("52 KiB"), so that small needs
// and budgets still read as numbers.
std::string gib(uint64_t bytes);

// "needs X GiB of Y GiB"; without a known budget (0) just "needs X GiB".
std::string describeNeed(uint64_t needed, uint64_t budget);

// Throws ResourceError when `budget` is known and `needed` exceeds it:
// "<what> needs X GiB of the Y GiB <device> can give: <lower>".
void checkFits(const std::string& what, uint64_t needed, uint64_t budget, const std::string& device,
               const std::string& lower);

} // namespace frontier::engine
