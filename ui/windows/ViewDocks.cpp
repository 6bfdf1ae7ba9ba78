#include "windows/ViewDocks.h"

#include <QDockWidget>
#include <QItemSelectionModel>
#include <QMainWindow>
#include <QSortFilterProxyModel>
#include <QTableView>

#include "LabController.h"
#include "models/ViewHistory.h"
#include "widgets/GraphViewPanel.h"
#include "widgets/ResultsPanel.h"
#include "widgets/StatusArrayView.h"

namespace frontier::ui {

ViewDocks::ViewDocks(QMainWindow* window, LabController* controller, ResultsPanel* results, QDockWidget* besideDock)
    : QObject(window), m_history(new ViewHistory(this)), m_graphView(new GraphViewPanel(controller, m_history)),
      m_statusArrays(new StatusArrayView), m_graphDock(new QDockWidget(QObject::tr("Graph view"))),
      m_statusDock(new QDockWidget(QObject::tr("Status arrays"))) {
  m_graphDock->setObjectName(QStringLiteral("graphViewDock"));
  m_graphDock->setWidget(m_graphView);
  m_statusDock->setObjectName(QStringLiteral("statusArraysDock"));
  m_statusDock->setWidget(m_statusArrays);
  window->addDockWidget(Qt::RightDockWidgetArea, m_graphDock);
  window->addDockWidget(Qt::RightDockWidgetArea, m_statusDock);
  if (besideDock != nullptr) {
    window->tabifyDockWidget(besideDock, m_statusDock);
    besideDock->raise();
  }

  connect(m_history, &ViewHistory::changed, m_statusArrays, [this] { m_statusArrays->setState(m_history->current()); });
  // A selected result row: that pair's shortest path on the graph view.
  QTableView* table = results->table();
  connect(table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this, results](const QModelIndex& current) {
            if (current.isValid()) {
              m_graphView->showPath(results->proxy()->mapToSource(current).row());
            }
          });
  controller->setViewsEnabled(true);
}

} // namespace frontier::ui
