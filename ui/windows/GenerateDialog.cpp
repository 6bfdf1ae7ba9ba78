#include "windows/GenerateDialog.h"

#include <functional>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace frontier::ui {

namespace {

struct Parameter {
  const char* key;
  QString label;
  double minimum;
  double maximum;
  double value;
  int decimals = 0; // 0: an integer
};

struct Generator {
  const char* name;
  QString title;
  QString description;
  std::vector<Parameter> parameters;
  // The spec from the parameter values; empty: "name:key=value,...".
  std::function<QString(const std::vector<double>&)> format;
};

QString number(double value, int decimals) {
  return QString::number(value, 'f', decimals);
}

// The kinds and parameter names of graph::generate (Generators.h).
const std::vector<Generator>& generators() {
  static const std::vector<Generator> list = {
      {"kronecker",
       QObject::tr("Kronecker (Graph500)"),
       QObject::tr("Skewed degrees like social and web graphs: 2^scale vertices, edge factor × 2^scale edges "
                   "before duplicates merge."),
       {{"scale", QObject::tr("Scale"), 1, 31, 12},
        {"edgefactor", QObject::tr("Edge factor"), 1, 1024, 16},
        {"seed", QObject::tr("Seed"), 0, 1e9, 1}},
       {}},
      {"grid",
       QObject::tr("Grid"),
       QObject::tr("A rows × columns lattice: diameter rows + columns − 2, many levels."),
       {{"rows", QObject::tr("Rows"), 1, 100000, 40}, {"cols", QObject::tr("Columns"), 1, 100000, 40}},
       [](const std::vector<double>& v) { return QStringLiteral("grid:%1x%2").arg(v[0]).arg(v[1]); }},
      {"er",
       QObject::tr("Erdős–Rényi G(n, m)"),
       QObject::tr("m distinct edges among n vertices, uniformly at random."),
       {{"n", QObject::tr("Vertices"), 1, 4e9, 10000},
        {"m", QObject::tr("Edges"), 0, 1e10, 50000},
        {"seed", QObject::tr("Seed"), 0, 1e9, 1}},
       {}},
      {"ba",
       QObject::tr("Barabási–Albert"),
       QObject::tr("Preferential attachment: each new vertex joins m existing ones, chosen by degree."),
       {{"n", QObject::tr("Vertices"), 2, 4e9, 10000},
        {"m", QObject::tr("Edges per vertex"), 1, 1000, 4},
        {"seed", QObject::tr("Seed"), 0, 1e9, 1}},
       {}},
      {"ws",
       QObject::tr("Watts–Strogatz"),
       QObject::tr("A ring of n vertices each joined to its k nearest (k even), each edge rewired with "
                   "probability β: a small world."),
       {{"n", QObject::tr("Vertices"), 3, 4e9, 10000},
        {"k", QObject::tr("Neighbours k"), 2, 1000, 6},
        {"beta", QObject::tr("Rewiring β"), 0, 1, 0.05, 3},
        {"seed", QObject::tr("Seed"), 0, 1e9, 1}},
       {}},
      {"path",
       QObject::tr("Path"),
       QObject::tr("n vertices in a line: one new vertex per level."),
       {{"n", QObject::tr("Vertices"), 1, 4e9, 1000}},
       {}},
      {"star",
       QObject::tr("Star"),
       QObject::tr("Vertex 0 joined to the n − 1 others."),
       {{"n", QObject::tr("Vertices"), 1, 4e9, 1000}},
       {}},
      {"tree",
       QObject::tr("Tree"),
       QObject::tr("A complete tree of n vertices: the parent of v is (v − 1) / branching."),
       {{"n", QObject::tr("Vertices"), 1, 4e9, 1000}, {"branching", QObject::tr("Branching"), 1, 1000, 2}},
       {}},
      {"complete",
       QObject::tr("Complete"),
       QObject::tr("Every pair of n vertices joined."),
       {{"n", QObject::tr("Vertices"), 1, 20000, 64}},
       {}},
  };
  return list;
}

QString formatSpec(const Generator& generator, const std::vector<double>& values) {
  if (generator.format) {
    return generator.format(values);
  }
  QStringList fields;
  for (size_t i = 0; i < generator.parameters.size(); ++i) {
    const Parameter& p = generator.parameters[i];
    fields.append(QStringLiteral("%1=%2").arg(QString::fromLatin1(p.key), number(values[i], p.decimals)));
  }
  return QString::fromLatin1(generator.name) + QLatin1Char(':') + fields.join(QLatin1Char(','));
}

} // namespace

GenerateDialog::GenerateDialog(QWidget* parent)
    : QDialog(parent), m_generator(new QComboBox), m_pages(new QStackedWidget), m_spec(new QLineEdit),
      m_description(new QLabel) {
  setWindowTitle(tr("Generate a graph"));
  setMinimumWidth(460);
  auto* layout = new QVBoxLayout(this);
  m_generator->setObjectName("generator");
  layout->addWidget(m_generator);
  m_description->setWordWrap(true);
  layout->addWidget(m_description);
  layout->addWidget(m_pages);
  for (const Generator& generator : generators()) {
    m_generator->addItem(generator.title, QString::fromLatin1(generator.name));
    auto* page = new QWidget;
    auto* form = new QFormLayout(page);
    for (const Parameter& p : generator.parameters) {
      auto* box = new QDoubleSpinBox;
      box->setObjectName(QString::fromLatin1(p.key));
      box->setDecimals(p.decimals);
      box->setRange(p.minimum, p.maximum);
      box->setValue(p.value);
      box->setSingleStep(p.decimals > 0 ? 0.01 : 1);
      form->addRow(p.label + QLatin1Char(':'), box);
      connect(box, &QDoubleSpinBox::valueChanged, this, &GenerateDialog::updateSpec);
    }
    m_pages->addWidget(page);
  }
  auto* specForm = new QFormLayout;
  m_spec->setObjectName("spec");
  m_spec->setToolTip(tr("The generator spec, as frontier-cli and the command line take it"));
  specForm->addRow(tr("Spec:"), m_spec);
  layout->addLayout(specForm);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Generate"));
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(m_generator, &QComboBox::currentIndexChanged, this, [this](int index) {
    m_pages->setCurrentIndex(index);
    updateSpec();
  });
  updateSpec();
}

void GenerateDialog::updateSpec() {
  const int index = m_generator->currentIndex();
  const Generator& generator = generators()[static_cast<size_t>(index)];
  std::vector<double> values;
  for (const Parameter& p : generator.parameters) {
    values.push_back(m_pages->widget(index)->findChild<QDoubleSpinBox*>(QString::fromLatin1(p.key))->value());
  }
  m_description->setText(generator.description);
  m_spec->setText(formatSpec(generator, values));
}

QString GenerateDialog::spec() const {
  return m_spec->text().trimmed();
}

bool GenerateDialog::selectGenerator(const QString& name) {
  const int index = m_generator->findData(name);
  if (index >= 0) {
    m_generator->setCurrentIndex(index);
  }
  return index >= 0;
}

QStringList GenerateDialog::generatorNames() const {
  QStringList names;
  for (const Generator& generator : generators()) {
    names.append(QString::fromLatin1(generator.name));
  }
  return names;
}

} // namespace frontier::ui
