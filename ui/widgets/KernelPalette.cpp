#include "widgets/KernelPalette.h"

#include <array>

namespace frontier::ui {

QColor kernelColor(engine::KernelKind kind) {
  // Colour-blind-safe hues (Okabe-Ito and Tableau), the two expand kernels
  // the most saturated since they dominate.
  static const std::array<QColor, static_cast<size_t>(engine::KernelKind::Count_)> colors = {
      QColor(0x9e, 0x9e, 0x9e), // clear
      QColor(0x8c, 0x6d, 0x31), // set-sources
      QColor(0xcc, 0x79, 0xa7), // check-destinations
      QColor(0x00, 0x72, 0xb2), // identify
      QColor(0x56, 0xb4, 0xe9), // plan
      QColor(0xe6, 0x9f, 0x00), // expand-top-down
      QColor(0xd5, 0x5e, 0x00), // expand-bottom-up
      QColor(0x00, 0x9e, 0x73), // scan
      QColor(0x5b, 0xb0, 0x8f), // compact
      QColor(0x7b, 0x4f, 0x9d), // relax
      QColor(0xb0, 0x8f, 0xc7), // split-buckets
      QColor(0x60, 0x60, 0x60), // readback
      QColor(0xf0, 0xe4, 0x42), // components
  };
  const auto index = static_cast<size_t>(kind);
  return index < colors.size() ? colors[index] : QColor(Qt::gray);
}

} // namespace frontier::ui
