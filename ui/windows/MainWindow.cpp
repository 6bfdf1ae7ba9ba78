#include "MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QStatusBar>

#include "EngineWorker.h"
#include "windows/AboutDialog.h"

namespace frontier::ui {

MainWindow::MainWindow(const QString& deviceRequest, QWidget* parent)
    : QMainWindow(parent), m_worker(new EngineWorker), m_about(new AboutDialog(this)) {
  setWindowTitle(tr("Frontier Lab"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/frontier-lab.svg")));
  resize(1280, 800);
  auto* placeholder = new QLabel(tr("Open a graph to begin (File > Open)."));
  placeholder->setAlignment(Qt::AlignCenter);
  setCentralWidget(placeholder);
  createMenus();
  statusBar()->showMessage(tr("Opening the Vulkan device…"));
  connect(m_worker, &EngineWorker::deviceReady, this, &MainWindow::onDeviceReady);
  connect(m_worker, &EngineWorker::deviceFailed, this, &MainWindow::onDeviceFailed);
  m_worker->start(deviceRequest);
}

MainWindow::~MainWindow() {
  m_worker->stop();
  delete m_worker;
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
  quit->setShortcut(QKeySequence::Quit);
  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&About Frontier Lab"), m_about, &QDialog::show);
}

void MainWindow::onDeviceReady(const gpu::DeviceInfo& device) {
  m_deviceKnown = true;
  m_about->setDevice(device);
  statusBar()->showMessage(tr("Device: %1").arg(QString::fromStdString(device.name)));
  emit deviceSettled();
}

void MainWindow::onDeviceFailed(const QString& message) {
  m_deviceKnown = true;
  m_about->setDeviceError(message);
  statusBar()->showMessage(tr("No Vulkan device: %1").arg(message));
  emit deviceSettled();
}

} // namespace frontier::ui
