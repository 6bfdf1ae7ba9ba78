#include "TextInput.h"

#include <algorithm>
#include <cstring>

namespace frontier::graph {

namespace {
constexpr size_t kBlockSize = size_t{1} << 20U;
// Bytes kept free after the data: one for the '\n' that ends a last line
// without one, the rest so that scanners may load 8 bytes at a time.
constexpr size_t kSlack = TextInput::kPadding + 1;
} // namespace

TextInput::TextInput(std::unique_ptr<ByteSource> source) : m_source(std::move(source)) {
  // A small input gets a small buffer (blocks just end up smaller for
  // compressed input; a long line grows the buffer as needed).
  const uint64_t size = m_source->size();
  const uint64_t block = size == 0 ? kBlockSize : std::min<uint64_t>(kBlockSize, std::max<uint64_t>(size, 4096));
  m_buffer.resize(block + kSlack);
}

bool TextInput::fill() {
  while (!m_eof && m_dataEnd + kSlack < m_buffer.size()) {
    const size_t got = m_source->read(m_buffer.data() + m_dataEnd, m_buffer.size() - kSlack - m_dataEnd);
    if (got == 0) {
      m_eof = true;
    }
    m_dataEnd += got;
  }
  return m_dataEnd > 0;
}

std::string_view TextInput::peek(size_t n) {
  if (m_buffer.size() < n + kSlack) {
    m_buffer.resize(n + kSlack);
  }
  fill();
  return {m_buffer.data(), std::min(n, m_dataEnd)};
}

std::string_view TextInput::nextBlock() {
  // Move the partial line left over from the previous block to the front.
  const size_t leftover = m_dataEnd - m_blockEnd;
  if (m_blockEnd > 0 && leftover > 0) {
    std::memmove(m_buffer.data(), m_buffer.data() + m_blockEnd, leftover);
  }
  m_dataEnd = leftover;
  m_blockEnd = 0;
  size_t searched = 0;
  for (;;) {
    fill();
    if (m_dataEnd == 0) {
      return {};
    }
    const void* found = ::memrchr(m_buffer.data() + searched, '\n', m_dataEnd - searched);
    if (found != nullptr) {
      m_blockEnd = static_cast<size_t>(static_cast<const char*>(found) - m_buffer.data()) + 1;
      break;
    }
    if (m_eof) {
      m_buffer[m_dataEnd++] = '\n';
      m_blockEnd = m_dataEnd;
      break;
    }
    // One line longer than the buffer: make room for more.
    searched = m_dataEnd;
    m_buffer.resize(m_buffer.size() * 2);
  }
  m_bytesRead += m_blockEnd;
  return {m_buffer.data(), m_blockEnd};
}

void TextInput::growBlocks(size_t bytes) {
  if (m_buffer.size() < bytes + kSlack) {
    m_buffer.resize(bytes + kSlack);
  }
}

double TextInput::fraction() const noexcept {
  const uint64_t size = m_source->size();
  return size == 0 ? 0.0 : static_cast<double>(m_source->position()) / static_cast<double>(size);
}

} // namespace frontier::graph
