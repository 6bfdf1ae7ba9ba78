// frontier-cli selftest [--device D] [--count N] [--scan S] [--remeasure-roofs]:
// the device's roofs (streaming copy, random gather, dispatch overhead),
// measured once and then read from the per-device cache, and GPU prefix sums
// over N values (reduce-then-scan and the chained scan) checked on the CPU,
// with their GPU times.

#include <cstdio>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "CliCommon.h"
#include "Commands.h"
#include "engine/Roofs.h"
#include "engine/scan/Selftest.h"
#include "vk/DeviceChoice.h"

namespace frontier::cli {

namespace {

// The roofs every report compares kernels with; devices without timestamps
// have none (said, not fatal: the scans below still check correctness).
void printRoofs(gpu::Context& context, bool remeasure) {
  if (!context.info().timestampsSupported) {
    std::printf("roofs: not measured (no GPU timestamps on this device)\n");
    return;
  }
  const engine::RoofsResult r = engine::cachedOrMeasuredRoofs(context, remeasure);
  std::string where = r.fromCache ? "read from " : "measured, cached in ";
  where += r.cacheFile.empty() ? std::string("(no cache folder)") : r.cacheFile;
  std::printf("roofs: streaming copy %.1f GB/s, random 4-byte gather %.2f G/s, empty dispatch %.2f us (%s)\n",
              r.roofs.copyGbps, r.roofs.gatherGps, r.roofs.dispatchUs, where.c_str());
  if (!r.cacheError.empty()) {
    std::fprintf(stderr, "frontier-cli selftest: warning: %s\n", r.cacheError.c_str());
  }
}

void addSelftestCommand(CLI::App& app) {
  auto* command = app.add_subcommand("selftest", "Run a GPU prefix sum and check it on the CPU");
  struct Options {
    std::string device;
    uint32_t count = 1U << 24U;
    uint64_t seed = 1;
    bool validation = false;
    std::string scan = "both";
    bool remeasure = false;
  };
  auto options = std::make_shared<Options>();
  addDeviceOption(*command, options->device);
  command->add_option("--count", options->count, "Number of values (default 16777216)")
      ->check(CLI::Range(1U, 1U << 28U));
  command->add_option("--seed", options->seed, "Seed of the random input");
  command->add_flag("--validation", options->validation, "Enable the Vulkan validation layers");
  command->add_option("--scan", options->scan, "Which scan: rts (reduce-then-scan), chained, both (default)")
      ->check(CLI::IsMember({"rts", "chained", "both"}));
  command->add_flag("--remeasure-roofs", options->remeasure,
                    "Measure the device's roofs again instead of reading them from the cache");
  command->callback([options] {
    guarded("selftest", [&] {
      gpu::ContextOptions contextOptions;
      contextOptions.deviceRequest = gpu::resolveDeviceRequest(options->device);
      contextOptions.validation = options->validation ? gpu::Validation::On : gpu::Validation::Auto;
      gpu::Context context(contextOptions);
      std::printf("device: %s (subgroup size %u)\n", context.info().name.c_str(), context.info().subgroupSize);
      printRoofs(context, options->remeasure);
      std::vector<engine::ScanKind> kinds;
      if (options->scan != "chained") {
        kinds.push_back(engine::ScanKind::ReduceThenScan);
      }
      if (options->scan != "rts") {
        kinds.push_back(engine::ScanKind::Chained);
      }
      bool correct = true;
      for (const engine::ScanKind kind : kinds) {
        const engine::SelftestResult r = engine::runSelftest(context, options->count, options->seed, kind);
        const std::string name(engine::scanKindName(kind));
        if (r.timestampsAvailable) {
          std::printf("prefix sum (%s) of %u values: GPU time %.3f ms (%.2f G values/s), wall time %.3f ms",
                      name.c_str(), r.count, r.gpuMs, r.gpuMs > 0 ? r.count / (r.gpuMs * 1e6) : 0.0, r.wallMs);
        } else {
          std::printf("prefix sum (%s) of %u values: wall time %.3f ms (no GPU timestamps on this device)",
                      name.c_str(), r.count, r.wallMs);
        }
        if (kind == engine::ScanKind::Chained) {
          std::printf(", %u look-back fallbacks", r.fallbacks);
        }
        std::printf("\n");
        if (!r.correct) {
          std::printf("FAIL (%s): %llu wrong values, first at index %u\n", name.c_str(),
                      static_cast<unsigned long long>(r.mismatches), r.firstMismatch);
          correct = false;
        }
      }
      if (context.validationErrorCount() > 0) {
        std::printf("FAIL: %llu validation errors\n",
                    static_cast<unsigned long long>(context.validationErrorCount()));
        return 1;
      }
      if (!correct) {
        return 1;
      }
      std::printf("PASS: every value of every scan equals the CPU prefix sum\n");
      return 0;
    });
  });
}

const CommandRegistration registration{"selftest", 20, addSelftestCommand};

} // namespace

} // namespace frontier::cli
