#pragma once
// Pictures of any view: PNG (the widget as shown, at the screen's pixel
// ratio) or SVG (the widget painted into a QSvgGenerator: charts stay
// vectors). The format follows the file's suffix (.png or .svg).
//
// Thread affinity: GUI thread.

#include <QString>

class QWidget;

namespace frontier::ui {

// False with the reason in `error` (an unknown suffix, a file that cannot be written).
bool exportWidget(QWidget* widget, const QString& path, QString* error);

// Adds "Save as PNG…" and "Save as SVG…" to the widget's context menu
// (right click); `name` is the suggested file name without suffix.
void addExportActions(QWidget* widget, const QString& name);

} // namespace frontier::ui
