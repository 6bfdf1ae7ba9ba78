#pragma once
// Sequential byte input for the readers: a file, a buffer in memory, or
// either of them gzip-compressed (detected by the gzip magic, not the name).
//
// read() fills up to n bytes and returns how many; 0 means the end. Errors
// (an unreadable file, corrupt or truncated gzip data) throw GraphError
// naming the source. position()/size() give the progress in bytes of the
// underlying (compressed) input; size() is 0 when unknown.
// A source is used by one thread at a time.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace frontier::graph {

class ByteSource {
public:
  virtual ~ByteSource() = default;
  virtual size_t read(char* destination, size_t n) = 0;
  virtual uint64_t position() const = 0;
  virtual uint64_t size() const = 0;
  // The name used in error messages (the path, or a label for a buffer).
  const std::string& name() const noexcept { return m_name; }

protected:
  explicit ByteSource(std::string name) : m_name(std::move(name)) {}

private:
  std::string m_name;
};

// Opens a file; decompresses it when it starts with the gzip magic.
// `compressed` (optional) is set to whether it did.
std::unique_ptr<ByteSource> openFile(const std::filesystem::path& path, bool* compressed = nullptr);

// Reads a buffer the caller keeps alive; decompresses gzip data as above.
std::unique_ptr<ByteSource> openMemory(std::string_view bytes, std::string name, bool* compressed = nullptr);

} // namespace frontier::graph
