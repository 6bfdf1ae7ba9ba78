#pragma once
// Helpers shared by the GUI tests: waiting (on signals, never sleeping) for
// the window's LabController to load a graph, to have a search ready, and to
// finish what it was asked; and the Vulkan validation check of every test
// program that runs the engine (ValidationCheck).

#include <functional>

#include <QAction>
#include <QByteArray>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QMenu>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include "LabController.h"
#include "ScriptedRun.h"
#include "models/RunModel.h"
#include "models/ViewHistory.h"
#include "vk/Instance.h"
#include "windows/MainWindow.h"
#include "windows/ViewDocks.h"

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

// The test options with a theme for this window only.
inline ui::MainWindowOptions withTheme(const QString& theme) {
  ui::MainWindowOptions options = testWindowOptions();
  options.theme = theme;
  return options;
}

// The View > Theme entry of the named theme, null when the menu has none.
inline QAction* themeAction(const ui::MainWindow& window, const QString& name) {
  auto* menu = window.findChild<QMenu*>("themeMenu");
  for (QAction* action : menu != nullptr ? menu->actions() : QList<QAction*>{}) {
    if (action->data().toString() == name) {
      return action;
    }
  }
  return nullptr;
}

// The Vulkan validation layers in the GUI tests, as in the GPU tests
// (tests/gpu/GpuTest.h): on for the whole program, and a test function fails
// when they reported an error while it ran. The window's gpu::Context lives
// and dies on its EngineWorker's thread, so the check reads the process-wide
// totals of gpu::Instance, which count destroyed contexts too: errors at the
// teardown of a window that the function made count for that function.
//
// Use: enable() in initTestCase() before any window opens a device, start()
// in init(), QVERIFY2 on functionProblems() in cleanup() and on
// programProblems() in cleanupTestCase() (after the shared windows are gone).
class ValidationCheck {
public:
  void enable() {
    qputenv("FRONTIER_VALIDATION", "1"); // read by each gpu::Instance the worker makes
    if (!qEnvironmentVariableIsSet("VK_LAYER_ENABLES")) {
      qputenv("VK_LAYER_ENABLES", "VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT");
    }
    m_program = gpu::Instance::processTotals();
    m_function = m_program;
  }
  void start() { m_function = gpu::Instance::processTotals(); }

  // What went wrong since start(); empty when nothing did.
  QString functionProblems() const { return problemsSince(m_function); }
  // Since enable(), including initTestCase() and cleanupTestCase().
  QString programProblems() const { return problemsSince(m_program); }

private:
  static QString problemsSince(const gpu::ValidationTotals& from) {
    const gpu::ValidationTotals now = gpu::Instance::processTotals();
    const uint64_t errors = now.errors - from.errors;
    const uint64_t instances = now.instances - from.instances;
    const uint64_t validated = now.validatedInstances - from.validatedInstances;
    QStringList problems;
    if (errors != 0) {
      problems << QStringLiteral("%1 Vulkan validation error(s) (the [vulkan error] lines above)").arg(errors);
    }
    if (validated != instances) {
      problems << QStringLiteral("%1 of %2 Vulkan instances ran without the validation layers (is "
                                 "VK_LAYER_KHRONOS_validation installed?)")
                      .arg(instances - validated)
                      .arg(instances);
    }
    return problems.join(QStringLiteral("; "));
  }

  gpu::ValidationTotals m_program;
  gpu::ValidationTotals m_function;
};

// The slots shared by every GUI test program that runs the engine: test
// settings, and the validation check around each function and the whole
// program. QTest finds them here by name; a program that needs more defines
// its own (as private slots) and calls these from them.
class EngineUiTest : public QObject {
  Q_OBJECT
protected slots:
  void initTestCase() {
    useTestSettings();
    m_validation.enable();
  }
  void init() { m_validation.start(); }
  void cleanup() {
    const QString problems = m_validation.functionProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
  }
  void cleanupTestCase() {
    const QString problems = m_validation.programProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
  }

private:
  ValidationCheck m_validation;
};

// Waits until `done()` holds, checking it now and again each time `sender`
// emits `signal` (no sleeping, no polling). `timeoutMs` is a guard against a
// hang, not a measurement. The result of done() at the end.
template <class Sender, class Signal>
bool waitUntil(const Sender* sender, Signal signal, const std::function<bool()>& done, int timeoutMs = 120000) {
  QSignalSpy spy(sender, signal);
  QElapsedTimer clock;
  clock.start();
  while (!done()) {
    const qint64 left = timeoutMs - clock.elapsed();
    if (left <= 0 || !spy.wait(static_cast<int>(left))) {
      return done();
    }
  }
  return true;
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

// Runs a scripted session in `window` to its end; the exit status, -1 on a
// time-out. `error` gets the script's error text (empty on success).
inline int runScript(ui::MainWindow& window, const ui::ScriptOptions& options, QString* error, int timeoutMs = 300000) {
  ui::ScriptedRun script(&window, options);
  QSignalSpy done(&script, &ui::ScriptedRun::done);
  script.start();
  if (done.isEmpty() && !done.wait(timeoutMs)) {
    return -1;
  }
  *error = script.error();
  return done.first().first().toInt();
}

// Waits until nothing is in flight (each controller state change re-checks).
inline bool waitForIdle(ui::LabController& controller, int timeoutMs = 120000) {
  return waitUntil(
      &controller, &ui::LabController::stateChanged, [&] { return !controller.busy(); }, timeoutMs);
}

// Steps once and waits until the view state of that step has arrived and
// nothing is in flight.
inline bool stepAndWaitForViews(ui::MainWindow& window) {
  ui::ViewHistory* history = window.viewDocks()->history();
  const auto before = history->current();
  const int iteration = before ? before->iteration : -1;
  window.controller()->step();
  return waitUntil(history, &ui::ViewHistory::changed,
                   [&] { return history->current() && history->current()->iteration > iteration; }) &&
         waitForIdle(*window.controller());
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
