#include "session/Session.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPlainTextEdit>
#include <QSaveFile>

#include "LabController.h"
#include "compare/CompareWindow.h"
#include "widgets/PairsPanel.h"
#include "widgets/SsspPanel.h"
#include "widgets/StrategyPanel.h"
#include "windows/MainWindow.h"

namespace frontier::ui {

namespace {

const char* const kFormat = "frontier-lab-session";
constexpr int kVersion = 1;

} // namespace

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
  session.strategy = QString::fromStdString(window.strategyPanel()->strategy().name);
  session.paths = window.ssspPanel()->spec();
  if (const CompareWindow* compare = window.compareWindow()) {
    session.compare = compare->specs();
    session.baseline = compare->baseline();
  }
  return session;
}

bool writeSession(const QString& path, const Session& session, QString* error) {
  QJsonArray pairs;
  for (const auto& [source, destination] : session.pairs) {
    pairs.append(QJsonArray{static_cast<qint64>(source), static_cast<qint64>(destination)});
  }
  const QJsonObject root{{"format", kFormat},
                         {"version", kVersion},
                         {"graph", session.graph},
                         {"pairs", pairs},
                         {"strategy", session.strategy},
                         {"paths", session.paths},
                         {"compare", QJsonArray::fromStringList(session.compare)},
                         {"baseline", session.baseline}};
  // All or nothing: QSaveFile writes a temporary file and renames it.
  QSaveFile file(path);
  const QByteArray bytes = QJsonDocument(root).toJson();
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
    *error = QObject::tr("%1: cannot write: %2").arg(path, file.errorString());
    return false;
  }
  return true;
}

std::optional<Session> readSession(const QString& path, QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    *error = QObject::tr("%1: cannot read: %2").arg(path, file.errorString());
    return std::nullopt;
  }
  QJsonParseError parse{};
  const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parse);
  if (parse.error != QJsonParseError::NoError) {
    *error = QObject::tr("%1: not JSON at byte %2: %3").arg(path).arg(parse.offset).arg(parse.errorString());
    return std::nullopt;
  }
  const QJsonObject root = doc.object();
  if (root.value("format").toString() != QLatin1String(kFormat)) {
    *error = QObject::tr("%1: not a Frontier Lab session (\"format\" is not \"%2\")").arg(path, kFormat);
    return std::nullopt;
  }
  if (root.value("version").toInt() != kVersion) {
    *error = QObject::tr("%1: session version %2 is not supported (expected %3)")
                 .arg(path)
                 .arg(root.value("version").toInt())
                 .arg(kVersion);
    return std::nullopt;
  }
  Session session;
  session.graph = root.value("graph").toString();
  if (session.graph.isEmpty()) {
    *error = QObject::tr("%1: \"graph\" is missing").arg(path);
    return std::nullopt;
  }
  const QFileInfo graphFile(QFileInfo(path).dir(), session.graph);
  if (QFileInfo(session.graph).isRelative() && graphFile.exists()) {
    session.graph = graphFile.absoluteFilePath();
  }
  const QJsonArray pairs = root.value("pairs").toArray();
  for (qsizetype i = 0; i < pairs.size(); ++i) {
    const QJsonArray pair = pairs.at(i).toArray();
    if (pair.size() != 2 || !pair.at(0).isDouble() || !pair.at(1).isDouble() || pair.at(0).toDouble() < 0 ||
        pair.at(1).toDouble() < 0) {
      *error = QObject::tr("%1: pair %2 is not [source, destination] with non-negative ids").arg(path).arg(i + 1);
      return std::nullopt;
    }
    session.pairs.emplace_back(static_cast<graph::FileId>(pair.at(0).toInteger()),
                               static_cast<graph::FileId>(pair.at(1).toInteger()));
  }
  session.strategy = root.value("strategy").toString();
  session.paths = root.value("paths").toString(QStringLiteral("ibfs"));
  for (const QJsonValue& spec : root.value("compare").toArray()) {
    session.compare.append(spec.toString());
  }
  session.baseline = root.value("baseline").toInt();
  return session;
}

bool looksLikeSession(const QString& path) {
  if (!path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) {
    return false;
  }
  QFile file(path);
  return file.open(QIODevice::ReadOnly) && file.read(4096).contains(kFormat);
}

SessionLoader::SessionLoader(MainWindow* window, Session session, QObject* parent)
    : QObject(parent), m_window(window), m_session(std::move(session)) {}

void SessionLoader::start() {
  LabController* controller = m_window->controller();
  connect(controller, &LabController::graphChanged, this, &SessionLoader::onGraphLoaded);
  connect(controller, &LabController::loadFailed, this, [this](const QString& message) { finish(message); });
  m_active = true;
  if (!m_session.strategy.isEmpty() && !m_window->strategyPanel()->selectStrategy(m_session.strategy)) {
    finish(tr("unknown strategy '%1' in the session").arg(m_session.strategy));
    return;
  }
  m_window->openGraph(m_session.graph);
}

void SessionLoader::onGraphLoaded() {
  if (!m_active) {
    return;
  }
  if (!m_session.pairs.empty()) {
    QString text;
    for (const auto& [source, destination] : m_session.pairs) {
      text += QStringLiteral("%1 %2\n").arg(source).arg(destination);
    }
    m_window->pairsPanel()->editor()->setPlainText(text);
    if (!m_window->pairsPanel()->chooseTyped()) {
      finish(tr("the session's pairs do not fit the graph %1").arg(m_session.graph));
      return;
    }
  }
  if (!m_window->ssspPanel()->selectSpec(m_session.paths)) {
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
