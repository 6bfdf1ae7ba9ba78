#include "ScriptedRun.h"

#include <stdexcept>

#include <QFileInfo>
#include <QPixmap>
#include <QTimer>

#include "LabController.h"
#include "compare/CompareModel.h"
#include "compare/CompareWindow.h"
#include "engine/ibfs/Strategy.h"
#include "export/AnimationExport.h"
#include "graph/Pairs.h"
#include "models/ResultsModel.h"
#include "models/RunModel.h"
#include "report/Report.h"
#include "widgets/GraphViewPanel.h"
#include "widgets/IterationCharts.h"
#include "widgets/SsspPanel.h"
#include "widgets/StrategyPanel.h"
#include "windows/LessonMode.h"
#include "windows/MainWindow.h"
#include "windows/ViewDocks.h"

namespace frontier::ui {

namespace {

// Time for the last repaints before the screenshot.
constexpr int kSettleMs = 300;
// How often, and how long at most, the screenshot waits for the layout.
constexpr int kLayoutPollMs = 100;
constexpr int kLayoutWaitLimitMs = 120'000;

} // namespace

ScriptedRun::ScriptedRun(MainWindow* window, ScriptOptions options, QObject* parent)
    : QObject(parent), m_window(window), m_options(std::move(options)) {}

bool ScriptedRun::readSessionFile() {
  if (m_options.graph.isEmpty() || !looksLikeSession(m_options.graph)) {
    return true;
  }
  QString error;
  m_session = readSession(m_options.graph, &error);
  if (!m_session) {
    fail(error, 2);
    return false;
  }
  // The command line's options win over the session's.
  m_options.graph = m_session->graph;
  m_pathsSpec = m_session->paths;
  // The session's device unless the command line asked for one.
  if (m_window->controller()->config().device.isEmpty()) {
    m_window->controller()->chooseDevice(m_session->device);
  }
  if (m_options.strategy.isEmpty()) {
    m_options.strategy = m_session->strategy;
  }
  if (m_options.compare.isEmpty()) {
    m_options.compare = m_session->compare.join(QLatin1Char(','));
  }
  return true;
}

bool ScriptedRun::choosePairs() {
  // The session's pairs, then the command line's in their place.
  PairsSpec pairs = m_session ? pairsOf(*m_session) : m_window->controller()->config().pairs;
  if (m_options.pairs.startsWith(QStringLiteral("random:"))) {
    uint32_t count = 0;
    try {
      count = graph::randomPairCount(m_options.pairs.toStdString());
    } catch (const std::invalid_argument&) {
      count = 0;
    }
    if (count == 0 || count > kMaxRandomPairs) {
      fail(tr("--pairs random:N needs N from 1 to %1, not '%2'").arg(kMaxRandomPairs).arg(m_options.pairs.mid(7)), 2);
      return false;
    }
    pairs.count = count;
    pairs.given.reset();
  } else if (!m_options.pairs.isEmpty()) {
    m_pairsFile = m_options.pairs; // read once the graph is there
    pairs.given.reset();
  }
  if (m_options.seed) {
    if (*m_options.seed > kMaxPairSeed) {
      fail(tr("--seed needs a number from 0 to %1, not %2").arg(kMaxPairSeed).arg(*m_options.seed), 2);
      return false;
    }
    pairs.seed = *m_options.seed;
  }
  // The random setting now (a graph loaded draws its pairs); given pairs
  // once the graph is there.
  m_window->controller()->chooseRandomPairs(pairs.count, pairs.seed);
  if (pairs.given) {
    m_givenPairs = std::move(pairs);
  }
  return true;
}

bool ScriptedRun::chooseCompareDevices() {
  m_compareDevicesPending = false;
  QString error;
  if (!m_window->controller()->chooseCompareDevices(m_options.compareDevices, &error)) {
    // The list is parsed as frontier-cli parses --devices, whose name the reason carries.
    if (error.startsWith(QStringLiteral("--devices"))) {
      error.replace(0, 9, QStringLiteral("--compare-devices"));
    } else {
      error = tr("--compare-devices: %1").arg(error);
    }
    fail(error, 2);
    return false;
  }
  return true;
}

void ScriptedRun::start() {
  LabController* controller = m_window->controller();
  if (!readSessionFile()) {
    return;
  }
  if (!m_options.compare.isEmpty()) {
    // Set in the run's configuration, which the comparison window shows.
    QString error;
    if (!controller->chooseComparison(m_options.compare.split(QLatin1Char(',')), &error)) {
      const bool fromSession = m_session && m_options.compare == m_session->compare.join(QLatin1Char(','));
      fail((fromSession ? tr("the session's comparison: %1") : tr("--compare: %1")).arg(error), 2);
      return;
    }
  }
  if (m_options.repeats && (*m_options.repeats < run::kMinRepeats || *m_options.repeats > run::kMaxRepeats)) {
    fail(tr("--repeats needs a number of timed runs from %1 to %2, not %3")
             .arg(run::kMinRepeats)
             .arg(run::kMaxRepeats)
             .arg(*m_options.repeats),
         2);
    return;
  }
  if (m_options.repeats && m_options.compare.isEmpty()) {
    fail(tr("--repeats needs --compare"), 2);
    return;
  }
  if (!m_options.compareDevices.isEmpty() && m_options.compare.isEmpty()) {
    fail(tr("--compare-devices needs --compare"), 2);
    return;
  }
  if (!m_options.compareDevices.isEmpty()) {
    // The list names devices by index: checked once the engine has listed
    // them (it opens the window's device as the window opens).
    if (controller->devices().empty()) {
      m_compareDevicesPending = true;
      connect(controller, &LabController::devicesFound, this, [this] {
        if (m_compareDevicesPending && m_phase != Phase::Done && chooseCompareDevices()) {
          onStateChanged();
        }
      });
    } else if (!chooseCompareDevices()) {
      return;
    }
  }
  if (!m_options.exportTrace.isEmpty() && (m_options.compare.isEmpty() || !m_options.run)) {
    fail(tr("--export-trace needs --compare and --run"), 2);
    return;
  }
  if (m_options.animationWithCharts && m_options.exportAnimation.isEmpty()) {
    fail(tr("--animation-with-charts needs --export-animation"), 2);
    return;
  }
  if (!m_options.strategy.isEmpty()) {
    run::RunSpec spec;
    try {
      spec = run::parseRunSpec(m_options.strategy.toStdString());
    } catch (const run::SpecError& error) {
      fail(tr("--strategy: %1").arg(QString::fromStdString(error.what())), 2);
      return;
    }
    if (spec.engine == run::Engine::ShortestPaths) {
      // Weighted paths: set once the graph is there (an unweighted graph
      // goes back to hop counts).
      m_pathsSpec = m_options.strategy;
    } else {
      controller->setRunSpec(spec);
    }
  }
  if (!choosePairs()) {
    return;
  }

  connect(controller, &LabController::graphChanged, this, &ScriptedRun::onGraphLoaded);
  connect(controller, &LabController::loadFailed, this, [this](const QString& message) { fail(message); });
  connect(controller, &LabController::engineFailed, this, [this](const QString& message) { fail(message); });
  connect(controller, &LabController::compareFailed, this, [this](const QString& message) { fail(message); });
  connect(controller, &LabController::deviceFailed, this, [this](const QString& message) {
    if (m_options.run) {
      fail(tr("no Vulkan device: %1").arg(message));
    }
  });
  connect(controller, &LabController::stateChanged, this, &ScriptedRun::onStateChanged);
  connect(controller, &LabController::runFinished, this, &ScriptedRun::onRunFinished);
  connect(controller->results(), &ResultsModel::checkFinished, this, [this] {
    if (m_phase == Phase::Checking) {
      finish();
    }
  });

  if (m_options.graph.isEmpty()) {
    finish();
    return;
  }
  m_phase = Phase::Loading;
  m_window->openGraph(m_options.graph);
}

void ScriptedRun::onGraphLoaded() {
  if (m_phase != Phase::Loading) {
    return;
  }
  LabController* controller = m_window->controller();
  QString error;
  if (!m_pairsFile.isEmpty() && !controller->choosePairsFile(m_pairsFile, &error)) {
    fail(tr("cannot read the pairs in %1: %2").arg(m_pairsFile, error));
    return;
  }
  if (m_givenPairs && !controller->choosePairs(*m_givenPairs, &error)) {
    fail(tr("the session's pairs do not fit the graph %1: %2").arg(m_options.graph, error));
    return;
  }
  if (!m_pathsSpec.isEmpty() && !controller->choosePaths(m_pathsSpec)) {
    fail(tr("unknown shortest-path choice '%1'").arg(m_pathsSpec), 2);
    return;
  }
  if (m_options.lesson) {
    m_window->findChild<LessonMode*>()->setActive(true);
  }
  m_phase = Phase::Preparing;
  onStateChanged();
}

void ScriptedRun::onStateChanged() {
  LabController* controller = m_window->controller();
  if (m_phase != Phase::Preparing || controller->busy() || !controller->run()->hasSearch() || m_compareDevicesPending) {
    return;
  }
  if (!m_options.compare.isEmpty()) {
    CompareWindow* compare = m_window->showCompareWindow();
    if (m_options.repeats) {
      compare->setRepeats(*m_options.repeats);
    }
    if (m_session) {
      compare->setBaseline(m_session->baseline);
    }
    if (!m_options.run) {
      finish();
      return;
    }
    m_phase = Phase::Comparing;
    connect(compare, &CompareWindow::comparisonFinished, this, &ScriptedRun::onCompared, Qt::UniqueConnection);
    QString error;
    if (!compare->runComparison(&error)) {
      fail(error, 2);
    }
    return;
  }
  if (!m_options.run) {
    finish();
    return;
  }
  m_phase = Phase::Running;
  controller->runToEnd();
}

void ScriptedRun::onRunFinished() {
  if (m_phase != Phase::Running) {
    return;
  }
  m_phase = Phase::Checking;
  if (m_window->controller()->results()->checked()) {
    finish();
  }
}

void ScriptedRun::onCompared(bool cancelled) {
  if (m_phase != Phase::Comparing) {
    return;
  }
  if (cancelled) {
    fail(tr("the comparison did not finish"));
    return;
  }
  QString error;
  if (!m_options.exportTrace.isEmpty() && !m_window->compareWindow()->exportTrace(m_options.exportTrace, &error)) {
    fail(error);
    return;
  }
  finish();
}

void ScriptedRun::finish() {
  if (m_phase == Phase::Done) {
    return;
  }
  m_phase = Phase::Done;
  // A picture of the main window waits for the graph view's layout (computed
  // off the GUI thread), so it never shows "Computing the layout".
  const GraphViewPanel* graphView = m_window->viewDocks() ? m_window->viewDocks()->graphView() : nullptr;
  if (!m_options.screenshot.isEmpty() && m_options.compare.isEmpty() && graphView && graphView->layoutRunning() &&
      m_layoutWaitMs < kLayoutWaitLimitMs) {
    m_phase = Phase::Checking;
    m_layoutWaitMs += kLayoutPollMs;
    QTimer::singleShot(kLayoutPollMs, this, &ScriptedRun::finish);
    return;
  }
  QTimer::singleShot(kSettleMs, this, [this] {
    const ResultsModel* results = m_window->controller()->results();
    QString failure;
    if (!m_options.exportAnimation.isEmpty() && m_window->viewDocks()) {
      const std::optional<AnimationRange> steps =
          parseAnimationSteps(m_options.animationSteps, m_window->controller()->run()->iterationCount(), &failure);
      QWidget* charts = m_options.animationWithCharts ? m_window->charts() : nullptr;
      if (!steps || !exportAnimation(*m_window->viewDocks()->cursor(), *m_window->viewDocks()->graphView(), *steps,
                                     m_options.exportAnimation, &failure, charts)) {
        m_error = failure;
        emit done(1);
        return;
      }
    }
    CompareWindow* compare = m_options.compare.isEmpty() ? nullptr : m_window->compareWindow();
    QWidget* shown = compare != nullptr ? static_cast<QWidget*>(compare) : m_window;
    if (!m_options.screenshot.isEmpty() && !shown->grab().save(m_options.screenshot)) {
      m_error = tr("cannot write the screenshot %1").arg(m_options.screenshot);
      emit done(1);
      return;
    }
    if (compare != nullptr && compare->model()->complete()) {
      const CompareModel* model = compare->model();
      if (model->verifiedCount() < model->count()) {
        m_error = tr("%1 of %2 compared runs failed or differ from the CPU reference")
                      .arg(model->count() - model->verifiedCount())
                      .arg(model->count());
        emit done(3);
        return;
      }
    }
    if (results->checked() && results->mismatches() > 0) {
      m_error = tr("%1 results differ from the CPU reference").arg(results->mismatches());
      emit done(3);
      return;
    }
    emit done(0);
  });
}

void ScriptedRun::fail(const QString& message, int exitCode) {
  if (m_phase == Phase::Done) {
    return;
  }
  m_phase = Phase::Done;
  m_error = message;
  emit done(exitCode);
}

} // namespace frontier::ui
