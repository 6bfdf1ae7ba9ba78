#pragma once
// The status arrays of the batch in view as an image: one row per search
// (or per group of searches) and one column per vertex (or per group of
// vertices), binned on the device (Search::binStatus). A cell is red where
// the last expand found frontier vertices, and otherwise shaded from
// unvisited to visited (light grey to dark blue, or dark to light blue in a
// dark theme) by the share of its (search, vertex) pairs visited.
//
// Thread affinity: GUI thread.

#include <memory>
#include <optional>

#include <QImage>
#include <QWidget>

#include "EngineMessages.h"

class QLabel;

namespace frontier::ui {

class StatusArrayView : public QWidget {
  Q_OBJECT
public:
  explicit StatusArrayView(QWidget* parent = nullptr);

  // `step` names the step the state belongs to ("Step 3 (level 2)"), as every view names it.
  void setState(std::shared_ptr<const ViewState> state, const QString& step = {});
  // The selected pair's row when the grid is exact (a row per search, a column
  // per vertex): (search, vertex) pairs visited and found by the last expand.
  struct TrackedCounts {
    uint32_t visited = 0;
    uint32_t found = 0;
  };
  std::optional<TrackedCounts> trackedCounts() const;
  // The cells as an image (cols x rows), null before the first batch.
  const QImage& image() const noexcept { return m_image; }
  QString caption() const;
  // The tooltip over the caption: its words (status arrays, frontier,
  // unvisited, batch) as the glossary explains them.
  QString captionTip() const;
  // The image's rows drawn, from the first: all of them, or as many as fit
  // at the theme's least row height (Theme::statusRowPixels) around the
  // selected pair's row.
  struct Rows {
    int first = 0;
    int count = 0;
  };
  Rows shownRows() const;
  // Pixels per row as drawn at the present size (0 before the first batch).
  int rowHeight() const;

protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;

private:
  void render(); // the image from the state, in the theme's colours
  QRect imageArea() const;
  // The row of the image holding the selected pair's search, if in this batch.
  std::optional<uint32_t> trackedRow() const;
  std::shared_ptr<const ViewState> m_state;
  QImage m_image;
  QString m_step;
};

} // namespace frontier::ui
