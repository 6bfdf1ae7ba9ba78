#include "TeachingText.h"

#include <QObject>

namespace frontier::ui {

QString describeStep(const engine::IterationStats& it, int number) {
  const QString direction = it.direction == engine::Direction::BottomUp
                                ? QObject::tr("bottom-up expand (unvisited vertices pull from their neighbours)")
                                : QObject::tr("top-down expand");
  if (it.jfqLength == 0) {
    return QObject::tr("Step %1 (level %2): identify found no new frontier vertex: the batch is done.")
        .arg(number)
        .arg(it.level);
  }
  return QObject::tr("Step %1 (level %2): identify found %3 frontier vertices for %4 searches "
                     "(%5 new vertex-search pairs); %6 examined %7 edges.")
      .arg(number)
      .arg(it.level)
      .arg(it.jfqLength)
      .arg(it.activeSearches)
      .arg(it.newlyVisited)
      .arg(direction)
      .arg(it.edgesExamined);
}

} // namespace frontier::ui
