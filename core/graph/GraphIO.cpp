#include "GraphIO.h"

#include <algorithm>
#include <cctype>
#include <new>
#include <stdexcept>

#include "BinaryCache.h"
#include "Readers.h"

namespace frontier::graph {

namespace detail {

std::string lowercase(std::string_view text) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); });
  return lower;
}

void checkDeclaredVertices(const TextScanner& scan, const char* at, uint64_t count, const LoadOptions& options) {
  if (count > options.vertexLimit) {
    scan.failAt(at, "expected a vertex count of at most " + std::to_string(options.vertexLimit));
  }
}

} // namespace detail

namespace {

using detail::lowercase;

// The extension that names the format: "x.mtx.gz" -> ".mtx".
std::string formatExtension(const std::filesystem::path& path) {
  std::filesystem::path name = path.filename();
  if (lowercase(name.extension().string()) == ".gz") {
    name = name.stem();
  }
  return lowercase(name.extension().string());
}

std::string_view firstContentLine(std::string_view bytes, std::string_view commentStarts) {
  while (!bytes.empty()) {
    const size_t end = bytes.find('\n');
    const std::string_view line = bytes.substr(0, end);
    const size_t first = line.find_first_not_of(" \t\r");
    if (first != std::string_view::npos && commentStarts.find(line[first]) == std::string_view::npos) {
      return line.substr(first);
    }
    if (end == std::string_view::npos) {
      break;
    }
    bytes.remove_prefix(end + 1);
  }
  return {};
}

// Runs a reader, turning the builder's own exceptions into GraphErrors that
// name the input, so that callers see one error type for bad input.
template <class Read> Graph guardedRead(const std::string& name, Read&& read) {
  try {
    return read();
  } catch (const std::length_error& error) {
    throw GraphError(name, error.what());
  } catch (const std::out_of_range& error) {
    throw GraphError(name, error.what());
  } catch (const std::bad_alloc&) {
    throw GraphError(name, "out of memory while loading");
  }
}

Graph readText(Format format, TextInput& input, TextInput* coordinates, detail::ReadContext& context) {
  switch (format) {
  case Format::Snap: return detail::readSnap(input, context);
  case Format::MatrixMarket: return detail::readMatrixMarket(input, context);
  case Format::Dimacs: return detail::readDimacs(input, coordinates, context);
  case Format::Metis: return detail::readMetis(input, context);
  default: break;
  }
  throw std::logic_error("readText: not a text format");
}

std::vector<std::filesystem::path> ldbcFilesIn(const std::filesystem::path& folder) {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    const std::string name = entry.path().filename().string();
    const std::string lower = lowercase(name);
    const bool csv = lower.ends_with(".csv") || lower.ends_with(".csv.gz");
    if (entry.is_regular_file() && csv && lower.starts_with("person_knows_person")) {
      files.push_back(entry.path());
    }
  }
  if (error) {
    throw GraphError(folder.string(), "cannot list the folder: " + error.message());
  }
  if (files.empty()) {
    throw GraphError(folder.string(),
                     "expected Person_knows_Person*.csv files (LDBC) in the folder, found none");
  }
  std::sort(files.begin(), files.end());
  return files;
}

Graph loadFolder(const std::filesystem::path& folder, const LoadOptions& options, LoadStats& stats) {
  if (options.format != Format::Auto && options.format != Format::Ldbc) {
    throw GraphError(folder.string(), "is a folder; only LDBC CSV files can be loaded from a folder");
  }
  std::vector<std::unique_ptr<TextInput>> inputs;
  for (const auto& file : ldbcFilesIn(folder)) {
    bool compressed = false;
    inputs.push_back(std::make_unique<TextInput>(openFile(file, &compressed)));
    stats.compressed = stats.compressed || compressed;
  }
  stats.format = Format::Ldbc;
  detail::ReadContext context{options, Progress(&options.progress), stats};
  Graph graph = guardedRead(folder.string(), [&] { return detail::readLdbc(inputs, context); });
  graph.setName(folder.string());
  return graph;
}

// The .co file beside a .gr file, if any.
std::unique_ptr<TextInput> dimacsCoordinates(const std::filesystem::path& path) {
  std::filesystem::path base = path;
  if (lowercase(base.extension().string()) == ".gz") {
    base.replace_extension();
  }
  for (const char* extension : {".co", ".co.gz"}) {
    std::filesystem::path candidate = base;
    candidate.replace_extension(extension);
    std::error_code error;
    if (std::filesystem::is_regular_file(candidate, error)) {
      return std::make_unique<TextInput>(openFile(candidate));
    }
  }
  return nullptr;
}

} // namespace

Graph loadGraph(const std::filesystem::path& path, const LoadOptions& options) {
  LoadStats stats;
  return loadGraph(path, options, stats);
}

Graph loadGraph(const std::filesystem::path& path, const LoadOptions& options, LoadStats& stats) {
  stats = {};
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    return loadFolder(path, options, stats);
  }
  const std::string name = path.string();
  bool compressed = false;
  std::unique_ptr<ByteSource> source = openFile(path, &compressed);
  stats.compressed = compressed;
  TextInput input(std::move(source));
  const std::string_view head = input.peek(4096);
  const Format format = options.format == Format::Auto ? detectFormat(path, head) : options.format;
  stats.format = format;
  Progress progress(&options.progress);
  detail::ReadContext context{options, progress, stats};
  Graph graph = guardedRead(name, [&]() -> Graph {
    if (format == Format::Binary) {
      if (compressed) {
        throw GraphError(name, "a gzip-compressed graph cache is not supported; decompress it first");
      }
      // Read the cache straight into the graph, bypassing the text buffer.
      std::unique_ptr<ByteSource> raw = openFile(path);
      stats.inputBytes = raw->size();
      Graph cached = detail::withDirection(BinaryCache::read(*raw, options), options);
      stats.inputEdges = cached.edgeCount();
      return cached;
    }
    if (format == Format::Ldbc) {
      std::vector<std::unique_ptr<TextInput>> inputs;
      inputs.push_back(std::make_unique<TextInput>(std::move(input)));
      return detail::readLdbc(inputs, context);
    }
    std::unique_ptr<TextInput> coordinates = format == Format::Dimacs ? dimacsCoordinates(path) : nullptr;
    return readText(format, input, coordinates.get(), context);
  });
  graph.setName(name);
  return graph;
}

Graph parseGraph(std::string_view bytes, Format format, const LoadOptions& options, const std::string& name) {
  LoadStats stats;
  bool compressed = false;
  TextInput input(openMemory(bytes, name, &compressed));
  stats.compressed = compressed;
  const Format chosen = format == Format::Auto ? detectFormat(name, input.peek(4096)) : format;
  detail::ReadContext context{options, Progress(&options.progress), stats};
  Graph graph = guardedRead(name, [&]() -> Graph {
    if (chosen == Format::Binary) {
      if (compressed) {
        throw GraphError(name, "a gzip-compressed graph cache is not supported; decompress it first");
      }
      std::unique_ptr<ByteSource> raw = openMemory(bytes, name);
      return detail::withDirection(BinaryCache::read(*raw, options), options);
    }
    if (chosen == Format::Ldbc) {
      std::vector<std::unique_ptr<TextInput>> inputs;
      inputs.push_back(std::make_unique<TextInput>(std::move(input)));
      return detail::readLdbc(inputs, context);
    }
    return readText(chosen, input, nullptr, context);
  });
  graph.setName(name);
  return graph;
}

Format detectFormat(const std::filesystem::path& path, std::string_view firstBytes) {
  if (firstBytes.substr(0, sizeof BinaryCache::kMagic) ==
      std::string_view(BinaryCache::kMagic, sizeof BinaryCache::kMagic)) {
    return Format::Binary;
  }
  if (lowercase(firstBytes.substr(0, 14)) == "%%matrixmarket") {
    return Format::MatrixMarket;
  }
  const std::string extension = formatExtension(path);
  if (extension == ".mtx" || extension == ".mm") {
    return Format::MatrixMarket;
  }
  if (extension == ".gr" || extension == ".dimacs") {
    return Format::Dimacs;
  }
  if (extension == ".graph" || extension == ".metis") {
    return Format::Metis;
  }
  if (extension == ".fgraph") {
    return Format::Binary;
  }
  // Content: an LDBC header has '|' separators; DIMACS opens with 'c' or 'p'.
  const std::string_view line = firstContentLine(firstBytes, "#%");
  if (line.find('|') != std::string_view::npos) {
    return Format::Ldbc;
  }
  if (extension.empty() || extension == ".txt" || extension == ".csv" || extension == ".tsv") {
    if (!line.empty() && (line[0] == 'c' || line[0] == 'p') && line.size() > 1 && (line[1] == ' ' || line[1] == '\t')) {
      return Format::Dimacs;
    }
  }
  return Format::Snap;
}

std::string formatName(Format format) {
  switch (format) {
  case Format::Auto: return "auto";
  case Format::Snap: return "snap";
  case Format::MatrixMarket: return "mtx";
  case Format::Dimacs: return "dimacs";
  case Format::Metis: return "metis";
  case Format::Ldbc: return "ldbc";
  case Format::Binary: return "fgraph";
  }
  return "unknown";
}

std::optional<Format> parseFormat(std::string_view name) {
  const std::string lower = lowercase(name);
  struct Alias {
    const char* name;
    Format format;
  };
  static constexpr Alias kAliases[] = {
      {"auto", Format::Auto},         {"snap", Format::Snap},          {"edgelist", Format::Snap},
      {"edge-list", Format::Snap},    {"txt", Format::Snap},           {"mtx", Format::MatrixMarket},
      {"mm", Format::MatrixMarket},   {"matrixmarket", Format::MatrixMarket},
      {"matrix-market", Format::MatrixMarket},                         {"dimacs", Format::Dimacs},
      {"gr", Format::Dimacs},         {"metis", Format::Metis},        {"graph", Format::Metis},
      {"ldbc", Format::Ldbc},         {"csv", Format::Ldbc},           {"fgraph", Format::Binary},
      {"binary", Format::Binary},     {"cache", Format::Binary},
  };
  for (const Alias& alias : kAliases) {
    if (lower == alias.name) {
      return alias.format;
    }
  }
  return std::nullopt;
}

} // namespace frontier::graph
