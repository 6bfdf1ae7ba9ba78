#include "models/PairsText.h"

#include <QRegularExpression>
#include <QStringList>

namespace frontier::ui {

std::vector<graph::Pair> parsePairsText(const graph::Graph& graph, const QString& text) {
  static const QRegularExpression separators(QStringLiteral("[\\s,;]+"));
  std::vector<graph::Pair> pairs;
  const QStringList lines = text.split(QLatin1Char('\n'));
  bool first = true;
  for (qsizetype n = 0; n < lines.size(); ++n) {
    const QString line = lines[n].trimmed();
    if (line.isEmpty() || line.startsWith(QLatin1Char('#'))) {
      continue;
    }
    const QStringList fields = line.split(separators, Qt::SkipEmptyParts);
    const auto where = QStringLiteral("line %1: ").arg(n + 1);
    bool sourceOk = false;
    bool destinationOk = false;
    const qulonglong source = fields.value(0).toULongLong(&sourceOk);
    const qulonglong destination = fields.value(1).toULongLong(&destinationOk);
    if (first && !sourceOk && !destinationOk) {
      first = false;
      continue; // a header
    }
    first = false;
    if (fields.size() < 2 || !sourceOk || !destinationOk) {
      throw PairsTextError((where + QStringLiteral("expected two vertex ids, found \"%1\"").arg(line)).toStdString());
    }
    const auto s = graph.denseId(source);
    const auto d = graph.denseId(destination);
    if (!s || !d) {
      throw PairsTextError(
          (where + QStringLiteral("vertex %1 is not in the graph").arg(!s ? source : destination)).toStdString());
    }
    pairs.push_back({*s, *d});
  }
  if (pairs.empty()) {
    throw PairsTextError("no pairs: write one \"source destination\" pair per line");
  }
  return pairs;
}

} // namespace frontier::ui
