#pragma once
// The device to run on (with its properties) and the strategy with its
// options: searches per batch and the direction policy with its threshold.
// Changing anything asks for a new search (the run starts again).
//
// Thread affinity: GUI thread.

#include <QWidget>

#include "EngineMessages.h"
#include "engine/ibfs/Strategy.h"
#include "run/RunSpec.h"

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSpinBox;

namespace frontier::ui {

class StrategyPanel : public QWidget {
  Q_OBJECT
public:
  explicit StrategyPanel(QWidget* parent = nullptr);

  void setDevices(const DeviceList& devices);
  void setCurrentDevice(const gpu::DeviceInfo& device);
  void setDeviceError(const QString& message);

  // The chosen preset with the options as set in the panel.
  engine::Strategy strategy() const;
  // Selects a preset by name, or a preset with switches
  // ("coalesced-bottom-up+beamer+agg", engine::strategyFromSpec); the options
  // reset to the spec's. False (nothing changes) when it is not understood.
  bool selectStrategy(const QString& spec);
  // Shows an iBFS spec chosen elsewhere (the run's configuration) without
  // announcing it; false for a spec the panel has no preset for.
  bool show(const run::RunSpec& spec);
  QComboBox* deviceBox() const noexcept { return m_device; }
  // The text under the strategy box: plain words for a student with a link to
  // the engine's technical description (`technical`), or the other way round.
  static QString describeStrategy(const engine::Strategy& strategy, bool technical);

signals:
  void deviceRequested(uint32_t index);
  void strategyChanged(const frontier::engine::Strategy& strategy);

private:
  void showStrategy(const engine::Strategy& strategy);
  void updateEnabled();
  void emitChanged();

  QFormLayout* m_form = nullptr;
  QComboBox* m_device;
  QLabel* m_deviceInfo;
  QComboBox* m_strategy;
  QLabel* m_description;
  QSpinBox* m_searches;
  QComboBox* m_direction;
  QDoubleSpinBox* m_threshold;
  QDoubleSpinBox* m_alpha;
  QDoubleSpinBox* m_beta;
  engine::Strategy m_base; // the preset or spec the panel's fields start from
  bool m_updating = false;
};

} // namespace frontier::ui
