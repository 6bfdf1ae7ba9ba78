#pragma once
// A file written all or nothing: bytes go to a temporary file beside the
// target (gzip-compressed when asked), and commit() renames it into place.
// Destroyed without commit() (an exception), the temporary file is removed.
// Errors throw GraphError naming the target path.

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace frontier::graph {

class OutputFile {
public:
  OutputFile(std::filesystem::path path, bool gzip);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  void write(const void* data, size_t size);
  void write(std::string_view text) { write(text.data(), text.size()); }
  // Overwrites bytes at the start of an uncompressed file (a header whose
  // checksum is known only at the end).
  void overwriteStart(const void* data, size_t size);
  void commit();

private:
  void flush();
  void writeRaw(const char* bytes, size_t size);
  [[noreturn]] void fail(const std::string& what) const;

  std::filesystem::path m_path;
  std::filesystem::path m_temporary;
  bool m_gzip;
  int m_fd = -1;
  void* m_gz = nullptr;
  std::vector<char> m_buffer;
  size_t m_used = 0;
  bool m_committed = false;
};

} // namespace frontier::graph
