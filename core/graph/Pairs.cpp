#include "Pairs.h"

#include <ostream>
#include <stdexcept>

#include "NumberText.h"
#include "Random.h"
#include "TextScanner.h"

namespace frontier::graph {

namespace {

std::vector<Pair> readPairs(const Graph& graph, TextInput& input) {
  TextScanner scan(input, Progress());
  // The header, blanks around the names allowed.
  bool header = false;
  while (!header && scan.nextLine()) {
    if (scan.blankRest()) {
      scan.endLine();
      continue;
    }
    const char* at = scan.position();
    const std::string_view line = scan.restOfLine();
    std::string compact;
    for (const char c : line) {
      if (c != ' ' && c != '\t') {
        compact += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
      }
    }
    if (compact != "source,destination") {
      scan.failAt(at, "expected the header 'source,destination'");
    }
    header = true;
  }
  if (!header) {
    scan.failAtEnd("expected the header 'source,destination', found an empty file");
  }
  std::vector<Pair> pairs;
  auto readId = [&](const char* role, const char* expected) {
    scan.skipBlanks();
    const char* at = scan.position();
    const FileId id = scan.readUnsigned(expected);
    const std::optional<VertexId> dense = graph.denseId(id);
    if (!dense) {
      scan.failWith(at, "unknown " + std::string(role) + " id " + std::to_string(id) + ": the graph has no such vertex");
    }
    scan.skipBlanks();
    return *dense;
  };
  while (scan.nextLine()) {
    if (scan.blankRest()) {
      scan.endLine();
      continue;
    }
    const VertexId source = readId("source", "a source vertex id");
    if (!scan.accept(',')) {
      scan.fail("expected ',' between source and destination");
    }
    const VertexId destination = readId("destination", "a destination vertex id");
    scan.endLine();
    pairs.push_back({source, destination});
  }
  return pairs;
}

} // namespace

std::vector<Pair> randomPairs(const Graph& graph, uint32_t count, uint64_t seed) {
  const VertexId n = graph.vertexCount();
  if (n == 0) {
    throw std::invalid_argument("random pairs: the graph has no vertices");
  }
  SplitMix64 random(mix64(seed));
  std::vector<Pair> pairs(count);
  for (Pair& pair : pairs) {
    pair.source = graph.byFileIdRank(static_cast<VertexId>(random.below(n)));
    pair.destination = graph.byFileIdRank(static_cast<VertexId>(random.below(n)));
  }
  return pairs;
}

uint32_t randomPairCount(std::string_view spec) {
  constexpr std::string_view kRandom = "random:";
  if (spec.substr(0, kRandom.size()) == kRandom) {
    const std::string_view number = spec.substr(kRandom.size());
    uint32_t count = 0;
    const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), count);
    if (error == std::errc() && end == number.data() + number.size() && !number.empty()) {
      return count;
    }
  }
  throw std::invalid_argument("pairs: expected 'random:N' (N up to 4294967295), not '" + std::string(spec) + "'");
}

std::vector<Pair> parsePairsSpec(const Graph& graph, std::string_view spec, uint64_t seed) {
  return randomPairs(graph, randomPairCount(spec), seed);
}

std::vector<Pair> readPairsFile(const Graph& graph, const std::filesystem::path& path) {
  TextInput input(openFile(path));
  return readPairs(graph, input);
}

std::vector<Pair> parsePairs(const Graph& graph, std::string_view bytes, const std::string& name) {
  TextInput input(openMemory(bytes, name));
  return readPairs(graph, input);
}

void writePairsCsv(std::ostream& out, const Graph& graph, std::span<const Pair> pairs) {
  std::string text = "source,destination\n";
  for (const Pair& pair : pairs) {
    appendNumber(text, graph.fileId(pair.source));
    text += ',';
    appendNumber(text, graph.fileId(pair.destination));
    text += '\n';
  }
  out << text;
}

void writeResultsCsv(std::ostream& out, const Graph& graph, std::span<const Pair> pairs,
                     std::span<const Length> lengths) {
  if (pairs.size() != lengths.size()) {
    throw std::invalid_argument("writeResultsCsv: " + std::to_string(pairs.size()) + " pairs but " +
                                std::to_string(lengths.size()) + " lengths");
  }
  std::string text = "source,destination,length\n";
  for (size_t i = 0; i < pairs.size(); ++i) {
    appendNumber(text, graph.fileId(pairs[i].source));
    text += ',';
    appendNumber(text, graph.fileId(pairs[i].destination));
    text += ',';
    if (lengths[i] < 0) {
      text += "-1";
    } else {
      appendNumber(text, static_cast<uint64_t>(lengths[i]));
    }
    text += '\n';
    if (text.size() > (size_t{1} << 20U)) {
      out << text;
      text.clear();
    }
  }
  out << text;
}

} // namespace frontier::graph
