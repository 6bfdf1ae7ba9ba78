#include "windows/MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSettings>
#include <QShowEvent>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include "LabController.h"
#include "actions/ActionFinders.h"
#include "compare/CompareWindow.h"
#include "export/AnimationExport.h"
#include "export/AnimationStepsDialog.h"
#include "export/ViewExport.h"
#include "models/DemoGraphs.h"
#include "models/RunModel.h"
#include "report/Report.h"
#include "session/Session.h"
#include "theme/ThemeManager.h"
#include "theme/ThemeMenu.h"
#include "widgets/GlossaryDialog.h"
#include "widgets/GraphPanel.h"
#include "widgets/GraphViewPanel.h"
#include "widgets/IterationChart.h"
#include "widgets/IterationCharts.h"
#include "widgets/KernelTimeBars.h"
#include "widgets/KernelTimeline.h"
#include "widgets/PairsPanel.h"
#include "widgets/ResultsPanel.h"
#include "widgets/RunControls.h"
#include "widgets/SsspPanel.h"
#include "widgets/StatusLine.h"
#include "widgets/StrategyPanel.h"
#include "windows/AboutDialog.h"
#include "windows/GenerateDialog.h"
#include "windows/LessonMode.h"
#include "windows/RecentFiles.h"
#include "windows/RooflineDock.h"
#include "windows/ViewDocks.h"

namespace frontier::ui {

namespace {

const char* const kGeometryKey = "window/geometry";
const char* const kStateKey = "window/state";
constexpr int kLayoutVersion = 1;

QDockWidget* makeDock(const QString& title, const QString& name, QWidget* content) {
  auto* dock = new QDockWidget(title);
  dock->setObjectName(name);
  dock->setWidget(content);
  return dock;
}

} // namespace

MainWindow::MainWindow(const MainWindowOptions& options, QWidget* parent)
    : QMainWindow(parent), m_controller(new LabController(this)), m_about(new AboutDialog(this)),
      m_graphPanel(new GraphPanel), m_strategyPanel(new StrategyPanel), m_pairsPanel(new PairsPanel),
      m_charts(new IterationCharts(m_controller->run())), m_timeline(new KernelTimeline(m_controller->run())),
      m_timeBars(new KernelTimeBars(m_controller->run())), m_resultsPanel(new ResultsPanel(m_controller->results())),
      m_runControls(new RunControls(m_controller)), m_status(new StatusLine(m_runControls->cancelAction())) {
  setWindowTitle(tr("Frontier Lab"));
  // No theme for this run (or one no theme has): the one chosen last.
  if (!ThemeManager::instance().apply(options.theme)) {
    ThemeManager::instance().apply(ThemeManager::remembered());
  }
  setWindowIcon(QIcon(QStringLiteral(":/icons/frontier-lab.svg")));
  setAcceptDrops(true);
  setDockNestingEnabled(true);
  resize(1600, 1000);
  setCentralWidget(m_charts);
  createDocks();
  createMenus();
  statusBar()->addWidget(m_status, 1);
  if (options.restoreLayout) {
    restoreLayout();
  }

  connect(m_controller, &LabController::deviceReady, this, [this](const gpu::DeviceInfo& device) {
    m_deviceKnown = true;
    m_about->setDevice(device);
    m_strategyPanel->setCurrentDevice(device);
    showStatus(tr("Device: %1").arg(QString::fromStdString(device.name)));
    emit deviceSettled();
  });
  connect(m_controller, &LabController::devicesFound, m_strategyPanel, &StrategyPanel::setDevices);
  connect(m_controller, &LabController::deviceFailed, this, [this](const QString& message) {
    m_deviceKnown = true;
    m_about->setDeviceError(message);
    m_strategyPanel->setDeviceError(message);
    showStatus(tr("No Vulkan device: %1").arg(message));
    emit deviceSettled();
  });
  connect(m_controller, &LabController::graphChanged, this, &MainWindow::onGraphChanged);
  connect(m_controller, &LabController::graphStatsChanged, m_graphPanel, &GraphPanel::setGraph);
  connect(m_controller, &LabController::loadStarted, this, [this](const QString& what) {
    showStatus(tr("Loading %1…").arg(what));
    m_status->showBusy();
    m_graphPanel->showLoading(what);
  });
  connect(m_controller, &LabController::loadProgress, m_status, &StatusLine::showFraction);
  connect(m_controller, &LabController::loadFailed, this, [this](const QString& message) {
    m_pendingRecent.clear();
    m_graphPanel->showLoadEnded();
    showError(tr("Cannot open the graph"), message);
  });
  connect(m_controller, &LabController::loadCancelled, this, [this] {
    m_pendingRecent.clear();
    m_graphPanel->showLoadEnded();
  });
  connect(m_controller, &LabController::engineFailed, this,
          [this](const QString& message) { showError(tr("The search failed or could not start"), message); });
  connect(m_controller, &LabController::runProgress, this, [this](const engine::Progress& progress) {
    m_status->showRunProgress(progress, m_controller->graph() ? m_controller->graph()->stats.diameterEstimate : 0);
  });
  connect(m_controller, &LabController::runStarted, this, [this] {
    m_status->showBusy();
    showStatus(tr("Running to the end…"));
  });
  connect(m_controller, &LabController::statusMessage, this, &MainWindow::showStatus);
  connect(m_controller, &LabController::stateChanged, this, &MainWindow::onStateChanged);
  connect(m_strategyPanel, &StrategyPanel::deviceRequested, m_controller, &LabController::openDevice);
  connect(m_strategyPanel, &StrategyPanel::strategyChanged, m_controller, &LabController::setStrategy);
  // A configuration set from outside (a session, the command line): the panels show it.
  connect(m_controller, &LabController::configChanged, this, [this](const RunConfig& config) {
    m_strategyPanel->show(config.strategy);
    m_ssspPanel->show(config.paths);
  });
  // The pairs panel asks, the controller chooses (RunConfig::pairs) and the
  // panel shows what was chosen, or why nothing was.
  connect(m_pairsPanel, &PairsPanel::randomRequested, m_controller, &LabController::chooseRandomPairs);
  connect(m_pairsPanel, &PairsPanel::typedRequested, this, [this](const QString& text) {
    QString error;
    if (!m_controller->chooseTypedPairs(text, &error)) {
      m_pairsPanel->showError(error);
    }
  });
  connect(m_pairsPanel, &PairsPanel::fileRequested, this, [this](const QString& path) {
    QString error;
    if (!m_controller->choosePairsFile(path, &error)) {
      m_pairsPanel->showError(error);
    }
  });
  connect(m_controller, &LabController::pairsChanged, m_pairsPanel, &PairsPanel::show);

  showStatus(tr("Opening the Vulkan device…"));
  // The configuration's default strategy runs, and the panels show it.
  m_controller->setRunSpec(m_controller->config().strategy);
  m_controller->setPipelineStatistics(options.pipelineStatistics);
  m_controller->start(options.deviceRequest);
  onStateChanged();
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks() {
  auto* setup = new QWidget;
  auto* setupLayout = new QVBoxLayout(setup);
  setupLayout->addWidget(m_strategyPanel);
  m_ssspPanel = new SsspPanel;
  setupLayout->addWidget(m_ssspPanel);
  connect(m_ssspPanel, &SsspPanel::ssspChanged, m_controller, &LabController::setSssp);
  setupLayout->addWidget(m_pairsPanel);
  setupLayout->addStretch();
  auto* setupScroll = new QScrollArea;
  setupScroll->setWidget(setup);
  setupScroll->setWidgetResizable(true);
  setupScroll->setFrameShape(QFrame::NoFrame);
  // Narrow enough for a 1024-pixel screen beside the charts and the graph
  // view; what does not fit scrolls rather than widening the window.
  setupScroll->setMinimumWidth(240);

  auto* timing = new QSplitter(Qt::Horizontal);
  timing->setObjectName("timingSplitter");
  timing->addWidget(m_timeline);
  timing->addWidget(m_timeBars);
  timing->setStretchFactor(0, 3);
  timing->setStretchFactor(1, 2);

  // The left column runs the full height; the timeline spans the rest below.
  setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
  setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
  setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
  m_graphDock = makeDock(tr("Graph"), "graphDock", m_graphPanel);
  m_setupDock = makeDock(tr("Run setup"), "setupDock", setupScroll);
  m_timelineDock = makeDock(tr("Kernel timeline"), "timelineDock", timing);
  m_resultsDock = makeDock(tr("Results"), "resultsDock", m_resultsPanel);
  m_viewDocks = new ViewDocks(this, m_controller, m_resultsPanel, m_resultsDock);
  // Each kernel against the device's roofs, a tab beside the timeline (placeDocks).
  m_roofline = new RooflineDock(this, m_controller, nullptr);
  placeDocks();
}

void MainWindow::placeDocks() {
  QDockWidget* roofline = m_roofline->dock();
  for (QDockWidget* dock : {m_graphDock, m_setupDock, m_resultsDock, m_timelineDock, roofline}) {
    dock->setFloating(false);
    removeDockWidget(dock); // out of any tab group or area it was dragged to
  }
  addDockWidget(Qt::LeftDockWidgetArea, m_graphDock);
  addDockWidget(Qt::LeftDockWidgetArea, m_setupDock);
  addDockWidget(Qt::RightDockWidgetArea, m_resultsDock);
  addDockWidget(Qt::BottomDockWidgetArea, m_timelineDock);
  addDockWidget(Qt::BottomDockWidgetArea, roofline);
  tabifyDockWidget(m_timelineDock, roofline);
  for (QDockWidget* dock : {m_graphDock, m_setupDock, m_resultsDock, m_timelineDock, roofline}) {
    dock->show();
  }
  m_timelineDock->raise();
  // The views of the search: graph view above the results, status arrays as a tab beside them.
  m_viewDocks->place(this, m_resultsDock);
  sizeDocks();
}

void MainWindow::sizeDocks() {
  // The sizes are those of a 1600 x 1000 window, scaled to the window as it is.
  const auto across = [this](int pixels) { return pixels * width() / 1600; };
  const auto down = [this](int pixels) { return pixels * height() / 1000; };
  resizeDocks({m_graphDock, m_setupDock}, {down(200), down(700)}, Qt::Vertical);
  resizeDocks({m_graphDock, m_resultsDock}, {across(320), across(400)}, Qt::Horizontal);
  resizeDocks({m_timelineDock}, {down(220)}, Qt::Vertical);
  resizeDocks({m_viewDocks->graphDock(), m_resultsDock}, {down(600), down(300)}, Qt::Vertical);
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* open =
      file->addAction(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this, &MainWindow::chooseFile);
  open->setShortcut(QKeySequence::Open);
  file->addAction(tr("Open LDBC &folder…"), this, &MainWindow::chooseFolder);
  m_recent = new RecentFiles(this);
  connect(m_recent, &RecentFiles::fileChosen, this, [this](const QString& path) { openFile(path); });
  file->addMenu(m_recent);
  QMenu* examples = file->addMenu(tr("&Examples"));
  examples->setObjectName("examplesMenu");
  for (const DemoGraph& demo : demoGraphs()) {
    QAction* action = examples->addAction(demo.title, this, [this, &demo] { openDemo(demo); });
    action->setData(demo.id);
  }
  QAction* generate = file->addAction(tr("&Generate…"), this, &MainWindow::chooseGenerator);
  generate->setShortcut(Qt::CTRL | Qt::Key_G);
  file->addSeparator();
  file->addAction(tr("E&xport results as CSV…"), m_resultsPanel, [this] {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export results"), QStringLiteral("results.csv"), tr("CSV (*.csv)"));
    QString error;
    if (!path.isEmpty() && !m_resultsPanel->exportCsv(path, &error)) {
      showError(tr("Export results"), error);
    }
  });
  file->addAction(tr("Export &trace…"), this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Chrome trace"), QStringLiteral("trace.json"),
                                                      tr("Chrome trace (*.json)"));
    QString error;
    if (!path.isEmpty() && !exportTrace(path, &error)) {
      showError(tr("Export trace"), error);
    }
  });
  file->addAction(tr("Open &report…"), this, [this] {
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open reports"), {}, tr("JSON reports (*.json)"));
    if (!paths.isEmpty()) {
      openReports(paths);
    }
  });
  file->addAction(tr("Export &animation…"), this, [this] {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export the graph view as an animation"), QStringLiteral("search.mp4"),
                                     tr("MP4 video (*.mp4);;GIF animation (*.gif);;PNG frames in a folder (*)"));
    const int steps = m_controller->run()->iterationCount();
    if (path.isEmpty()) {
      return;
    }
    QString error;
    if (steps <= 0) {
      showError(tr("Export animation"), tr("nothing to animate: run a search first"));
      return;
    }
    AnimationStepsDialog which(steps, this);
    if (which.exec() == QDialog::Accepted &&
        !exportAnimation(*m_viewDocks->cursor(), *m_viewDocks->graphView(), which.range(), path, &error,
                         which.withCharts() ? m_charts : nullptr)) {
      showError(tr("Export animation"), error);
    }
  });
  file->addSeparator();
  file->addAction(tr("Open &session…"), this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a session"), {}, tr("Sessions (*.json)"));
    if (!path.isEmpty()) {
      openSession(path);
    }
  });
  file->addAction(tr("Save s&ession…"), this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the session"), QStringLiteral("session.json"),
                                                      tr("Sessions (*.json)"));
    if (!path.isEmpty()) {
      saveSession(path);
    }
  });
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* run = menuBar()->addMenu(tr("&Run"));
  run->addActions({m_runControls->stepAction(), m_runControls->playAction(), m_runControls->runAction(),
                   m_runControls->cancelAction(), m_runControls->resetAction()});
  run->addSeparator();
  // Applies to the next run: the device is opened again with the queries on.
  QAction* statistics = run->addAction(tr("Count invocations and pipeline &statistics"));
  statistics->setObjectName("pipelineStatisticsAction");
  statistics->setCheckable(true);
  statistics->setChecked(m_controller->config().pipelineStatistics);
  statistics->setToolTip(tr("Count the invocations of every dispatch (idle lanes) and show each pipeline's "
                            "registers, shared memory, spills and occupancy in the Roofline dock's Pipelines "
                            "tab, where the device tells them; the run starts over"));
  connect(statistics, &QAction::toggled, m_controller, &LabController::setPipelineStatistics);
  connect(m_controller, &LabController::pipelineStatisticsChanged, statistics, &QAction::setChecked);

  QMenu* view = menuBar()->addMenu(tr("&View"));
  for (QDockWidget* dock : findChildren<QDockWidget*>()) {
    view->addAction(dock->toggleViewAction());
  }
  view->addAction(m_runControls->toggleViewAction());
  view->addSeparator();
  QAction* log = view->addAction(tr("&Logarithmic charts"));
  log->setCheckable(true);
  log->setShortcut(Qt::Key_L);
  connect(log, &QAction::toggled, m_charts, &IterationCharts::setLogScale);
  view->addAction(tr("&Fit timeline"), m_timeline, &KernelTimeline::fitAll);
  // Placed anew rather than a state saved at the start: that one was taken
  // before the window had its size, and restores docks squeezed.
  QAction* resetLayout = view->addAction(tr("Reset &layout"), this, &MainWindow::resetLayout);
  resetLayout->setObjectName("resetLayout");
  view->addSeparator();
  view->addMenu(new ThemeMenu(view));

  QMenu* tools = menuBar()->addMenu(tr("&Tools"));
  QAction* compare = tools->addAction(tr("&Compare strategies…"), this, &MainWindow::showCompareWindow);
  compare->setShortcut(Qt::CTRL | Qt::Key_K);
  for (QWidget* picture : std::initializer_list<QWidget*>{m_timeline, m_timeBars}) {
    addExportActions(picture, picture->objectName());
  }
  for (IterationChart* chart : m_charts->charts()) {
    addExportActions(chart, chart->objectName());
  }
  addExportActions(m_charts->farChart(), m_charts->farChart()->objectName());
  addExportActions(m_charts->sidesChart(), m_charts->sidesChart()->objectName());

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  addActionFinders(this, help);
  help->addAction(tr("&Glossary"), this, [this] { GlossaryDialog::showFor(this); });
  help->addAction(tr("&About Frontier Lab"), m_about, &QDialog::show);

  QToolBar* files = addToolBar(tr("File"));
  files->setObjectName("fileToolBar");
  files->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  files->addAction(open);
  auto* examplesButton = new QToolButton;
  examplesButton->setText(tr("Examples"));
  examplesButton->setMenu(examples);
  examplesButton->setPopupMode(QToolButton::InstantPopup);
  files->addWidget(examplesButton);
  files->addAction(generate);
  addToolBar(m_runControls);
  m_runControls->addSeparator();
  m_runControls->addAction((new LessonMode(this))->action());
}

void MainWindow::resetLayout() {
  placeDocks();
  for (QToolBar* bar : findChildren<QToolBar*>(Qt::FindDirectChildrenOnly)) {
    addToolBar(Qt::TopToolBarArea, bar);
    bar->show();
  }
  // Sized again once laid out, as at the first showing (showEvent).
  layout()->activate();
  sizeDocks();
}

void MainWindow::resizeEvent(QResizeEvent* event) {
  QMainWindow::resizeEvent(event);
  if (!m_shownOnce || event->size().height() >= event->oldSize().height()) {
    return;
  }
  // As the window shrinks, Qt takes the height from the docks beside the
  // charts and leaves the bottom dock as it was: the graph view would become
  // a strip. The timeline then gets at most a fifth of the height, and the
  // graph view two thirds of its column, as at the first start.
  const auto docked = [this](QDockWidget* dock, Qt::DockWidgetArea area) {
    return dock->isVisible() && !dock->isFloating() && dockWidgetArea(dock) == area;
  };
  const int cap = height() / 5;
  if (docked(m_timelineDock, Qt::BottomDockWidgetArea) && m_timelineDock->height() > cap) {
    resizeDocks({m_timelineDock}, {cap}, Qt::Vertical);
  }
  QDockWidget* graphView = m_viewDocks->graphDock();
  QDockWidget* below = m_viewDocks->statusDock();
  if (docked(graphView, Qt::RightDockWidgetArea) && docked(below, Qt::RightDockWidgetArea) &&
      graphView->height() < 2 * below->height()) {
    const int column = graphView->height() + below->height();
    resizeDocks({graphView, below}, {2 * column / 3, column / 3}, Qt::Vertical);
  }
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  // The docks' sizes asked for before the window had its size are squeezed
  // by the widgets' least sizes: asked again now, unless a saved layout
  // came back, so that the first showing and Reset layout look the same.
  if (!m_shownOnce && !m_layoutRestored) {
    layout()->activate();
    sizeDocks();
  }
  m_shownOnce = true;
}

void MainWindow::restoreLayout() {
  const QSettings settings;
  restoreGeometry(settings.value(kGeometryKey).toByteArray());
  m_layoutRestored = restoreState(settings.value(kStateKey).toByteArray(), kLayoutVersion);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  QSettings settings;
  settings.setValue(kGeometryKey, saveGeometry());
  settings.setValue(kStateKey, saveState(kLayoutVersion));
  m_controller->cancel();
  QMainWindow::closeEvent(event);
}

QString MainWindow::statusText() const {
  return m_status->text();
}

void MainWindow::showStatus(const QString& message) {
  m_status->showMessage(message);
}

void MainWindow::showError(const QString& title, const QString& message) {
  showStatus(title + QStringLiteral(": ") + message);
  if (m_errorBox == nullptr) {
    m_errorBox = new QMessageBox(QMessageBox::Warning, title, {}, QMessageBox::Ok, this);
    m_errorBox->setObjectName("errorDialog");
  }
  m_errorBox->setWindowTitle(title);
  m_errorBox->setText(title);
  m_errorBox->setInformativeText(message);
  m_errorBox->open(); // window-modal, not a nested event loop
}

void MainWindow::onStateChanged() {
  const bool loading = m_controller->loading();
  const bool running = m_controller->running();
  m_status->setWorking(loading || running);
  const bool idle = !running && !loading;
  m_strategyPanel->setEnabled(idle);
  m_ssspPanel->setEnabled(idle);
  m_pairsPanel->setEnabled(idle && m_controller->graph().has_value());
}

void MainWindow::onGraphChanged(const GraphSummary& summary) {
  setWindowTitle(tr("%1 — Frontier Lab").arg(summary.name));
  m_graphPanel->setGraph(summary);
  m_ssspPanel->setWeighted(summary.graph->weighted());
  if (!m_pendingRecent.isEmpty()) {
    m_recent->add(m_pendingRecent);
    m_pendingRecent.clear();
  }
}

bool MainWindow::openReports(const QStringList& paths) {
  QString error;
  if (!showCompareWindow()->openReports(paths, &error)) {
    showError(tr("Open report"), error);
    return false;
  }
  return true;
}

bool MainWindow::exportTrace(const QString& path, QString* error) const {
  const engine::RunTrace& trace = m_controller->run()->trace();
  if (trace.iterations.empty()) {
    *error = tr("nothing to export: run a search first");
    return false;
  }
  try {
    report::writeFile(path.toStdString(), report::chromeTrace(std::span<const engine::RunTrace>(&trace, 1)).dump());
  } catch (const std::exception& failure) {
    *error = QString::fromStdString(failure.what());
    return false;
  }
  return true;
}

CompareWindow* MainWindow::showCompareWindow() {
  if (m_compare == nullptr) {
    m_compare = new CompareWindow(m_controller, this);
    m_compare->setWindowFlag(Qt::Window);
  }
  m_compare->show();
  m_compare->raise();
  return m_compare;
}

bool MainWindow::saveSession(const QString& path) {
  QString error;
  if (!writeSession(path, captureSession(*this), &error)) {
    showError(tr("Cannot save the session"), error);
    return false;
  }
  showStatus(tr("Saved the session %1").arg(path));
  return true;
}

void MainWindow::openSession(const QString& path) {
  QString error;
  std::optional<Session> session = readSession(path, &error);
  if (!session) {
    showError(tr("Cannot open the session"), error);
    return;
  }
  auto* loader = new SessionLoader(this, *session, this);
  connect(loader, &SessionLoader::done, this, [this, loader](const QString& failure) {
    if (!failure.isEmpty()) {
      showError(tr("Cannot open the session"), failure);
    }
    loader->deleteLater();
  });
  loader->start();
}

void MainWindow::openGraph(const QString& what) {
  if (what.startsWith(QStringLiteral("demo:"))) {
    if (const DemoGraph* demo = findDemo(what)) {
      openDemo(*demo);
    } else {
      showError(tr("Cannot open the example"), tr("There is no example called %1.").arg(what.mid(5)));
    }
  } else if (!QFileInfo::exists(what) && what.contains(QLatin1Char(':'))) {
    m_controller->generate(what);
  } else {
    openFile(what);
  }
}

void MainWindow::openFile(const QString& path, graph::Format format) {
  m_pendingRecent = path;
  graph::LoadOptions options;
  options.format = format;
  m_controller->openFile(path, {}, options);
}

void MainWindow::openDemo(const DemoGraph& demo) {
  if (!demo.spec.isEmpty()) {
    m_controller->generate(demo.spec);
    return;
  }
  const QString path = demoFilePath(demo);
  if (path.isEmpty()) {
    showError(tr("Cannot open the example"), tr("%1 could not be written to a temporary folder.").arg(demo.title));
    return;
  }
  m_controller->openFile(path, demo.title);
}

void MainWindow::chooseFile() {
  // The filters name the graph library's formats; choosing one other than the
  // first reads the file in that format whatever its name.
  struct Filter {
    QString text;
    graph::Format format;
  };
  const std::vector<Filter> filters = {
      {tr("Graphs (*.txt *.el *.edges *.tsv *.csv *.graph *.metis *.mtx *.gr *.fgraph *.gz)"), graph::Format::Auto},
      {tr("SNAP edge lists (*.txt *.el *.edges *.tsv *.gz)"), graph::Format::Snap},
      {tr("METIS (*.graph *.metis *.gz)"), graph::Format::Metis},
      {tr("Matrix Market (*.mtx *.gz)"), graph::Format::MatrixMarket},
      {tr("DIMACS shortest path (*.gr *.gz)"), graph::Format::Dimacs},
      {tr("LDBC SNB CSV (*.csv *.gz)"), graph::Format::Ldbc},
      {tr("Frontier binary cache (*.fgraph)"), graph::Format::Binary},
      {tr("All files (*)"), graph::Format::Auto},
  };
  QStringList texts;
  for (const Filter& filter : filters) {
    texts.append(filter.text);
  }
  QString chosen;
  const QString path =
      QFileDialog::getOpenFileName(this, tr("Open a graph"), {}, texts.join(QStringLiteral(";;")), &chosen);
  if (path.isEmpty()) {
    return;
  }
  graph::Format format = graph::Format::Auto;
  for (const Filter& filter : filters) {
    format = filter.text == chosen ? filter.format : format;
  }
  openFile(path, format);
}

void MainWindow::chooseFolder() {
  const QString folder = QFileDialog::getExistingDirectory(this, tr("Open a folder of LDBC Person_knows_Person files"));
  if (!folder.isEmpty()) {
    openFile(folder, graph::Format::Ldbc);
  }
}

void MainWindow::chooseGenerator() {
  GenerateDialog dialog(this);
  if (dialog.exec() == QDialog::Accepted && !dialog.spec().isEmpty()) {
    m_controller->generate(dialog.spec());
  }
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  const QMimeData* mime = event->mimeData();
  if (mime->hasUrls() && !mime->urls().isEmpty() && mime->urls().first().isLocalFile()) {
    event->acceptProposedAction();
  }
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (!urls.isEmpty() && urls.first().isLocalFile()) {
    openFile(urls.first().toLocalFile()); // a folder is read as LDBC CSV files
    event->acceptProposedAction();
  }
}

} // namespace frontier::ui
