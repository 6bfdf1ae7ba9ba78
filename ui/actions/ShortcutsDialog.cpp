#include "actions/ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QLabel>
#include <QMainWindow>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "actions/ActionCatalog.h"

namespace frontier::ui {

ShortcutsDialog::ShortcutsDialog(QMainWindow* window)
    : QDialog(window), m_window(window), m_list(newActionList("shortcutList")) {
  setObjectName("shortcutsDialog");
  setWindowTitle(tr("Keyboard shortcuts"));
  resize(520, 560);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_list);
  auto* hint = new QLabel(tr("Every action, with or without a key: Help > Command palette."));
  hint->setForegroundRole(QPalette::PlaceholderText);
  layout->addWidget(hint);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
}

void ShortcutsDialog::popUp() {
  m_list->clear();
  for (const ActionEntry& entry : windowActions(*m_window)) {
    const QString keys = shortcutText(*entry.action);
    if (!keys.isEmpty()) {
      new QTreeWidgetItem(m_list, {entry.path, keys});
    }
  }
  show();
  raise();
  activateWindow();
}

} // namespace frontier::ui
