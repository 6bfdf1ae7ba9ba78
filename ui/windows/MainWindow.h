#pragma once
// The Frontier Lab main window.

#include <QMainWindow>

#include "vk/DeviceInfo.h"

namespace frontier::ui {

class AboutDialog;
class EngineWorker;

class MainWindow : public QMainWindow {
  Q_OBJECT
public:
  explicit MainWindow(const QString& deviceRequest = {}, QWidget* parent = nullptr);
  ~MainWindow() override;

  AboutDialog* aboutDialog() const { return m_about; }
  bool deviceKnown() const { return m_deviceKnown; }

signals:
  void deviceSettled();  // the device opened or failed to

private:
  void createMenus();
  void onDeviceReady(const gpu::DeviceInfo& device);
  void onDeviceFailed(const QString& message);

  EngineWorker* m_worker;
  AboutDialog* m_about;
  bool m_deviceKnown = false;
};

} // namespace frontier::ui
