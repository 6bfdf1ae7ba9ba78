#pragma once
// Help > About: the version, the Vulkan device in use and the data licences.

#include <QDialog>

#include "vk/DeviceInfo.h"

class QLabel;

namespace frontier::ui {

class AboutDialog : public QDialog {
  Q_OBJECT
public:
  explicit AboutDialog(QWidget* parent = nullptr);
  void setDevice(const gpu::DeviceInfo& device);
  void setDeviceError(const QString& message);
  QString deviceText() const;

private:
  QLabel* m_device;
};

} // namespace frontier::ui
