#include "export/ViewExport.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPainter>
#include <QPixmap>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QWidget>

namespace frontier::ui {

bool exportWidget(QWidget* widget, const QString& path, QString* error) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == QStringLiteral("png")) {
    QSaveFile file(path);  // all or nothing
    if (!file.open(QIODevice::WriteOnly) || !widget->grab().save(&file, "PNG") || !file.commit()) {
      *error = QObject::tr("cannot write %1").arg(path);
      return false;
    }
    return true;
  }
  if (suffix == QStringLiteral("svg")) {
    QSaveFile file(path);  // all or nothing, as for PNG
    if (!file.open(QIODevice::WriteOnly)) {
      *error = QObject::tr("cannot write %1: %2").arg(path, file.errorString());
      return false;
    }
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setSize(widget->size());
    svg.setViewBox(QRect(QPoint(0, 0), widget->size()));
    svg.setTitle(widget->windowTitle().isEmpty() ? widget->objectName() : widget->windowTitle());
    svg.setDescription(QObject::tr("Frontier Lab"));
    QPainter painter;
    if (!painter.begin(&svg)) {
      *error = QObject::tr("cannot write %1").arg(path);
      return false;
    }
    widget->render(&painter);
    painter.end();
    if (file.size() <= 0 || !file.commit()) {
      *error = QObject::tr("cannot write %1: %2").arg(path, file.errorString());
      return false;
    }
    return true;
  }
  *error = QObject::tr("%1: pictures are saved as .png or .svg").arg(path);
  return false;
}

void addExportActions(QWidget* widget, const QString& name) {
  widget->setContextMenuPolicy(Qt::ActionsContextMenu);
  for (const QString& suffix : {QStringLiteral("png"), QStringLiteral("svg")}) {
    auto* action = new QAction(QObject::tr("Save as %1…").arg(suffix.toUpper()), widget);
    QObject::connect(action, &QAction::triggered, widget, [widget, name, suffix] {
      const QString path = QFileDialog::getSaveFileName(widget, QObject::tr("Save a picture"), name + '.' + suffix,
                                                        QObject::tr("%1 (*.%2)").arg(suffix.toUpper(), suffix));
      QString error;
      if (!path.isEmpty() && !exportWidget(widget, path, &error)) {
        QMessageBox::warning(widget, QObject::tr("Save a picture"), error);
      }
    });
    widget->addAction(action);
  }
}

} // namespace frontier::ui
