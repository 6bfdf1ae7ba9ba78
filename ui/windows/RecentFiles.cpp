#include "windows/RecentFiles.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace frontier::ui {

namespace {

constexpr qsizetype kMaxRecent = 8;
const char* const kKey = "recentFiles";

} // namespace

RecentFiles::RecentFiles(QWidget* parent) : QMenu(tr("Open &Recent"), parent) {
  setObjectName("recentFiles");
  rebuild();
}

QStringList RecentFiles::files() const {
  return QSettings().value(kKey).toStringList();
}

void RecentFiles::add(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList list = files();
  list.removeAll(absolute);
  list.prepend(absolute);
  while (list.size() > kMaxRecent) {
    list.removeLast();
  }
  QSettings().setValue(kKey, list);
  rebuild();
}

void RecentFiles::rebuild() {
  clear();
  const QStringList list = files();
  for (qsizetype i = 0; i < list.size(); ++i) {
    const QString& path = list[i];
    QAction* action = addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QDir::toNativeSeparators(path)));
    action->setEnabled(QFileInfo::exists(path));
    connect(action, &QAction::triggered, this, [this, path] { emit fileChosen(path); });
  }
  if (list.isEmpty()) {
    addAction(tr("No recent files"))->setEnabled(false);
  } else {
    addSeparator();
    connect(addAction(tr("&Clear list")), &QAction::triggered, this, [this] {
      QSettings().remove(kKey);
      rebuild();
    });
  }
}

} // namespace frontier::ui
