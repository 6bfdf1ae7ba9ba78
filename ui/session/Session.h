#pragma once
// Sessions in the window: capturing the window's state and reopening it.
// The file format and its reading and writing: SessionFile.h.
//
// Thread affinity: GUI thread.

#include <optional>
#include <utility>
#include <vector>

#include <QObject>
#include <QString>
#include <QStringList>

#include "PairsSpec.h"
#include "session/SessionFile.h"

namespace frontier::ui {

class CompareWindow;
class MainWindow;

// The window's state (and its comparison window's, when open).
Session captureSession(const MainWindow& window);

// A session's pairs as the run's configuration holds them: its given pairs,
// or its random setting's.
PairsSpec pairsOf(const Session& session);

// Opens a session in a window: opens its device, loads the graph, then
// chooses the pairs and the strategy and fills the comparison's entries. done(error) follows, with
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
