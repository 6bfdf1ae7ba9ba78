#include "EngineWorker.h"

#include <exception>

#include "vk/Context.h"
#include "vk/DeviceChoice.h"

namespace frontier::ui {

EngineWorker::EngineWorker(QObject* parent) : QObject(parent) {
  qRegisterMetaType<frontier::gpu::DeviceInfo>();
  m_thread.setObjectName("EngineWorker");
}

EngineWorker::~EngineWorker() { stop(); }

void EngineWorker::start(const QString& deviceRequest) {
  setParent(nullptr);  // a QObject with a parent cannot change threads
  moveToThread(&m_thread);
  m_thread.start();
  QMetaObject::invokeMethod(this, "openDevice", Qt::QueuedConnection, Q_ARG(QString, deviceRequest));
}

void EngineWorker::stop() {
  if (!m_thread.isRunning()) {
    return;
  }
  // The context must die on the thread that used it.
  QMetaObject::invokeMethod(this, [this] { m_context.reset(); }, Qt::BlockingQueuedConnection);
  m_thread.quit();
  m_thread.wait();
}

void EngineWorker::openDevice(const QString& deviceRequest) {
  try {
    gpu::ContextOptions options;
    options.deviceRequest = gpu::resolveDeviceRequest(deviceRequest.toStdString());
    m_context = std::make_unique<gpu::Context>(options);
    emit deviceReady(m_context->info());
  } catch (const std::exception& error) {
    emit deviceFailed(QString::fromStdString(error.what()));
  }
}

} // namespace frontier::ui
