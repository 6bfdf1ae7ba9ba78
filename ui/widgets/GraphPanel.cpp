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
  showLoadEnded();
  m_name->setWordWrap(true);
  m_vertices = addRow(tr("Vertices"));
  m_edges = addRow(tr("Edges"));
  m_directed = addRow(tr("Directed"));
  m_selfLoops = addRow(tr("Self-loops"));
  m_degree = addRow(tr("Degree"));
  m_hubs = addRow(tr("Hubs"));
  m_hubs->setToolTip(tr("The vertices of highest degree (file ids), with their degree"));
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

void GraphPanel::showLoading(const QString& what) {
  if (!m_hasGraph) {
    m_name->setText(tr("loading %1…").arg(what));
  }
}

void GraphPanel::showLoadEnded() {
  if (!m_hasGraph) {
    m_name->setText(tr("none: open a file or an example"));
  }
}

void GraphPanel::setGraph(const GraphSummary& summary) {
  m_hasGraph = true;
  const QLocale locale;
  const graph::GraphStats& s = summary.stats;
  const auto count = [&](uint64_t n) { return locale.toString(static_cast<qulonglong>(n)); };
  m_name->setText(summary.name);
  m_name->setToolTip(summary.source);
  m_vertices->setText(count(s.vertices));
  m_edges->setText(count(s.edges) + (s.weighted ? tr(" (weighted)") : QString()));
  const QString source = summary.graph ? QString::fromStdString(summary.graph->directionSource()) : QString();
  m_directed->setText((s.directed ? tr("yes") : tr("no")) + (source.isEmpty() ? QString() : tr(" (%1)").arg(source)));
  QStringList notes;
  if (summary.graph) {
    for (const std::string& note : summary.graph->loadNotes()) {
      notes.append(QString::fromStdString(note));
    }
  }
  m_directed->setToolTip(notes.isEmpty() ? tr("Where the direction came from: the file's header, the format's "
                                              "default or the command line")
                                         : notes.join(QLatin1Char('\n')));
  m_selfLoops->setText(count(s.selfLoops));
  m_degree->setText(tr("min %1, median %2, mean %3, max %4")
                        .arg(count(s.degreeMin), locale.toString(s.degreeMedian, 'g', 4),
                             locale.toString(s.degreeMean, 'f', 2), count(s.degreeMax)));
  QStringList hubs;
  for (size_t i = 0; i < s.top.size() && i < 3; ++i) {
    hubs.append(tr("%1 (%2)").arg(s.top[i].id).arg(count(s.top[i].degree)));
  }
  m_hubs->setText(hubs.isEmpty() ? QStringLiteral("–") : hubs.join(QStringLiteral(", ")));
  if (s.structureKnown) {
    m_components->setText(tr("%1 (largest: %2 vertices)").arg(count(s.components), count(s.largestComponent)));
    m_diameter->setText(tr("≥ %1 hops (double-sweep estimate)").arg(count(s.diameterEstimate)));
  } else {
    // A large graph: its union-find and BFS run after the load (EngineWorker).
    m_components->setText(tr("computing in the background…"));
    m_diameter->setText(tr("computing in the background…"));
  }
  m_loadTime->setText(s.structureKnown && summary.structureInLoad
                          ? tr("%1 ms (wall clock, with statistics)").arg(summary.loadMs, 0, 'f', 0)
                          : tr("%1 ms (wall clock, with the degrees; components and diameter after)")
                                .arg(summary.loadMs, 0, 'f', 0));
}

} // namespace frontier::ui
