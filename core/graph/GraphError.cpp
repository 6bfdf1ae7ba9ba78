#include "GraphError.h"

namespace frontier::graph {

namespace {

std::string location(const std::string& file, uint64_t line, uint64_t column) {
  std::string text = file;
  if (line > 0) {
    text += ':' + std::to_string(line);
    if (column > 0) {
      text += ':' + std::to_string(column);
    }
  }
  return text;
}

} // namespace

GraphError::GraphError(std::string file, uint64_t line, uint64_t column, const std::string& message)
    : std::runtime_error(location(file, line, column) + ": " + message), m_file(std::move(file)), m_line(line),
      m_column(column), m_message(message) {}

std::string describeToken(std::string_view text, size_t maxChars) {
  if (text.empty()) {
    return "end of file";
  }
  if (text.front() == '\n' || (text.front() == '\r' && (text.size() == 1 || text[1] == '\n'))) {
    return "end of line";
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string shown = "'";
  size_t count = 0;
  for (const char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (count > 0) {
        break;
      }
    }
    if (count == maxChars) {
      shown += "...";
      break;
    }
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7f) {
      shown += c;
    } else {
      shown += "\\x";
      shown += kHex[byte >> 4U];
      shown += kHex[byte & 15U];
    }
    ++count;
  }
  shown += '\'';
  if (text.find('\0') < count + 1) {
    shown += " (a NUL byte: binary data?)";
  }
  return shown;
}

} // namespace frontier::graph
