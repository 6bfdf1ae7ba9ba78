#pragma once
// Strategies side by side: 2 to 4 iBFS strategies (or, on weighted graphs,
// shortest-path algorithms and delta values) run on the engine's thread over
// the main window's graph and pairs: an untimed warm-up of each, then the
// chosen number of timed runs of each in interleaved rounds, each checked
// against the CPU. Shows a line that says how each entry differs from the
// baseline (or that it is within noise), the summary table (median GPU time
// and spread), one panel per entry (its median run) with a shared iteration
// cursor, the per-iteration charts of all entries overlaid, and the GPU time
// per kernel of every entry. "One device per run" spreads the entries over
// the machine's devices, which then run at the same time; the table and the
// panels name the device of each entry. File menu: Chrome trace (one process
// per entry), per-iteration CSV, JSON report (with every timed run and its
// device), PNG / SVG of the window. A Roofline dock shows one entry's
// kernels against its device's roofs, and the why-line adds where each
// entry's kernels stand against them. The Compare menu asks ready-made
// questions (one way against both ends).
//
// Thread affinity: GUI thread.

#include <vector>

#include <QMainWindow>
#include <QStringList>

#include "compare/Variant.h"
#include "run/Comparison.h"

class QAction;
class QBoxLayout;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace frontier::ui {

// The Compare menu's "One way against both ends": the BFS engine's tuned
// settings searching from the source only and from both ends.
inline constexpr const char* kOneWayAgainstBothEnds = "tuned+one-way,tuned+bidir";

class CompareModel;
class ComparePanel;
class CompareRoofline;
class CompareTable;
class IterationChart;
class LabController;
class StrategyTimeBars;

class CompareWindow : public QMainWindow {
  Q_OBJECT
public:
  explicit CompareWindow(LabController* controller, QWidget* parent = nullptr);

  CompareModel* model() const noexcept { return m_model; }
  CompareTable* table() const noexcept { return m_table; }
  const std::vector<ComparePanel*>& panels() const noexcept { return m_panels; }
  const std::vector<IterationChart*>& overlayCharts() const noexcept { return m_overlays; }
  StrategyTimeBars* strategyBars() const noexcept { return m_strategyBars; }
  QLabel* whyLabel() const noexcept { return m_why; }
  // One entry's kernels against its device's roofs (a dock; View > Roofline).
  CompareRoofline* roofline() const noexcept { return m_roofline; }
  QLineEdit* specsEdit() const noexcept { return m_specs; }

  // The entries (the controller's RunConfig::comparison, which the field
  // edits and shows; sessions and --compare set it there).
  QStringList specs() const;
  // Takes the field's entries into the configuration and compares them;
  // false (reason shown and in `error`) on a bad spec or when no graph or
  // pairs are ready.
  bool runComparison(QString* error = nullptr);
  bool running() const noexcept { return m_running; }
  // Timed runs per entry for the next comparison (the "Timed runs" box).
  int repeats() const;
  void setRepeats(int repeats);
  QSpinBox* repeatsBox() const noexcept { return m_repeats; }
  // "One device per run" (LabController::setCompareOnDevices): enabled where
  // more than one device can run the engine, or a list is set already.
  QCheckBox* devicesBox() const noexcept { return m_devices; }
  run::CompareSettings settings() const;
  // Pins a run as the baseline, now and for the next comparison.
  void setBaseline(int index);
  int baseline() const noexcept { return m_wantedBaseline; }

  // Saved JSON reports (runs, comparisons, bench results) as the entries,
  // with the baseline and ratios and a line naming what differs in their
  // headers (ReportImport.h); false with the reason shown and in `error`
  // (another format version, a broken file, a comparison running).
  bool openReports(const QStringList& paths, QString* error = nullptr);

  // Exports; false with the reason in `error`.
  bool exportTrace(const QString& path, QString* error) const;
  bool exportCsv(const QString& path, QString* error) const;
  bool exportJson(const QString& path, QString* error) const;

signals:
  void comparisonFinished(bool cancelled);

private:
  void createMenus();
  void rebuildPanels();
  void updateWhy();
  void updateState();
  void updateDevicesBox();                       // checked, enabled and its tooltip, from the controller
  void showComparison(const QStringList& specs); // the configuration's entries in the field
  QStringList typedSpecs() const;                // the field's entries, trimmed
  void saveWith(const QString& title, const QString& name, const QString& filter,
                bool (CompareWindow::*write)(const QString&, QString*) const);

  LabController* m_controller;
  CompareModel* m_model;
  QLineEdit* m_specs;
  QAction* m_oneWayBothEnds = nullptr;  // the Compare menu's question
  QPushButton* m_run;
  QPushButton* m_cancel;
  QComboBox* m_baseline;
  QSpinBox* m_repeats;
  QCheckBox* m_devices;
  QLabel* m_progress;
  QLabel* m_why;
  CompareTable* m_table;
  QBoxLayout* m_panelRow;
  QBoxLayout* m_overlayRow;
  StrategyTimeBars* m_strategyBars;
  CompareRoofline* m_roofline = nullptr;
  std::vector<ComparePanel*> m_panels;
  std::vector<IterationChart*> m_overlays;
  bool m_running = false;
  run::CompareSettings m_runningSettings;
  int m_runningDevices = 0; // devices the running comparison runs its entries on at once (0: the window's)
  int m_wantedBaseline = 0;
};

} // namespace frontier::ui
