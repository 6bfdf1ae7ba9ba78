#pragma once
// The "Pipelines" kernel table: per pipeline the run made, what the driver
// says it holds (registers per invocation, shared memory per workgroup,
// local memory for spills and local arrays), its workgroup size and the
// occupancy those allow (engine/PipelineResources.h), the driver's own
// statistics in each row's tooltip. Without rows a note says why: pipeline
// statistics were off for the run (and how to turn them on), or the device
// does not report them. Shows a snapshot: setPipelines() copies it.
//
// Thread affinity: GUI thread.

#include <optional>
#include <vector>

#include <QWidget>

#include "engine/PipelineResources.h"

class QLabel;
class QTableWidget;

namespace frontier::ui {

class PipelinesTable : public QWidget {
  Q_OBJECT
public:
  explicit PipelinesTable(QWidget* parent = nullptr);
  // RunTrace::pipelines: empty = statistics off, an empty list = not reported by the device.
  void setPipelines(const std::optional<std::vector<engine::PipelineResources>>& pipelines);

  const QTableWidget* table() const noexcept { return m_table; }
  QString note() const;

private:
  QTableWidget* m_table;
  QLabel* m_note;
};

} // namespace frontier::ui
