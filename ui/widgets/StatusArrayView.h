#pragma once
// The status arrays of the batch in view as an image: one row per search
// (or per group of searches) and one column per vertex (or per group of
// vertices), binned on the device (Search::binStatus). A cell is red where
// the last expand found frontier vertices, and otherwise shaded from
// unvisited (light) to visited (dark blue) by the share of its
// (search, vertex) pairs visited.
//
// Thread affinity: GUI thread.

#include <memory>

#include <QImage>
#include <QWidget>

#include "EngineMessages.h"

class QLabel;

namespace frontier::ui {

class StatusArrayView : public QWidget {
  Q_OBJECT
public:
  explicit StatusArrayView(QWidget* parent = nullptr);

  void setState(std::shared_ptr<const ViewState> state);
  // The cells as an image (cols x rows), null before the first batch.
  const QImage& image() const noexcept { return m_image; }
  QString caption() const;

protected:
  void paintEvent(QPaintEvent* event) override;

private:
  std::shared_ptr<const ViewState> m_state;
  QImage m_image;
};

} // namespace frontier::ui
