#pragma once
// A session file: what reopens the same state. JSON:
//   {"format": "frontier-lab-session", "version": 1,
//    "graph": "/data/luxembourg_osm.mtx" | "grid:40x40" | "demo:karate",
//    "pairs": [[source, destination], ...] | "random", // given pairs (ids of the graph's file), or the random ones
//    "random": {"count": 64, "seed": 1},        // the random setting (drawn when "pairs" is "random")
//    "strategy": "coalesced+lb",                 // the run window's strategy
//    "paths": "ibfs" | "near-far+delta=500+batch=16", // weighted graphs: hop counts or an algorithm
//    "device": "" | "0" | "NVIDIA",              // the device asked for ("" = the best)
//    "compare": ["workgroups", "coalesced"],     // the comparison's entries
//    "baseline": 0}
// A relative graph path is read relative to the session file's folder.
// Files written before "random" and "device" existed still read: their pairs
// were always written as a list, and the missing keys take the defaults
// (64 random pairs, seed 1; the best device).
//
// Qt Core only (no widgets), so the reader can be fuzzed on its own.
// Thread affinity: any thread (plain functions).

#include <cstdint>
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
  std::vector<std::pair<graph::FileId, graph::FileId>> pairs; // given pairs; empty: the random ones
  uint32_t randomCount = 64;
  uint64_t seed = 1;
  QString strategy;
  QString paths = QStringLiteral("ibfs");
  QString device; // a device request (RunConfig::device), "" = the best
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
