#pragma once
// Faults that tests inject into the device layer, to check that every caller
// reports them cleanly (a message, exit status 1, no partial output; the
// window keeps its graph and results). Off unless asked for, and free then.
//
// Asked for by the environment variable FRONTIER_INJECT_FAULT (read once, at
// the first device call) or by configure(). A comma-separated list of:
//   oom@N         the N-th device-memory allocation (1-based) fails with
//                 VK_ERROR_OUT_OF_DEVICE_MEMORY
//   lost@N        the N-th queue submission fails with VK_ERROR_DEVICE_LOST
//   lost-from@N   every queue submission from the N-th on fails so (every
//                 device of a several-device run is lost)
//   budget@M      the device reports a memory budget of M MiB, so that a
//                 run too large for it is refused before anything is
//                 allocated (what the message says to lower is checked)
//   allocation@M  the device allows M MiB per allocation
//                 (maxMemoryAllocationSize, Context::maxAllocationSize), so
//                 that an array larger than that is spread over chunks
//   wrong-length  the engine (iBFS and shortest paths) reports the first
//                 reachable path length one too long, so that a check
//                 against the CPU must notice
// Counting starts when the spec is set. Thread-safe.

#include <cstdint>
#include <string>
#include <string_view>

namespace frontier::gpu::faults {

// Replaces the current spec ("" turns every fault off); std::invalid_argument
// for an unknown fault.
void configure(std::string_view spec);

// Called by Context: throw VulkanError when the fault is due. `what` names
// the allocation in the message.
void beforeAllocation(const std::string& what, uint64_t bytes);
void beforeSubmit();

// Queue submissions made since the spec was set, counted while a lost@ or
// lost-from@ fault is set (0 otherwise): tests place a fault after work of
// a known number of submissions.
uint64_t submissionsCounted();

// True when the engine must report a wrong length (the wrong-length fault).
bool wrongLength();

// The injected memory budget in bytes (budget@M), 0 when none is.
uint64_t budgetOverride();

// The injected bytes per allocation (allocation@M), 0 when none is.
uint64_t allocationLimitOverride();

} // namespace frontier::gpu::faults
