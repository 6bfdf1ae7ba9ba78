#include "windows/ViewDocks.h"

#include <QDockWidget>
#include <QItemSelectionModel>
#include <QMainWindow>
#include <QSortFilterProxyModel>
#include <QTableView>

#include "LabController.h"
#include "models/ResultsModel.h"
#include "models/RunModel.h"
#include "models/StepCursor.h"
#include "models/ViewHistory.h"
#include "widgets/GraphViewPanel.h"
#include "widgets/PseudocodePane.h"
#include "widgets/ResultsPanel.h"
#include "widgets/StatusArrayView.h"

namespace frontier::ui {

ViewDocks::ViewDocks(QMainWindow* window, LabController* controller, ResultsPanel* results, QDockWidget* besideDock)
    : QObject(window), m_history(new ViewHistory(this)), m_cursor(new StepCursor(controller->run(), m_history, this)),
      m_graphView(new GraphViewPanel(controller, m_history, m_cursor)), m_statusArrays(new StatusArrayView),
      m_graphDock(new QDockWidget(QObject::tr("Graph view"))),
      m_statusDock(new QDockWidget(QObject::tr("Status arrays"))) {
  m_graphDock->setObjectName(QStringLiteral("graphViewDock"));
  m_graphDock->setWidget(m_graphView);
  m_statusDock->setObjectName(QStringLiteral("statusArraysDock"));
  m_statusDock->setWidget(m_statusArrays);
  window->addDockWidget(Qt::RightDockWidgetArea, m_graphDock);
  window->addDockWidget(Qt::RightDockWidgetArea, m_statusDock);
  // The algorithm beside the pictures, as a tab with the status arrays.
  m_pseudocode = new PseudocodePane(controller->run(), m_cursor);
  auto* codeDock = new QDockWidget(QObject::tr("Pseudocode"));
  codeDock->setObjectName(QStringLiteral("pseudocodeDock"));
  codeDock->setWidget(m_pseudocode);
  window->addDockWidget(Qt::RightDockWidgetArea, codeDock);
  if (besideDock != nullptr) {
    window->tabifyDockWidget(besideDock, m_statusDock);
  }
  window->tabifyDockWidget(m_statusDock, codeDock);
  if (besideDock != nullptr) {
    besideDock->raise();
  }

  connect(m_cursor, &StepCursor::moved, m_statusArrays, [this, controller] {
    const auto state = m_history->current();
    m_statusArrays->setState(state, state ? StepCursor::stepName(*controller->run(), state->iteration) : QString());
  });
  // A selected result row: that pair's shortest path on the graph view, and
  // every view at the step where its search found the destination.
  QTableView* table = results->table();
  connect(table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this, controller, results](const QModelIndex& current) {
            if (!current.isValid()) {
              return;
            }
            const int pair = results->proxy()->mapToSource(current).row();
            m_graphView->showPath(pair);
            const ResultsModel& model = *controller->results();
            if (!model.result().weighted() && static_cast<size_t>(pair) < model.lengths().size() &&
                model.lengths()[static_cast<size_t>(pair)] != reference::kNoPath) {
              m_cursor->moveToPairFound(pair, static_cast<int>(model.lengths()[static_cast<size_t>(pair)]));
            }
          });
  controller->setViewsEnabled(true);
}

} // namespace frontier::ui
