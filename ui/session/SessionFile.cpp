#include "session/SessionFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QSaveFile>

#include "PairsSpec.h"

namespace frontier::ui {

namespace {

const char* const kFormat = "frontier-lab-session";

// A JSON value as it was written, for an error message.
QString jsonText(const QJsonValue& value) {
  const QByteArray array = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
  return QString::fromUtf8(array.mid(1, array.size() - 2));
}
constexpr int kVersion = 1;

} // namespace

bool writeSession(const QString& path, const Session& session, QString* error) {
  QJsonArray pairs;
  for (const auto& [source, destination] : session.pairs) {
    pairs.append(QJsonArray{static_cast<qint64>(source), static_cast<qint64>(destination)});
  }
  const QJsonObject random{{"count", static_cast<qint64>(session.randomCount)},
                           {"seed", static_cast<qint64>(session.seed)}};
  const QJsonObject root{{"format", kFormat},
                         {"version", kVersion},
                         {"graph", session.graph},
                         {"pairs", session.pairs.empty() ? QJsonValue(QStringLiteral("random")) : QJsonValue(pairs)},
                         {"random", random},
                         {"strategy", session.strategy},
                         {"paths", session.paths},
                         {"device", session.device},
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
  // Ids and the random setting are whole numbers: a fraction or a value past
  // 2^53 would otherwise become another vertex or seed without a word.
  const auto isWhole = [](const QJsonValue& v, double most) {
    return v.isDouble() && v.toDouble() >= 0 && v.toDouble() <= most &&
           static_cast<double>(v.toInteger(-1)) == v.toDouble();
  };
  const auto isId = [&](const QJsonValue& v) { return isWhole(v, 9007199254740992.0); };
  const QJsonValue pairsValue = root.value("pairs");
  if (pairsValue.isString() && pairsValue.toString() != QLatin1String("random")) {
    *error = QObject::tr("%1: \"pairs\" is \"%2\"; expected \"random\" or a list of [source, destination]")
                 .arg(path, pairsValue.toString());
    return std::nullopt;
  }
  const QJsonArray pairs = pairsValue.toArray();
  for (qsizetype i = 0; i < pairs.size(); ++i) {
    const QJsonArray pair = pairs.at(i).toArray();
    if (pair.size() != 2 || !isId(pair.at(0)) || !isId(pair.at(1))) {
      *error = QObject::tr("%1: pair %2 is not [source, destination] with whole non-negative ids").arg(path).arg(i + 1);
      return std::nullopt;
    }
    session.pairs.emplace_back(static_cast<graph::FileId>(pair.at(0).toInteger()),
                               static_cast<graph::FileId>(pair.at(1).toInteger()));
  }
  if (root.contains("random")) {
    const QJsonObject random = root.value("random").toObject();
    const QJsonValue count = random.value("count");
    const QJsonValue seed = random.value("seed");
    if (!count.isUndefined() && !(isWhole(count, kMaxRandomPairs) && count.toInteger() >= 1)) {
      *error = QObject::tr("%1: \"random\": \"count\" %2 is not a whole number from 1 to %3")
                   .arg(path, jsonText(count))
                   .arg(kMaxRandomPairs);
      return std::nullopt;
    }
    if (!seed.isUndefined() && !isWhole(seed, static_cast<double>(kMaxPairSeed))) {
      *error = QObject::tr("%1: \"random\": \"seed\" %2 is not a whole number from 0 to %3")
                   .arg(path, jsonText(seed))
                   .arg(kMaxPairSeed);
      return std::nullopt;
    }
    session.randomCount = static_cast<uint32_t>(count.toInteger(session.randomCount));
    session.seed = static_cast<uint64_t>(seed.toInteger(static_cast<qint64>(session.seed)));
  }
  session.strategy = root.value("strategy").toString();
  session.paths = root.value("paths").toString(QStringLiteral("ibfs"));
  session.device = root.value("device").toString();
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
