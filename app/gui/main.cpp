// frontier-lab: the desktop tool.
//
//   frontier-lab [GRAPH | SESSION.json] [--strategy S] [--pairs random:N|FILE] [--seed S]
//                [--compare S1,S2[,...]] [--run] [--screenshot FILE.png]
//                [--repeats N] [--export-trace T.json] [--quit] [--device D]
//
// GRAPH is a file, demo:karate / demo:lesmis / demo:grid / demo:kronecker, or
// a generator spec such as grid:40x40; a session file (File > Save session)
// reopens its graph, pairs, strategy and comparison. --compare runs 2 to 4
// strategies side by side (with --run: a warm-up, then --repeats N timed runs
// of each in interleaved rounds) and screenshots the comparison.
// Exit status with --quit: 0 success, 1 a failure (load, device, search),
// 2 a bad option, 3 results that differ from the CPU reference.

#include <cstdio>

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include "LabController.h"
#include "ScriptedRun.h"
#include "windows/MainWindow.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setApplicationName("Frontier Lab");
  QApplication::setOrganizationName("Frontier Lab");
  QApplication::setApplicationVersion("0.1.0");

  QCommandLineParser parser;
  parser.setApplicationDescription("Watch and profile GPU multi-source BFS on Vulkan.");
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument("graph",
                               "A graph file, demo:NAME (karate, lesmis, grid, kronecker), a generator "
                               "spec such as grid:40x40, or a session file (.json).",
                               "[GRAPH|SESSION]");
  const QCommandLineOption device("device", "Vulkan device: index or name substring.", "device");
  const QCommandLineOption strategy(
      "strategy",
      "Strategy: a preset, optionally with switches (e.g. coalesced-bottom-up+beamer); on weighted graphs also "
      "near-far, delta-step or bellman-ford with +delta=D+batch=B.",
      "spec");
  const QCommandLineOption pairs("pairs", "random:N, or a file of source,destination pairs.", "pairs");
  const QCommandLineOption seed("seed", "Seed of the random pairs (default 1).", "seed");
  const QCommandLineOption run("run", "Run the search to the end.");
  const QCommandLineOption screenshot("screenshot", "Save the window as a PNG when done.", "file.png");
  const QCommandLineOption quit("quit", "Exit when done (status 0 on success).");
  const QCommandLineOption compare(
      "compare", "Compare 2 to 4 strategies side by side (e.g. workgroups,coalesced,coalesced-bottom-up).", "specs");
  const QCommandLineOption exportTrace(
      "export-trace", "After --compare --run: write a Chrome trace, one process per strategy.", "file.json");
  const QCommandLineOption repeats(
      "repeats", "With --compare: timed runs of each entry after one warm-up, in interleaved rounds (default 7).",
      "N");
  parser.addOptions({device, strategy, pairs, seed, compare, repeats, run, screenshot, exportTrace, quit});
  // process() alone exits with status 1 on an unknown option or a missing
  // value; a bad option is status 2 (see above). process() then only handles
  // --help and --version.
  if (!parser.parse(QApplication::arguments())) {
    std::fprintf(stderr, "frontier-lab: %s\n", qPrintable(parser.errorText()));
    return 2;
  }
  parser.process(app);

  frontier::ui::ScriptOptions script;
  script.graph = parser.positionalArguments().value(0);
  script.strategy = parser.value(strategy);
  script.pairs = parser.value(pairs);
  if (parser.isSet(seed)) {
    bool ok = false;
    script.seed = parser.value(seed).toInt(&ok);
    if (!ok || *script.seed < 0) {
      std::fprintf(stderr, "frontier-lab: --seed needs a non-negative integer\n");
      return 2;
    }
  }
  if (parser.isSet(repeats)) {
    bool ok = false;
    script.repeats = parser.value(repeats).toInt(&ok);
    if (!ok) {
      std::fprintf(stderr, "frontier-lab: --repeats needs a whole number of timed runs\n");
      return 2;
    }
  }
  script.run = parser.isSet(run);
  script.screenshot = parser.value(screenshot);
  script.quit = parser.isSet(quit);
  script.compare = parser.value(compare);
  script.exportTrace = parser.value(exportTrace);

  frontier::ui::MainWindowOptions options;
  options.deviceRequest = parser.value(device);
  // A scripted picture shows the default layout at a known size.
  options.restoreLayout = script.screenshot.isEmpty();
  frontier::ui::MainWindow window(options);
  window.show();

  frontier::ui::ScriptedRun scripted(&window, script);
  QObject::connect(&scripted, &frontier::ui::ScriptedRun::done, &app, [&](int status) {
    if (status != 0) {
      std::fprintf(stderr, "frontier-lab: %s\n", qPrintable(scripted.error()));
    } else if (!script.screenshot.isEmpty()) {
      std::fprintf(stderr, "frontier-lab: saved %s\n", qPrintable(script.screenshot));
    }
    if (script.quit) {
      QApplication::exit(status);
    }
  });
  // The window opens the device at once, on the engine's thread: a failure
  // can arrive before the script starts and listens for it, and --run would
  // then wait for the device forever. Such an early failure is kept and told
  // to the script again once it listens.
  QString earlyDeviceError;
  bool scriptStarted = false;
  frontier::ui::LabController* controller = window.controller();
  QObject::connect(controller, &frontier::ui::LabController::deviceFailed, &scripted,
                   [&](const QString& message) {
                     if (!scriptStarted) {
                       earlyDeviceError = message;
                     }
                   });
  // Started from the event loop: a bad option fails at once, and exit() only
  // ends a loop that runs.
  QTimer::singleShot(0, &scripted, [&] {
    scriptStarted = true;
    scripted.start();
    if (!earlyDeviceError.isEmpty()) {
      emit controller->deviceFailed(earlyDeviceError);
    }
  });
  return QApplication::exec();
}
