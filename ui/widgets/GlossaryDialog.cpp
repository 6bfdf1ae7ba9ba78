#include "widgets/GlossaryDialog.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "models/Glossary.h"

namespace frontier::ui {

GlossaryDialog::GlossaryDialog(QWidget* parent) : QDialog(parent), m_browser(new QTextBrowser) {
  setObjectName(QStringLiteral("glossaryDialog"));
  setWindowTitle(tr("Glossary — Frontier Lab"));
  resize(640, 560);
  QString html;
  for (const GlossaryEntry& entry : glossary()) {
    html += QStringLiteral("<p><b>%1</b><br>%2</p>").arg(entry.term.toHtmlEscaped(), entry.text.toHtmlEscaped());
  }
  m_browser->setHtml(html);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_browser, 1);
  layout->addWidget(buttons);
}

GlossaryDialog* GlossaryDialog::showFor(QWidget* window) {
  auto* dialog = window->findChild<GlossaryDialog*>(QStringLiteral("glossaryDialog"));
  if (dialog == nullptr) {
    dialog = new GlossaryDialog(window);
  }
  dialog->show();
  dialog->raise();
  return dialog;
}

} // namespace frontier::ui
