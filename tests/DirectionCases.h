#pragma once
// Edge lists as other tools write them, with the direction each must be read
// with and an independent reference: the cases' expectations are written by
// hand from the rule of docs/FORMATS.md (only SNAP's "# Directed graph" /
// "# Undirected graph" at the start of a header comment line decides; else
// undirected), and the reference lengths come from this file's own parser
// and BFS, which share nothing with core/graph.

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace frontier::test {

struct DirectionCase {
  const char* name;
  const char* header;      // comment lines before the edges (each ends with '\n')
  bool directed;           // how the file must be read without an override
  const char* source;      // the expected directionSource()
  bool noted;              // a load note is expected
};

// Every edge once, in one direction only, so that reading the direction
// wrongly changes most lengths: a cycle 0 -> 1 -> ... -> 11 -> 0 with two
// chords and a tail.
inline const char* directionCaseEdges() {
  return "0 1\n1 2\n2 3\n3 4\n4 5\n5 6\n6 7\n7 8\n8 9\n9 10\n10 11\n11 0\n3 9\n6 1\n11 12\n12 13\n";
}

inline std::vector<DirectionCase> directionCases() {
  return {
      {"snap_directed", "# Directed graph (each unordered pair of nodes is saved once): x.txt\n# Nodes: 14 Edges: 16\n",
       true, "header line 1", false},
      {"snap_undirected", "# Undirected graph: x.txt\n# Nodes: 14 Edges: 16\n", false, "header line 1", false},
      {"snap_directed_second_line", "# made by a crawler\n# Directed graph: x.txt\n", true, "header line 2", false},
      {"no_space_after_hash", "#Directed graph\n", true, "header line 1", false},
      {"upper_case", "# DIRECTED GRAPH\n", true, "header line 1", false},
      {"percent_comment", "% Directed graph\n", true, "header line 1", false},
      {"no_header", "", false, "format default", false},
      {"networkx_directed_false", "# directed=False\n", false, "format default", true},
      {"networkx_directed_true", "# directed=True\n", false, "format default", true},
      {"not_directed", "# this graph is not directed\n", false, "format default", true},
      {"directed_colon_no", "# Directed: no\n", false, "format default", true},
      {"converted_from_undirected", "# converted from an undirected source\n", false, "format default", true},
      {"directed_graphs_plural", "# Directed graphs are drawn with arrows\n", false, "format default", true},
      {"mention_then_declaration", "# directed=False\n# Directed graph\n", true, "header line 2", false},
      {"gephi_style", "# Source Target\n# type: undirected\n", false, "format default", true},
  };
}

// The edges of an edge list (lines of two integers; '#' and '%' lines and
// blank lines skipped) and the shortest path lengths between file ids.
class ReferenceEdgeList {
public:
  ReferenceEdgeList(const std::string& text, bool directed) {
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
      if (line.empty() || line[0] == '#' || line[0] == '%') {
        continue;
      }
      std::istringstream fields(line);
      uint64_t u = 0;
      uint64_t v = 0;
      if (fields >> u >> v) {
        m_out[u].push_back(v);
        m_out[v];
        if (!directed) {
          m_out[v].push_back(u);
        }
      }
    }
  }

  std::vector<uint64_t> vertices() const {
    std::vector<uint64_t> ids;
    for (const auto& [id, list] : m_out) {
      ids.push_back(id);
    }
    return ids;
  }

  // Hops from `from` to `to`, or -1 when unreachable.
  int64_t length(uint64_t from, uint64_t to) const {
    std::map<uint64_t, int64_t> hops{{from, 0}};
    std::deque<uint64_t> queue{from};
    while (!queue.empty()) {
      const uint64_t v = queue.front();
      queue.pop_front();
      if (v == to) {
        return hops[v];
      }
      for (const uint64_t u : m_out.at(v)) {
        if (hops.emplace(u, hops[v] + 1).second) {
          queue.push_back(u);
        }
      }
    }
    return -1;
  }

private:
  std::map<uint64_t, std::vector<uint64_t>> m_out;
};

} // namespace frontier::test
