#include "AboutDialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QVBoxLayout>

#include "FrontierVersion.h"

namespace frontier::ui {

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent), m_device(new QLabel(tr("Opening the Vulkan device…"))) {
  setWindowTitle(tr("About Frontier Lab"));
  auto* layout = new QVBoxLayout(this);
  auto* title = new QLabel(tr("<h2>Frontier Lab %1</h2>"
                              "<p>Watch and profile GPU multi-source breadth-first search (iBFS) on Vulkan.</p>")
                               .arg(QString::fromLatin1(kVersion)));
  title->setTextFormat(Qt::RichText);
  layout->addWidget(title);
  m_device->setObjectName("deviceLabel");
  m_device->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_device);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
}

void AboutDialog::setDevice(const gpu::DeviceInfo& device) {
  m_device->setText(tr("Vulkan device: %1 (%2, Vulkan %3, subgroup size %4)")
                        .arg(QString::fromStdString(device.name), QString::fromStdString(gpu::toString(device.type)),
                             QString::fromStdString(gpu::apiVersionString(device.apiVersion)))
                        .arg(device.subgroupSize));
}

void AboutDialog::setDeviceError(const QString& message) {
  m_device->setText(tr("No Vulkan device: %1").arg(message));
}

QString AboutDialog::deviceText() const {
  return m_device->text();
}

} // namespace frontier::ui
