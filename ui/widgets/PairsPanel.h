#pragma once
// The pairs to search: N random pairs from a seed, pairs typed or pasted
// (ids of the user's file), or a CSV file of pairs. A new graph starts with
// random pairs, so that a search can run at once.
//
// Thread affinity: GUI thread.

#include <memory>
#include <vector>

#include <QWidget>

#include "graph/Graph.h"
#include "graph/Pairs.h"

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace frontier::ui {

class PairsPanel : public QWidget {
  Q_OBJECT
public:
  explicit PairsPanel(QWidget* parent = nullptr);

  // A new graph: chooses random pairs for it with the current count and seed.
  void setGraph(std::shared_ptr<const graph::Graph> graph);
  void setRandom(int count, int seed); // sets the fields and chooses
  void chooseRandom();
  // Parses the typed text; false (with the reason shown) when it is wrong.
  bool chooseTyped();
  bool importFile(const QString& path);
  // Pairs given by the ids of the graph's file (a session's), shown in the
  // editor and chosen; false (with the reason shown) when an id is not in the graph.
  bool chooseGiven(const std::vector<std::pair<graph::FileId, graph::FileId>>& pairs);

  QString description() const;
  QPlainTextEdit* editor() const noexcept { return m_typed; }

signals:
  void pairsChosen(const std::vector<frontier::graph::Pair>& pairs, const QString& description);

private:
  void choose(std::vector<graph::Pair> pairs, const QString& description);
  void showError(const QString& message);

  std::shared_ptr<const graph::Graph> m_graph;
  QSpinBox* m_count;
  QSpinBox* m_seed;
  QPlainTextEdit* m_typed;
  QPushButton* m_random;
  QPushButton* m_useTyped;
  QPushButton* m_import;
  QLabel* m_status;
  QString m_description;
};

} // namespace frontier::ui
