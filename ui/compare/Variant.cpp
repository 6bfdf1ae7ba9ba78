#include "compare/Variant.h"

namespace frontier::ui {

Variant variantOf(run::RunSpec spec) {
  Variant variant;
  variant.spec = spec.text;
  variant.sssp = spec.unit() == run::Unit::Weight;
  variant.run = std::move(spec);
  return variant;
}

Variant variantFromSpec(std::string_view text) {
  return variantOf(run::parseRunSpec(text));
}

std::vector<Variant> variantsFromList(std::string_view list) {
  std::vector<Variant> variants;
  for (run::RunSpec& spec : run::parseRunSpecList(list, kMinVariants, kMaxVariants)) {
    variants.push_back(variantOf(std::move(spec)));
  }
  return variants;
}

} // namespace frontier::ui
