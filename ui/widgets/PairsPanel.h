#pragma once
// The pairs to search: N random pairs from a seed, pairs typed or pasted
// (ids of the user's file), or a CSV file of pairs. A new graph starts with
// the random setting's pairs, so that a search can run at once.
//
// Thread affinity: GUI thread.

#include <cstdint>

#include <QWidget>

#include "RunConfig.h"

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace frontier::ui {

// Edits and shows the pairs of the run's configuration (RunConfig::pairs):
// its buttons ask for pairs (the signals below, which the window passes to
// LabController), and show() puts what the controller chose on the panel.
// The panel keeps no pairs of its own.
class PairsPanel : public QWidget {
  Q_OBJECT
public:
  explicit PairsPanel(QWidget* parent = nullptr);

  // As a user would: sets the count and the seed and asks for the pairs.
  void setRandom(int count, int seed);
  // The pairs chosen (LabController::pairsChanged): the random setting in
  // its fields, given pairs in the editor when they were not typed there,
  // and the description.
  void show(const PairsSpec& spec, const QString& description);
  // A choice that failed (a wrong line, an unknown id), in the status line.
  void showError(const QString& message);

  QPlainTextEdit* editor() const noexcept { return m_typed; }

signals:
  void randomRequested(uint32_t count, uint64_t seed);
  void typedRequested(const QString& text);
  void fileRequested(const QString& path);

private:
  QSpinBox* m_count;
  QSpinBox* m_seed;
  QPlainTextEdit* m_typed;
  QPushButton* m_random;
  QPushButton* m_useTyped;
  QPushButton* m_import;
  QLabel* m_status;
};

} // namespace frontier::ui
