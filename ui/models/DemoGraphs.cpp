#include "models/DemoGraphs.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

namespace frontier::ui {

const std::vector<DemoGraph>& demoGraphs() {
  static const std::vector<DemoGraph> demos = {
      {QStringLiteral("karate"),
       QObject::tr("Zachary's karate club (34 vertices)"),
       QStringLiteral(":/demo/karate.txt"),
       {}},
      {QStringLiteral("lesmis"),
       QObject::tr("Les Misérables co-appearances (77 vertices, weighted)"),
       QStringLiteral(":/demo/lesmis.graph"),
       {}},
      {QStringLiteral("grid"), QObject::tr("Grid 40 × 40 (generated)"), {}, QStringLiteral("grid:40x40")},
      {QStringLiteral("kronecker"),
       QObject::tr("Kronecker, scale 10, edge factor 16 (generated)"),
       {},
       QStringLiteral("kronecker:scale=10,edgefactor=16,seed=1")},
  };
  return demos;
}

const DemoGraph* findDemo(const QString& id) {
  const QString key = id.startsWith(QStringLiteral("demo:")) ? id.mid(5) : id;
  for (const DemoGraph& demo : demoGraphs()) {
    if (demo.id == key) {
      return &demo;
    }
  }
  return nullptr;
}

QString demoFilePath(const DemoGraph& demo) {
  static QTemporaryDir folder;
  if (demo.resource.isEmpty() || !folder.isValid()) {
    return {};
  }
  const QString path = folder.filePath(QFileInfo(demo.resource).fileName());
  if (!QFileInfo::exists(path) && !QFile::copy(demo.resource, path)) {
    return {};
  }
  return path;
}

} // namespace frontier::ui
