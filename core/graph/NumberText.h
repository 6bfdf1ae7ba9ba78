#pragma once
// Numbers as text, independent of the C locale (the GUI sets one): decimal
// integers and doubles in their shortest form that reads back exactly.

#include <charconv>
#include <cstdint>
#include <string>

namespace frontier::graph {

inline void appendNumber(std::string& out, uint64_t value) {
  char digits[24];
  const auto result = std::to_chars(digits, digits + sizeof digits, value);
  out.append(digits, result.ptr);
}

inline void appendNumber(std::string& out, double value) {
  char digits[32];
  const auto result = std::to_chars(digits, digits + sizeof digits, value);
  out.append(digits, result.ptr);
}

inline std::string numberText(double value) {
  std::string text;
  appendNumber(text, value);
  return text;
}

} // namespace frontier::graph
