#include "OutputFile.h"

#include <cerrno>
#include <cstring>
#include <system_error>

#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include "GraphError.h"

namespace frontier::graph {

OutputFile::OutputFile(std::filesystem::path path, bool gzip)
    : m_path(std::move(path)), m_gzip(gzip), m_buffer(size_t{1} << 20U) {
  m_temporary = m_path;
  m_temporary += ".partial-" + std::to_string(::getpid());
  m_fd = ::open(m_temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (m_fd < 0) {
    fail("cannot create");
  }
  if (m_gzip) {
    m_gz = gzdopen(::dup(m_fd), "wb6");
    if (m_gz == nullptr) {
      fail("cannot start gzip compression");
    }
  }
}

OutputFile::~OutputFile() {
  if (m_gz != nullptr) {
    gzclose(static_cast<gzFile>(m_gz));
  }
  if (m_fd >= 0) {
    ::close(m_fd);
  }
  if (!m_committed) {
    std::error_code ignored;
    std::filesystem::remove(m_temporary, ignored);
  }
}

void OutputFile::fail(const std::string& what) const {
  throw GraphError(m_path.string(), what + ": " + std::strerror(errno != 0 ? errno : EIO));
}

void OutputFile::write(const void* data, size_t size) {
  if (m_used + size > m_buffer.size()) {
    flush();
  }
  if (size >= m_buffer.size()) {
    writeRaw(static_cast<const char*>(data), size);  // large sections bypass the buffer
    return;
  }
  std::memcpy(m_buffer.data() + m_used, data, size);
  m_used += size;
}

void OutputFile::flush() {
  writeRaw(m_buffer.data(), m_used);
  m_used = 0;
}

void OutputFile::writeRaw(const char* bytes, size_t size) {
  size_t done = 0;
  while (done < size) {
    const size_t chunk = std::min<size_t>(size - done, size_t{1} << 30U);
    if (m_gz != nullptr) {
      if (gzwrite(static_cast<gzFile>(m_gz), bytes + done, static_cast<unsigned>(chunk)) <= 0) {
        fail("cannot write");
      }
      done += chunk;
    } else {
      const ssize_t wrote = ::write(m_fd, bytes + done, chunk);
      if (wrote <= 0) {
        if (wrote < 0 && errno == EINTR) {
          continue;
        }
        fail("cannot write");
      }
      done += static_cast<size_t>(wrote);
    }
  }
}

void OutputFile::overwriteStart(const void* data, size_t size) {
  flush();
  if (m_gz != nullptr || ::pwrite(m_fd, data, size, 0) != static_cast<ssize_t>(size)) {
    fail("cannot rewrite the header");
  }
}

void OutputFile::commit() {
  flush();
  if (m_gz != nullptr) {
    const int status = gzclose(static_cast<gzFile>(m_gz));
    m_gz = nullptr;
    if (status != Z_OK) {
      fail("cannot finish gzip compression");
    }
  }
  if (::close(m_fd) != 0) {
    m_fd = -1;
    fail("cannot write");
  }
  m_fd = -1;
  std::error_code error;
  std::filesystem::rename(m_temporary, m_path, error);
  if (error) {
    throw GraphError(m_path.string(), "cannot rename the finished file into place: " + error.message());
  }
  m_committed = true;
}

} // namespace frontier::graph
