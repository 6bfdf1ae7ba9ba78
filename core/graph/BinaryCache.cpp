#include "BinaryCache.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "Checksum.h"
#include "HugePages.h"
#include "OutputFile.h"
#include "Parallel.h"
#include "Progress.h"

namespace frontier::graph {

namespace {

enum Flags : uint32_t {
  kDirected = 1U << 0U,
  kWeighted = 1U << 1U,
  kIntegerWeights = 1U << 2U,
  kFileIds = 1U << 3U,
  kSortedDense = 1U << 4U,
  kCoordinates = 1U << 5U,
  kKnownFlags = (1U << 6U) - 1,
};

struct Header {
  char magic[8];
  uint32_t version;
  uint32_t flags;
  uint64_t vertices;
  uint64_t arcs;
  uint64_t selfLoops;
  uint64_t firstFileId;
  uint64_t payloadChecksum;
  uint64_t headerChecksum;  // of the 56 bytes before it
};
static_assert(sizeof(Header) == BinaryCache::kHeaderSize);

uint64_t padded(uint64_t bytes) { return (bytes + 7) & ~uint64_t{7}; }

// Bytes of the payload the header describes, or 0 on overflow.
uint64_t payloadSize(const Header& h) {
  const uint64_t v = h.vertices;
  const uint64_t a = h.arcs;
  if (v >= UINT32_MAX || a > (uint64_t{1} << 58U)) {
    return 0;
  }
  uint64_t csr = (v > 0 ? (v + 1) * 8 : 0) + padded(a * 4) + ((h.flags & kWeighted) != 0 ? a * 8 : 0);
  uint64_t total = csr * ((h.flags & kDirected) != 0 ? 2 : 1);
  total += (h.flags & kFileIds) != 0 ? v * 8 : 0;
  total += (h.flags & kSortedDense) != 0 ? padded(v * 4) : 0;
  total += (h.flags & kCoordinates) != 0 ? v * 16 : 0;
  return total;
}

// Reads the arrays straight into their final vectors (no staging copy: the
// peak is the graph itself) while a second thread checksums what was read
// before: the checksum is one sequential stream, as slow as the read, so
// the two overlap batch by batch.
class SectionReader {
public:
  SectionReader(ByteSource& source, uint64_t total, const LoadOptions& options)
      : m_source(source), m_total(total), m_progress(&options.progress) {}
  ~SectionReader() { finishSum(); }
  SectionReader(const SectionReader&) = delete;
  SectionReader& operator=(const SectionReader&) = delete;

  template <class T> void read(std::vector<T>& data, uint64_t count) {
    resizeHuge(data, count);
    readBytes(reinterpret_cast<char*>(data.data()), count * sizeof(T));
    const uint64_t padding = padded(count * sizeof(T)) - count * sizeof(T);
    if (padding > 0) {
      char zeros[8];
      readChunk(zeros, padding);
      finishSum();  // `zeros` is gone after this call
      m_sum.update(zeros, padding);
    }
  }
  uint64_t digest() {
    finishSum();
    return m_sum.digest();
  }

private:
  void readBytes(char* destination, uint64_t size) {
    // Batches large enough that a thread per batch costs nothing.
    constexpr uint64_t kBatch = uint64_t{1} << 24U;
    for (uint64_t done = 0; done < size;) {
      const uint64_t batch = std::min(kBatch, size - done);
      readChunk(destination + done, batch);
      finishSum();
      m_summing = std::thread([this, data = destination + done, batch] { m_sum.update(data, batch); });
      done += batch;
    }
  }
  void readChunk(char* destination, uint64_t size) {
    // Chunks: progress (and cancel) every 2 MiB.
    constexpr uint64_t kChunk = uint64_t{1} << 21U;
    for (uint64_t done = 0; done < size;) {
      const auto chunk = static_cast<size_t>(std::min(kChunk, size - done));
      if (m_source.read(destination + done, chunk) != chunk) {
        throw GraphError(m_source.name(), "truncated graph cache (the file ends inside its data)");
      }
      done += chunk;
      m_read += chunk;
      m_progress.report(static_cast<double>(m_read) / static_cast<double>(m_total));
    }
  }
  void finishSum() {
    if (m_summing.joinable()) {
      m_summing.join();
    }
  }

  ByteSource& m_source;
  uint64_t m_total;
  uint64_t m_read = 0;
  Checksum m_sum;
  Progress m_progress;
  std::thread m_summing;  // checksums the previous batch
};

[[noreturn]] void corrupt(const ByteSource& source, const std::string& what) {
  throw GraphError(source.name(), "corrupt graph cache: " + what);
}

// Everything a search relies on: offsets from 0 to the arc count, never
// decreasing; targets below V and strictly increasing in each list. Returns
// the number of self-loops. (Whether an undirected graph's arcs are
// symmetric, or a reverse CSR holds the same arcs, is left to the checksum:
// checking it would halve the loading speed, and only a forged file with
// recomputed checksums could differ.)
uint64_t checkCsr(const ByteSource& source, const Csr& csr, uint64_t vertices, uint64_t arcs, unsigned threads) {
  if (vertices == 0) {
    return 0;
  }
  if (csr.offsets[0] != 0 || csr.offsets[vertices] != arcs) {
    corrupt(source, "offsets do not span the arcs");
  }
  // Ranges of vertices on all cores (the check reads every arc once, as long
  // as the read itself); the lowest range's error is the one reported, so
  // it names the first bad vertex whatever the thread count.
  const unsigned workers = workerCount(threads);
  std::vector<uint64_t> loopsOf(workers, 0);
  parallelRanges(workers, vertices, [&](uint64_t first, uint64_t last, unsigned worker) {
    const VertexId* targets = csr.targets.data();
    uint64_t selfLoops = 0;
    for (uint64_t vertex = first; vertex < last; ++vertex) {
      const EdgeIndex begin = csr.offsets[vertex];
      const EdgeIndex end = csr.offsets[vertex + 1];
      if (end < begin || end > arcs) {
        corrupt(source, "offsets decrease at vertex " + std::to_string(vertex));
      }
      const VertexId* list = targets + begin;
      const size_t degree = end - begin;
      // Each target above the one before, the last below V; v itself counted
      // (branch-free loops that compilers vectorise).
      const auto v = static_cast<VertexId>(vertex);
      uint32_t unsorted = 0;
      for (size_t i = 1; i < degree; ++i) {
        unsorted |= static_cast<uint32_t>(list[i] <= list[i - 1]);
      }
      uint32_t loops = 0;
      for (size_t i = 0; i < degree; ++i) {
        loops += static_cast<uint32_t>(list[i] == v);
      }
      if (unsorted != 0 || (degree > 0 && list[degree - 1] >= vertices)) {
        corrupt(source, "the neighbours of vertex " + std::to_string(vertex) + " are out of range or unsorted");
      }
      selfLoops += loops;
    }
    loopsOf[worker] = selfLoops;
  });
  uint64_t selfLoops = 0;
  for (const uint64_t loops : loopsOf) {
    selfLoops += loops;
  }
  return selfLoops;
}

void checkIds(const ByteSource& source, const std::vector<FileId>& fileIds,
              const std::vector<VertexId>& sortedDense) {
  const size_t n = fileIds.size();
  if (!sortedDense.empty()) {
    std::vector<bool> seen(n, false);
    for (const VertexId v : sortedDense) {
      if (v >= n || seen[v]) {
        corrupt(source, "the id order is not a permutation");
      }
      seen[v] = true;
    }
  }
  for (size_t i = 1; i < n; ++i) {
    const FileId a = sortedDense.empty() ? fileIds[i - 1] : fileIds[sortedDense[i - 1]];
    const FileId b = sortedDense.empty() ? fileIds[i] : fileIds[sortedDense[i]];
    if (a >= b) {
      corrupt(source, "file ids are not distinct and sorted");
    }
  }
}

} // namespace

Graph BinaryCache::read(ByteSource& source, const LoadOptions& options) {
  Header header{};
  const size_t got = source.read(reinterpret_cast<char*>(&header), sizeof header);
  if (got < sizeof header.magic || std::memcmp(header.magic, kMagic, sizeof kMagic) != 0) {
    throw GraphError(source.name(), "not a Frontier graph cache (wrong magic bytes)");
  }
  if (got < sizeof header) {
    throw GraphError(source.name(), "truncated graph cache (the header is incomplete)");
  }
  if (header.version != kVersion) {
    throw GraphError(source.name(), "unsupported graph cache version " + std::to_string(header.version) +
                                        " (this build reads version " + std::to_string(kVersion) + ")");
  }
  if (Checksum::of(&header, offsetof(Header, headerChecksum)) != header.headerChecksum) {
    corrupt(source, "header checksum mismatch");
  }
  if ((header.flags & ~uint32_t{kKnownFlags}) != 0) {
    corrupt(source, "unknown flags");
  }
  if (header.vertices > options.vertexLimit) {
    throw GraphError(source.name(), std::to_string(header.vertices) + " vertices exceed the limit of " +
                                        std::to_string(options.vertexLimit));
  }
  const uint64_t payload = payloadSize(header);
  const bool hasAdjacency = header.vertices > 0 || header.arcs == 0;
  if ((payload == 0 && (header.vertices > 0 || header.arcs > 0)) || !hasAdjacency ||
      (source.size() != 0 && source.size() != sizeof header + payload)) {
    throw GraphError(source.name(), "truncated or oversized graph cache: the header describes " +
                                        std::to_string(sizeof header + payload) + " bytes, the file has " +
                                        std::to_string(source.size()));
  }

  Graph graph;
  const uint64_t v = header.vertices;
  const uint64_t a = header.arcs;
  const bool weighted = (header.flags & kWeighted) != 0;
  graph.m_directed = (header.flags & kDirected) != 0;
  graph.m_integerWeights = (header.flags & kIntegerWeights) != 0;
  graph.m_firstFileId = header.firstFileId;
  SectionReader reader(source, payload, options);
  auto readCsr = [&](Csr& csr) {
    reader.read(csr.offsets, v > 0 ? v + 1 : 0);
    reader.read(csr.targets, a);
    reader.read(csr.weights, weighted ? a : 0);
  };
  readCsr(graph.m_out);
  if (graph.m_directed) {
    readCsr(graph.m_in);
  }
  reader.read(graph.m_fileIds, (header.flags & kFileIds) != 0 ? v : 0);
  reader.read(graph.m_sortedDense, (header.flags & kSortedDense) != 0 ? v : 0);
  reader.read(graph.m_coordinates, (header.flags & kCoordinates) != 0 ? v : 0);
  char extra = 0;
  if (source.read(&extra, 1) != 0) {
    throw GraphError(source.name(), "oversized graph cache: data after the last array");
  }
  if (reader.digest() != header.payloadChecksum) {
    corrupt(source, "checksum mismatch (the data was changed or damaged)");
  }
  graph.m_selfLoops = checkCsr(source, graph.m_out, v, a, options.threads);
  if (graph.m_selfLoops != header.selfLoops ||
      (graph.m_directed && checkCsr(source, graph.m_in, v, a, options.threads) != header.selfLoops)) {
    corrupt(source, "self-loop counts do not match");
  }
  if (!graph.m_sortedDense.empty() && graph.m_fileIds.empty()) {
    corrupt(source, "an id order without file ids");
  }
  checkIds(source, graph.m_fileIds, graph.m_sortedDense);
  if (graph.m_fileIds.empty() && v > 0 && header.firstFileId > UINT64_MAX - (v - 1)) {
    corrupt(source, "file ids overflow 64 bits");
  }
  Progress(&options.progress).done();
  return graph;
}

void BinaryCache::write(const Graph& graph, const std::filesystem::path& path) {
  Header header{};
  std::memcpy(header.magic, kMagic, sizeof kMagic);
  header.version = kVersion;
  header.flags = (graph.m_directed ? kDirected : 0U) | (graph.weighted() ? kWeighted : 0U) |
                 (graph.m_integerWeights ? kIntegerWeights : 0U) | (graph.m_fileIds.empty() ? 0U : kFileIds) |
                 (graph.m_sortedDense.empty() ? 0U : kSortedDense) |
                 (graph.m_coordinates.empty() ? 0U : kCoordinates);
  header.vertices = graph.vertexCount();
  header.arcs = graph.arcCount();
  header.selfLoops = graph.m_selfLoops;
  header.firstFileId = graph.m_firstFileId;

  OutputFile file(path, false);
  file.write(&header, sizeof header);  // rewritten with the checksums at the end
  Checksum sum;
  auto section = [&](const auto& data) {
    const uint64_t bytes = data.size() * sizeof(data[0]);
    // The checksum (one sequential stream) on a second thread while the
    // same bytes are written.
    std::thread summing([&] { sum.update(data.data(), bytes); });
    try {
      file.write(data.data(), bytes);
    } catch (...) {
      summing.join();
      throw;
    }
    summing.join();
    static constexpr char kZeros[8] = {};
    const uint64_t padding = padded(bytes) - bytes;
    file.write(kZeros, padding);
    sum.update(kZeros, padding);
  };
  auto csr = [&](const Csr& c) {
    section(c.offsets);
    section(c.targets);
    section(c.weights);
  };
  csr(graph.m_out);
  if (graph.m_directed) {
    csr(graph.m_in);
  }
  section(graph.m_fileIds);
  section(graph.m_sortedDense);
  section(graph.m_coordinates);
  header.payloadChecksum = sum.digest();
  header.headerChecksum = Checksum::of(&header, offsetof(Header, headerChecksum));
  file.overwriteStart(&header, sizeof header);
  file.commit();
}

} // namespace frontier::graph
