// generate(spec): the one parser of generator specs, shared by the CLI and
// the GUI.

#include <charconv>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "Generators.h"

namespace frontier::graph {

namespace {

struct Kind {
  const char* name;
  std::vector<const char*> aliases;
  std::vector<const char*> keys;  // in positional order
  const char* help;
};

const std::vector<Kind>& kinds() {
  static const std::vector<Kind> table = {
      {"kronecker", {"graph500", "rmat"}, {"scale", "edgefactor", "a", "b", "c", "seed"},
       "kronecker:scale=16,edgefactor=16[,a=0.57,b=0.19,c=0.19,seed=1]  Graph500 Kronecker"},
      {"grid", {}, {"rows", "cols"}, "grid:40x40 (or rows=,cols=)  2D lattice"},
      {"er", {"erdos-renyi", "gnm"}, {"n", "m", "seed"}, "er:n=1000,m=5000[,seed=1]  Erdos-Renyi G(n,m)"},
      {"ba", {"barabasi-albert"}, {"n", "m", "seed"}, "ba:n=1000,m=3[,seed=1]  Barabasi-Albert"},
      {"ws", {"watts-strogatz"}, {"n", "k", "beta", "seed"}, "ws:n=1000,k=10,beta=0.1[,seed=1]  Watts-Strogatz"},
      {"path", {}, {"n"}, "path:100"},
      {"star", {}, {"n"}, "star:100  (vertex 0 joined to all others)"},
      {"tree", {}, {"n", "branching"}, "tree:n=100,branching=2"},
      {"complete", {}, {"n"}, "complete:10"},
  };
  return table;
}

class Params {
public:
  Params(const Kind& kind, std::string_view text) : m_kind(kind) {
    size_t position = 0;
    while (!text.empty()) {
      const size_t comma = text.find(',');
      const std::string_view item = text.substr(0, comma);
      const size_t equals = item.find('=');
      if (equals == std::string_view::npos) {
        if (position >= kind.keys.size()) {
          fail("too many values: '" + std::string(item) + "'");
        }
        set(kind.keys[position++], item);
      } else {
        set(std::string(item.substr(0, equals)), item.substr(equals + 1));
      }
      text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    }
  }

  template <class T> T get(const char* key, std::optional<T> fallback = std::nullopt) const {
    const auto it = m_values.find(key);
    if (it == m_values.end()) {
      if (!fallback) {
        fail(std::string("missing ") + key);
      }
      return *fallback;
    }
    T value{};
    const std::string& text = it->second;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) {
      fail(std::string("bad value for ") + key + ": '" + text + "'");
    }
    return value;
  }

  [[noreturn]] void fail(const std::string& what) const {
    throw std::invalid_argument("generator '" + std::string(m_kind.name) + "': " + what + " (usage: " +
                                m_kind.help + ")");
  }

private:
  void set(const std::string& key, std::string_view value) {
    bool known = false;
    for (const char* k : m_kind.keys) {
      known = known || key == k;
    }
    if (!known) {
      fail("unknown parameter '" + key + "'");
    }
    m_values[key] = std::string(value);
  }

  const Kind& m_kind;
  std::map<std::string, std::string> m_values;
};

const Kind& findKind(std::string_view name) {
  for (const Kind& kind : kinds()) {
    bool match = name == kind.name;
    for (const char* alias : kind.aliases) {
      match = match || name == alias;
    }
    if (match) {
      return kind;
    }
  }
  throw std::invalid_argument("unknown generator '" + std::string(name) + "'; known:\n" + generatorHelp());
}

Graph generateFromSpec(std::string_view spec, const ProgressCallback& progress) {
  const size_t colon = spec.find(':');
  const Kind& kind = findKind(spec.substr(0, colon));
  std::string text(colon == std::string_view::npos ? std::string_view() : spec.substr(colon + 1));
  const std::string name = kind.name;
  if (name == "grid" && text.find('=') == std::string::npos) {
    const size_t x = text.find_first_of("xX");
    if (x != std::string::npos) {
      text[x] = ',';
    }
  }
  const Params p(kind, text);
  if (name == "kronecker") {
    KroneckerParams k;
    k.scale = p.get<uint32_t>("scale");
    k.edgeFactor = p.get<uint32_t>("edgefactor", 16U);
    k.a = p.get<double>("a", 0.57);
    k.b = p.get<double>("b", 0.19);
    k.c = p.get<double>("c", 0.19);
    k.seed = p.get<uint64_t>("seed", uint64_t{1});
    return generateKronecker(k, progress);
  }
  if (name == "grid") {
    return generateGrid(p.get<uint32_t>("rows"), p.get<uint32_t>("cols"));
  }
  if (name == "er") {
    return generateErdosRenyi(p.get<uint32_t>("n"), p.get<uint64_t>("m"), p.get<uint64_t>("seed", uint64_t{1}));
  }
  if (name == "ba") {
    return generateBarabasiAlbert(p.get<uint32_t>("n"), p.get<uint32_t>("m"), p.get<uint64_t>("seed", uint64_t{1}));
  }
  if (name == "ws") {
    return generateWattsStrogatz(p.get<uint32_t>("n"), p.get<uint32_t>("k"), p.get<double>("beta"),
                                 p.get<uint64_t>("seed", uint64_t{1}));
  }
  if (name == "path") {
    return generatePath(p.get<uint32_t>("n"));
  }
  if (name == "star") {
    return generateStar(p.get<uint32_t>("n"));
  }
  if (name == "tree") {
    return generateTree(p.get<uint32_t>("n"), p.get<uint32_t>("branching", 2U));
  }
  return generateComplete(p.get<uint32_t>("n"));
}

} // namespace

Graph generate(std::string_view spec, const ProgressCallback& progress) {
  Graph graph = generateFromSpec(spec, progress);
  graph.setDirectionSource("generator");
  return graph;
}

std::string generatorHelp() {
  std::string help;
  for (const Kind& kind : kinds()) {
    help += "  ";
    help += kind.help;
    help += '\n';
  }
  return help;
}

} // namespace frontier::graph
