#include "compare/CompareWindow.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>
#include <QtCharts/QLineSeries>

#include "LabController.h"
#include "compare/CompareModel.h"
#include "compare/CompareRoofline.h"
#include "compare/CompareScope.h"
#include "compare/ComparePanel.h"
#include "compare/ReportImport.h"
#include "compare/CompareTable.h"
#include "compare/StrategyTimeBars.h"
#include "export/ViewExport.h"
#include "models/RunModel.h"
#include "report/Report.h"
#include "theme/ThemeManager.h"
#include "widgets/IterationChart.h"

namespace frontier::ui {

namespace {

// "device 1 (NVIDIA …)", as the devices found name it.
QString deviceName(const DeviceList& devices, uint32_t index) {
  for (const gpu::DeviceInfo& info : devices) {
    if (info.index == index) {
      return QObject::tr("device %1 (%2)").arg(index).arg(QString::fromStdString(info.name));
    }
  }
  return QObject::tr("device %1").arg(index);
}

bool writeText(const QString& path, const std::string& text, QString* error) {
  try {
    report::writeFile(path.toStdString(), text);
    return true;
  } catch (const std::exception& failure) {
    *error = QString::fromStdString(failure.what());
    return false;
  }
}

} // namespace

CompareWindow::CompareWindow(LabController* controller, QWidget* parent)
    : QMainWindow(parent), m_controller(controller), m_model(new CompareModel(this)), m_specs(new QLineEdit),
      m_run(new QPushButton(tr("&Compare"))), m_cancel(new QPushButton(tr("Cancel"))), m_baseline(new QComboBox),
      m_repeats(new QSpinBox), m_devices(new QCheckBox(tr("One device per run"))), m_progress(new QLabel),
      m_why(new QLabel), m_table(new CompareTable(m_model)), m_strategyBars(new StrategyTimeBars(m_model)) {
  setObjectName("compareWindow");
  setWindowTitle(tr("Compare strategies — Frontier Lab"));
  resize(1600, 1000);

  auto* central = new QWidget;
  auto* layout = new QVBoxLayout(central);
  auto* controls = new QHBoxLayout;
  controls->addWidget(new QLabel(tr("Strategies:")));
  m_specs->setObjectName("compareSpecs");
  m_specs->setPlaceholderText(tr("2 to 4, comma-separated: workgroups,coalesced,coalesced-bottom-up+beamer "
                                 "(weighted graphs: near-far+delta=500,delta-step,bellman-ford)"));
  controls->addWidget(m_specs, 1);
  controls->addWidget(new QLabel(tr("Timed runs:")));
  m_repeats->setObjectName("compareRepeats");
  m_repeats->setRange(run::kMinRepeats, run::kMaxRepeats);
  m_repeats->setValue(run::CompareSettings{}.repeats);
  m_repeats->setToolTip(tr("Timed runs of each entry, made in interleaved rounds after one untimed warm-up "
                           "run each; the table shows their median and spread"));
  controls->addWidget(m_repeats);
  m_devices->setObjectName("compareOnDevices");
  controls->addWidget(m_devices);
  controls->addWidget(m_run);
  controls->addWidget(m_cancel);
  controls->addWidget(new QLabel(tr("Baseline:")));
  m_baseline->setObjectName("baseline");
  controls->addWidget(m_baseline);
  layout->addLayout(controls);
  m_progress->setObjectName("compareProgress");
  layout->addWidget(m_progress);
  m_why->setObjectName("whyLabel");
  m_why->setWordWrap(true);
  m_why->setTextFormat(Qt::RichText);
  layout->addWidget(m_why);
  layout->addWidget((new CompareScope(this, m_model, m_controller))->label());

  auto* splitter = new QSplitter(Qt::Vertical);
  splitter->addWidget(m_table);
  auto* panels = new QWidget;
  m_panelRow = new QHBoxLayout(panels);
  m_panelRow->setContentsMargins(0, 0, 0, 0);
  splitter->addWidget(panels);
  auto* overlays = new QWidget;
  m_overlayRow = new QHBoxLayout(overlays);
  m_overlayRow->setContentsMargins(0, 0, 0, 0);
  splitter->addWidget(overlays);
  splitter->setStretchFactor(0, 1);
  splitter->setStretchFactor(1, 4);
  splitter->setStretchFactor(2, 3);
  splitter->setSizes({150, 430, 330});
  layout->addWidget(splitter, 1);
  setCentralWidget(central);
  // The roofline of one entry (a reopened report's with its own roofs) in a
  // dock beside the panels, so that the panels keep their height.
  m_roofline = new CompareRoofline(m_model, m_controller);
  auto* rooflineDock = new QDockWidget(tr("Roofline"), this);
  rooflineDock->setObjectName("compareRooflineDock");
  rooflineDock->setWidget(m_roofline);
  addDockWidget(Qt::RightDockWidgetArea, rooflineDock);
  addExportActions(m_strategyBars, QStringLiteral("kernel-time-by-run"));
  addExportActions(m_table, QStringLiteral("comparison-table"));
  createMenus();

  connect(m_run, &QPushButton::clicked, this, [this] { runComparison(); });
  // The field edits the configuration when an edit is finished (Return, or
  // the focus leaving it, as before saving a session); a bad list is named
  // when Compare is pressed, and the configuration keeps the last good one.
  connect(m_specs, &QLineEdit::editingFinished, this, [this] {
    if (typedSpecs() != specs()) {
      m_controller->chooseComparison(typedSpecs(), nullptr);
    }
  });
  connect(m_controller, &LabController::comparisonChanged, this, &CompareWindow::showComparison);
  connect(m_specs, &QLineEdit::returnPressed, this, [this] { runComparison(); });
  connect(m_cancel, &QPushButton::clicked, m_controller, &LabController::cancel);
  connect(m_devices, &QCheckBox::toggled, m_controller, &LabController::setCompareOnDevices);
  connect(m_controller, &LabController::compareDevicesChanged, this, &CompareWindow::updateDevicesBox);
  connect(m_controller, &LabController::devicesFound, this, &CompareWindow::updateDevicesBox);
  connect(m_controller, &LabController::deviceReady, this, &CompareWindow::updateDevicesBox);
  connect(m_baseline, &QComboBox::activated, this, &CompareWindow::setBaseline);
  connect(m_model, &CompareModel::started, this, &CompareWindow::rebuildPanels);
  connect(m_model, &CompareModel::runChanged, this, &CompareWindow::updateWhy);
  connect(m_model, &CompareModel::baselineChanged, this, [this](int index) {
    m_wantedBaseline = index;
    m_baseline->setCurrentIndex(index);
    updateWhy();
  });
  connect(m_controller, &LabController::compareRunDone, m_model, &CompareModel::setRun);
  connect(m_controller, &LabController::compareProgress, this, [this](int index, int count, double fraction) {
    if (m_running && m_runningDevices > 1) {
      // The devices run their entries at once: no one entry is "the" running one.
      m_progress->setText(tr("Running on %1 devices at once · %2% of the comparison (a warm-up and %3 timed runs "
                             "each, in interleaved rounds)")
                              .arg(m_runningDevices)
                              .arg(std::lround(fraction * 100))
                              .arg(m_runningSettings.repeats));
    } else if (m_running) {
      // `fraction`: of all the comparison's runs (warm-ups and rounds).
      m_progress->setText(tr("Running %1 (%2 of %3) · %4% of the comparison (a warm-up and %5 timed runs each, "
                             "in interleaved rounds)")
                              .arg(m_model->name(index))
                              .arg(index + 1)
                              .arg(count)
                              .arg(std::lround(fraction * 100))
                              .arg(m_runningSettings.repeats));
    }
  });
  connect(m_controller, &LabController::compareFinished, this, [this](bool cancelled) {
    if (!m_running) {
      return;
    }
    m_running = false;
    if (cancelled) {
      m_model->setCancelled();
    }
    m_progress->setText(
        cancelled ? tr("Cancelled; the runs that finished are shown.")
                  : tr("%1 of %2 entries match the CPU reference; %3 timed runs each after %4 warm-up, in "
                       "interleaved rounds.")
                        .arg(m_model->verifiedCount())
                        .arg(m_model->count())
                        .arg(m_runningSettings.repeats)
                        .arg(m_runningSettings.warmups));
    updateState();
    emit comparisonFinished(cancelled);
  });
  connect(m_controller, &LabController::compareFailed, this, [this](const QString& message) {
    if (m_running) {
      m_running = false;
      m_progress->setText(tr("The comparison failed: %1").arg(message));
      updateState();
      emit comparisonFinished(true);
    }
  });
  connect(m_controller, &LabController::stateChanged, this, &CompareWindow::updateState);
  // Nothing chosen yet: the controller offers the graph's default (the
  // shortest-path algorithms on a weighted graph), replaced with the next
  // graph's until entries are chosen.
  if (m_controller->config().comparison.empty()) {
    m_controller->offerComparison();
  }
  showComparison(specs());
  updateState();
}

void CompareWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Open reports…"), this, [this] {
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open reports"), {}, tr("JSON reports (*.json)"));
    if (!paths.isEmpty()) {
      openReports(paths);
    }
  });
  file->addAction(tr("Export Chrome &trace…"), this, [this] {
    saveWith(tr("Export Chrome trace"), QStringLiteral("comparison-trace.json"), tr("Chrome trace (*.json)"),
             &CompareWindow::exportTrace);
  });
  file->addAction(tr("Export iterations as &CSV…"), this, [this] {
    saveWith(tr("Export iterations"), QStringLiteral("comparison-iterations.csv"), tr("CSV (*.csv)"),
             &CompareWindow::exportCsv);
  });
  file->addAction(tr("Export &JSON report…"), this, [this] {
    saveWith(tr("Export JSON report"), QStringLiteral("comparison.json"), tr("JSON (*.json)"),
             &CompareWindow::exportJson);
  });
  file->addAction(tr("Save window as &picture…"), this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save a picture"), QStringLiteral("comparison.png"),
                                                      tr("PNG (*.png);;SVG (*.svg)"));
    QString error;
    if (!path.isEmpty() && !exportWidget(centralWidget(), path, &error)) {
      QMessageBox::warning(this, tr("Save a picture"), error);
    }
  });
  file->addSeparator();
  file->addAction(tr("&Close"), QKeySequence::Close, this, &QWidget::close);
  // Ready-made questions: the entries typed into the field, then compared.
  QMenu* ask = menuBar()->addMenu(tr("&Compare"));
  m_oneWayBothEnds = ask->addAction(tr("One way against &both ends"), this, [this] {
    m_specs->setText(QString::fromLatin1(kOneWayAgainstBothEnds));
    runComparison();
  });
  m_oneWayBothEnds->setObjectName("compareOneWayBothEnds");
  m_oneWayBothEnds->setToolTip(tr("The same searches from the source only and from both ends (bidir): levels, "
                                  "edges examined and time side by side"));
  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addAction(findChild<QDockWidget*>(QStringLiteral("compareRooflineDock"))->toggleViewAction());
}

void CompareWindow::saveWith(const QString& title, const QString& name, const QString& filter,
                             bool (CompareWindow::*write)(const QString&, QString*) const) {
  const QString path = QFileDialog::getSaveFileName(this, title, name, filter);
  QString error;
  if (!path.isEmpty() && !(this->*write)(path, &error)) {
    QMessageBox::warning(this, title, error);
  }
}

QStringList CompareWindow::specs() const {
  return m_controller->config().comparisonSpecs();
}

QStringList CompareWindow::typedSpecs() const {
  // Empty parts kept, so that "a,,b" is refused as the command line refuses it.
  QStringList list = m_specs->text().split(QLatin1Char(','));
  for (QString& spec : list) {
    spec = spec.trimmed();
  }
  return list;
}

void CompareWindow::showComparison(const QStringList& specs) {
  // Left alone while it already says the same (spacing as typed, cursor kept).
  if (typedSpecs() != specs) {
    m_specs->setText(specs.join(QLatin1Char(',')));
  }
}

bool CompareWindow::runComparison(QString* error) {
  QString reason;
  std::vector<Variant> variants;
  // The field's entries are taken only when they differ, so that comparing
  // the offered default leaves it offered (another graph's kind replaces it).
  if (typedSpecs() == specs() || m_controller->chooseComparison(typedSpecs(), &reason)) {
    for (const run::RunSpec& spec : m_controller->config().comparison) {
      variants.push_back(variantOf(spec));
    }
  }
  if (reason.isEmpty() && (!m_controller->graph() || m_controller->pairs().empty())) {
    reason = tr("open a graph and choose pairs first");
  }
  if (reason.isEmpty() && (m_controller->comparing() || m_controller->running())) {
    reason = tr("a run is in progress");
  }
  if (!reason.isEmpty()) {
    m_progress->setText(tr("<span style='color:%1'>Cannot compare: %2</span>")
                            .arg(currentTheme().colours.bad.name(), reason.toHtmlEscaped()));
    if (error != nullptr) {
      *error = reason;
    }
    return false;
  }
  m_model->start(variants);
  m_model->setBaseline(m_wantedBaseline);
  m_running = true;
  m_runningSettings = settings();
  // Devices beyond the entries' count run nothing.
  m_runningDevices = static_cast<int>(std::min(m_controller->config().compareDevices.size(), variants.size()));
  m_progress->setText(tr("Starting…"));
  m_controller->compare(variants, m_runningSettings);
  updateState();
  return true;
}

bool CompareWindow::openReports(const QStringList& paths, QString* error) {
  QString reason;
  ImportedReports imported;
  if (m_running) {
    reason = tr("a comparison is running");
  } else {
    try {
      imported = importReports(paths);
    } catch (const std::exception& failure) {
      reason = QString::fromStdString(failure.what());
    }
  }
  if (!reason.isEmpty()) {
    m_progress->setText(tr("Cannot open: %1").arg(reason));
    if (error != nullptr) {
      *error = reason;
    }
    return false;
  }
  m_model->start(imported.variants);
  for (const run::ComparedRun& run : imported.runs) {
    m_model->setRun(run);
  }
  setBaseline(0);
  m_progress->setText(imported.note);
  return true;
}

int CompareWindow::repeats() const {
  return m_repeats->value();
}

void CompareWindow::setRepeats(int repeats) {
  m_repeats->setValue(repeats);
}

run::CompareSettings CompareWindow::settings() const {
  run::CompareSettings settings;
  settings.repeats = m_repeats->value();
  return settings;
}

void CompareWindow::setBaseline(int index) {
  m_wantedBaseline = std::max(0, index);
  m_model->setBaseline(index);
}

void CompareWindow::rebuildPanels() {
  for (ComparePanel* panel : m_panels) {
    delete panel;
  }
  m_panels.clear();
  for (IterationChart* chart : m_overlays) {
    delete chart;
  }
  m_overlays.clear();
  m_overlayRow->removeWidget(m_strategyBars);
  m_baseline->clear();
  const int count = m_model->count();
  bool allSssp = count > 0;
  for (int i = 0; i < count; ++i) {
    m_baseline->addItem(m_model->name(i));
    auto* panel = new ComparePanel(m_model, i);
    addExportActions(panel, QStringLiteral("panel-%1").arg(i + 1));
    m_panels.push_back(panel);
    m_panelRow->addWidget(panel, 1);
    allSssp = allSssp && m_model->variants()[static_cast<size_t>(i)].sssp;
  }
  if (count == 0) {
    return;
  }
  // Overlays: the first run's chart with every other run as a further line.
  std::vector<ChartMetric> metrics = {
      {allSssp ? tr("Near bucket, all runs") : tr("JFQ length, all runs"), allSssp ? tr("entries") : tr("vertices"),
       [](const engine::IterationStats& it) { return static_cast<double>(it.jfqLength); }}};
  if (allSssp) {
    metrics.push_back({tr("Far pile, all runs"), tr("entries"),
                       [](const engine::IterationStats& it) { return static_cast<double>(it.farSize); }});
  } else {
    metrics.push_back({tr("Newly visited (frontier), all runs"), tr("visits"),
                       [](const engine::IterationStats& it) { return static_cast<double>(it.newlyVisited); }});
  }
  for (const ChartMetric& metric : metrics) {
    auto* chart = new IterationChart(m_model->runModel(0), metric);
    chart->setColour(runColor(0));
    for (int i = 1; i < count; ++i) {
      chart->addOverlay(m_model->runModel(i), m_model->name(i), runColor(i), m_model->name(0));
    }
    addExportActions(chart, QStringLiteral("overlay"));
    m_overlays.push_back(chart);
    m_overlayRow->addWidget(chart, 3);
  }
  m_overlayRow->addWidget(m_strategyBars, 3);
  m_baseline->setCurrentIndex(m_model->baseline());
  updateWhy();
}

void CompareWindow::updateWhy() {
  QStringList lines;
  for (int i = 0; i < m_model->count(); ++i) {
    QString line = m_model->explanation(i);
    // Where the entry's device has roofs: where its kernels stand against them.
    const QString roofs = m_roofline->roofSentence(i);
    if (!roofs.isEmpty()) {
      line = line.isEmpty() ? QStringLiteral("%1: %2").arg(m_model->name(i), roofs)
                            : QStringLiteral("%1 · %2").arg(line, roofs);
    }
    if (!line.isEmpty()) {
      lines.append(QStringLiteral("<span style='color:%1'>■</span> %2").arg(runColor(i).name(), line.toHtmlEscaped()));
    }
  }
  m_why->setText(lines.join(QStringLiteral("<br>")));
}

void CompareWindow::updateState() {
  const bool busy = m_running || m_controller->comparing() || m_controller->running() || m_controller->loading();
  m_run->setEnabled(!busy);
  m_specs->setEnabled(!busy);
  m_oneWayBothEnds->setEnabled(!busy);
  m_repeats->setEnabled(!busy);
  m_cancel->setEnabled(m_running);
  updateDevicesBox();
}

void CompareWindow::updateDevicesBox() {
  const QSignalBlocker blocker(m_devices); // shows the controller's list; only a click sets it
  const std::vector<uint32_t>& list = m_controller->config().compareDevices;
  const std::vector<uint32_t> suitable = m_controller->suitableDevices();
  const bool busy = m_running || m_controller->comparing() || m_controller->running() || m_controller->loading();
  m_devices->setChecked(!list.empty());
  // A list set by --compare-devices on a machine of one device can still be unchecked.
  m_devices->setEnabled(!busy && (suitable.size() > 1 || !list.empty()));
  if (suitable.size() <= 1 && list.empty()) {
    m_devices->setToolTip(
        suitable.empty() ? tr("Needs more than one Vulkan device that can run the engine; none has been found")
                         : tr("Needs more than one Vulkan device that can run the engine; this machine has one: %1")
                               .arg(deviceName(m_controller->devices(), suitable.front())));
    return;
  }
  QString tip = tr("Runs each entry on its own device, all at the same time: entry 1 on the window's device, "
                   "entry 2 on the next device, and so on (with more entries than devices, they take turns). "
                   "The times then come from different devices: a difference between entries is partly a "
                   "difference between the devices, so compare strategies with this off.");
  if (!list.empty()) {
    QStringList names;
    for (size_t slot = 0; slot < list.size(); ++slot) {
      names.append(tr("entry %1: %2").arg(slot + 1).arg(deviceName(m_controller->devices(), list[slot])));
    }
    tip += QStringLiteral("\n") + names.join(QStringLiteral("; "));
  }
  m_devices->setToolTip(tip);
}

bool CompareWindow::exportTrace(const QString& path, QString* error) const {
  const std::vector<engine::RunTrace> traces = m_model->traces();
  if (traces.empty()) {
    *error = tr("nothing to export: run a comparison first");
    return false;
  }
  return writeText(path, report::chromeTrace(traces).dump(), error);
}

bool CompareWindow::exportCsv(const QString& path, QString* error) const {
  const std::vector<engine::RunTrace> traces = m_model->traces();
  if (traces.empty()) {
    *error = tr("nothing to export: run a comparison first");
    return false;
  }
  std::ostringstream out;
  report::writeIterationsCsv(out, std::span<const engine::RunTrace>(traces));
  return writeText(path, out.str(), error);
}

bool CompareWindow::exportJson(const QString& path, QString* error) const {
  const std::vector<engine::RunTrace> traces = m_model->traces();
  if (traces.empty()) {
    *error = tr("nothing to export: run a comparison first");
    return false;
  }
  // Each entry's report is its median run; beside it, every run's GPU time.
  // With every dispatch, so that File > Open report shows the same kernels.
  nlohmann::json report = report::jsonComparison(traces, true);
  nlohmann::json& runs = report["runs"];
  size_t next = 0;
  for (int i = 0; i < m_model->count() && next < runs.size(); ++i) {
    const auto& result = m_model->result(i);
    if (!result || !result->error.empty()) {
      continue;
    }
    const RunSummary summary = m_model->summary(i);
    nlohmann::json samples = nlohmann::json::array();
    for (const run::RunSample& sample : result->samples) {
      samples.push_back({{"order", sample.order},
                         {"warmup", sample.warmup},
                         {"gpu_ms", sample.gpuMs},
                         {"wall_ms", sample.wallMs},
                         {"submitted_ms", sample.submittedMs}});
    }
    runs[next]["repeats"] = {{"timed", summary.gpu.count},
                             {"warmups", result->samples.size() - result->timedCount()},
                             {"gpu_ms_median", summary.gpu.median},
                             {"gpu_ms_min", summary.gpu.min},
                             {"gpu_ms_max", summary.gpu.max},
                             {"runs", samples}};
    ++next;
  }
  return writeText(path, report.dump(2), error);
}

} // namespace frontier::ui
