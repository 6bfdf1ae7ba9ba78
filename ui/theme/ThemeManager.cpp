#include "theme/ThemeManager.h"

#include <QApplication>
#include <QSettings>
#include <QStyle>
#include <QWidget>

#include "theme/BuiltinThemes.h"
#include "theme/ThemeRegistry.h"

namespace frontier::ui {

namespace {

const char* const kThemeKey = "view/theme";

} // namespace

ThemeManager& ThemeManager::instance() {
  // Owned by the application, so that it goes with it (and the platform's
  // palette it keeps is that of this application).
  static ThemeManager* manager = nullptr;
  if (manager == nullptr) {
    manager = new ThemeManager;
    manager->setParent(qApp);
    connect(manager, &QObject::destroyed, [] { manager = nullptr; });
  }
  return *manager;
}

ThemeManager::ThemeManager()
    : m_platformPalette(QApplication::palette()), m_platformStyle(QApplication::style()->name()),
      m_platformFont(QApplication::font()) {
  m_current = resolve(*findTheme(QString::fromLatin1(kDefaultThemeName)));
}

Theme ThemeManager::resolve(const Theme& theme) const {
  if (theme.palette) {
    return theme;
  }
  // The platform's palette decides between the light and the dark view colours.
  const bool dark = m_platformPalette.color(QPalette::Window).lightness() < 128;
  Theme resolved = dark ? darkTheme() : lightTheme();
  resolved.name = theme.name;
  resolved.title = theme.title;
  resolved.palette = m_platformPalette;
  resolved.style = m_platformStyle;
  resolved.fontScale = theme.fontScale;
  resolved.lineWidth = theme.lineWidth;
  resolved.vertexScale = theme.vertexScale;
  resolved.statusRowPixels = theme.statusRowPixels;
  return resolved;
}

bool ThemeManager::apply(const QString& name) {
  const Theme* theme = findTheme(name);
  if (theme == nullptr) {
    return false;
  }
  m_current = resolve(*theme);
  // Setting the same style again would rebuild every widget's style for nothing.
  if (!m_current.style.isEmpty() && QApplication::style()->name().compare(m_current.style, Qt::CaseInsensitive) != 0) {
    QApplication::setStyle(m_current.style);
  }
  QApplication::setPalette(*m_current.palette);
  QFont font = m_platformFont;
  if (m_current.fontScale != 1.0 && font.pointSizeF() > 0) {
    font.setPointSizeF(font.pointSizeF() * m_current.fontScale);
  }
  if (font != QApplication::font()) {
    QApplication::setFont(font);
  }
  // QApplication tells the widgets of a new palette or font only from a
  // running event loop (not before exec(), as in a test or a scripted start):
  // told here, they all take it at once. And the views that paint with the
  // view colours alone see no change where two themes share a palette:
  // every widget repaints.
  QEvent paletteChange(QEvent::ApplicationPaletteChange);
  QEvent fontChange(QEvent::ApplicationFontChange);
  for (QWidget* widget : QApplication::allWidgets()) {
    QCoreApplication::sendEvent(widget, &paletteChange);
    QCoreApplication::sendEvent(widget, &fontChange);
    widget->update();
  }
  emit changed();
  return true;
}

bool ThemeManager::choose(const QString& name) {
  if (!apply(name)) {
    return false;
  }
  QSettings().setValue(kThemeKey, m_current.name);
  return true;
}

QString ThemeManager::remembered() {
  const QString name = QSettings().value(kThemeKey).toString();
  return findTheme(name) != nullptr ? name : QString::fromLatin1(kDefaultThemeName);
}

const Theme& currentTheme() {
  return ThemeManager::instance().current();
}

} // namespace frontier::ui
