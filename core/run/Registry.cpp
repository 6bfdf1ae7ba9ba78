#include "run/Registry.h"

#include <stdexcept>

#include "run/Families.h"

namespace frontier::run {

const std::vector<Family>& families() {
  static const std::vector<Family> all = {ibfsFamily(), shortestPathsFamily()};
  return all;
}

const Family& familyOf(Engine engine) {
  for (const Family& family : families()) {
    if (family.engine == engine) {
      return family;
    }
  }
  throw std::logic_error("no family for this engine");
}

std::unique_ptr<Run> makeRun(DeviceInputs& inputs, std::vector<graph::Pair> pairs, const RunSpec& spec,
                             const RunOptions& options) {
  if (options.claimBatch && !sharesBatches(spec)) {
    throw std::invalid_argument("runs of '" + spec.text + "' cannot share batches between devices");
  }
  return familyOf(spec.engine).make(inputs, std::move(pairs), spec, options);
}

bool sharesBatches(const RunSpec& spec) {
  return spec.engine == Engine::Ibfs;
}

std::string_view unitName(Unit unit) {
  return unit == Unit::Hops ? "hops" : "weight units";
}

} // namespace frontier::run
