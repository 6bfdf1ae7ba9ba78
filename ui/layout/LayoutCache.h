#pragma once
// Force-directed layouts are slow on large graphs, so each one is kept: in
// memory for the session, keyed by the graph's identity (a checksum of its
// adjacency, so a reloaded file hits), and on disk under the user's cache
// folder (QStandardPaths::CacheLocation/layouts), so the next session draws at
// once. A cache file that cannot be read is ignored.
//
// Thread affinity: key() and the disk functions may run on any thread; the
// memory cache is for the GUI thread.

#include <map>
#include <memory>
#include <optional>

#include <QString>

#include "GraphLayouts.h"

namespace frontier::ui {

class LayoutCache {
public:
  static QString key(const graph::Graph& graph);

  std::shared_ptr<const Positions> find(const QString& key) const;
  void insert(const QString& key, std::shared_ptr<const Positions> positions);

  // Disk: empty / false on any failure (the cache is only a speed-up).
  static std::shared_ptr<const Positions> readDisk(const QString& key, uint32_t vertices);
  static bool writeDisk(const QString& key, const Positions& positions);
  static QString diskPath(const QString& key);

private:
  std::map<QString, std::shared_ptr<const Positions>> m_memory;
};

} // namespace frontier::ui
