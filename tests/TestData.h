#pragma once
// Where tests find the real graphs of ../shared/data (never copied here).

#include <cstdlib>
#include <filesystem>
#include <string>

namespace frontier::test {

inline std::filesystem::path dataDir() {
  const char* env = std::getenv("FRONTIER_DATA_DIR");
  return env != nullptr ? std::filesystem::path(env) : std::filesystem::path("../shared/data");
}

inline std::filesystem::path dataFile(const std::string& name) { return dataDir() / name; }

} // namespace frontier::test
