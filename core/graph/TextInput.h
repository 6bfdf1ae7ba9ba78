#pragma once
// Text input in blocks of whole lines, for the line-oriented readers.
//
// nextBlock() returns the next run of complete lines; every block ends with
// '\n' (a final line without one gets it added), so a scanner can stop at the
// line break without checking the block end. Blocks are about 1 MiB; a longer
// line makes a longer block. A view stays valid until the next call, and
// kPadding more bytes after its end may be read (their values are arbitrary).

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ByteSource.h"

namespace frontier::graph {

class TextInput {
public:
  static constexpr size_t kPadding = 16;

  explicit TextInput(std::unique_ptr<ByteSource> source);

  // Up to n bytes from the start of the input, without consuming them
  // (only before the first nextBlock()).
  std::string_view peek(size_t n);

  // The next block of whole lines; empty at the end of the input.
  std::string_view nextBlock();
  // Makes the blocks that follow about `bytes` long (never shorter than
  // now); invalidates the last block's view.
  void growBlocks(size_t bytes);

  const std::string& name() const noexcept { return m_source->name(); }
  // How far the underlying input has been read, 0..1 (0 when the size is unknown).
  double fraction() const noexcept;
  // The size of the underlying (possibly compressed) input; 0 when unknown.
  uint64_t sourceSize() const noexcept { return m_source->size(); }
  // Uncompressed bytes handed out so far.
  uint64_t bytesRead() const noexcept { return m_bytesRead; }

private:
  // Reads until the buffer is full or the source ends; false at the end.
  bool fill();

  std::unique_ptr<ByteSource> m_source;
  std::vector<char> m_buffer;
  size_t m_blockEnd = 0;  // the consumed prefix of m_buffer
  size_t m_dataEnd = 0;   // valid bytes in m_buffer
  bool m_eof = false;
  uint64_t m_bytesRead = 0;
};

} // namespace frontier::graph
