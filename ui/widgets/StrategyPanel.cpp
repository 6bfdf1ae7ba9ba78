#include "widgets/StrategyPanel.h"

#include <algorithm>
#include <stdexcept>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include "models/Glossary.h"

namespace frontier::ui {

QString StrategyPanel::describeStrategy(const engine::Strategy& strategy, bool technical) {
  const QString plain = strategyForStudents(strategy.name);
  const QString engine = QString::fromStdString(strategy.description).toHtmlEscaped();
  if (plain.isEmpty()) {
    return engine;
  }
  return technical ? tr("%1 <a href=\"#plain\">In plain words</a>").arg(engine)
                   : tr("%1 <a href=\"#technical\">Technical details</a>").arg(plain.toHtmlEscaped());
}

namespace {

QString mib(uint64_t bytes) {
  return QStringLiteral("%1 MiB").arg(bytes >> 20U);
}

QString deviceDetails(const gpu::DeviceInfo& d) {
  return QObject::tr("%1, Vulkan %2, %3 %4<br>subgroup size %5, max storage buffer %6, device memory %7<br>"
                     "timestamps: %8")
      .arg(QString::fromStdString(gpu::toString(d.type)), QString::fromStdString(gpu::apiVersionString(d.apiVersion)),
           QString::fromStdString(d.driverName), QString::fromStdString(d.driverInfo))
      .arg(d.subgroupSize)
      .arg(mib(d.maxStorageBufferRange), mib(d.deviceLocalBytes()),
           d.timestampsSupported ? QObject::tr("yes (%1 ns per tick)").arg(static_cast<double>(d.timestampPeriod))
                                 : QObject::tr("no"));
}

} // namespace

StrategyPanel::StrategyPanel(QWidget* parent)
    : QWidget(parent), m_device(new QComboBox), m_deviceInfo(new QLabel(tr("Opening the Vulkan device…"))),
      m_strategy(new QComboBox), m_description(new QLabel), m_searches(new QSpinBox), m_direction(new QComboBox),
      m_threshold(new QDoubleSpinBox), m_alpha(new QDoubleSpinBox), m_beta(new QDoubleSpinBox) {
  setObjectName("strategyPanel");
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);

  auto* deviceBox = new QGroupBox(tr("Device"));
  auto* deviceLayout = new QVBoxLayout(deviceBox);
  m_device->setObjectName("device");
  m_device->setEnabled(false);
  deviceLayout->addWidget(m_device);
  m_deviceInfo->setWordWrap(true);
  m_deviceInfo->setTextFormat(Qt::RichText);
  m_deviceInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
  deviceLayout->addWidget(m_deviceInfo);
  layout->addWidget(deviceBox);

  auto* strategyBox = new QGroupBox(tr("Strategy"));
  m_form = new QFormLayout(strategyBox);
  QFormLayout* form = m_form;
  m_strategy->setObjectName("strategy");
  for (const engine::Strategy& s : engine::strategies()) {
    m_strategy->addItem(QString::fromStdString(s.name));
    const QString plain = strategyForStudents(s.name);
    const QString technical = QString::fromStdString(s.description).toHtmlEscaped();
    m_strategy->setItemData(m_strategy->count() - 1,
                            plain.isEmpty() ? technical : plain.toHtmlEscaped() + QStringLiteral("<br><br><i>") +
                                                              technical + QStringLiteral("</i>"),
                            Qt::ToolTipRole);
  }
  form->addRow(m_strategy);
  m_description->setWordWrap(true);
  m_description->setObjectName(QStringLiteral("strategyDescription"));
  m_description->setTextFormat(Qt::RichText);
  // The plain words first; the engine's own description one click away.
  connect(m_description, &QLabel::linkActivated, this, [this](const QString& link) {
    m_description->setText(describeStrategy(m_base, link == QStringLiteral("#technical")));
  });
  m_description->setForegroundRole(QPalette::PlaceholderText);
  form->addRow(m_description);
  m_searches->setObjectName("searchesPerBatch");
  m_searches->setRange(32, 1024);
  m_searches->setSingleStep(32);
  m_searches->setToolTip(tr("ω: searches that run together in one batch (a multiple of 32)"));
  form->addRow(tr("Searches per batch:"), m_searches);
  m_direction->setObjectName("direction");
  m_direction->addItem(tr("Top-down only"), static_cast<int>(engine::DirectionPolicy::TopDown));
  m_direction->addItem(tr("JFQ threshold"), static_cast<int>(engine::DirectionPolicy::JfqThreshold));
  m_direction->addItem(tr("Beamer (α, β)"), static_cast<int>(engine::DirectionPolicy::Beamer));
  form->addRow(tr("Direction:"), m_direction);
  m_threshold->setRange(0.01, 1.0);
  m_threshold->setSingleStep(0.01);
  m_threshold->setToolTip(tr("Pull (bottom-up) when the JFQ holds more than this fraction of the vertices"));
  form->addRow(tr("JFQ threshold:"), m_threshold);
  m_alpha->setRange(1, 1000);
  m_beta->setRange(1, 1000);
  m_alpha->setToolTip(tr("Pull when frontier arcs exceed unexplored arcs / α"));
  m_beta->setToolTip(tr("Push again when the JFQ holds fewer than V / β vertices"));
  form->addRow(tr("Beamer α:"), m_alpha);
  form->addRow(tr("Beamer β:"), m_beta);
  layout->addWidget(strategyBox);

  connect(m_device, &QComboBox::activated, this,
          [this](int index) { emit deviceRequested(m_device->itemData(index).toUInt()); });
  connect(m_strategy, &QComboBox::currentIndexChanged, this, [this](int index) {
    if (index < 0) {
      return;
    }
    showStrategy(engine::strategies()[static_cast<size_t>(index)]);
    emitChanged();
  });
  connect(m_searches, &QSpinBox::valueChanged, this, &StrategyPanel::emitChanged);
  connect(m_direction, &QComboBox::currentIndexChanged, this, [this] {
    updateEnabled();
    emitChanged();
  });
  for (QDoubleSpinBox* box : {m_threshold, m_alpha, m_beta}) {
    connect(box, &QDoubleSpinBox::valueChanged, this, &StrategyPanel::emitChanged);
  }
  // The default: the strategy that shows the most (direction switching).
  m_strategy->setCurrentIndex(std::max(0, m_strategy->findText(QStringLiteral("coalesced-bottom-up"))));
  if (m_strategy->currentIndex() >= 0) {
    showStrategy(engine::strategies()[static_cast<size_t>(m_strategy->currentIndex())]);
  }
}

void StrategyPanel::setDevices(const DeviceList& devices) {
  const QSignalBlocker blocker(m_device);
  m_device->clear();
  for (const gpu::DeviceInfo& d : devices) {
    m_device->addItem(QStringLiteral("[%1] %2").arg(d.index).arg(QString::fromStdString(d.name)), d.index);
    m_device->setItemData(m_device->count() - 1, deviceDetails(d), Qt::ToolTipRole);
  }
  m_device->setEnabled(devices.size() > 1);
}

void StrategyPanel::setCurrentDevice(const gpu::DeviceInfo& device) {
  const QSignalBlocker blocker(m_device);
  m_device->setCurrentIndex(m_device->findData(device.index));
  m_deviceInfo->setText(deviceDetails(device));
}

void StrategyPanel::setDeviceError(const QString& message) {
  m_deviceInfo->setText(tr("<b>No usable Vulkan device.</b><br>%1").arg(message.toHtmlEscaped()));
}

void StrategyPanel::showStrategy(const engine::Strategy& strategy) {
  m_base = strategy;
  m_updating = true;
  m_description->setText(describeStrategy(strategy, false));
  m_searches->setValue(static_cast<int>(strategy.options.searchesPerBatch));
  m_direction->setCurrentIndex(m_direction->findData(static_cast<int>(strategy.options.direction)));
  m_threshold->setValue(strategy.options.jfqThreshold);
  m_alpha->setValue(strategy.options.beamerAlpha);
  m_beta->setValue(strategy.options.beamerBeta);
  m_updating = false;
  updateEnabled();
}

void StrategyPanel::updateEnabled() {
  const auto policy = static_cast<engine::DirectionPolicy>(m_direction->currentData().toInt());
  // Only the parameters of the chosen policy are shown.
  m_form->setRowVisible(m_threshold, policy == engine::DirectionPolicy::JfqThreshold);
  m_form->setRowVisible(m_alpha, policy == engine::DirectionPolicy::Beamer);
  m_form->setRowVisible(m_beta, policy == engine::DirectionPolicy::Beamer);
}

void StrategyPanel::emitChanged() {
  if (!m_updating) {
    emit strategyChanged(strategy());
  }
}

engine::Strategy StrategyPanel::strategy() const {
  engine::Strategy s = m_base;
  s.options.searchesPerBatch = static_cast<uint32_t>(m_searches->value());
  s.options.direction = static_cast<engine::DirectionPolicy>(m_direction->currentData().toInt());
  s.options.jfqThreshold = m_threshold->value();
  s.options.beamerAlpha = m_alpha->value();
  s.options.beamerBeta = m_beta->value();
  return s;
}

bool StrategyPanel::selectStrategy(const QString& spec) {
  engine::Strategy chosen;
  try {
    chosen = engine::strategyFromSpec(spec.toStdString());
  } catch (const std::invalid_argument&) {
    return false;
  }
  if (!show(run::specOf(chosen))) {
    return false;
  }
  emitChanged();
  return true;
}

bool StrategyPanel::show(const run::RunSpec& spec) {
  if (spec.engine != run::Engine::Ibfs) {
    return false;
  }
  const int index = m_strategy->findText(QString::fromStdString(spec.text).section(QLatin1Char('+'), 0, 0));
  if (index < 0) {
    return false;
  }
  {
    const QSignalBlocker blocker(m_strategy);
    m_strategy->setCurrentIndex(index);
  }
  showStrategy(spec.strategy);
  return true;
}

} // namespace frontier::ui
