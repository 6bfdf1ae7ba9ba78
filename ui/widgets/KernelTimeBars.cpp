#include "widgets/KernelTimeBars.h"

#include <algorithm>
#include <numeric>

#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include "models/Glossary.h"
#include "models/RunModel.h"
#include "theme/ThemeManager.h"
#include "widgets/KernelPalette.h"
#include "widgets/TimeAxis.h"

namespace frontier::ui {

namespace {

constexpr double kLeft = 64;   // room for the time labels
constexpr double kBottom = 20; // room for the iteration labels
constexpr double kTop = 24;    // room for the legend
constexpr double kRight = 8;

double total(const KernelTimes& times) {
  return std::accumulate(times.begin(), times.end(), 0.0);
}

} // namespace

KernelTimeBars::KernelTimeBars(RunModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
  setObjectName("kernelTimeBars");
  setMouseTracking(true);
  connect(model, &RunModel::cleared, this, [this] {
    m_maxTotalNs = 0;
    update();
  });
  connect(model, &RunModel::iterationsAppended, this, [this](int first, int count) {
    for (int i = first; i < first + count; ++i) {
      m_maxTotalNs = std::max(m_maxTotalNs, total(m_model->kernelTimes(i)));
    }
    update();
  });
  connect(model, &RunModel::selectionChanged, this, [this] { update(); });
}

QSize KernelTimeBars::sizeHint() const {
  return {420, 200};
}

QSize KernelTimeBars::minimumSizeHint() const {
  return {200, 90};
}

QRectF KernelTimeBars::plotRect() const {
  return QRectF(kLeft, kTop, std::max(1.0, width() - kLeft - kRight), std::max(1.0, height() - kTop - kBottom));
}

int KernelTimeBars::iterationAt(double x) const {
  const QRectF plot = plotRect();
  const int count = m_model->iterationCount();
  if (count == 0 || x < plot.left() || x >= plot.right()) {
    return -1;
  }
  return std::min(count - 1, static_cast<int>((x - plot.left()) / plot.width() * count));
}

void KernelTimeBars::paintEvent(QPaintEvent* /*event*/) {
  QPainter painter(this);
  painter.fillRect(rect(), palette().base());
  const int count = m_model->iterationCount();
  if (count == 0 || m_maxTotalNs <= 0) {
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(rect().adjusted(8, 0, -8, 0), Qt::AlignCenter | Qt::TextWordWrap,
                     tr("GPU time per iteration, stacked by kernel, appears here."));
    return;
  }
  painter.setPen(palette().color(QPalette::WindowText));
  painter.drawText(QRectF(kLeft, 0, width() - kLeft - kRight, kTop), Qt::AlignVCenter | Qt::AlignLeft,
                   tr("GPU time per iteration, by kernel"));
  const QRectF plot = plotRect();
  const std::vector<AxisTick> ticks = timeTicks(0, m_maxTotalNs * 1.05, plot.height(), 28);
  const double yMax = m_maxTotalNs * 1.05;
  const auto yOf = [&](double ns) { return plot.bottom() - ns / yMax * plot.height(); };
  for (const AxisTick& tick : ticks) {
    const double y = yOf(tick.value);
    painter.setPen(palette().color(QPalette::Midlight));
    painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(QRectF(0, y - 8, kLeft - 6, 16), Qt::AlignVCenter | Qt::AlignRight, tick.label);
  }

  const double barWidth = plot.width() / count;
  const double gap = barWidth >= 4 ? 1 : 0;
  const int selected = m_model->selectedIteration();
  if (selected >= 0) {
    QColor band = currentTheme().colours.cursor;
    band.setAlpha(40);
    painter.fillRect(QRectF(plot.left() + selected * barWidth, plot.top(), std::max(barWidth, 2.0), plot.height()),
                     band);
  }
  for (int i = 0; i < count; ++i) {
    const KernelTimes& times = m_model->kernelTimes(i);
    const double x = plot.left() + i * barWidth;
    double base = 0;
    for (size_t kind = 0; kind < kKernelKinds; ++kind) {
      if (times[kind] <= 0) {
        continue;
      }
      const double y0 = yOf(base);
      const double y1 = yOf(base + times[kind]);
      painter.fillRect(QRectF(x, y1, std::max(barWidth - gap, 1.0), y0 - y1),
                       kernelColor(static_cast<engine::KernelKind>(kind)));
      base += times[kind];
    }
  }

  painter.setPen(palette().color(QPalette::Mid));
  painter.drawLine(plot.bottomLeft(), plot.bottomRight());
  painter.setPen(palette().color(QPalette::WindowText));
  const QRectF labels(plot.left(), plot.bottom() + 2, plot.width(), kBottom - 2);
  painter.drawText(labels, Qt::AlignLeft | Qt::AlignTop, QStringLiteral("1"));
  painter.drawText(labels, Qt::AlignHCenter | Qt::AlignTop, tr("step"));
  painter.drawText(labels, Qt::AlignRight | Qt::AlignTop, QString::number(count));
}

QString KernelTimeBars::tooltipFor(int iteration) const {
  const KernelTimes& times = m_model->kernelTimes(iteration);
  QString text = QStringLiteral("<b>%1</b><table>").arg(m_model->describeIteration(iteration));
  for (size_t kind = 0; kind < kKernelKinds; ++kind) {
    if (times[kind] > 0) {
      const auto k = static_cast<engine::KernelKind>(kind);
      text += QStringLiteral("<tr><td><span style='color:%1'>■</span> %2</td><td align=right>%3</td></tr>"
                             "<tr><td colspan=2><small>%4</small></td></tr>")
                  .arg(kernelColor(k).name(), toQString(engine::kernelName(k)), formatDuration(times[kind]),
                       explainKernel(k).toHtmlEscaped());
    }
  }
  return text +
         tr("<tr><td><b>total</b></td><td align=right><b>%1</b></td></tr></table>").arg(formatDuration(total(times)));
}

QString KernelTimeBars::titleTooltip() {
  return tr("Each bar is one step: the GPU time it took, split into its kernels in the timeline's colours. "
            "The tallest bars are the steps that cost most; hover a bar for its kernels and what each one does.");
}

void KernelTimeBars::mouseMoveEvent(QMouseEvent* event) {
  const int i = iterationAt(event->position().x());
  if (i >= 0 && plotRect().contains(event->position())) {
    QToolTip::showText(event->globalPosition().toPoint(), tooltipFor(i), this);
  } else if (event->position().y() < kTop) {
    QToolTip::showText(event->globalPosition().toPoint(), titleTooltip(), this);
  } else {
    QToolTip::hideText();
  }
}

void KernelTimeBars::mousePressEvent(QMouseEvent* event) {
  const int i = iterationAt(event->position().x());
  if (event->button() == Qt::LeftButton && i >= 0) {
    m_model->selectIteration(i);
  }
}

void KernelTimeBars::leaveEvent(QEvent* event) {
  QToolTip::hideText();
  QWidget::leaveEvent(event);
}

} // namespace frontier::ui
