#include "StatusArrayView.h"

#include <algorithm>

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include "models/Glossary.h"
#include "theme/ThemeManager.h"

namespace frontier::ui {

namespace {

QRgb mix(const QColor& from, const QColor& to, double t) {
  const auto channel = [t](int a, int b) { return static_cast<int>(a + (b - a) * t + 0.5); };
  return qRgb(channel(from.red(), to.red()), channel(from.green(), to.green()), channel(from.blue(), to.blue()));
}

} // namespace

StatusArrayView::StatusArrayView(QWidget* parent) : QWidget(parent) {
  setMinimumSize(160, 80); // small enough for a 1024 x 700 window
  // The cells hold the theme's colours.
  connect(&ThemeManager::instance(), &ThemeManager::changed, this, &StatusArrayView::render);
}

void StatusArrayView::setState(std::shared_ptr<const ViewState> state, const QString& step) {
  m_state = std::move(state);
  m_step = step;
  render();
}

std::optional<StatusArrayView::TrackedCounts> StatusArrayView::trackedCounts() const {
  if (!m_state || m_state->trackedPair < 0 || m_state->bins.searches == 0) {
    return std::nullopt;
  }
  const engine::StatusBins& bins = m_state->bins;
  const uint64_t vertices = m_state->graph ? m_state->graph->vertexCount() : bins.cols;
  if (bins.rows != bins.searches || bins.cols != vertices) {
    return std::nullopt; // binned: a row or a column holds several
  }
  const std::vector<uint32_t>& pairs = m_state->batchPairs;
  const auto it = std::find(pairs.begin(), pairs.end(), static_cast<uint32_t>(m_state->trackedPair));
  if (it == pairs.end() || static_cast<uint32_t>(it - pairs.begin()) >= bins.rows) {
    return std::nullopt; // the selected pair is in another batch
  }
  const auto row = static_cast<uint32_t>(it - pairs.begin());
  TrackedCounts counts;
  for (uint32_t c = 0; c < bins.cols; ++c) {
    counts.visited += bins.visited(row, c);
    counts.found += bins.frontier(row, c);
  }
  return counts;
}

void StatusArrayView::render() {
  m_image = QImage();
  if (m_state && m_state->bins.searches > 0) {
    const ViewColours& colours = currentTheme().colours;
    const engine::StatusBins& bins = m_state->bins;
    m_image = QImage(static_cast<int>(bins.cols), static_cast<int>(bins.rows), QImage::Format_RGB32);
    const uint64_t vertices = m_state->graph ? m_state->graph->vertexCount() : bins.cols;
    for (uint32_t r = 0; r < bins.rows; ++r) {
      auto* line = reinterpret_cast<QRgb*>(m_image.scanLine(static_cast<int>(r)));
      const uint64_t searches =
          uint64_t{(r + 1) * uint64_t{bins.searches} / bins.rows} - r * uint64_t{bins.searches} / bins.rows;
      for (uint32_t c = 0; c < bins.cols; ++c) {
        const uint64_t cellVertices = (c + 1) * vertices / bins.cols - c * vertices / bins.cols;
        const double pairs = std::max<double>(1.0, static_cast<double>(searches * cellVertices));
        if (bins.frontier(r, c) > 0) {
          const double f = std::min(1.0, 0.4 + 0.6 * bins.frontier(r, c) / pairs);
          line[c] = mix(colours.statusFrontierFaint, colours.statusFrontier, (f - 0.4) / 0.6);
          continue;
        }
        const double f = std::min(1.0, bins.visited(r, c) / pairs);
        // Unvisited to all visited; any visit shows.
        line[c] = mix(colours.statusUnvisited, colours.statusVisited, f > 0 ? 0.25 + 0.75 * f : 0.0);
      }
    }
  }
  update();
}

QString StatusArrayView::caption() const {
  if (!m_state || m_state->bins.searches == 0) {
    return tr("No batch has started yet.");
  }
  const engine::StatusBins& bins = m_state->bins;
  const uint32_t vertices = m_state->graph ? m_state->graph->vertexCount() : bins.cols;
  QString selected;
  if (const auto counts = trackedCounts()) {
    selected = tr(" Selected pair %1: %2 vertices visited, %3 found by the last expand.")
                   .arg(m_state->trackedPair + 1)
                   .arg(counts->visited)
                   .arg(counts->found);
  }
  if (const Rows shown = shownRows(); shown.count < m_image.height()) {
    selected += tr(" Rows %1–%2 of %3 shown (around the selected pair's).")
                    .arg(shown.first + 1)
                    .arg(shown.first + shown.count)
                    .arg(m_image.height());
  }
  const QString step = m_step.isEmpty() ? QString() : m_step + QStringLiteral(" · ");
  const QString grid = tr("Batch %1: %2 searches (rows, %3 per row) × %L4 vertices (columns, ~%L5 per column). "
                          "Blue: visited; red: found by the last expand (frontier); grey: unvisited.")
                           .arg(bins.batch + 1)
                           .arg(bins.searches)
                           .arg((bins.searches + bins.rows - 1) / bins.rows)
                           .arg(vertices)
                           .arg((vertices + bins.cols - 1) / bins.cols);
  return step + grid + selected;
}

QRect StatusArrayView::imageArea() const {
  const int captionHeight = 4 * fontMetrics().height();
  return rect().adjusted(4, 4, -4, -captionHeight - 4);
}

std::optional<uint32_t> StatusArrayView::trackedRow() const {
  if (!m_state || m_state->trackedPair < 0 || m_state->bins.searches == 0) {
    return std::nullopt;
  }
  const std::vector<uint32_t>& pairs = m_state->batchPairs;
  const auto it = std::find(pairs.begin(), pairs.end(), static_cast<uint32_t>(m_state->trackedPair));
  const auto index = static_cast<uint64_t>(it - pairs.begin());
  if (it == pairs.end() || index >= m_state->bins.searches) {
    return std::nullopt;
  }
  return static_cast<uint32_t>(index * m_state->bins.rows / m_state->bins.searches);
}

StatusArrayView::Rows StatusArrayView::shownRows() const {
  const int rows = m_image.height();
  const int fit = std::max(1, imageArea().height() / std::max(1, currentTheme().statusRowPixels));
  if (rows <= fit) {
    return {0, std::max(rows, 0)};
  }
  // Too many rows at the theme's least row height: those around the selected pair's.
  const int centre = static_cast<int>(trackedRow().value_or(0));
  return {std::clamp(centre - fit / 2, 0, rows - fit), fit};
}

int StatusArrayView::rowHeight() const {
  const Rows shown = shownRows();
  return shown.count > 0 ? imageArea().height() / shown.count : 0;
}

bool StatusArrayView::event(QEvent* event) {
  // Under the picture, the caption's words in the glossary's sentences.
  if (event->type() == QEvent::ToolTip) {
    const auto* help = static_cast<QHelpEvent*>(event);
    if (help->pos().y() > imageArea().bottom()) {
      QToolTip::showText(help->globalPos(), captionTip(), this);
    } else {
      QToolTip::hideText();
      event->ignore();
    }
    return true;
  }
  return QWidget::event(event);
}

QString StatusArrayView::captionTip() const {
  QStringList lines;
  for (const QString& word : {tr("Status arrays"), tr("Frontier"), tr("Unvisited"), tr("Batch")}) {
    lines << QStringLiteral("<b>%1</b>: %2").arg(word, explain(word).toHtmlEscaped());
  }
  return lines.join(QStringLiteral("<br>"));
}

void StatusArrayView::paintEvent(QPaintEvent* /*event*/) {
  QPainter painter(this);
  painter.fillRect(rect(), palette().color(QPalette::Base));
  const QRect area = imageArea();
  if (!m_image.isNull()) {
    const Rows shown = shownRows();
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter.drawImage(area, m_image, QRect(0, shown.first, m_image.width(), shown.count));
  }
  painter.setPen(palette().color(QPalette::Text));
  painter.drawText(QRect(4, area.bottom() + 4, width() - 8, height() - area.bottom() - 4), Qt::TextWordWrap, caption());
}

} // namespace frontier::ui
