#include "widgets/PairsPanel.h"

#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "theme/ThemeManager.h"

namespace frontier::ui {

PairsPanel::PairsPanel(QWidget* parent)
    : QWidget(parent), m_count(new QSpinBox), m_seed(new QSpinBox), m_typed(new QPlainTextEdit),
      m_random(new QPushButton(tr("&New random pairs"))), m_useTyped(new QPushButton(tr("&Use typed pairs"))),
      m_import(new QPushButton(tr("&Import CSV…"))), m_status(new QLabel) {
  setObjectName("pairsPanel");
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* box = new QGroupBox(tr("Pairs"));
  auto* boxLayout = new QVBoxLayout(box);
  auto* form = new QFormLayout;
  m_count->setObjectName("pairCount");
  m_count->setRange(1, static_cast<int>(kMaxRandomPairs));
  m_count->setValue(64);
  m_count->setGroupSeparatorShown(true);
  m_seed->setObjectName("pairSeed");
  m_seed->setRange(0, static_cast<int>(kMaxPairSeed));
  m_seed->setValue(1);
  auto* randomRow = new QHBoxLayout;
  randomRow->addWidget(m_count, 1);
  randomRow->addWidget(new QLabel(tr("seed")));
  randomRow->addWidget(m_seed, 1);
  form->addRow(tr("Random:"), randomRow);
  boxLayout->addLayout(form);
  boxLayout->addWidget(m_random);
  m_typed->setObjectName("typedPairs");
  m_typed->setPlaceholderText(tr("Type or paste pairs, one per line:\nsource destination\n(ids as in the file)"));
  m_typed->setTabChangesFocus(true);
  m_typed->setMaximumHeight(90);
  boxLayout->addWidget(m_typed);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_useTyped);
  buttons->addWidget(m_import);
  boxLayout->addLayout(buttons);
  m_status->setObjectName("pairsStatus");
  m_status->setWordWrap(true);
  boxLayout->addWidget(m_status);
  layout->addWidget(box);
  setEnabled(false);

  connect(m_random, &QPushButton::clicked, this, [this] {
    emit randomRequested(static_cast<uint32_t>(m_count->value()), static_cast<uint64_t>(m_seed->value()));
  });
  connect(m_useTyped, &QPushButton::clicked, this, [this] { emit typedRequested(m_typed->toPlainText()); });
  connect(m_import, &QPushButton::clicked, this, [this] {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Import pairs"), {}, tr("Pairs (*.csv *.txt *.tsv);;All files (*)"));
    if (!path.isEmpty()) {
      emit fileRequested(path);
    }
  });
}

void PairsPanel::setRandom(int count, int seed) {
  m_count->setValue(count);
  m_seed->setValue(seed);
  emit randomRequested(static_cast<uint32_t>(m_count->value()), static_cast<uint64_t>(m_seed->value()));
}

void PairsPanel::show(const PairsSpec& spec, const QString& description) {
  m_count->setValue(static_cast<int>(spec.count));
  m_seed->setValue(static_cast<int>(spec.seed));
  if (spec.given && spec.given->showText) {
    QString text;
    for (const auto& [source, destination] : spec.given->ids) {
      text += QStringLiteral("%1 %2\n").arg(source).arg(destination);
    }
    m_typed->setPlainText(text);
  }
  m_status->setStyleSheet({});
  m_status->setText(description);
}

void PairsPanel::showError(const QString& message) {
  m_status->setStyleSheet(QStringLiteral("color: %1").arg(currentTheme().colours.bad.name()));
  m_status->setText(message);
}

} // namespace frontier::ui
