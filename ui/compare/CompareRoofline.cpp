#include "compare/CompareRoofline.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "LabController.h"
#include "compare/CompareModel.h"
#include "engine/Roofs.h"
#include "report/Roofline.h"
#include "widgets/RooflinePanel.h"

namespace frontier::ui {

CompareRoofline::CompareRoofline(CompareModel* model, LabController* controller, QWidget* parent)
    : QWidget(parent), m_model(model), m_controller(controller), m_box(new QComboBox), m_panel(new RooflinePanel) {
  setObjectName("compareRoofline");
  m_box->setObjectName("rooflineEntry");
  m_box->setToolTip(tr("The entry whose kernels the roofline shows (the baseline until you pick one)"));
  auto* row = new QHBoxLayout;
  row->addWidget(new QLabel(tr("Roofline of:")));
  row->addWidget(m_box);
  row->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(row);
  layout->addWidget(m_panel, 1);
  connect(m_model, &CompareModel::started, this, &CompareRoofline::rebuild);
  connect(m_model, &CompareModel::runChanged, this, [this](int index) {
    if (index == m_entry) {
      refresh();
    }
  });
  connect(m_model, &CompareModel::baselineChanged, this, [this](int index) {
    if (!m_picked) {
      showEntry(index);
    }
  });
  connect(m_box, &QComboBox::activated, this, [this](int index) {
    m_picked = true;
    showEntry(index);
  });
  rebuild();
}

void CompareRoofline::rebuild() {
  m_box->clear();
  for (int i = 0; i < m_model->count(); ++i) {
    m_box->addItem(m_model->name(i));
  }
  m_picked = false;
  m_entry = -1;
  showEntry(m_model->count() > 0 ? std::clamp(m_model->baseline(), 0, m_model->count() - 1) : -1);
}

void CompareRoofline::showEntry(int index) {
  m_entry = index;
  if (index >= 0 && index < m_box->count()) {
    m_box->setCurrentIndex(index);
  }
  refresh();
}

engine::DeviceRoofs CompareRoofline::roofsFor(const run::ComparedRun& run) const {
  if (run.roofs.measured()) {
    return run.roofs;
  }
  // A run made on this window's device (one name; entries spread over
  // several devices name theirs with a slot and are not matched).
  const auto& device = m_controller->device();
  if (device && run.device == device->name) {
    return engine::loadCachedRoofs(*device).value_or(engine::DeviceRoofs{});
  }
  return {};
}

QString CompareRoofline::roofSentence(int index) const {
  const std::optional<run::ComparedRun>& run = m_model->result(index);
  if (!run || !run->error.empty()) {
    return {};
  }
  const engine::DeviceRoofs roofs = roofsFor(*run);
  if (!roofs.measured()) {
    return {};
  }
  return QString::fromStdString(report::roofNote(report::kernelRoofs(run->trace, roofs)));
}

void CompareRoofline::refresh() {
  const std::optional<run::ComparedRun>* run = m_entry >= 0 ? &m_model->result(m_entry) : nullptr;
  if (run == nullptr || !*run || !(*run)->error.empty()) {
    m_panel->setRun(engine::RunTrace{}, {});
    return;
  }
  m_panel->setRun((*run)->trace, roofsFor(**run));
}

} // namespace frontier::ui
