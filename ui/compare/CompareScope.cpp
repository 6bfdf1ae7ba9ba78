#include "compare/CompareScope.h"

#include <QLabel>
#include <QWidget>

#include "LabController.h"
#include "compare/CompareModel.h"

namespace frontier::ui {

CompareScope::CompareScope(QWidget* window, CompareModel* model, LabController* controller)
    : QObject(window), m_window(window), m_model(model), m_controller(controller), m_label(new QLabel) {
  m_label->setObjectName(QStringLiteral("compareScope"));
  m_label->setWordWrap(true);
  m_label->setTextFormat(Qt::RichText);
  connect(m_model, &CompareModel::started, this, &CompareScope::onStarted);
  connect(m_controller, &LabController::graphChanged, this, &CompareScope::update);
  connect(m_controller, &LabController::stateChanged, this, &CompareScope::update);
  update();
}

QString CompareScope::describe(const LabController& controller) {
  if (!controller.graph()) {
    return {};
  }
  const QString pairs = controller.pairsDescription();
  return pairs.isEmpty() ? controller.graph()->name : controller.graph()->name + QStringLiteral(" · ") + pairs;
}

bool CompareScope::stale() const {
  return m_model->count() > 0 && !m_fromReports && m_measuredOn != describe(*m_controller);
}

void CompareScope::onStarted() {
  // The window starts the model first and the engine right after; by the
  // time this queued call runs, a measured comparison is under way.
  m_measuredOn = describe(*m_controller);
  QMetaObject::invokeMethod(
      this,
      [this] {
        m_fromReports = !m_controller->comparing();
        update();
      },
      Qt::QueuedConnection);
  update();
}

void CompareScope::update() {
  const QString now = describe(*m_controller);
  m_window->setWindowTitle(now.isEmpty() ? tr("Compare strategies — Frontier Lab")
                                         : tr("Compare strategies on %1 — Frontier Lab").arg(now));
  if (m_model->count() == 0) {
    m_label->setText(
        tr("Compare runs 2 to 4 strategies on the main window's graph and pairs (%1): one untimed warm-up "
           "each, then the timed runs in interleaved rounds, each result checked against the CPU. The table "
           "gives each one's median GPU time; the panels below show its iterations. Type the strategies and "
           "press Compare.")
            .arg(now.isEmpty() ? tr("open a graph first") : now.toHtmlEscaped()));
    return;
  }
  if (m_fromReports) {
    m_label->setText(tr("Results from saved reports; they were not measured in this window."));
  } else if (stale()) {
    m_label->setText(tr("<b>These results are for %1.</b> The main window now has %2: press Compare to "
                        "measure on it.")
                         .arg(m_measuredOn.toHtmlEscaped(), now.isEmpty() ? tr("no graph") : now.toHtmlEscaped()));
  } else {
    m_label->setText(tr("Results for %1.").arg(m_measuredOn.toHtmlEscaped()));
  }
}

} // namespace frontier::ui
