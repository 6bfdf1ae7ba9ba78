#include "LayoutCache.h"

#include <QDataStream>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

#include "graph/Checksum.h"

namespace frontier::ui {

namespace {
constexpr quint32 kMagic = 0x464c4c31; // "FLL1"
}

QString LayoutCache::key(const graph::Graph& graph) {
  graph::Checksum sum;
  const graph::Csr& out = graph.out();
  sum.update(out.offsets.data(), out.offsets.size() * sizeof(graph::EdgeIndex));
  sum.update(out.targets.data(), out.targets.size() * sizeof(graph::VertexId));
  return QStringLiteral("%1-%2").arg(graph.vertexCount()).arg(sum.digest(), 16, 16, QLatin1Char('0'));
}

std::shared_ptr<const Positions> LayoutCache::find(const QString& key) const {
  const auto it = m_memory.find(key);
  return it == m_memory.end() ? nullptr : it->second;
}

void LayoutCache::insert(const QString& key, std::shared_ptr<const Positions> positions) {
  m_memory[key] = std::move(positions);
}

QString LayoutCache::diskPath(const QString& key) {
  return QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/layouts/") + key +
         QStringLiteral(".layout");
}

std::shared_ptr<const Positions> LayoutCache::readDisk(const QString& key, uint32_t vertices) {
  QFile file(diskPath(key));
  if (!file.open(QIODevice::ReadOnly)) {
    return nullptr;
  }
  QDataStream in(&file);
  quint32 magic = 0;
  quint32 count = 0;
  in >> magic >> count;
  if (magic != kMagic || count != vertices) {
    return nullptr;
  }
  auto positions = std::make_shared<Positions>(count);
  for (QPointF& p : *positions) {
    double x = 0;
    double y = 0;
    in >> x >> y;
    p = QPointF(x, y);
  }
  return in.status() == QDataStream::Ok ? positions : nullptr;
}

bool LayoutCache::writeDisk(const QString& key, const Positions& positions) {
  const QString path = diskPath(key);
  if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
    return false;
  }
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) {
    return false;
  }
  QDataStream out(&file);
  out << kMagic << static_cast<quint32>(positions.size());
  for (const QPointF& p : positions) {
    out << p.x() << p.y();
  }
  return out.status() == QDataStream::Ok && file.commit();
}

} // namespace frontier::ui
