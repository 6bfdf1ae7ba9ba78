#include "ByteSource.h"

#include <cerrno>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "GraphError.h"

namespace frontier::graph {

namespace {

class FileSource final : public ByteSource {
public:
  explicit FileSource(const std::filesystem::path& path) : ByteSource(path.string()) {
    m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (m_fd < 0) {
      throw GraphError(name(), std::string("cannot open: ") + std::strerror(errno));
    }
    struct stat info {};
    if (::fstat(m_fd, &info) != 0 || S_ISDIR(info.st_mode)) {
      const std::string reason = S_ISDIR(info.st_mode) ? "is a directory" : std::strerror(errno);
      ::close(m_fd);
      throw GraphError(name(), "cannot read: " + reason);
    }
    m_size = static_cast<uint64_t>(info.st_size);
    // Sequential reading: ask the kernel to read ahead generously.
    ::posix_fadvise(m_fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  }
  ~FileSource() override { ::close(m_fd); }
  FileSource(const FileSource&) = delete;
  FileSource& operator=(const FileSource&) = delete;

  size_t read(char* destination, size_t n) override {
    size_t total = 0;
    while (total < n) {
      const ssize_t got = ::read(m_fd, destination + total, n - total);
      if (got < 0) {
        if (errno == EINTR) {
          continue;
        }
        throw GraphError(name(), std::string("cannot read: ") + std::strerror(errno));
      }
      if (got == 0) {
        break;
      }
      total += static_cast<size_t>(got);
    }
    m_position += total;
    return total;
  }
  uint64_t position() const override { return m_position; }
  uint64_t size() const override { return m_size; }

  void rewind() {
    if (::lseek(m_fd, 0, SEEK_SET) != 0) {
      throw GraphError(name(), std::string("cannot seek: ") + std::strerror(errno));
    }
    m_position = 0;
  }

private:
  int m_fd = -1;
  uint64_t m_size = 0;
  uint64_t m_position = 0;
};

class MemorySource final : public ByteSource {
public:
  MemorySource(std::string_view bytes, std::string label) : ByteSource(std::move(label)), m_bytes(bytes) {}
  size_t read(char* destination, size_t n) override {
    const size_t count = std::min(n, m_bytes.size() - m_position);
    if (count > 0) {
      std::memcpy(destination, m_bytes.data() + m_position, count);
    }
    m_position += count;
    return count;
  }
  uint64_t position() const override { return m_position; }
  uint64_t size() const override { return m_bytes.size(); }

private:
  std::string_view m_bytes;
  size_t m_position = 0;
};

// Inflates gzip members one after another (as gzip -d does); a stream that
// ends inside a member is an error, so a truncated download never loads as
// a shorter graph.
class GzipSource final : public ByteSource {
public:
  GzipSource(std::unique_ptr<ByteSource> inner, std::string_view alreadyRead)
      : ByteSource(inner->name()), m_inner(std::move(inner)), m_input(kInputSize) {
    if (!alreadyRead.empty()) {
      std::memcpy(m_input.data(), alreadyRead.data(), alreadyRead.size());
    }
    m_stream.next_in = reinterpret_cast<Bytef*>(m_input.data());
    m_stream.avail_in = static_cast<uInt>(alreadyRead.size());
    if (inflateInit2(&m_stream, 16 + MAX_WBITS) != Z_OK) {
      throw GraphError(name(), "cannot initialise zlib");
    }
  }
  ~GzipSource() override { inflateEnd(&m_stream); }
  GzipSource(const GzipSource&) = delete;
  GzipSource& operator=(const GzipSource&) = delete;

  size_t read(char* destination, size_t n) override {
    size_t total = 0;
    while (total < n && !m_finished) {
      if (m_stream.avail_in == 0 && !refill()) {
        if (m_inMember) {
          throw GraphError(name(), "truncated gzip data (the file ends inside the compressed stream)");
        }
        m_finished = true;
        break;
      }
      if (!m_inMember) {
        startMember();
        continue;
      }
      const size_t chunk = std::min<size_t>(n - total, 1U << 30U);
      m_stream.next_out = reinterpret_cast<Bytef*>(destination + total);
      m_stream.avail_out = static_cast<uInt>(chunk);
      const int status = inflate(&m_stream, Z_NO_FLUSH);
      total += chunk - m_stream.avail_out;
      if (status == Z_STREAM_END) {
        m_inMember = false;
      } else if (status == Z_NEED_DICT || status == Z_DATA_ERROR || status == Z_MEM_ERROR) {
        throw GraphError(name(), std::string("corrupt gzip data: ") +
                                     (m_stream.msg != nullptr ? m_stream.msg : "inflate failed"));
      }
    }
    return total;
  }
  uint64_t position() const override { return m_inner->position(); }
  uint64_t size() const override { return m_inner->size(); }

private:
  static constexpr size_t kInputSize = size_t{1} << 18U;

  bool refill() {
    const size_t got = m_inner->read(m_input.data(), m_input.size());
    m_stream.next_in = reinterpret_cast<Bytef*>(m_input.data());
    m_stream.avail_in = static_cast<uInt>(got);
    return got > 0;
  }

  // Another member follows the previous one; anything else after a member
  // is trailing garbage.
  void startMember() {
    if (m_stream.avail_in < 2 && m_stream.avail_in > 0) {
      // Keep the single byte and fetch at least one more to see the magic.
      const char first = static_cast<char>(*m_stream.next_in);
      m_input[0] = first;
      const size_t got = m_inner->read(m_input.data() + 1, m_input.size() - 1);
      m_stream.next_in = reinterpret_cast<Bytef*>(m_input.data());
      m_stream.avail_in = static_cast<uInt>(got + 1);
    }
    if (m_stream.avail_in < 2 || m_stream.next_in[0] != 0x1f || m_stream.next_in[1] != 0x8b) {
      throw GraphError(name(), "unexpected data after the end of the gzip stream");
    }
    if (inflateReset(&m_stream) != Z_OK) {
      throw GraphError(name(), "cannot reset zlib");
    }
    m_inMember = true;
  }

  std::unique_ptr<ByteSource> m_inner;
  std::vector<char> m_input;
  z_stream m_stream{};
  bool m_inMember = true;
  bool m_finished = false;
};

bool hasGzipMagic(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

} // namespace

std::unique_ptr<ByteSource> openFile(const std::filesystem::path& path, bool* compressed) {
  auto file = std::make_unique<FileSource>(path);
  char magic[2];
  const size_t got = file->read(magic, sizeof magic);
  const std::string_view head(magic, got);
  if (compressed != nullptr) {
    *compressed = hasGzipMagic(head);
  }
  if (hasGzipMagic(head)) {
    return std::make_unique<GzipSource>(std::move(file), head);
  }
  file->rewind();
  return file;
}

std::unique_ptr<ByteSource> openMemory(std::string_view bytes, std::string name, bool* compressed) {
  if (compressed != nullptr) {
    *compressed = hasGzipMagic(bytes);
  }
  auto memory = std::make_unique<MemorySource>(bytes, std::move(name));
  if (hasGzipMagic(bytes)) {
    return std::make_unique<GzipSource>(std::move(memory), std::string_view());
  }
  return memory;
}

} // namespace frontier::graph
