#pragma once
// The tokenizer every text reader shares: walks the lines of a TextInput,
// parses numbers with std::from_chars-class speed, and turns anything
// unexpected into a GraphError "file:line:column: expected X, found 'Y'".
//
// Lines end with '\n' ('\r' before it counts as a blank). Blanks are spaces
// and tabs. The scanner never reads past the end of a block: every block
// ends with '\n', which stops every token.
//
// A scanner may also walk a fixed run of whole lines (one range of a
// parallel parse, see LineRanges.h): it then counts lines from the number
// it is given and ends with that text.

#include <bit>
#include <charconv>
#include <cstring>
#include <cstdint>
#include <string>
#include <string_view>

#include "GraphError.h"
#include "Progress.h"
#include "TextInput.h"

namespace frontier::graph {

class TextScanner {
public:
  TextScanner(TextInput& input, Progress progress)
      : m_input(&input), m_name(&input.name()), m_progress(progress) {}
  // Whole lines `text` (ending with '\n', readable padding after it as in a
  // TextInput block) whose first line is line `lineBefore` + 1; `name` names
  // the input in errors and must outlive the scanner.
  TextScanner(std::string_view text, const std::string& name, uint64_t lineBefore = 0)
      : m_name(&name), m_p(text.data()), m_end(text.data() + text.size()), m_line(lineBefore) {}

  // Moves to the start of the next line; false at the end of the input.
  // Call after endLine()/skipLine() (or at the start).
  bool nextLine() {
    if (m_p == m_end && !loadBlock()) {
      return false;
    }
    ++m_line;
    m_lineStart = m_p;
    return true;
  }

  char peek() const noexcept { return *m_p; }
  const char* position() const noexcept { return m_p; }
  bool atLineEnd() const noexcept { return *m_p == '\n' || (*m_p == '\r' && m_p[1] == '\n'); }
  uint64_t line() const noexcept { return m_line; }

  void skipBlanks() noexcept {
    while (*m_p == ' ' || *m_p == '\t') {
      ++m_p;
    }
  }
  // True when one blank or more was skipped.
  bool skipSeparator() noexcept {
    const char* start = m_p;
    skipBlanks();
    return m_p != start;
  }
  bool accept(char c) noexcept {
    if (*m_p == c) {
      ++m_p;
      return true;
    }
    return false;
  }

  // A non-negative integer without sign; `what` names it in the error.
  uint64_t readUnsigned(const char* what) {
    // Up to 8 digits at once (SWAR): classify 8 bytes, then combine the
    // leading digits with three multiplications. The input keeps readable
    // padding after every block, so the 8-byte load is always in bounds.
    const char* p = m_p;
    uint64_t chunk;
    std::memcpy(&chunk, p, 8);
    const uint64_t high = chunk & 0xF0F0F0F0F0F0F0F0ULL;
    const uint64_t carried = (chunk + 0x0606060606060606ULL) & 0xF0F0F0F0F0F0F0F0ULL;
    const uint64_t nonDigit = (high ^ 0x3030303030303030ULL) | (carried ^ 0x3030303030303030ULL);
    const unsigned digits = nonDigit == 0 ? 8U : static_cast<unsigned>(std::countr_zero(nonDigit)) / 8U;
    if (digits == 0) {
      fail(std::string("expected ") + what);
    }
    uint64_t value = (chunk - 0x3030303030303030ULL) << (8U * (8U - digits));
    value = value * 10 + (value >> 8U);
    value = (((value & 0x000000FF000000FFULL) * (100 + (1000000ULL << 32U))) +
             (((value >> 16U) & 0x000000FF000000FFULL) * (1 + (10000ULL << 32U)))) >>
            32U;
    m_p = p + digits;
    if (digits == 8 && static_cast<unsigned>(static_cast<unsigned char>(*m_p) - '0') <= 9) {
      value = readLongTail(value, p, what);
    }
    return value;
  }
  int64_t readSigned(const char* what);
  double readReal(const char* what);
  // An edge weight: an integer (`integer`) or a finite real, rejected when
  // negative (shortest paths need weights >= 0) at its line and column.
  double readWeight(const char* what, bool integer);

  // A run of characters up to the next blank or line end (may be empty).
  std::string_view readWord() noexcept {
    const char* start = m_p;
    while (*m_p != ' ' && *m_p != '\t' && *m_p != '\n' && !(*m_p == '\r' && m_p[1] == '\n')) {
      ++m_p;
    }
    return {start, static_cast<size_t>(m_p - start)};
  }
  // True when the rest of the line is blank.
  bool blankRest() noexcept {
    skipBlanks();
    return atLineEnd();
  }

  // Skips blanks and expects the end of the line, then moves past it.
  void endLine() {
    skipBlanks();
    if (*m_p == '\r') {
      ++m_p;
    }
    if (*m_p != '\n') {
      fail("expected the end of the line");
    }
    ++m_p;
  }
  // Moves past the end of the line, whatever it holds.
  void skipLine() noexcept;
  // The rest of the line (without the line break); moves past it.
  std::string_view restOfLine() noexcept;

  // Throws GraphError at the current position: "expected ..., found '...'".
  [[noreturn]] void fail(const std::string& expected) const { failAt(m_p, expected); }
  [[noreturn]] void failAt(const char* at, const std::string& expected) const;
  // Throws GraphError at `at` with `message` as it is.
  [[noreturn]] void failWith(const char* at, const std::string& message) const;
  // Throws GraphError for this line without naming a token.
  [[noreturn]] void failLine(const std::string& message) const;
  // Throws GraphError for the file at its end (count mismatches).
  [[noreturn]] void failAtEnd(const std::string& message) const;

  const std::string& name() const noexcept { return *m_name; }
  Progress& progress() noexcept { return m_progress; }
  // The input of a scanner made from one (not of a fixed text).
  TextInput& input() noexcept { return *m_input; }

  // The rest of the current block, whole lines, handed over to be parsed
  // elsewhere (call between lines): the scanner moves to the block's end,
  // so that nextLine() goes on with the input's next block.
  std::string_view takeRest() noexcept {
    const std::string_view rest(m_p, static_cast<size_t>(m_end - m_p));
    m_p = m_end;
    return rest;
  }
  // Sets the number of the current line (after lines were parsed elsewhere).
  void setLine(uint64_t line) noexcept {
    m_line = line;
    m_lineStart = nullptr;
  }

private:
  bool loadBlock();
  uint64_t readLongTail(uint64_t value, const char* start, const char* what);

  TextInput* m_input = nullptr;
  const std::string* m_name;
  Progress m_progress;
  const char* m_p = nullptr;
  const char* m_end = nullptr;
  const char* m_lineStart = nullptr;
  uint64_t m_line = 0;
};

} // namespace frontier::graph
