#pragma once
// File > Generate: one page of parameters per generator of the graph
// library, and the generator spec they make ("grid:40x40"), which can also
// be edited by hand.

#include <vector>

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QStackedWidget;

namespace frontier::ui {

class GenerateDialog : public QDialog {
  Q_OBJECT
public:
  explicit GenerateDialog(QWidget* parent = nullptr);

  QString spec() const;
  // Selects a generator by name ("grid"); false when unknown.
  bool selectGenerator(const QString& name);
  QStringList generatorNames() const;

private:
  void updateSpec();

  QComboBox* m_generator;
  QStackedWidget* m_pages;
  QLineEdit* m_spec;
  QLabel* m_description;
};

} // namespace frontier::ui
