#include "compare/StrategyTimeBars.h"

#include <algorithm>
#include <cmath>

#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include "EngineMessages.h"
#include "compare/CompareModel.h"
#include "models/Glossary.h"
#include "widgets/KernelPalette.h"
#include "widgets/TimeAxis.h"

namespace frontier::ui {

namespace {

constexpr double kLabelWidth = 190;
constexpr double kValueWidth = 80;
constexpr double kTop = 56; // title and up to two lines of legend
constexpr double kRowHeight = 26;

} // namespace

StrategyTimeBars::StrategyTimeBars(CompareModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
  setObjectName("strategyTimeBars");
  setMouseTracking(true);
  connect(model, &CompareModel::started, this, [this] { update(); });
  connect(model, &CompareModel::runChanged, this, [this] { update(); });
  connect(model, &CompareModel::baselineChanged, this, [this] { update(); });
}

QSize StrategyTimeBars::sizeHint() const {
  return {520, static_cast<int>(kTop + kRowHeight * std::max(m_model->count(), 2) + 24)};
}

QSize StrategyTimeBars::minimumSizeHint() const {
  return {320, 120};
}

double StrategyTimeBars::maxNs() const {
  double most = 0;
  for (int i = 0; i < m_model->count(); ++i) {
    const RunSummary summary = m_model->summary(i);
    most = std::max({most, totalNs(i), summary.gpu.max * 1e6});
  }
  return most;
}

double StrategyTimeBars::totalNs(int run) const {
  const RunSummary summary = m_model->summary(run);
  double total = 0;
  for (double ns : summary.kindNs) {
    total += ns;
  }
  return total;
}

QString StrategyTimeBars::totalText(int run) const {
  return formatDuration(totalNs(run));
}

QRectF StrategyTimeBars::barRect(int run) const {
  const double width = std::max(1.0, this->width() - kLabelWidth - kValueWidth - 12);
  return QRectF(kLabelWidth, kTop + run * kRowHeight + 4, width, kRowHeight - 8);
}

void StrategyTimeBars::paintEvent(QPaintEvent* /*event*/) {
  QPainter painter(this);
  painter.fillRect(rect(), palette().base());
  painter.setPen(palette().color(QPalette::WindowText));
  QFont bold = font();
  bold.setBold(true);
  painter.setFont(bold);
  painter.drawText(QRectF(8, 2, width() - 16, 18), Qt::AlignLeft | Qt::AlignVCenter, tr("GPU time per kernel, by run"));
  painter.setFont(font());
  for (const LegendEntry& entry : legend()) {
    painter.fillRect(QRectF(entry.box.left(), entry.box.top(), 10, 10), kernelColor(entry.kind));
    painter.drawText(QPointF(entry.box.left() + 14, entry.box.top() + 9), toQString(engine::kernelName(entry.kind)));
  }
  const double most = maxNs();
  for (int i = 0; i < m_model->count(); ++i) {
    const QRectF bar = barRect(i);
    const QString name = m_model->name(i) + (i == m_model->baseline() ? tr(" (baseline)") : QString());
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(QRectF(8, bar.top() - 4, kLabelWidth - 14, kRowHeight), Qt::AlignRight | Qt::AlignVCenter,
                     painter.fontMetrics().elidedText(name, Qt::ElideMiddle, static_cast<int>(kLabelWidth - 14)));
    const RunSummary summary = m_model->summary(i);
    if (most <= 0 || totalNs(i) <= 0) {
      continue;
    }
    double left = bar.left();
    for (size_t kind = 0; kind < kSummaryKinds; ++kind) {
      const double w = summary.kindNs[kind] / most * bar.width();
      if (w <= 0) {
        continue;
      }
      painter.fillRect(QRectF(left, bar.top(), w, bar.height()), kernelColor(static_cast<engine::KernelKind>(kind)));
      left += w;
    }
    painter.setPen(palette().color(QPalette::WindowText));
    if (summary.gpu.count > 1) {
      // The spread of the timed runs: lowest to highest GPU time.
      const double from = bar.left() + summary.gpu.min * 1e6 / most * bar.width();
      const double to = bar.left() + summary.gpu.max * 1e6 / most * bar.width();
      const double middle = bar.center().y();
      painter.drawLine(QPointF(from, middle), QPointF(to, middle));
      painter.drawLine(QPointF(from, bar.top() + 3), QPointF(from, bar.bottom() - 3));
      painter.drawLine(QPointF(to, bar.top() + 3), QPointF(to, bar.bottom() - 3));
      left = std::max(left, to);
    }
    painter.drawText(QRectF(left + 6, bar.top() - 4, kValueWidth + 40, kRowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                     totalText(i));
  }
}

std::vector<StrategyTimeBars::LegendEntry> StrategyTimeBars::legend() const {
  // The kinds any run used, wrapped so that a narrow panel keeps every name readable.
  std::vector<LegendEntry> entries;
  const QFontMetrics metrics = fontMetrics();
  double x = 8;
  double top = 24;
  for (size_t kind = 0; kind < kSummaryKinds; ++kind) {
    bool used = false;
    for (int i = 0; i < m_model->count(); ++i) {
      used = used || m_model->summary(i).kindNs[kind] > 0;
    }
    if (!used) {
      continue;
    }
    const auto k = static_cast<engine::KernelKind>(kind);
    const double advance = 24 + metrics.horizontalAdvance(toQString(engine::kernelName(k)));
    if (x + advance > width() && x > 8) {
      x = 8;
      top += 14;
    }
    entries.push_back({k, QRectF(x, top, advance - 10, 12)});
    x += advance;
  }
  return entries;
}

void StrategyTimeBars::mouseMoveEvent(QMouseEvent* event) {
  // A legend entry: what that kernel does, in the glossary's words.
  for (const LegendEntry& entry : legend()) {
    if (entry.box.contains(event->position())) {
      QToolTip::showText(event->globalPosition().toPoint(),
                         QStringLiteral("<b>%1</b><br>%2")
                             .arg(toQString(engine::kernelName(entry.kind)), explainKernel(entry.kind).toHtmlEscaped()),
                         this);
      return;
    }
  }
  const double most = maxNs();
  for (int i = 0; i < m_model->count() && most > 0; ++i) {
    const QRectF bar = barRect(i);
    if (!bar.adjusted(0, 0, 0, 0).contains(event->position())) {
      continue;
    }
    const RunSummary summary = m_model->summary(i);
    double left = bar.left();
    for (size_t kind = 0; kind < kSummaryKinds; ++kind) {
      const double w = summary.kindNs[kind] / most * bar.width();
      if (w > 0 && event->position().x() >= left && event->position().x() < left + w) {
        QToolTip::showText(event->globalPosition().toPoint(),
                           tr("<b>%1</b> (median run)<br>%2: %3 (%4% of its GPU time)")
                               .arg(m_model->name(i),
                                    toQString(engine::kernelName(static_cast<engine::KernelKind>(kind))),
                                    formatDuration(summary.kindNs[kind]))
                               .arg(std::lround(summary.share(kind) * 100)),
                           this);
        return;
      }
      left += w;
    }
  }
  QToolTip::hideText();
}

} // namespace frontier::ui
