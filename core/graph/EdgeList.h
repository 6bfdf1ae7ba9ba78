#pragma once
// The edges a builder collects before it builds the CSR: pairs of 32-bit ids
// (optionally with a weight each) in blocks that grow from 2^12 to 2^20 arcs
// (small graphs stay small). Blocks never move, so growing never copies (no
// doubling peak), and the CSR build can release each block as soon as it
// has been read.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <vector>

#include "Csr.h"

namespace frontier::graph {

class EdgeList {
public:
  struct Arc {
    VertexId u;
    VertexId v;
  };
  static constexpr size_t kFirstBlockArcs = size_t{1} << 12U;
  static constexpr size_t kBlockArcs = size_t{1} << 20U;

  explicit EdgeList(bool weighted) : m_weighted(weighted) {}

  void push(VertexId u, VertexId v) {
    if (m_next == m_end) {
      addBlock();
    }
    *m_next++ = {u, v};
  }
  void push(VertexId u, VertexId v, double weight) {
    push(u, v);
    m_weightBlocks.back()[static_cast<size_t>(m_next - m_blocks.back().get()) - 1] = weight;
  }

  // Appends `arcs` in order (with `weights`, one per arc, on a weighted
  // list): block-sized copies instead of one push per arc.
  void pushAll(std::span<const Arc> arcs, std::span<const double> weights = {}) {
    if (m_weighted != !weights.empty() && !arcs.empty()) {
      throw std::logic_error("EdgeList::pushAll: weights must come with a weighted list, one per arc");
    }
    size_t done = 0;
    while (done < arcs.size()) {
      if (m_next == m_end) {
        addBlock();
      }
      const size_t n = std::min(arcs.size() - done, static_cast<size_t>(m_end - m_next));
      std::copy_n(arcs.data() + done, n, m_next);
      if (m_weighted) {
        std::copy_n(weights.data() + done, n,
                    m_weightBlocks.back().get() + static_cast<size_t>(m_next - m_blocks.back().get()));
      }
      m_next += n;
      done += n;
    }
  }

  // Takes `count` unweighted arcs made elsewhere (a generator's block, made
  // on another thread) as a block of their own, without copying them. Only
  // while the last block is full (blocks before the last must be full).
  void appendBlock(std::unique_ptr<Arc[]> arcs, size_t count) {
    if (m_frozen || m_weighted || m_next != m_end) {
      throw std::logic_error("EdgeList: a block appended to a weighted list or after a partly filled block");
    }
    if (!m_blocks.empty()) {
      m_fullArcs += m_capacities.back();
    }
    m_blocks.push_back(std::move(arcs));
    m_capacities.push_back(count);
    m_next = m_end = m_blocks.back().get() + count;
  }

  bool weighted() const noexcept { return m_weighted; }
  uint64_t size() const noexcept {
    if (m_frozen || m_blocks.empty()) {
      return m_frozenSize;
    }
    return m_fullArcs + static_cast<size_t>(m_next - m_blocks.back().get());
  }
  size_t blockCount() const noexcept { return m_blocks.size(); }
  std::span<Arc> block(size_t i) noexcept { return {m_blocks[i].get(), blockSize(i)}; }
  std::span<const double> weights(size_t i) const noexcept {
    return m_weighted ? std::span<const double>(m_weightBlocks[i].get(), blockSize(i)) : std::span<const double>();
  }
  // Frees block i (its arcs are no longer needed); size() stays as it was,
  // and no arc can be added any more.
  void releaseBlock(size_t i) noexcept {
    if (!m_frozen) {
      m_frozenSize = size();
      m_frozen = true;
      m_next = m_end = nullptr;
    }
    m_blocks[i].reset();
    if (m_weighted) {
      m_weightBlocks[i].reset();
    }
  }

private:
  size_t blockSize(size_t i) const noexcept {
    return i + 1 < m_blocks.size() ? m_capacities[i] : static_cast<size_t>(size() - m_fullArcs);
  }
  void addBlock() {
    if (m_frozen) {
      throw std::logic_error("EdgeList: arcs added after the build started");
    }
    if (!m_blocks.empty()) {
      m_fullArcs += m_capacities.back();
    }
    const size_t arcs = m_nextBlockArcs;
    m_nextBlockArcs = std::min(2 * arcs, kBlockArcs);
    // Not value-initialised: every slot is written before it is read.
    m_blocks.emplace_back(new Arc[arcs]);
    m_capacities.push_back(arcs);
    if (m_weighted) {
      m_weightBlocks.emplace_back(new double[arcs]);
    }
    m_next = m_blocks.back().get();
    m_end = m_next + arcs;
  }

  bool m_weighted;
  std::vector<std::unique_ptr<Arc[]>> m_blocks;
  std::vector<std::unique_ptr<double[]>> m_weightBlocks;
  std::vector<size_t> m_capacities;  // arcs per block
  uint64_t m_fullArcs = 0;           // arcs in all blocks but the last
  size_t m_nextBlockArcs = kFirstBlockArcs;
  Arc* m_next = nullptr;
  Arc* m_end = nullptr;
  bool m_frozen = false;
  uint64_t m_frozenSize = 0;
};

} // namespace frontier::graph
