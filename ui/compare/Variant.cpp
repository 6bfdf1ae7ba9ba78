#include "compare/Variant.h"

#include <charconv>
#include <stdexcept>

namespace frontier::ui {

namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
    text.remove_prefix(1);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return text;
}

template <class T> T number(std::string_view spec, std::string_view key, std::string_view text) {
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    throw std::invalid_argument("'" + std::string(spec) + "': " + std::string(key) + " needs a number, not '" +
                                std::string(text) + "'");
  }
  return value;
}

// "near-far+delta=D+batch=B+queries=Q": the SSSP engine's knobs.
Variant ssspVariant(std::string_view spec, engine::SsspAlgorithm algorithm, std::string_view switches) {
  Variant variant;
  variant.spec = std::string(spec);
  variant.sssp = true;
  variant.ssspOptions.algorithm = algorithm;
  while (!switches.empty()) {
    const size_t plus = switches.find('+');
    const std::string_view item = switches.substr(0, plus);
    switches = plus == std::string_view::npos ? std::string_view() : switches.substr(plus + 1);
    const size_t eq = item.find('=');
    const std::string_view key = item.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? std::string_view() : item.substr(eq + 1);
    if (key == "delta") {
      const auto delta = number<double>(spec, key, value);
      if (!(delta > 0)) {
        throw std::invalid_argument("'" + std::string(spec) + "': delta must be positive");
      }
      variant.ssspOptions.delta = delta;
    } else if (key == "batch" || key == "b") {
      const auto batch = number<uint32_t>(spec, key, value);
      if (batch < 1 || batch > engine::kMaxIterationsPerSubmit) {
        throw std::invalid_argument("'" + std::string(spec) + "': batch must be 1.." +
                                    std::to_string(engine::kMaxIterationsPerSubmit));
      }
      variant.ssspOptions.iterationsPerSubmit = batch;
    } else if (key == "queries" || key == "q") {
      variant.ssspOptions.queriesPerBatch = number<uint32_t>(spec, key, value);
    } else {
      throw std::invalid_argument("'" + std::string(spec) + "': unknown switch '" + std::string(item) +
                                  "' (shortest-path switches: delta=D, batch=B, queries=Q)");
    }
  }
  return variant;
}

} // namespace

Variant variantFromSpec(std::string_view text) {
  const std::string_view spec = trim(text);
  if (spec.empty()) {
    throw std::invalid_argument("an empty strategy spec");
  }
  const size_t plus = spec.find('+');
  const std::string_view head = spec.substr(0, plus);
  const std::string_view switches = plus == std::string_view::npos ? std::string_view() : spec.substr(plus + 1);
  for (const std::string& name : engine::algorithmNames()) {
    if (head == name) {
      return ssspVariant(spec, engine::algorithmByName(head), switches);
    }
  }
  Variant variant;
  variant.spec = std::string(spec);
  try {
    variant.strategy = engine::strategyFromSpec(spec);
  } catch (const std::invalid_argument& error) {
    std::string known;
    for (const std::string& name : engine::algorithmNames()) {
      known += (known.empty() ? "" : ", ") + name;
    }
    throw std::invalid_argument(std::string(error.what()) + "; on weighted graphs also " + known +
                                " with +delta=D+batch=B");
  }
  return variant;
}

std::vector<Variant> variantsFromList(std::string_view list) {
  std::vector<Variant> variants;
  while (true) {
    const size_t comma = list.find(',');
    variants.push_back(variantFromSpec(list.substr(0, comma)));
    if (comma == std::string_view::npos) {
      break;
    }
    list = list.substr(comma + 1);
  }
  if (variants.size() < kMinVariants || variants.size() > kMaxVariants) {
    throw std::invalid_argument("a comparison takes 2 to 4 strategies, not " + std::to_string(variants.size()));
  }
  return variants;
}

} // namespace frontier::ui
