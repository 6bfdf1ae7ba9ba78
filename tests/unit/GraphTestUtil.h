#pragma once
// Helpers shared by the graph tests: adjacency as plain vectors, temporary
// files, gzip in memory.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <zlib.h>

#include "TestData.h"
#include "graph/Graph.h"

namespace frontier::test {

// The same vertices, file ids and CSR arrays (out-arcs with their weights,
// in-arcs), the same direction and counts: what every format keeps.
inline void expectSameCsr(const graph::Graph& a, const graph::Graph& b) {
  ASSERT_EQ(a.vertexCount(), b.vertexCount());
  EXPECT_EQ(a.directed(), b.directed());
  EXPECT_EQ(a.edgeCount(), b.edgeCount());
  EXPECT_EQ(a.selfLoopCount(), b.selfLoopCount());
  EXPECT_EQ(a.out().offsets, b.out().offsets);
  EXPECT_EQ(a.out().targets, b.out().targets);
  EXPECT_EQ(a.out().weights, b.out().weights);
  EXPECT_EQ(a.in().offsets, b.in().offsets);
  EXPECT_EQ(a.in().targets, b.in().targets);
  for (graph::VertexId v = 0; v < a.vertexCount(); ++v) {
    ASSERT_EQ(a.fileId(v), b.fileId(v));
  }
}

// The out-neighbours of every vertex as file ids.
inline std::vector<std::vector<graph::FileId>> adjacency(const graph::Graph& g) {
  std::vector<std::vector<graph::FileId>> lists(g.vertexCount());
  for (graph::VertexId v = 0; v < g.vertexCount(); ++v) {
    for (const graph::VertexId u : g.out().neighbours(v)) {
      lists[v].push_back(g.fileId(u));
    }
  }
  return lists;
}

// A folder of its own under the system temp folder, removed afterwards.
class TempDir {
public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    m_path = std::filesystem::temp_directory_path() /
             ("frontier-test-" + std::string(info->test_suite_name()) + "-" + info->name() + "-" +
              std::to_string(::getpid()));
    std::filesystem::create_directories(m_path);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(m_path, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::filesystem::path file(const std::string& name, const std::string& content) const {
    const std::filesystem::path path = m_path / name;
    std::ofstream(path, std::ios::binary) << content;
    return path;
  }
  std::filesystem::path path(const std::string& name) const { return m_path / name; }

private:
  std::filesystem::path m_path;
};

// gzip-compressed bytes of `text`.
inline std::string gzipped(const std::string& text) {
  z_stream stream{};
  deflateInit2(&stream, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&stream, text.size()) + 64, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}

// The bytes of a file (empty when it cannot be read).
inline std::string readFile(const std::filesystem::path& path) {
  std::string bytes;
  if (std::FILE* file = std::fopen(path.c_str(), "rb")) {
    char buffer[65536];
    size_t got = 0;
    while ((got = std::fread(buffer, 1, sizeof buffer, file)) > 0) {
      bytes.append(buffer, got);
    }
    std::fclose(file);
  }
  return bytes;
}

inline bool haveData(const std::string& name) { return std::filesystem::exists(dataFile(name)); }

#define FRONTIER_REQUIRE_DATA(name)                                                                                    \
  if (!::frontier::test::haveData(name)) {                                                                              \
    GTEST_SKIP() << "missing test graph " << ::frontier::test::dataFile(name);                                          \
  }

} // namespace frontier::test
