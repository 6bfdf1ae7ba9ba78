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
// Thread affinity: GUI thread (reading and writing are plain functions).

#include <optional>
#include <utility>
#include <vector>

#include <QObject>
#include <QString>
#include <QStringList>

#include "graph/Graph.h"

namespace frontier::ui {

class CompareWindow;
class MainWindow;

struct Session {
  QString graph;
  std::vector<std::pair<graph::FileId, graph::FileId>> pairs;
  QString strategy;
  QString paths = QStringLiteral("ibfs");
  QStringList compare;
  int baseline = 0;
};

// The window's state (and its comparison window's, when open).
Session captureSession(const MainWindow& window);

// False with the reason ("FILE: what is wrong") in `error`.
bool writeSession(const QString& path, const Session& session, QString* error);
std::optional<Session> readSession(const QString& path, QString* error);

// True when `path` names a session file (by its suffix and first bytes).
bool looksLikeSession(const QString& path);

// Opens a session in a window: loads the graph, then chooses the pairs and
// the strategy and fills the comparison's entries. done(error) follows, with
// an empty error on success (the comparison is not run).
class SessionLoader : public QObject {
  Q_OBJECT
public:
  SessionLoader(MainWindow* window, Session session, QObject* parent = nullptr);
  void start();

signals:
  void done(const QString& error);

private:
  void onGraphLoaded();
  void finish(const QString& error);

  MainWindow* m_window;
  Session m_session;
  bool m_active = false;
};

} // namespace frontier::ui
