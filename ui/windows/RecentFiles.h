#pragma once
// File > Open Recent: the last graphs opened, kept in QSettings, newest
// first. Demo and generated graphs are not recorded.
//
// Thread affinity: GUI thread.

#include <QMenu>
#include <QStringList>

namespace frontier::ui {

class RecentFiles : public QMenu {
  Q_OBJECT
public:
  explicit RecentFiles(QWidget* parent = nullptr);

  void add(const QString& path);
  QStringList files() const;

signals:
  void fileChosen(const QString& path);

private:
  void rebuild();
};

} // namespace frontier::ui
