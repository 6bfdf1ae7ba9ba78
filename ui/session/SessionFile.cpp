#include "session/SessionFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QSaveFile>

namespace frontier::ui {

namespace {

const char* const kFormat = "frontier-lab-session";
constexpr int kVersion = 1;

} // namespace

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
  return parseSession(file.readAll(), path, error);
}

std::optional<Session> parseSession(const QByteArray& bytes, const QString& path, QString* error) {
  QJsonParseError parse{};
  const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parse);
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
    // Ids are whole numbers from 0: a fraction or a value past 2^53 would
    // otherwise become another vertex without a word.
    const auto isId = [](const QJsonValue& v) {
      return v.isDouble() && v.toDouble() >= 0 && v.toDouble() <= 9007199254740992.0 &&
             static_cast<double>(v.toInteger(-1)) == v.toDouble();
    };
    if (pair.size() != 2 || !isId(pair.at(0)) || !isId(pair.at(1))) {
      *error = QObject::tr("%1: pair %2 is not [source, destination] with whole non-negative ids").arg(path).arg(i + 1);
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

} // namespace frontier::ui
