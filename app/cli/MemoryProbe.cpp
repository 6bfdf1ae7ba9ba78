#include "MemoryProbe.h"

#include <cstdio>
#include <cstring>

#include <malloc.h>

namespace frontier::cli {

namespace {

uint64_t statusField(const char* name) {
  std::FILE* file = std::fopen("/proc/self/status", "r");
  if (file == nullptr) {
    return 0;
  }
  char line[256];
  unsigned long long kib = 0;
  const size_t length = std::strlen(name);
  while (std::fgets(line, sizeof line, file) != nullptr) {
    if (std::strncmp(line, name, length) == 0 && line[length] == ':') {
      std::sscanf(line + length + 1, "%llu", &kib);
      break;
    }
  }
  std::fclose(file);
  return kib * 1024;
}

} // namespace

uint64_t MemoryProbe::currentBytes() { return statusField("VmRSS"); }
uint64_t MemoryProbe::peakBytes() { return statusField("VmHWM"); }

bool MemoryProbe::resetPeak() {
  malloc_trim(0);
  std::FILE* file = std::fopen("/proc/self/clear_refs", "w");
  if (file == nullptr) {
    return false;
  }
  const bool ok = std::fputs("5", file) >= 0;
  return std::fclose(file) == 0 && ok;
}

} // namespace frontier::cli
