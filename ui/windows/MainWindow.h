#pragma once
// The Frontier Lab main window: the per-iteration charts in the centre, docks
// for the graph, the run setup (device, strategy, pairs), the kernel timeline
// with the time bars, and the results; the run toolbar on top. The dock
// layout and the window geometry are remembered between sessions (View >
// Reset layout brings the default back). Later views (graph view, status
// arrays, comparison) are further docks over the same LabController.
//
// Thread affinity: GUI thread.

#include <QMainWindow>
#include <QString>
#include <QStringList>

#include "EngineMessages.h"
#include "graph/GraphIO.h"

class QDockWidget;
class QMessageBox;

namespace frontier::ui {

class AboutDialog;
class CompareWindow;
class GraphPanel;
class IterationCharts;
class KernelTimeBars;
class KernelTimeline;
class LabController;
class PairsPanel;
class RecentFiles;
class RooflineDock;
class ResultsPanel;
class RunControls;
class StatusLine;
class SsspPanel;
class StrategyPanel;
class ViewDocks;
struct DemoGraph;

struct MainWindowOptions {
  QString deviceRequest;     // "" = the best device (or FRONTIER_DEVICE)
  bool restoreLayout = true; // false: the default layout (scripted screenshots, tests)
  QString theme;             // a theme's name for this run only (--theme); "": the one chosen last (View > Theme)
  bool pipelineStatistics = false; // --pipeline-statistics: the device is opened with them on (RunConfig)
};

class MainWindow : public QMainWindow {
  Q_OBJECT
public:
  explicit MainWindow(const MainWindowOptions& options = {}, QWidget* parent = nullptr);
  ~MainWindow() override;

  LabController* controller() const noexcept { return m_controller; }
  AboutDialog* aboutDialog() const noexcept { return m_about; }
  bool deviceKnown() const noexcept { return m_deviceKnown; }
  GraphPanel* graphPanel() const noexcept { return m_graphPanel; }
  StrategyPanel* strategyPanel() const noexcept { return m_strategyPanel; }
  PairsPanel* pairsPanel() const noexcept { return m_pairsPanel; }
  SsspPanel* ssspPanel() const noexcept { return m_ssspPanel; }
  IterationCharts* charts() const noexcept { return m_charts; }
  KernelTimeline* timeline() const noexcept { return m_timeline; }
  KernelTimeBars* timeBars() const noexcept { return m_timeBars; }
  ResultsPanel* resultsPanel() const noexcept { return m_resultsPanel; }
  RunControls* runControls() const noexcept { return m_runControls; }
  // The graph view and status-array view docks.
  ViewDocks* viewDocks() const noexcept { return m_viewDocks; }
  // The dialog that shows errors (hidden when none is shown).
  QMessageBox* errorDialog() const noexcept { return m_errorBox; }
  QString statusText() const;
  // View > Reset layout: every dock and toolbar docked, shown and sized as at
  // the first start, for the window's present size.
  void resetLayout();
  // The comparison window, made on first use (nullptr before).
  CompareWindow* compareWindow() const noexcept { return m_compare; }
  CompareWindow* showCompareWindow();
  // File > Open report: saved JSON reports in the comparison window (see
  // CompareWindow::openReports); false with the reason shown.
  bool openReports(const QStringList& paths);
  // File > Export trace: the current run as a Chrome trace (Perfetto);
  // false with the reason in `error` (nothing has run yet, a write failed).
  bool exportTrace(const QString& path, QString* error) const;
  // File > Save session / Open session; false with the reason shown.
  bool saveSession(const QString& path);
  void openSession(const QString& path);

  // A file path, "demo:NAME" (File > Examples) or a generator spec ("grid:40x40").
  void openGraph(const QString& what);
  // Format::Auto detects the format from the file's first bytes and its name.
  void openFile(const QString& path, graph::Format format = graph::Format::Auto);
  void openDemo(const DemoGraph& demo);

signals:
  void deviceSettled(); // the device opened or failed to

protected:
  void closeEvent(QCloseEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

private:
  void createDocks();
  void createMenus();
  // Every dock docked and shown where the first start puts it, and sized.
  void placeDocks();
  void sizeDocks();
  void restoreLayout();
  void showError(const QString& title, const QString& message);
  void showStatus(const QString& message);
  void onGraphChanged(const GraphSummary& summary);
  void onStateChanged();
  void chooseFile();
  void chooseFolder();
  void chooseGenerator();

  LabController* m_controller;
  AboutDialog* m_about;
  GraphPanel* m_graphPanel;
  StrategyPanel* m_strategyPanel;
  PairsPanel* m_pairsPanel;
  IterationCharts* m_charts;
  KernelTimeline* m_timeline;
  KernelTimeBars* m_timeBars;
  ResultsPanel* m_resultsPanel;
  RunControls* m_runControls;
  StatusLine* m_status;
  RecentFiles* m_recent = nullptr;
  ViewDocks* m_viewDocks = nullptr;
  QMessageBox* m_errorBox = nullptr;
  bool m_layoutRestored = false; // a saved dock layout came back at the start
  bool m_shownOnce = false;
  RooflineDock* m_roofline = nullptr;
  QDockWidget* m_graphDock = nullptr;
  QDockWidget* m_setupDock = nullptr;
  QDockWidget* m_timelineDock = nullptr;
  QDockWidget* m_resultsDock = nullptr;
  QString m_pendingRecent; // a user-opened file, recorded once it has loaded
  bool m_deviceKnown = false;
  CompareWindow* m_compare = nullptr;
  SsspPanel* m_ssspPanel = nullptr;
};

} // namespace frontier::ui
