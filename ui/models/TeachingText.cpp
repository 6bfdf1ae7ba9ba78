#include "TeachingText.h"

#include <QLocale>
#include <QObject>
#include <QStringList>

#include "models/ShortestPath.h"

namespace frontier::ui {

QString describeStep(const engine::IterationStats& it, const QString& name) {
  const QString direction = it.direction == engine::Direction::BottomUp
                                ? QObject::tr("bottom-up expand (unvisited vertices pull from their neighbours)")
                                : QObject::tr("top-down expand");
  if (it.jfqLength == 0) {
    return QObject::tr("%1: identify found no new frontier vertex: the batch is done.").arg(name);
  }
  return QObject::tr("%1: identify found %3 frontier vertices (the JFQ) for %4 searches "
                     "(%5 new vertex-search pairs); %6 examined %7 edges.")
      .arg(name)
      .arg(it.jfqLength)
      .arg(it.activeSearches)
      .arg(it.newlyVisited)
      .arg(direction)
      .arg(it.edgesExamined);
}

QString pathVertices(const graph::Graph& graph, const std::vector<graph::VertexId>& path) {
  // A caption is read from a projector: a few dozen ids at most.
  constexpr size_t kShown = 24;
  QStringList ids;
  for (size_t i = 0; i < path.size(); ++i) {
    if (path.size() > kShown && i == kShown / 2) {
      ids << QObject::tr("… (%n more) …", nullptr, static_cast<int>(path.size() - kShown + 1));
      i = path.size() - kShown / 2;
    }
    ids << QString::number(graph.fileId(path[i]));
  }
  return ids.join(QStringLiteral(" → "));
}

QString describePath(const graph::Graph& graph, int pair, const std::vector<graph::VertexId>& path) {
  if (path.empty()) {
    return QObject::tr("Pair %1: the destination is not reachable from the source.").arg(pair + 1);
  }
  const auto hops = static_cast<int>(path.size()) - 1;
  const QString length = graph.weighted()
                             ? QObject::tr("%n hop(s): BFS counts edges and ignores the weights", nullptr, hops)
                             : QObject::tr("%n hop(s)", nullptr, hops);
  return QObject::tr("Pair %1: one shortest path, %2: %3").arg(pair + 1).arg(length, pathVertices(graph, path));
}

QString describeFound(const graph::Graph& graph, const std::vector<uint32_t>& levels, graph::VertexId source,
                      graph::VertexId destination, uint32_t level) {
  if (destination >= levels.size() || levels[destination] != level) {
    return {};
  }
  const std::vector<graph::VertexId> path = shortestPathFromLevels(graph, levels, source, destination);
  if (path.empty()) {
    return {};
  }
  return QObject::tr("Found at level %1: the path is %2.").arg(level).arg(pathVertices(graph, path));
}

QString describeSides(const engine::IterationStats& it) {
  const QLocale locale;
  const QString forward = locale.toString(static_cast<qulonglong>(it.trackedArcsForward));
  const QString backward = locale.toString(static_cast<qulonglong>(it.trackedArcsBackward));
  switch (it.trackedSides) {
  case 1:
    return (it.trackedArcsForward == it.trackedArcsBackward
                ? QObject::tr("From both ends: the source's side advanced (now %1 frontier vertices): both frontiers "
                              "had %2 edges, and on a tie the source's side goes first.")
                      .arg(locale.toString(static_cast<qulonglong>(it.trackedFrontierForward)), forward)
                : QObject::tr("From both ends: the source's side advanced (now %1 frontier vertices): its frontier "
                              "had %2 edges against %3 on the destination's, and each step expands the side with "
                              "fewer edges.")
                      .arg(locale.toString(static_cast<qulonglong>(it.trackedFrontierForward)), forward, backward));
  case 2:
    return QObject::tr("From both ends: the destination's side advanced (now %1 frontier vertices): its frontier had "
                       "%2 edges against %3 on the source's, and each step expands the side with fewer edges.")
        .arg(locale.toString(static_cast<qulonglong>(it.trackedFrontierBackward)), backward, forward);
  case 3:
    return QObject::tr("From both ends: both sides advanced, their frontiers being close in size (%1 and %2 "
                       "edges); now %3 and %4 frontier vertices.")
        .arg(forward, backward, locale.toString(static_cast<qulonglong>(it.trackedFrontierForward)),
             locale.toString(static_cast<qulonglong>(it.trackedFrontierBackward)));
  default:
    return {};
  }
}

QString describeMeeting(const graph::Graph& graph, const std::vector<uint32_t>& forward,
                        const std::vector<uint32_t>& backward, graph::VertexId source, graph::VertexId destination,
                        bool done) {
  const std::vector<graph::VertexId> path = shortestPathThrough(graph, forward, backward, source, destination);
  if (path.empty()) {
    return done && source != destination
               ? QObject::tr("One side ran out of new vertices before the sides met: no path.")
               : QString();
  }
  const graph::VertexId meeting = meetingVertex(forward, backward);  // the path runs through it
  return QObject::tr("The sides met at vertex %1: %2 hop(s) from the source + %3 to the destination = %4. "
                     "The path is %5.")
      .arg(graph.fileId(meeting))
      .arg(forward[meeting])
      .arg(backward[meeting])
      .arg(path.size() - 1)
      .arg(pathVertices(graph, path));
}

} // namespace frontier::ui
