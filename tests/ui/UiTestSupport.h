#pragma once
// Helpers shared by the GUI tests: waiting (on signals, never sleeping) for
// the window's LabController to load a graph, to have a search ready, and to
// finish what it was asked.

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>

#include "LabController.h"
#include "ScriptedRun.h"
#include "models/RunModel.h"
#include "windows/MainWindow.h"

namespace frontier::test {

// Settings go to a test folder, not the user's.
inline void useTestSettings() {
  QStandardPaths::setTestModeEnabled(true);
  QCoreApplication::setOrganizationName(QStringLiteral("Frontier Lab Tests"));
  QCoreApplication::setApplicationName(QStringLiteral("Frontier Lab Tests"));
}

inline ui::MainWindowOptions testWindowOptions() {
  ui::MainWindowOptions options;
  options.restoreLayout = false;
  return options;
}

// Writes `bytes` to `name` in `folder`; the path, or empty on failure.
inline QString writeFile(const QTemporaryDir& folder, const QString& name, const QByteArray& bytes) {
  const QString path = folder.filePath(name);
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size()) {
    return {};
  }
  return path;
}

// Waits until nothing is in flight (each controller state change re-checks).
// Runs a scripted session in `window` to its end; the exit status, -1 on a
// time-out. `error` gets the script's error text (empty on success).
inline int runScript(ui::MainWindow& window, const ui::ScriptOptions& options, QString* error,
                     int timeoutMs = 300000) {
  ui::ScriptedRun script(&window, options);
  QSignalSpy done(&script, &ui::ScriptedRun::done);
  script.start();
  if (done.isEmpty() && !done.wait(timeoutMs)) {
    return -1;
  }
  *error = script.error();
  return done.first().first().toInt();
}

inline bool waitForIdle(ui::LabController& controller, int timeoutMs = 60000) {
  QElapsedTimer clock;
  clock.start();
  QSignalSpy changed(&controller, &ui::LabController::stateChanged);
  while (controller.busy()) {
    const auto left = timeoutMs - clock.elapsed();
    if (left <= 0 || !changed.wait(static_cast<int>(left))) {
      return !controller.busy();
    }
  }
  return true;
}

// Opens a graph (path, demo:NAME or generator spec) and waits until it is
// loaded and a search over the default pairs is ready. Empty on success,
// else what went wrong.
inline QString openAndPrepare(ui::MainWindow& window, const QString& what, int timeoutMs = 120000) {
  ui::LabController& controller = *window.controller();
  QSignalSpy loaded(&controller, &ui::LabController::graphChanged);
  QSignalSpy failed(&controller, &ui::LabController::loadFailed);
  QSignalSpy engineFailed(&controller, &ui::LabController::engineFailed);
  window.openGraph(what);
  QElapsedTimer clock;
  clock.start();
  while (loaded.isEmpty() && failed.isEmpty()) {
    if (clock.elapsed() > timeoutMs) {
      return QStringLiteral("timed out loading ") + what;
    }
    loaded.wait(1000);
  }
  if (!failed.isEmpty()) {
    return failed.first().first().toString();
  }
  if (!waitForIdle(controller, timeoutMs)) {
    return QStringLiteral("timed out preparing the search");
  }
  if (!engineFailed.isEmpty()) {
    return engineFailed.first().first().toString();
  }
  return controller.run()->hasSearch() ? QString() : QStringLiteral("no search after loading");
}

// The screenshot check: an image that is null or of a single colour shows
// nothing (a window that never painted, a blank Xvfb screen).
inline bool showsSomething(const QImage& image) {
  if (image.isNull()) {
    return false;
  }
  const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
  const QRgb first = rgb.pixel(0, 0);
  for (int y = 0; y < rgb.height(); ++y) {
    for (int x = 0; x < rgb.width(); ++x) {
      if (rgb.pixel(x, y) != first) {
        return true;
      }
    }
  }
  return false;
}

} // namespace frontier::test
