#include "run/Registry.h"

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
  return familyOf(spec.engine).make(inputs, std::move(pairs), spec, options);
}

std::string_view unitName(Unit unit) {
  return unit == Unit::Hops ? "hops" : "weight units";
}

} // namespace frontier::run
