#pragma once
// Help > Glossary: every word of the tool (models/Glossary.h) with its plain
// explanation, in one scrollable page.
//
// Thread affinity: GUI thread.

#include <QDialog>

class QTextBrowser;

namespace frontier::ui {

class GlossaryDialog : public QDialog {
  Q_OBJECT
public:
  explicit GlossaryDialog(QWidget* parent = nullptr);

  QTextBrowser* browser() const noexcept { return m_browser; }
  // The window's one glossary, made on first use, shown and raised.
  static GlossaryDialog* showFor(QWidget* window);

private:
  QTextBrowser* m_browser;
};

} // namespace frontier::ui
