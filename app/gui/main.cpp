// frontier-lab: the desktop tool.
//
//   frontier-lab [GRAPH | SESSION.json] [--strategy S] [--pairs random:N|FILE] [--seed S]
//                [--compare S1,S2[,...]] [--run] [--screenshot FILE.png]
//                [--repeats N] [--compare-devices all|0,1,...] [--export-trace T.json] [--quit]
//                [--device D] [--theme NAME] [--pipeline-statistics]
//                [--lesson] [--export-animation OUT.mp4|OUT.gif|FOLDER] [--animation-steps A-B]
//                [--animation-with-charts]
//   frontier-lab --help | --version      (no display needed)
//
// GRAPH is a file, demo:karate / demo:lesmis / demo:grid / demo:kronecker, or
// a generator spec such as grid:40x40 (none: Zachary's karate club opens); a session file (File > Save session)
// reopens its graph, pairs, strategy and comparison. --compare runs 2 to 4
// strategies side by side (with --run: a warm-up, then --repeats N timed runs
// of each in interleaved rounds) and screenshots the comparison;
// --compare-devices runs its entries on these devices in turn, at the same time.
// --theme applies a theme (system, light, dark, projector, projector-dark) to
// this run only, for scripted screenshots; View > Theme is the remembered choice.
// Exit status with --quit: 0 success, 1 a failure (load, device, search),
// 2 a bad option, 3 results that differ from the CPU reference.

#include <cstdio>
#include <cstring>

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTimer>

#include "FrontierVersion.h"
#include "LabController.h"
#include "ScriptedRun.h"
#include "theme/ThemeRegistry.h"
#include "windows/MainWindow.h"

namespace {

// The graph opened when the command line names none.
constexpr const char* kDefaultGraph = "demo:karate";

struct LabOptions {
  QCommandLineOption device{"device", "Vulkan device: index or name substring.", "device"};
  QCommandLineOption strategy{
      "strategy",
      "Strategy: a preset, optionally with switches (e.g. coalesced-bottom-up+beamer); on weighted graphs also "
      "near-far, delta-step or bellman-ford with +delta=D+batch=B.",
      "spec"};
  QCommandLineOption pairs{"pairs", "random:N (N up to 1000000), or a file of source,destination pairs.", "pairs"};
  QCommandLineOption seed{"seed",
                          "Seed of the random pairs, 0 to 2147483647 (default 1, or the session's); the same N "
                          "and seed give the same pairs on the same graph, as in the Pairs panel.",
                          "seed"};
  QCommandLineOption run{"run", "Run the search to the end."};
  QCommandLineOption screenshot{"screenshot", "Save the window as a PNG when done.", "file.png"};
  QCommandLineOption quit{"quit", "Exit when done (status 0 on success)."};
  QCommandLineOption theme{"theme",
                           "Theme of this run: " + frontier::ui::themeNames().join(", ") +
                               " (default: the one last chosen in View > Theme).",
                           "name"};
  QCommandLineOption compare{
      "compare", "Compare 2 to 4 strategies side by side (e.g. workgroups,coalesced,coalesced-bottom-up).", "specs"};
  QCommandLineOption exportTrace{"export-trace",
                                 "After --compare --run: write a Chrome trace, one process per strategy.", "file.json"};
  QCommandLineOption lesson{"lesson", "The lesson preset: one pair from the first vertex to the farthest, "
                                      "top-down, large labelled vertices on small graphs."};
  QCommandLineOption exportAnimation{"export-animation",
                                     "After --run: the graph view at every step, as out.mp4 or out.gif (needs "
                                     "ffmpeg) or PNG frames in a folder.",
                                     "out.mp4"};
  QCommandLineOption animationSteps{"animation-steps",
                                    "With --export-animation: only these steps, FIRST-LAST counted from 1 (e.g. 2-5); "
                                    "default all.",
                                    "A-B"};
  QCommandLineOption animationWithCharts{
      "animation-with-charts",
      "With --export-animation: each frame shows the charts (JFQ length, newly visited, edges examined) beside "
      "the graph view, their cursor on the frame's step."};
  QCommandLineOption repeats{
      "repeats", "With --compare: timed runs of each entry after one warm-up, in interleaved rounds (default 7).", "N"};
  QCommandLineOption pipelineStatistics{
      "pipeline-statistics",
      "Count the invocations of every dispatch and, where the device has VK_KHR_pipeline_executable_properties, "
      "show each pipeline's registers, shared memory, spills and occupancy (Run > Count invocations and pipeline "
      "statistics)."};
  QCommandLineOption compareDevices{
      "compare-devices",
      "With --compare: entry 1 on the first of these devices, entry 2 on the next, ..., the devices running at "
      "the same time: all, or indices (0,1); an index may repeat (0,0 opens device 0 twice).",
      "list"};

  void addTo(QCommandLineParser& parser) const {
    parser.setApplicationDescription(
        "Watch and profile GPU multi-source BFS on Vulkan. Without a graph, opens Zachary's karate club "
        "(demo:karate).\n\nExit status with --quit: 0 success, 1 a failure (load, device, search), 2 a bad "
        "option, 3 results that differ from the CPU reference.");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("graph",
                                 "A graph file, demo:NAME (karate, lesmis, grid, kronecker), a generator "
                                 "spec such as grid:40x40, or a session file (.json). Default: demo:karate.",
                                 "[GRAPH|SESSION]");
    parser.addOptions({device, strategy, pairs, seed, compare, repeats, compareDevices, run, screenshot, exportTrace,
                       quit, theme, lesson, exportAnimation, animationSteps, animationWithCharts, pipelineStatistics});
  }
};

void setApplicationNames() {
  QCoreApplication::setApplicationName("Frontier Lab");
  QCoreApplication::setOrganizationName("Frontier Lab");
  QCoreApplication::setApplicationVersion(QString::fromLatin1(frontier::kVersion));
}

// --help and --version need no window: they are answered before QApplication
// exists, which would fail without a display.
bool asksForHelpOrVersion(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const char* a = argv[i];
    if (std::strcmp(a, "--") == 0) {
      return false;
    }
    for (const char* flag : {"-h", "--help", "-?", "--help-all", "-v", "--version"}) {
      if (std::strcmp(a, flag) == 0) {
        return true;
      }
    }
  }
  return false;
}

} // namespace

int main(int argc, char** argv) {
  const LabOptions o;
  if (asksForHelpOrVersion(argc, argv)) {
    QCoreApplication core(argc, argv);
    setApplicationNames();
    QCommandLineParser parser;
    o.addTo(parser);
    if (!parser.parse(QCoreApplication::arguments())) {
      std::fprintf(stderr, "frontier-lab: %s\n", qPrintable(parser.errorText()));
      return 2;
    }
    parser.process(core); // prints the help or the version and exits 0
    return 0;
  }

  QApplication app(argc, argv);
  setApplicationNames();

  QCommandLineParser parser;
  o.addTo(parser);
  // process() alone exits with status 1 on an unknown option or a missing
  // value; a bad option is status 2 (see above).
  if (!parser.parse(QApplication::arguments())) {
    std::fprintf(stderr, "frontier-lab: %s\n", qPrintable(parser.errorText()));
    return 2;
  }

  frontier::ui::ScriptOptions script;
  script.graph = parser.positionalArguments().value(0);
  if (script.graph.isEmpty()) {
    script.graph = QString::fromLatin1(kDefaultGraph);
  }
  script.strategy = parser.value(o.strategy);
  script.pairs = parser.value(o.pairs);
  if (parser.isSet(o.seed)) {
    bool ok = false;
    const qulonglong value = parser.value(o.seed).toULongLong(&ok);
    if (!ok || value > frontier::ui::kMaxPairSeed) {
      std::fprintf(stderr, "frontier-lab: --seed needs a whole number from 0 to %llu, not '%s'\n",
                   static_cast<unsigned long long>(frontier::ui::kMaxPairSeed),
                   parser.value(o.seed).toLocal8Bit().constData());
      return 2;
    }
    script.seed = value;
  }
  if (parser.isSet(o.repeats)) {
    bool ok = false;
    script.repeats = parser.value(o.repeats).toInt(&ok);
    if (!ok) {
      std::fprintf(stderr, "frontier-lab: --repeats needs a whole number of timed runs\n");
      return 2;
    }
  }
  script.run = parser.isSet(o.run);
  script.screenshot = parser.value(o.screenshot);
  script.quit = parser.isSet(o.quit);
  script.compare = parser.value(o.compare);
  script.compareDevices = parser.value(o.compareDevices);
  script.exportTrace = parser.value(o.exportTrace);
  script.lesson = parser.isSet(o.lesson);
  script.exportAnimation = parser.value(o.exportAnimation);
  script.animationSteps = parser.value(o.animationSteps);
  script.animationWithCharts = parser.isSet(o.animationWithCharts);

  frontier::ui::MainWindowOptions options;
  options.deviceRequest = parser.value(o.device);
  options.theme = parser.value(o.theme);
  options.pipelineStatistics = parser.isSet(o.pipelineStatistics);
  if (parser.isSet(o.theme) && frontier::ui::findTheme(options.theme) == nullptr) {
    std::fprintf(stderr, "frontier-lab: unknown theme '%s' (known: %s)\n", qPrintable(options.theme),
                 qPrintable(frontier::ui::themeNames().join(QStringLiteral(", "))));
    return 2;
  }
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
  QObject::connect(controller, &frontier::ui::LabController::deviceFailed, &scripted, [&](const QString& message) {
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
