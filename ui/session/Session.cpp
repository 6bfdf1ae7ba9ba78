#include "session/Session.h"

#include <QFile>
#include <QFileInfo>

#include "LabController.h"
#include "compare/CompareWindow.h"
#include "widgets/PairsPanel.h"
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
    const graph::Graph& g = *controller->graph()->graph;
    for (const graph::Pair& pair : controller->pairs()) {
      session.pairs.emplace_back(g.fileId(pair.source), g.fileId(pair.destination));
    }
  }
  // From the run's configuration, not from the panels that edit it.
  const RunConfig& config = controller->config();
  session.strategy = QString::fromStdString(config.strategy.text);
  session.paths = config.paths ? QString::fromStdString(config.paths->text) : QStringLiteral("ibfs");
  if (const CompareWindow* compare = window.compareWindow()) {
    session.compare = compare->specs();
    session.baseline = compare->baseline();
  }
  return session;
}

SessionLoader::SessionLoader(MainWindow* window, Session session, QObject* parent)
    : QObject(parent), m_window(window), m_session(std::move(session)) {}

void SessionLoader::start() {
  LabController* controller = m_window->controller();
  connect(controller, &LabController::graphChanged, this, &SessionLoader::onGraphLoaded);
  connect(controller, &LabController::loadFailed, this, [this](const QString& message) { finish(message); });
  m_active = true;
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
  m_window->openGraph(m_session.graph);
}

void SessionLoader::onGraphLoaded() {
  if (!m_active) {
    return;
  }
  if (!m_session.pairs.empty()) {
    if (!m_window->pairsPanel()->chooseGiven(m_session.pairs)) {
      finish(tr("the session's pairs do not fit the graph %1").arg(m_session.graph));
      return;
    }
  }
  if (!m_window->controller()->choosePaths(m_session.paths)) {
    finish(tr("unknown shortest-path choice '%1' in the session").arg(m_session.paths));
    return;
  }
  if (!m_session.compare.isEmpty()) {
    CompareWindow* compare = m_window->showCompareWindow();
    compare->setSpecs(m_session.compare);
    compare->setBaseline(m_session.baseline);
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
