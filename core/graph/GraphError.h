#pragma once
// Errors of the graph library.
//
// GraphError: the input (a file or a buffer) is not a valid graph, or a file
// cannot be read or written. It names the file, the line and the column where
// that helps (1-based; 0 = not applicable) and what was expected. what() reads
// "file:line:column: message", leaving out the parts that are 0.
//
// LoadCancelled: the progress callback of a load returned false.
//
// No function of the library returns a half-built graph: when either is thrown,
// everything built so far is released.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace frontier::graph {

class GraphError : public std::runtime_error {
public:
  GraphError(std::string file, uint64_t line, uint64_t column, const std::string& message);
  // An error about the whole file (no line): "file: message".
  GraphError(std::string file, const std::string& message) : GraphError(std::move(file), 0, 0, message) {}

  const std::string& file() const noexcept { return m_file; }
  uint64_t line() const noexcept { return m_line; }
  uint64_t column() const noexcept { return m_column; }
  // The message without the location.
  const std::string& message() const noexcept { return m_message; }

private:
  std::string m_file;
  uint64_t m_line;
  uint64_t m_column;
  std::string m_message;
};

class LoadCancelled : public std::runtime_error {
public:
  LoadCancelled() : std::runtime_error("loading cancelled") {}
};

// How a piece of input is shown in an error message: at most `maxChars`
// characters up to the next blank or line end, non-printable bytes as \xNN;
// "end of file" for an empty view, "end of line" at a line break.
std::string describeToken(std::string_view text, size_t maxChars = 24);

} // namespace frontier::graph
