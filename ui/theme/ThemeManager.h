#pragma once
// Applies a theme to the whole application: the style and palette every
// widget follows, the font size, and the view colours, chart theme and line
// width that the views read from current() and repaint with on changed().
// The user's choice (View > Theme) is remembered in QSettings; a theme for
// one run (--theme) is applied without being remembered.
//
// One per application, made on first use and owned by it.
// Thread affinity: GUI thread.

#include <QFont>
#include <QObject>
#include <QPalette>
#include <QString>

#include "theme/Theme.h"

namespace frontier::ui {

class ThemeManager : public QObject {
  Q_OBJECT
public:
  static ThemeManager& instance();

  // The applied theme, resolved: the System theme's palette is the
  // platform's, and its view colours are Light's or Dark's by that palette.
  const Theme& current() const noexcept { return m_current; }

  // Applies the named theme (ThemeRegistry.h); false, changing nothing, for
  // a name no theme has.
  bool apply(const QString& name);
  // Applies it and remembers it for the next start (View > Theme).
  bool choose(const QString& name);
  // The remembered choice, the default theme's name when none (or one no
  // longer registered) is stored.
  static QString remembered();

signals:
  void changed();

private:
  ThemeManager();
  Theme resolve(const Theme& theme) const;

  Theme m_current;
  QPalette m_platformPalette; // as the application started, before any theme
  QString m_platformStyle;
  QFont m_platformFont;
};

// ThemeManager::instance().current(): what views paint with.
const Theme& currentTheme();

} // namespace frontier::ui
