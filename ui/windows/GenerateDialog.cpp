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

const std::vector<Generator>& generators() {
  static const std::vector<Generator> list = {
      {"kronecker",
       QObject::tr("Kronecker (Graph500)"),
       QObject::tr("Skewed degrees like social and web graphs: 2^scale vertices, edge factor × 2^scale edges."),
       {{"scale", QObject::tr("Scale"), 1, 26, 12},
        {"edgefactor", QObject::tr("Edge factor"), 1, 64, 16},
        {"seed", QObject::tr("Seed"), 0, 1e9, 1}},
       {}},
      {"grid",
       QObject::tr("Grid"),
       QObject::tr("A rows × columns lattice: high diameter, many levels."),
       {{"rows", QObject::tr("Rows"), 1, 10000, 40}, {"cols", QObject::tr("Columns"), 1, 10000, 40}},
       [](const std::vector<double>& v) { return QStringLiteral("grid:%1x%2").arg(v[0]).arg(v[1]); }},
      {"erdos-renyi",
       QObject::tr("Erdős–Rényi"),
       QObject::tr("n vertices and m edges chosen uniformly at random."),
       {{"n", QObject::tr("Vertices"), 1, 1e8, 10000},
        {"m", QObject::tr("Edges"), 0, 1e9, 50000},
        {"seed", QObject::tr("Seed"), 0, 1e9, 1}},
       {}},
      {"barabasi-albert",
       QObject::tr("Barabási–Albert"),
       QObject::tr("Preferential attachment: each new vertex joins m existing ones."),
       {{"n", QObject::tr("Vertices"), 2, 1e8, 10000},
        {"m", QObject::tr("Edges per vertex"), 1, 100, 4},
        {"seed", QObject::tr("Seed"), 0, 1e9, 1}},
       {}},
      {"watts-strogatz",
       QObject::tr("Watts–Strogatz"),
       QObject::tr("A ring of n vertices joined to k neighbours, each edge rewired with probability p."),
       {{"n", QObject::tr("Vertices"), 3, 1e8, 10000},
        {"k", QObject::tr("Neighbours"), 2, 100, 6},
        {"p", QObject::tr("Rewiring"), 0, 1, 0.05, 3},
        {"seed", QObject::tr("Seed"), 0, 1e9, 1}},
       {}},
      {"path",
       QObject::tr("Path"),
       QObject::tr("n vertices in a line: one vertex per level."),
       {{"n", QObject::tr("Vertices"), 1, 1e8, 1000}},
       {}},
      {"star",
       QObject::tr("Star"),
       QObject::tr("One hub joined to n − 1 leaves."),
       {{"n", QObject::tr("Vertices"), 1, 1e8, 1000}},
       {}},
      {"tree",
       QObject::tr("Tree"),
       QObject::tr("A complete tree of the given branching and depth."),
       {{"branching", QObject::tr("Branching"), 1, 64, 3}, {"depth", QObject::tr("Depth"), 0, 30, 6}},
       {}},
      {"complete",
       QObject::tr("Complete"),
       QObject::tr("Every pair of n vertices joined."),
       {{"n", QObject::tr("Vertices"), 1, 5000, 64}},
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
