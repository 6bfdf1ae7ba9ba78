#include "widgets/PairsPanel.h"

#include <exception>
#include <filesystem>
#include <optional>

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "models/PairsText.h"
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
  m_count->setRange(1, 1'000'000);
  m_count->setValue(64);
  m_count->setGroupSeparatorShown(true);
  m_seed->setObjectName("pairSeed");
  m_seed->setRange(0, 1'000'000'000);
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

  connect(m_random, &QPushButton::clicked, this, &PairsPanel::chooseRandom);
  connect(m_useTyped, &QPushButton::clicked, this, &PairsPanel::chooseTyped);
  connect(m_import, &QPushButton::clicked, this, [this] {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Import pairs"), {}, tr("Pairs (*.csv *.txt *.tsv);;All files (*)"));
    if (!path.isEmpty()) {
      importFile(path);
    }
  });
}

void PairsPanel::setGraph(std::shared_ptr<const graph::Graph> graph) {
  m_graph = std::move(graph);
  setEnabled(m_graph != nullptr);
  if (m_graph) {
    chooseRandom();
  }
}

void PairsPanel::setRandom(int count, int seed) {
  m_count->setValue(count);
  m_seed->setValue(seed);
  chooseRandom();
}

void PairsPanel::chooseRandom() {
  if (!m_graph || m_graph->vertexCount() == 0) {
    showError(tr("The graph has no vertices."));
    return;
  }
  const auto count = static_cast<uint32_t>(m_count->value());
  const auto seed = static_cast<uint64_t>(m_seed->value());
  choose(graph::randomPairs(*m_graph, count, seed),
         tr("%n random pair(s), seed %1", nullptr, m_count->value()).arg(seed));
}

bool PairsPanel::chooseTyped() {
  if (!m_graph) {
    return false;
  }
  try {
    std::vector<graph::Pair> pairs = parsePairsText(*m_graph, m_typed->toPlainText());
    const auto n = static_cast<int>(pairs.size());
    choose(std::move(pairs), tr("%n typed pair(s)", nullptr, n));
    return true;
  } catch (const std::exception& error) {
    showError(tr("Typed pairs: %1").arg(QString::fromStdString(error.what())));
    return false;
  }
}

bool PairsPanel::importFile(const QString& path) {
  if (!m_graph) {
    return false;
  }
  try {
    std::vector<graph::Pair> pairs =
        graph::readPairsFile(*m_graph, std::filesystem::path(QFile::encodeName(path).toStdString()));
    const auto n = static_cast<int>(pairs.size());
    choose(std::move(pairs), tr("%n pair(s) from %1", nullptr, n).arg(QFileInfo(path).fileName()));
    return true;
  } catch (const std::exception& error) {
    showError(QString::fromStdString(error.what()));
    return false;
  }
}

bool PairsPanel::chooseGiven(const std::vector<std::pair<graph::FileId, graph::FileId>>& given) {
  if (!m_graph) {
    return false;
  }
  std::vector<graph::Pair> pairs;
  QString text;
  for (const auto& [source, destination] : given) {
    const std::optional<graph::VertexId> s = m_graph->denseId(source);
    const std::optional<graph::VertexId> d = m_graph->denseId(destination);
    if (!s || !d) {
      showError(tr("Pair %1 %2: %3 is not a vertex of the graph.")
                    .arg(source)
                    .arg(destination)
                    .arg(s ? destination : source));
      return false;
    }
    pairs.push_back({*s, *d});
    text += QStringLiteral("%1 %2\n").arg(source).arg(destination);
  }
  m_typed->setPlainText(text);
  const auto n = static_cast<int>(pairs.size());
  choose(std::move(pairs), tr("%n given pair(s)", nullptr, n));
  return true;
}

QString PairsPanel::description() const {
  return m_description;
}

void PairsPanel::choose(std::vector<graph::Pair> pairs, const QString& description) {
  m_description = description;
  m_status->setStyleSheet({});
  m_status->setText(description);
  emit pairsChosen(pairs, description);
}

void PairsPanel::showError(const QString& message) {
  m_status->setStyleSheet(QStringLiteral("color: %1").arg(currentTheme().colours.bad.name()));
  m_status->setText(message);
}

} // namespace frontier::ui
