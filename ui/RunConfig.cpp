#include "RunConfig.h"

#include "compare/Variant.h"

namespace frontier::ui {

QStringList RunConfig::comparisonSpecs() const {
  QStringList specs;
  for (const run::RunSpec& spec : comparison) {
    specs.append(QString::fromStdString(spec.text));
  }
  return specs;
}

std::vector<run::RunSpec> parseComparison(const QStringList& specs) {
  // One grammar and one count rule with the command line's comparison list
  // (a spec never holds a comma, so the joined list splits back the same).
  return run::parseRunSpecList(specs.join(QLatin1Char(',')).toStdString(), kMinVariants, kMaxVariants);
}

std::vector<run::RunSpec> defaultComparison(bool weighted) {
  return parseComparison(weighted ? QStringList{"auto", "batched", "near-far", "bellman-ford"}
                                  : QStringList{"workgroups", "coalesced", "coalesced-bottom-up"});
}

} // namespace frontier::ui
