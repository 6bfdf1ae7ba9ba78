#include "ScriptedRun.h"

#include <QFileInfo>
#include <QPixmap>
#include <QTimer>

#include "LabController.h"
#include "engine/Strategy.h"
#include "models/ResultsModel.h"
#include "models/RunModel.h"
#include "widgets/GraphViewPanel.h"
#include "widgets/PairsPanel.h"
#include "widgets/StrategyPanel.h"
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

void ScriptedRun::start() {
  LabController* controller = m_window->controller();
  if (!m_options.strategy.isEmpty() && !m_window->strategyPanel()->selectStrategy(m_options.strategy)) {
    QStringList known;
    for (const std::string& name : engine::strategyNames()) {
      known.append(QString::fromStdString(name));
    }
    fail(tr("unknown strategy '%1' (known: %2, each with +switches such as +beamer or +omega=64)")
             .arg(m_options.strategy, known.join(QStringLiteral(", "))),
         2);
    return;
  }
  if (m_options.pairs.startsWith(QStringLiteral("random:"))) {
    bool ok = false;
    const int count = m_options.pairs.mid(7).toInt(&ok);
    if (!ok || count <= 0) {
      fail(tr("--pairs random:N needs a positive N, not '%1'").arg(m_options.pairs.mid(7)), 2);
      return;
    }
    m_window->pairsPanel()->setRandom(count, m_options.seed.value_or(1));
  } else if (!m_options.pairs.isEmpty()) {
    m_pairsFile = m_options.pairs;
    if (m_options.seed) {
      m_window->pairsPanel()->setRandom(64, *m_options.seed);
    }
  } else if (m_options.seed) {
    m_window->pairsPanel()->setRandom(64, *m_options.seed);
  }

  connect(controller, &LabController::graphChanged, this, &ScriptedRun::onGraphLoaded);
  connect(controller, &LabController::loadFailed, this, [this](const QString& message) { fail(message); });
  connect(controller, &LabController::engineFailed, this, [this](const QString& message) { fail(message); });
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
  if (!m_pairsFile.isEmpty() && !m_window->pairsPanel()->importFile(m_pairsFile)) {
    fail(tr("cannot read the pairs in %1").arg(m_pairsFile));
    return;
  }
  m_phase = Phase::Preparing;
  onStateChanged();
}

void ScriptedRun::onStateChanged() {
  LabController* controller = m_window->controller();
  if (m_phase != Phase::Preparing || controller->busy() || !controller->run()->hasSearch()) {
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

void ScriptedRun::finish() {
  if (m_phase == Phase::Done) {
    return;
  }
  m_phase = Phase::Done;
  // The picture waits for the graph view's layout (computed off the GUI
  // thread), so a scripted screenshot never shows "Computing the layout".
  const GraphViewPanel* graphView = m_window->viewDocks() ? m_window->viewDocks()->graphView() : nullptr;
  if (!m_options.screenshot.isEmpty() && graphView && graphView->layoutRunning() &&
      m_layoutWaitMs < kLayoutWaitLimitMs) {
    m_phase = Phase::Checking;
    m_layoutWaitMs += kLayoutPollMs;
    QTimer::singleShot(kLayoutPollMs, this, &ScriptedRun::finish);
    return;
  }
  QTimer::singleShot(kSettleMs, this, [this] {
    const ResultsModel* results = m_window->controller()->results();
    if (!m_options.screenshot.isEmpty() && !m_window->grab().save(m_options.screenshot)) {
      m_error = tr("cannot write the screenshot %1").arg(m_options.screenshot);
      emit done(1);
      return;
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
