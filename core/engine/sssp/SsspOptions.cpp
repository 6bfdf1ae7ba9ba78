#include "engine/sssp/SsspOptions.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace frontier::engine {

std::string_view algorithmName(SsspAlgorithm algorithm) {
  switch (algorithm) {
  case SsspAlgorithm::NearFar: return "near-far";
  case SsspAlgorithm::DeltaStepping: return "delta-step";
  case SsspAlgorithm::BellmanFord: return "bellman-ford";
  case SsspAlgorithm::Batched: return "batched";
  case SsspAlgorithm::Resident: return "resident";
  case SsspAlgorithm::Pairs: return "pairs";
  case SsspAlgorithm::Automatic: return "auto";
  }
  return "unknown";
}

std::vector<std::string> algorithmNames() { return {"near-far", "delta-step", "bellman-ford", "batched", "resident", "pairs", "auto"}; }

SsspAlgorithm algorithmByName(std::string_view name) {
  std::string key(name);
  std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return c == '_' ? '-' : std::tolower(c); });
  if (key == "near-far" || key == "nearfar" || key == "nf") {
    return SsspAlgorithm::NearFar;
  }
  if (key == "delta-step" || key == "delta-stepping" || key == "deltastep" || key == "ds") {
    return SsspAlgorithm::DeltaStepping;
  }
  if (key == "bellman-ford" || key == "bellmanford" || key == "bf") {
    return SsspAlgorithm::BellmanFord;
  }
  if (key == "batched" || key == "interleaved" || key == "batched-near-far") {
    return SsspAlgorithm::Batched;
  }
  if (key == "resident" || key == "per-workgroup") {
    return SsspAlgorithm::Resident;
  }
  if (key == "pairs" || key == "pair-hops") {
    return SsspAlgorithm::Pairs;
  }
  if (key == "auto" || key == "automatic") {
    return SsspAlgorithm::Automatic;
  }
  throw std::invalid_argument("unknown algorithm '" + std::string(name) +
                              "': use near-far, delta-step, bellman-ford, batched, resident, pairs or auto");
}

} // namespace frontier::engine
