// saveGraph(): the binary cache, SNAP edge lists and Matrix Market files.

#include <algorithm>
#include <string>

#include "BinaryCache.h"
#include "GraphIO.h"
#include "NumberText.h"
#include "OutputFile.h"
#include "Readers.h"

namespace frontier::graph {

namespace {

// Text is assembled in a string and handed to the file in large pieces.
class TextSink {
public:
  explicit TextSink(OutputFile& file) : m_file(file) { m_text.reserve(kFlushAt + 256); }
  std::string& text() { return m_text; }
  void maybeFlush() {
    if (m_text.size() >= kFlushAt) {
      flush();
    }
  }
  void flush() {
    m_file.write(m_text);
    m_text.clear();
  }

private:
  static constexpr size_t kFlushAt = size_t{1} << 20U;
  OutputFile& m_file;
  std::string m_text;
};

// Each edge once: undirected graphs write the arc u -> v with u <= v only.
template <class Emit> void forEachEdge(const Graph& graph, Emit&& emit) {
  const Csr& out = graph.out();
  for (VertexId u = 0; u < graph.vertexCount(); ++u) {
    for (EdgeIndex i = out.offsets[u]; i < out.offsets[u + 1]; ++i) {
      if (graph.directed() || out.targets[i] >= u) {
        emit(u, out.targets[i], graph.weighted() ? out.weights[i] : 1.0);
      }
    }
  }
}

void appendWeight(std::string& text, const Graph& graph, double weight) {
  text += ' ';
  if (graph.integerWeights() && weight >= -9.0e15 && weight <= 9.0e15) {
    // Whole numbers as integers ("95", not "95.0"), as the text formats expect.
    const auto whole = static_cast<int64_t>(weight);
    if (whole < 0) {
      text += '-';
    }
    appendNumber(text, static_cast<uint64_t>(whole < 0 ? -whole : whole));
  } else {
    appendNumber(text, weight);
  }
}

void writeSnap(const Graph& graph, OutputFile& file) {
  TextSink sink(file);
  std::string& text = sink.text();
  text += graph.directed() ? "# Directed graph" : "# Undirected graph";
  text += " written by Frontier Lab\n# Nodes: ";
  appendNumber(text, uint64_t{graph.vertexCount()});
  text += " Edges: ";
  appendNumber(text, graph.edgeCount());
  text += graph.weighted() ? "\n# FromNodeId\tToNodeId\tWeight\n" : "\n# FromNodeId\tToNodeId\n";
  forEachEdge(graph, [&](VertexId u, VertexId v, double weight) {
    appendNumber(text, graph.fileId(u));
    text += '\t';
    appendNumber(text, graph.fileId(v));
    if (graph.weighted()) {
      appendWeight(text, graph, weight);
    }
    text += '\n';
    sink.maybeFlush();
  });
  sink.flush();
}

void writeMatrixMarket(const Graph& graph, OutputFile& file) {
  TextSink sink(file);
  std::string& text = sink.text();
  const char* field = !graph.weighted() ? "pattern" : graph.integerWeights() ? "integer" : "real";
  text += "%%MatrixMarket matrix coordinate ";
  text += field;
  text += graph.directed() ? " general\n" : " symmetric\n";
  text += "% written by Frontier Lab\n";
  // Matrix Market numbers vertices 1..n: the file ids when they are those
  // (in any numbering of the graph: a stored vertex order), else the dense
  // order.
  const auto [lowest, highest] = detail::fileIdBounds(graph);
  const bool renumbered = graph.vertexCount() > 0 && (lowest != 1 || highest != graph.vertexCount());
  auto number = [&](VertexId v) { return renumbered ? uint64_t{v} + 1 : uint64_t{graph.fileId(v)}; };
  if (renumbered) {
    text += "% vertex i is the i-th vertex in dense order; the file ids of the source are not kept\n";
  }
  appendNumber(text, uint64_t{graph.vertexCount()});
  text += ' ';
  appendNumber(text, uint64_t{graph.vertexCount()});
  text += ' ';
  appendNumber(text, graph.edgeCount());
  text += '\n';
  // Symmetric files list the lower triangle: row >= column.
  forEachEdge(graph, [&](VertexId u, VertexId v, double weight) {
    const uint64_t from = number(u);
    const uint64_t to = number(v);
    appendNumber(text, graph.directed() ? from : std::max(from, to));
    text += ' ';
    appendNumber(text, graph.directed() ? to : std::min(from, to));
    if (graph.weighted()) {
      appendWeight(text, graph, weight);
    }
    text += '\n';
    sink.maybeFlush();
  });
  sink.flush();
}

} // namespace

void saveGraph(const Graph& graph, const std::filesystem::path& path, Format format) {
  if (format == Format::Auto) {
    format = detectFormat(path, {});
  }
  const bool gzip = detail::lowercase(path.extension().string()) == ".gz";
  switch (format) {
  case Format::Binary:
    if (gzip) {
      throw std::invalid_argument("the graph cache is not written gzip-compressed (drop the .gz)");
    }
    BinaryCache::write(graph, path);
    return;
  case Format::Snap: {
    OutputFile file(path, gzip);
    writeSnap(graph, file);
    file.commit();
    return;
  }
  case Format::MatrixMarket: {
    OutputFile file(path, gzip);
    writeMatrixMarket(graph, file);
    file.commit();
    return;
  }
  default:
    throw std::invalid_argument("no writer for the " + formatName(format) +
                                " format (writers: fgraph, snap, mtx)");
  }
}

} // namespace frontier::graph
