#pragma once
// A session file: what reopens the same state. JSON:
//   {"format": "frontier-lab-session", "version": 1,
//    "graph": "/data/luxembourg_osm.mtx" | "grid:40x40" | "demo:karate",
//    "pairs": [[source, destination], ...],     // ids of the graph's file
//    "strategy": "coalesced+lb",                 // the run window's strategy
//    "paths": "ibfs" | "near-far+delta=500+batch=16", // weighted graphs: hop counts or an algorithm
//    "compare": ["workgroups", "coalesced"],     // the comparison's entries
//    "baseline": 0}
// A relative graph path is read relative to the session file's folder.
//
// Qt Core only (no widgets), so the reader can be fuzzed on its own.
// Thread affinity: any thread (plain functions).

#include <optional>
#include <utility>
#include <vector>

#include <QByteArray>
#include <QString>
#include <QStringList>

#include "graph/Graph.h"

namespace frontier::ui {

struct Session {
  QString graph;
  std::vector<std::pair<graph::FileId, graph::FileId>> pairs;
  QString strategy;
  QString paths = QStringLiteral("ibfs");
  QStringList compare;
  int baseline = 0;
};

// False with the reason ("FILE: what is wrong") in `error`.
bool writeSession(const QString& path, const Session& session, QString* error);
std::optional<Session> readSession(const QString& path, QString* error);

// The same from the bytes of a file; `path` names it in errors and anchors a
// relative graph path.
std::optional<Session> parseSession(const QByteArray& bytes, const QString& path, QString* error);

// True when `path` names a session file (by its suffix and first bytes).
bool looksLikeSession(const QString& path);

} // namespace frontier::ui
