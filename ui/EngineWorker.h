#pragma once
// Owns the core objects (the Vulkan context, later the graph and the search)
// on its own thread. The GUI sends requests through queued slots and receives
// plain value results through signals; no Vulkan handle leaves this thread.
//
// Thread affinity: lives on the QThread it is moved to; construct and connect
// on the GUI thread, then call start().

#include <memory>

#include <QObject>
#include <QString>
#include <QThread>

#include "vk/DeviceInfo.h"

namespace frontier::gpu { class Context; }

namespace frontier::ui {

class EngineWorker : public QObject {
  Q_OBJECT
public:
  explicit EngineWorker(QObject* parent = nullptr);
  ~EngineWorker() override;

  // Moves the worker onto its own thread and opens the device there.
  void start(const QString& deviceRequest);
  // Stops the thread; blocks until the current request has finished.
  void stop();

signals:
  void deviceReady(const frontier::gpu::DeviceInfo& device);
  void deviceFailed(const QString& message);

private slots:
  void openDevice(const QString& deviceRequest);

private:
  QThread m_thread;
  std::unique_ptr<gpu::Context> m_context;  // touched only on m_thread
};

} // namespace frontier::ui

Q_DECLARE_METATYPE(frontier::gpu::DeviceInfo)
