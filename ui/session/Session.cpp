#include "session/Session.h"

#include <QFile>
#include <QFileInfo>

#include "LabController.h"
#include "compare/CompareWindow.h"
#include "widgets/SsspPanel.h"
#include "widgets/StrategyPanel.h"
#include "windows/MainWindow.h"

namespace frontier::ui {

Session captureSession(const MainWindow& window) {
  Session session;
  const LabController* controller = window.controller();
  if (controller->graph()) {
    const QString source = controller->graph()->source;
    const QFileInfo file(source);
    session.graph = file.exists() ? file.absoluteFilePath() : source;
  }
  // From the run's configuration, not from the panels that edit it.
  const RunConfig& config = controller->config();
  if (config.pairs.given) {
    session.pairs = config.pairs.given->ids;
  }
  session.randomCount = config.pairs.count;
  session.seed = config.pairs.seed;
  session.strategy = QString::fromStdString(config.strategy.text);
  session.paths = config.paths ? QString::fromStdString(config.paths->text) : QStringLiteral("ibfs");
  session.device = config.device;
  // Empty until the comparison window opens (or a session or --compare
  // chose entries), so that a session without one opens none.
  session.compare = config.comparisonSpecs();
  if (const CompareWindow* compare = window.compareWindow()) {
    session.baseline = compare->baseline();
  }
  return session;
}

PairsSpec pairsOf(const Session& session) {
  PairsSpec spec;
  spec.count = session.randomCount;
  spec.seed = session.seed;
  if (!session.pairs.empty()) {
    const auto n = static_cast<int>(session.pairs.size());
    spec.given = GivenPairs{session.pairs, QObject::tr("%n given pair(s)", nullptr, n), true};
  }
  return spec;
}

SessionLoader::SessionLoader(MainWindow* window, Session session, QObject* parent)
    : QObject(parent), m_window(window), m_session(std::move(session)) {}

void SessionLoader::start() {
  LabController* controller = m_window->controller();
  connect(controller, &LabController::graphChanged, this, &SessionLoader::onGraphLoaded);
  connect(controller, &LabController::loadFailed, this, [this](const QString& message) { finish(message); });
  m_active = true;
  // The device first, so that the graph is uploaded once, to it.
  controller->chooseDevice(m_session.device);
  if (!m_session.strategy.isEmpty()) {
    try {
      const run::RunSpec strategy = run::parseRunSpec(m_session.strategy.toStdString());
      if (strategy.engine != run::Engine::Ibfs) {
        throw run::SpecError("not an iBFS strategy");
      }
      controller->setRunSpec(strategy);
    } catch (const run::SpecError&) {
      finish(tr("unknown strategy '%1' in the session").arg(m_session.strategy));
      return;
    }
  }
  QString error;
  if (!m_session.compare.isEmpty() && !controller->chooseComparison(m_session.compare, &error)) {
    finish(tr("the session's comparison: %1").arg(error));
    return;
  }
  m_window->openGraph(m_session.graph);
}

void SessionLoader::onGraphLoaded() {
  if (!m_active) {
    return;
  }
  QString error;
  if (!m_window->controller()->choosePairs(pairsOf(m_session), &error)) {
    finish(tr("the session's pairs do not fit the graph %1: %2").arg(m_session.graph, error));
    return;
  }
  if (!m_window->controller()->choosePaths(m_session.paths)) {
    finish(tr("unknown shortest-path choice '%1' in the session").arg(m_session.paths));
    return;
  }
  if (!m_session.compare.isEmpty()) {
    // The entries were chosen before the load; the window shows them.
    m_window->showCompareWindow()->setBaseline(m_session.baseline);
  }
  finish({});
}

void SessionLoader::finish(const QString& error) {
  if (!m_active) {
    return;
  }
  m_active = false;
  emit done(error);
}

} // namespace frontier::ui
