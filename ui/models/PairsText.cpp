#include "models/PairsText.h"

#include <QRegularExpression>
#include <QStringList>

#include "graph/GraphError.h"

namespace frontier::ui {

std::vector<graph::Pair> parsePairsText(const graph::Graph& graph, const QString& text) {
  static const QRegularExpression separators(QStringLiteral("[\\s,;]+"));
  static const QString header = QStringLiteral("source,destination");
  // One CSV line per typed line, so that line numbers stay as typed (plus
  // one for the header put in front).
  QStringList lines = text.split(QLatin1Char('\n'));
  bool hasHeader = false;
  bool seenData = false;
  for (QString& line : lines) {
    line = line.trimmed();
    if (line.startsWith(QLatin1Char('#'))) {
      line.clear();
    }
    line.replace(separators, QStringLiteral(","));
    if (!seenData && !line.isEmpty()) {
      seenData = true;
      if (line.compare(header, Qt::CaseInsensitive) == 0) {
        hasHeader = true;
      }
    }
  }
  if (!hasHeader) {
    lines.prepend(header);
  }
  const int offset = hasHeader ? 0 : 1;
  std::vector<graph::Pair> pairs;
  try {
    pairs = graph::parsePairs(graph, lines.join(QLatin1Char('\n')).toStdString(), "typed pairs");
  } catch (const graph::GraphError& error) {
    const auto line = static_cast<long long>(error.line()) - offset;
    throw PairsTextError((line > 0 ? QStringLiteral("line %1: ").arg(line) : QString()).toStdString() +
                         error.message());
  }
  if (pairs.empty()) {
    throw PairsTextError("no pairs: write one \"source destination\" pair per line");
  }
  return pairs;
}

} // namespace frontier::ui
