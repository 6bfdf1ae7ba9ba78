#include "widgets/RooflinePanel.h"

#include <algorithm>
#include <cmath>

#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include "widgets/KernelPalette.h"
#include "widgets/PipelinesTable.h"

namespace frontier::ui {

namespace {

double floorPow10(double v) { return std::pow(10.0, std::floor(std::log10(v))); }
double ceilPow10(double v) { return std::pow(10.0, std::ceil(std::log10(v))); }

QString bytesText(double bytes) {
  const char* units[] = {"B", "KB", "MB", "GB", "TB"};
  int u = 0;
  while (bytes >= 1000 && u < 4) {
    bytes /= 1000;
    ++u;
  }
  return QStringLiteral("%1 %2").arg(bytes, 0, 'g', 3).arg(QLatin1String(units[u]));
}

} // namespace

RooflinePlot::RooflinePlot(QWidget* parent) : QWidget(parent) { setMinimumSize(240, 180); }

void RooflinePlot::setKernels(std::vector<report::KernelRoof> kernels, const engine::DeviceRoofs& roofs) {
  m_kernels = std::move(kernels);
  m_roofs = roofs;
  // Axes in whole decades around the points and the roofs.
  double minBytes = 1e300, maxBytes = 0, minGbps = 1e300, maxGbps = 0;
  for (const report::KernelRoof& k : m_kernels) {
    const double perDispatch = static_cast<double>(k.bytes) / k.dispatches;
    minBytes = std::min(minBytes, perDispatch);
    maxBytes = std::max(maxBytes, perDispatch);
    minGbps = std::min(minGbps, k.achievedGbps);
    maxGbps = std::max({maxGbps, k.achievedGbps, k.roofGbps});
  }
  maxGbps = std::max(maxGbps, m_roofs.copyGbps);
  if (m_kernels.empty()) {
    minBytes = 1e3, maxBytes = 1e9, minGbps = 0.1, maxGbps = 1e4;
  }
  m_minBytes = floorPow10(std::max(minBytes, 1.0));
  m_maxBytes = std::max(ceilPow10(maxBytes * 1.01), m_minBytes * 10);
  m_minGbps = floorPow10(std::max(minGbps, 1e-6));
  m_maxGbps = std::max(ceilPow10(maxGbps * 1.01), m_minGbps * 10);
  update();
}

QRectF RooflinePlot::plotRect() const { return QRectF(rect()).adjusted(56, 12, -32, -36); }

QPointF RooflinePlot::pointAt(double bytes, double gbps) const {
  const QRectF r = plotRect();
  const auto frac = [](double v, double lo, double hi) {
    return (std::log10(std::max(v, lo * 1e-3)) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
  };
  return {r.left() + frac(bytes, m_minBytes, m_maxBytes) * r.width(),
          r.bottom() - frac(gbps, m_minGbps, m_maxGbps) * r.height()};
}

void RooflinePlot::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.fillRect(rect(), palette().base());
  const QRectF r = plotRect();
  painter.setClipRect(rect());
  // Decades: grid and labels.
  painter.setPen(palette().color(QPalette::Midlight));
  for (double x = m_minBytes; x <= m_maxBytes * 1.001; x *= 10) {
    const QPointF p = pointAt(x, m_minGbps);
    painter.drawLine(QPointF(p.x(), r.top()), QPointF(p.x(), r.bottom()));
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(QRectF(p.x() - 30, r.bottom() + 2, 60, 14), Qt::AlignCenter, bytesText(x));
    painter.setPen(palette().color(QPalette::Midlight));
  }
  for (double y = m_minGbps; y <= m_maxGbps * 1.001; y *= 10) {
    const QPointF p = pointAt(m_minBytes, y);
    painter.drawLine(QPointF(r.left(), p.y()), QPointF(r.right(), p.y()));
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(QRectF(0, p.y() - 7, r.left() - 4, 14), Qt::AlignRight | Qt::AlignVCenter,
                     QString::number(y, 'g', 3));
    painter.setPen(palette().color(QPalette::Midlight));
  }
  painter.setPen(palette().color(QPalette::WindowText));
  painter.drawRect(r);
  painter.drawText(QRectF(r.left(), r.bottom() + 18, r.width(), 16), Qt::AlignCenter,
                   tr("bytes moved per dispatch"));
  painter.save();
  painter.translate(10, r.center().y());
  painter.rotate(-90);
  painter.drawText(QRectF(-r.height() / 2, -8, r.height(), 16), Qt::AlignCenter, tr("achieved GB/s"));
  painter.restore();
  painter.setClipRect(r);
  if (m_roofs.measured()) {
    // The roof: min(copy roof, bytes / empty-dispatch time), drawn as two segments.
    const double knee = m_roofs.copyGbps * m_roofs.dispatchUs * 1e3;  // bytes where they meet
    QPen roof(palette().color(QPalette::WindowText), 2);
    painter.setPen(roof);
    const double left = m_minBytes / 10;
    painter.drawLine(pointAt(left, left / (m_roofs.dispatchUs * 1e3)), pointAt(knee, m_roofs.copyGbps));
    painter.drawLine(pointAt(knee, m_roofs.copyGbps), pointAt(m_maxBytes * 10, m_roofs.copyGbps));
    painter.drawText(pointAt(m_maxBytes, m_roofs.copyGbps) + QPointF(-150, -4),
                     tr("copy %1 GB/s").arg(m_roofs.copyGbps, 0, 'f', 0));
    // Labelled left of the knee, above the diagonal.
    painter.drawText(pointAt(knee / 30, knee / 30 / (m_roofs.dispatchUs * 1e3)) + QPointF(-150, -8),
                     tr("empty dispatch %1 µs").arg(m_roofs.dispatchUs, 0, 'f', 1));
  }
  for (const report::KernelRoof& k : m_kernels) {
    const QColor colour = kernelColor(k.kind);
    const double perDispatch = static_cast<double>(k.bytes) / k.dispatches;
    if (k.roof == report::RoofKind::Gather && k.roofGbps > 0) {
      // This expand's random-gather roof at its bytes per arc.
      painter.setPen(QPen(colour, 1.5, Qt::DashLine));
      painter.drawLine(pointAt(perDispatch / 30, k.roofGbps), pointAt(perDispatch * 30, k.roofGbps));
    }
    painter.setPen(QPen(palette().color(QPalette::WindowText), 1));
    painter.setBrush(colour);
    const QPointF p = pointAt(perDispatch, k.achievedGbps);
    painter.drawEllipse(p, 5, 5);
    // Names right of their points, or left of them near the right edge.
    const QString name = QString::fromStdString(std::string(engine::kernelName(k.kind)));
    const double width = painter.fontMetrics().horizontalAdvance(name);
    painter.drawText(p.x() + 8 + width < r.right() ? p + QPointF(8, 4) : p + QPointF(-8 - width, 4), name);
  }
  if (m_kernels.empty()) {
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(r, Qt::AlignCenter, tr("No bytes moved recorded for this run"));
  }
}

RooflinePanel::RooflinePanel(QWidget* parent)
    : QWidget(parent), m_plot(new RooflinePlot), m_table(new QTableWidget(0, 8)), m_pipelines(new PipelinesTable),
      m_tables(new QTabWidget), m_note(new QLabel) {
  setObjectName("rooflinePanel");
  m_table->setObjectName("rooflineTable");
  m_table->setHorizontalHeaderLabels({tr("Kernel"), tr("Dispatches"), tr("Bytes moved"), tr("GB/s"),
                                      tr("Roof"), tr("% of roof"), tr("Bound"), tr("Idle lanes")});
  m_table->horizontalHeaderItem(7)->setToolTip(
      tr("Share of the invocations launched that had no work item (pipeline-statistics queries: Run > Count "
         "invocations and pipeline statistics, or frontier-cli run --pipeline-statistics, whose report File > "
         "Open report shows)"));
  m_table->verticalHeader()->hide();
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_note->setObjectName("rooflineNote");
  m_note->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_plot, 3);
  m_tables->setObjectName("rooflineTables");
  m_tables->addTab(m_table, tr("Kernels"));
  m_tables->addTab(m_pipelines, tr("Pipelines"));
  layout->addWidget(m_tables, 2);
  layout->addWidget(m_note);
}

void RooflinePanel::setRun(const engine::RunTrace& trace, const engine::DeviceRoofs& roofs) {
  const std::vector<report::KernelRoof> kernels = report::kernelRoofs(trace, roofs);
  m_table->setRowCount(static_cast<int>(kernels.size()));
  int row = 0;
  for (const report::KernelRoof& k : kernels) {
    const auto set = [&](int column, const QString& text) {
      auto* item = new QTableWidgetItem(text);
      item->setTextAlignment(column == 0 ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
      m_table->setItem(row, column, item);
    };
    set(0, QString::fromStdString(std::string(engine::kernelName(k.kind))));
    set(1, QString::number(k.dispatches));
    set(2, bytesText(static_cast<double>(k.bytes)));
    set(3, QString::number(k.achievedGbps, 'f', 1));
    set(4, roofs.measured() ? QString::fromStdString(report::roofName(k.roof)) : QStringLiteral("—"));
    set(5, roofs.measured() ? QStringLiteral("%1%").arg(k.roofShare * 100, 0, 'f', 0) : tr("no roofs"));
    set(6, !roofs.measured() ? QString() : k.dispatchBound ? tr("dispatch") : tr("memory"));
    // Only runs that counted invocations know how many lanes idled.
    set(7, k.invocations > 0 ? QStringLiteral("%1%").arg(k.idleLaneShare * 100, 0, 'f', 0) : QStringLiteral("—"));
    ++row;
  }
  const std::string note = report::roofNote(kernels);
  m_note->setText(!note.empty()          ? QString::fromStdString(note)
                  : roofs.measured()    ? QString()
                                        : tr("No roofs measured for this device: run `frontier-cli selftest` once."));
  m_plot->setKernels(kernels, roofs);
  m_pipelines->setPipelines(trace.pipelines);
}

QString RooflinePanel::note() const { return m_note->text(); }

} // namespace frontier::ui
