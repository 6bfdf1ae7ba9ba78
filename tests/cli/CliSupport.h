#pragma once
// What the command-line tests share: where the programs are, a temporary
// folder per test, and references that do not come from the code under
// test: a small reader for each text format the tests check (SNAP edge
// lists, Matrix Market, METIS), BFS, Dijkstra and a CSV splitter. A test
// that compared the tool's output with another output of the same tool would
// pass when both are wrong in the same way.

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <queue>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "Process.h"
#include "TestData.h"

namespace frontier::clitest {

using test::ProcessResult;

inline std::filesystem::path cliProgram() {
  return FRONTIER_CLI_PATH;
}

// The user's cache folder for every run of the program (selftest's roofs and
// run's read of them) is one of this test process's own, so tests neither
// write into the home folder nor read a cache that an earlier build left.
inline std::string cacheHomeEntry();

inline ProcessResult cli(const std::vector<std::string>& args, const std::vector<std::string>& env = {}) {
  std::vector<std::string> all = env;
  const bool ownCache = std::any_of(env.begin(), env.end(), [](const std::string& e) {
    return e.rfind("XDG_CACHE_HOME", 0) == 0;
  });
  if (!ownCache) {
    all.push_back(cacheHomeEntry());
  }
  return test::runProcess(cliProgram(), args, all);
}

// Status and standard error for assertion messages.
inline std::string describe(const ProcessResult& r) {
  return "exit status " + std::to_string(r.status) + "\n--- stderr:\n" + r.err + "\n--- stdout (first 2000):\n" +
         r.out.substr(0, 2000);
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A fresh folder under the system's temporary folder, removed with everything
// in it when the test ends.
class TempDir {
public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "frontier-cli-test-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) {
      throw std::runtime_error("mkdtemp failed for " + pattern);
    }
    m_path = pattern;
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(m_path, ignored);
  }

  const std::filesystem::path& path() const { return m_path; }
  std::string operator/(const std::string& name) const { return (m_path / name).string(); }

  std::string write(const std::string& name, const std::string& text) const {
    const std::filesystem::path file = m_path / name;
    std::ofstream out(file, std::ios::binary);
    out << text;
    return file.string();
  }

  // Names of the files in the folder, sorted.
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(m_path)) {
      names.push_back(entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
  }

private:
  std::filesystem::path m_path;
};

inline std::string cacheHomeEntry() {
  static const TempDir cacheHome;
  std::string entry = "XDG_CACHE_HOME=";
  entry += cacheHome.path().string();
  return entry;
}

inline std::string readText(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The data folder's graphs (never copied into the repository); a test
// whose graph is missing skips, naming it.
#define FRONTIER_REQUIRE_DATA(name)                                                                                    \
  do {                                                                                                                 \
    if (!std::filesystem::exists(::frontier::test::dataFile(name))) {                                                  \
      GTEST_SKIP() << "data file " << ::frontier::test::dataFile(name) << " not found (set FRONTIER_DATA_DIR)";        \
    }                                                                                                                  \
  } while (false)

inline std::string dataPath(const std::string& name) {
  return test::dataFile(name).string();
}

// ---- An independent graph model -------------------------------------------

struct RefGraph {
  bool directed = false;
  std::set<uint64_t> vertices;
  // Out-neighbours with the arc's weight (1 where the file has none); an
  // undirected edge appears in both lists. Parallel edges are kept once, the
  // lighter weight winning, as a shortest path would choose.
  std::map<uint64_t, std::map<uint64_t, double>> out;
  bool weighted = false;

  void addArc(uint64_t u, uint64_t v, double w) {
    auto [it, inserted] = out[u].emplace(v, w);
    if (!inserted) {
      it->second = std::min(it->second, w);
    }
  }
  void addEdge(uint64_t u, uint64_t v, double w = 1) {
    vertices.insert(u);
    vertices.insert(v);
    addArc(u, v, w);
    if (!directed) {
      addArc(v, u, w);
    }
  }
  size_t degree(uint64_t v) const {
    const auto it = out.find(v);
    return it == out.end() ? 0 : it->second.size();
  }
};

using EdgeKey = std::tuple<uint64_t, uint64_t, double>;

// Every edge once: (u, v, weight), with u <= v when undirected.
inline std::set<EdgeKey> edgeSet(const RefGraph& g, bool withWeights = false) {
  std::set<EdgeKey> edges;
  for (const auto& [u, targets] : g.out) {
    for (const auto& [v, w] : targets) {
      const double weight = withWeights ? w : 0.0;
      edges.emplace(g.directed ? u : std::min(u, v), g.directed ? v : std::max(u, v), weight);
    }
  }
  return edges;
}

// Relabels vertices through `map` (old id -> new id).
inline std::set<EdgeKey> relabel(const std::set<EdgeKey>& edges, const std::map<uint64_t, uint64_t>& map,
                                 bool directed) {
  std::set<EdgeKey> result;
  for (const auto& [u, v, w] : edges) {
    const uint64_t a = map.at(u);
    const uint64_t b = map.at(v);
    result.emplace(directed ? a : std::min(a, b), directed ? b : std::max(a, b), w);
  }
  return result;
}

// A SNAP edge list: "u v [w]" lines, '#' comments; directed only when asked.
inline RefGraph parseEdgeList(const std::string& text, bool directed) {
  RefGraph g;
  g.directed = directed;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line[0] == '%') {
      continue;
    }
    std::istringstream fields(line);
    uint64_t u = 0;
    uint64_t v = 0;
    if (!(fields >> u >> v)) {
      continue;
    }
    double w = 1;
    if (fields >> w) {
      g.weighted = true;
    }
    g.addEdge(u, v, w);
  }
  return g;
}

inline RefGraph readEdgeList(const std::filesystem::path& file, bool directed) {
  return parseEdgeList(readText(file), directed);
}

struct MatrixMarketHeader {
  std::string banner;
  uint64_t rows = 0;
  uint64_t cols = 0;
  uint64_t entries = 0;
};

// Matrix Market coordinate files (pattern, integer or real; symmetric or
// general). Vertex ids are the 1-based row/column numbers.
inline RefGraph readMatrixMarket(const std::filesystem::path& file, MatrixMarketHeader* header = nullptr,
                                 uint64_t* entryLines = nullptr) {
  std::istringstream in(readText(file));
  std::string line;
  MatrixMarketHeader h;
  std::getline(in, h.banner);
  while (std::getline(in, line) && (line.empty() || line[0] == '%')) {
  }
  std::istringstream(line) >> h.rows >> h.cols >> h.entries;
  RefGraph g;
  g.directed = !contains(h.banner, "symmetric");
  const bool pattern = contains(h.banner, "pattern");
  for (uint64_t v = 1; v <= h.rows; ++v) {
    g.vertices.insert(v);
  }
  uint64_t count = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '%') {
      continue;
    }
    std::istringstream fields(line);
    uint64_t r = 0;
    uint64_t c = 0;
    double w = 1;
    fields >> r >> c;
    if (!pattern) {
      fields >> w;
      g.weighted = true;
    }
    ++count;
    // Row r, column c is the arc r -> c as the tool writes it; symmetric
    // files hold each edge once.
    g.addEdge(r, c, w);
  }
  if (header != nullptr) {
    *header = h;
  }
  if (entryLines != nullptr) {
    *entryLines = count;
  }
  return g;
}

// METIS: "n m [fmt]" then line i lists vertex i's neighbours (1-based), with
// a weight after each when fmt ends in 1.
inline RefGraph readMetis(const std::filesystem::path& file) {
  std::istringstream in(readText(file));
  std::string line;
  while (std::getline(in, line) && (line.empty() || line[0] == '%')) {
  }
  uint64_t n = 0;
  uint64_t m = 0;
  std::string fmt = "0";
  std::istringstream(line) >> n >> m >> fmt;
  const bool edgeWeights = !fmt.empty() && fmt.back() == '1';
  RefGraph g;
  g.weighted = edgeWeights;
  uint64_t v = 0;
  while (v < n && std::getline(in, line)) {
    if (!line.empty() && line[0] == '%') {
      continue;
    }
    ++v;
    g.vertices.insert(v);
    std::istringstream fields(line);
    uint64_t u = 0;
    while (fields >> u) {
      double w = 1;
      if (edgeWeights) {
        fields >> w;
      }
      g.vertices.insert(u);
      g.addArc(v, u, w); // each edge is listed at both ends
    }
  }
  return g;
}

// ---- References ------------------------------------------------------------

// Hops from `source` to every vertex it reaches (a FIFO queue, nothing more).
inline std::map<uint64_t, int64_t> bfs(const RefGraph& g, uint64_t source) {
  std::map<uint64_t, int64_t> level{{source, 0}};
  std::deque<uint64_t> queue{source};
  while (!queue.empty()) {
    const uint64_t u = queue.front();
    queue.pop_front();
    const auto it = g.out.find(u);
    if (it == g.out.end()) {
      continue;
    }
    for (const auto& [v, w] : it->second) {
      if (level.emplace(v, level[u] + 1).second) {
        queue.push_back(v);
      }
    }
  }
  return level;
}

inline int64_t hops(const RefGraph& g, uint64_t source, uint64_t destination) {
  const auto levels = bfs(g, source);
  const auto it = levels.find(destination);
  return it == levels.end() ? -1 : it->second;
}

inline constexpr double kNoPath = std::numeric_limits<double>::infinity();

inline std::map<uint64_t, double> dijkstra(const RefGraph& g, uint64_t source) {
  std::map<uint64_t, double> distance{{source, 0}};
  using Item = std::pair<double, uint64_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> heap;
  heap.emplace(0, source);
  while (!heap.empty()) {
    const auto [d, u] = heap.top();
    heap.pop();
    if (d > distance[u]) {
      continue;
    }
    const auto it = g.out.find(u);
    if (it == g.out.end()) {
      continue;
    }
    for (const auto& [v, w] : it->second) {
      const auto known = distance.find(v);
      if (known == distance.end() || d + w < known->second) {
        distance[v] = d + w;
        heap.emplace(d + w, v);
      }
    }
  }
  return distance;
}

// ---- CSV -------------------------------------------------------------------

using CsvRow = std::vector<std::string>;

inline std::vector<CsvRow> parseCsv(const std::string& text) {
  std::vector<CsvRow> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') {
      line.pop_back();
    }
    if (line.empty()) {
      continue;
    }
    CsvRow row;
    std::string field;
    std::istringstream fields(line);
    while (std::getline(fields, field, ',')) {
      row.push_back(field);
    }
    if (line.back() == ',') {
      row.emplace_back();
    }
    rows.push_back(row);
  }
  return rows;
}

// A results CSV (header source,destination,length) as (source, destination,
// length) triples; the header and the number of fields are checked.
struct ResultRow {
  uint64_t source = 0;
  uint64_t destination = 0;
  std::string length;
};

inline std::vector<ResultRow> parseResults(const std::string& text) {
  const std::vector<CsvRow> rows = parseCsv(text);
  EXPECT_FALSE(rows.empty()) << "no header in:\n" << text;
  if (rows.empty()) {
    return {};
  }
  EXPECT_EQ(rows[0], (CsvRow{"source", "destination", "length"}));
  std::vector<ResultRow> results;
  for (size_t i = 1; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].size(), 3U) << "line " << i + 1;
    if (rows[i].size() != 3) {
      continue;
    }
    results.push_back({std::stoull(rows[i][0]), std::stoull(rows[i][1]), rows[i][2]});
  }
  return results;
}

// Column index by name in a CSV header.
inline size_t column(const CsvRow& header, const std::string& name) {
  const auto it = std::find(header.begin(), header.end(), name);
  EXPECT_NE(it, header.end()) << "no column " << name;
  return static_cast<size_t>(it - header.begin());
}

// Checks every row's length against the BFS of `g` (hops, -1 unreachable).
inline void expectHopsMatch(const RefGraph& g, const std::vector<ResultRow>& rows) {
  std::map<uint64_t, std::map<uint64_t, int64_t>> cache;
  for (const ResultRow& row : rows) {
    ASSERT_TRUE(g.vertices.count(row.source)) << "source " << row.source << " is not a vertex";
    ASSERT_TRUE(g.vertices.count(row.destination)) << "destination " << row.destination << " is not a vertex";
    auto found = cache.find(row.source);
    if (found == cache.end()) {
      found = cache.emplace(row.source, bfs(g, row.source)).first;
    }
    const auto it = found->second.find(row.destination);
    const int64_t expected = it == found->second.end() ? -1 : it->second;
    EXPECT_EQ(row.length, std::to_string(expected)) << row.source << " -> " << row.destination;
  }
}

// Tests of frontier-lab's window: it needs a display (Xvfb in scripts/test)
// or an offscreen platform, and skips with that reason otherwise.
class NeedsDisplay : public ::testing::Test {
protected:
  void SetUp() override {
    const char* platform = std::getenv("QT_QPA_PLATFORM");
    const bool headless =
        platform != nullptr && (std::string(platform) == "offscreen" || std::string(platform) == "minimal");
    if (std::getenv("DISPLAY") == nullptr && std::getenv("WAYLAND_DISPLAY") == nullptr && !headless) {
      GTEST_SKIP() << "no display for frontier-lab (run under xvfb-run, or set QT_QPA_PLATFORM=offscreen)";
    }
  }
};

} // namespace frontier::clitest
