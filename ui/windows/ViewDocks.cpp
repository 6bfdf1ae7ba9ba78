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
  // The algorithm beside the pictures, as a tab with the status arrays.
  m_pseudocode = new PseudocodePane(controller->run(), m_cursor);
  m_codeDock = new QDockWidget(QObject::tr("Pseudocode"));
  m_codeDock->setObjectName(QStringLiteral("pseudocodeDock"));
  m_codeDock->setWidget(m_pseudocode);
  place(window, besideDock);

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

void ViewDocks::place(QMainWindow* window, QDockWidget* besideDock) {
  for (QDockWidget* dock : {m_graphDock, m_statusDock, m_codeDock}) {
    dock->setFloating(false);
    window->removeDockWidget(dock); // out of any tab group it was dragged into
    window->addDockWidget(Qt::RightDockWidgetArea, dock);
    dock->show();
  }
  if (besideDock == nullptr) {
    window->tabifyDockWidget(m_statusDock, m_codeDock);
    return;
  }
  // The graph view above, taking what height there is; the status arrays,
  // the pseudocode and `besideDock` as tabs below it. Three docks stacked
  // would leave the graph view a strip in a 1024 x 700 window.
  window->splitDockWidget(m_graphDock, besideDock, Qt::Vertical);
  window->tabifyDockWidget(besideDock, m_statusDock);
  window->tabifyDockWidget(m_statusDock, m_codeDock);
  besideDock->raise();
}

} // namespace frontier::ui
