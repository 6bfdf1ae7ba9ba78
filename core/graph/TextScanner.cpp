#include "TextScanner.h"

#include <cmath>
#include <cstring>

namespace frontier::graph {

bool TextScanner::loadBlock() {
  if (m_input == nullptr) {
    return false;
  }
  m_progress.report(m_input->fraction());
  const std::string_view block = m_input->nextBlock();
  if (block.empty()) {
    return false;
  }
  m_p = block.data();
  m_end = block.data() + block.size();
  return true;
}

uint64_t TextScanner::readLongTail(uint64_t value, const char* start, const char* what) {
  const char* p = m_p;
  unsigned digit = static_cast<unsigned char>(*p) - unsigned{'0'};
  while (digit <= 9) {
    if (__builtin_mul_overflow(value, uint64_t{10}, &value) || __builtin_add_overflow(value, digit, &value)) {
      failAt(start, std::string("expected ") + what + " below 2^64");
    }
    digit = static_cast<unsigned char>(*++p) - unsigned{'0'};
  }
  m_p = p;
  return value;
}

int64_t TextScanner::readSigned(const char* what) {
  int64_t value = 0;
  const char* start = m_p + (*m_p == '+' ? 1 : 0);
  const auto [end, error] = std::from_chars(start, m_end, value);
  if (error != std::errc() || end == start) {
    failAt(m_p, std::string("expected ") + what + (error == std::errc::result_out_of_range ? " within 64 bits" : ""));
  }
  m_p = end;
  return value;
}

double TextScanner::readReal(const char* what) {
  double value = 0;
  const char* start = m_p + (*m_p == '+' ? 1 : 0);
  const auto [end, error] = std::from_chars(start, m_end, value);
  if (error != std::errc() || end == start || !std::isfinite(value)) {
    failAt(m_p, std::string("expected ") + what + " (a finite number)");
  }
  m_p = end;
  return value;
}

double TextScanner::readWeight(const char* what, bool integer) {
  const char* at = m_p;
  const double value = integer ? static_cast<double>(readSigned(what)) : readReal(what);
  if (value < 0.0) {
    failAt(at, std::string("expected ") + what + " >= 0 (negative weights are not supported)");
  }
  return value;
}

void TextScanner::skipLine() noexcept {
  m_p = static_cast<const char*>(std::memchr(m_p, '\n', static_cast<size_t>(m_end - m_p))) + 1;
}

std::string_view TextScanner::restOfLine() noexcept {
  const char* start = m_p;
  skipLine();
  const char* stop = m_p - 1;
  if (stop > start && stop[-1] == '\r') {
    --stop;
  }
  return {start, static_cast<size_t>(stop - start)};
}

void TextScanner::failAt(const char* at, const std::string& expected) const {
  const uint64_t column = m_lineStart != nullptr ? static_cast<uint64_t>(at - m_lineStart) + 1 : 0;
  const std::string_view rest = at != nullptr ? std::string_view(at, static_cast<size_t>(m_end - at)) : "";
  throw GraphError(name(), m_line, column, expected + ", found " + describeToken(rest));
}

void TextScanner::failWith(const char* at, const std::string& message) const {
  throw GraphError(name(), m_line, m_lineStart != nullptr ? static_cast<uint64_t>(at - m_lineStart) + 1 : 0, message);
}

void TextScanner::failLine(const std::string& message) const { throw GraphError(name(), m_line, 0, message); }

void TextScanner::failAtEnd(const std::string& message) const {
  throw GraphError(name(), m_line > 0 ? m_line : 1, 0, message);
}

} // namespace frontier::graph
