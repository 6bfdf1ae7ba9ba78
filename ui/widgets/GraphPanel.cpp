#include "widgets/GraphPanel.h"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>

#include "EngineMessages.h"

namespace frontier::ui {

GraphPanel::GraphPanel(QWidget* parent) : QWidget(parent), m_form(new QFormLayout(this)) {
  setObjectName("graphPanel");
  m_form->setLabelAlignment(Qt::AlignRight);
  m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  m_name = addRow(tr("Graph"));
  m_name->setText(tr("none: open a file or an example"));
  m_name->setWordWrap(true);
  m_vertices = addRow(tr("Vertices"));
  m_edges = addRow(tr("Edges"));
  m_directed = addRow(tr("Directed"));
  m_selfLoops = addRow(tr("Self-loops"));
  m_degree = addRow(tr("Degree"));
  m_components = addRow(tr("Components"));
  m_diameter = addRow(tr("Diameter"));
  m_loadTime = addRow(tr("Loaded in"));
}

QLabel* GraphPanel::addRow(const QString& name) {
  auto* label = new QLabel(QStringLiteral("–"));
  label->setObjectName(name);
  label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_form->addRow(name + QLatin1Char(':'), label);
  return label;
}

QString GraphPanel::value(const QString& row) const {
  const auto* label = findChild<QLabel*>(row);
  return label != nullptr ? label->text() : QString();
}

void GraphPanel::setGraph(const GraphSummary& summary) {
  const QLocale locale;
  const graph::GraphStats& s = summary.stats;
  m_name->setText(summary.name);
  m_name->setToolTip(summary.source);
  m_vertices->setText(locale.toString(static_cast<qulonglong>(s.vertices)));
  m_edges->setText(locale.toString(static_cast<qulonglong>(s.edges)) +
                   (summary.graph->weighted() ? tr(" (weighted)") : QString()));
  m_directed->setText(s.directed ? tr("yes") : tr("no"));
  m_selfLoops->setText(locale.toString(static_cast<qulonglong>(s.selfLoops)));
  m_degree->setText(tr("min %1, mean %2, max %3")
                        .arg(locale.toString(static_cast<qulonglong>(s.minDegree)))
                        .arg(locale.toString(s.meanDegree, 'f', 2))
                        .arg(locale.toString(static_cast<qulonglong>(s.maxDegree))));
  m_components->setText(tr("%1 (largest %2 vertices)")
                            .arg(locale.toString(static_cast<qulonglong>(s.components)))
                            .arg(locale.toString(static_cast<qulonglong>(s.largestComponent))));
  m_diameter->setText(tr("≈ %1 (estimated)").arg(s.estimatedDiameter));
  m_loadTime->setText(tr("%1 ms (wall clock)").arg(summary.loadMs, 0, 'f', 0));
}

} // namespace frontier::ui
