#pragma once
// A theme is data: the widgets' palette, the colours the views paint with
// themselves, the Qt Charts theme, a font scale and a line width. The named
// themes live in the registry (ThemeRegistry.h), so a further one (a
// projector theme: large fonts, thick lines, high contrast) is one more
// entry; ThemeManager applies one to the whole application. Views take
// every colour they paint with from currentTheme() (ThemeManager.h), never
// from a constant of their own.

#include <optional>

#include <QColor>
#include <QPalette>
#include <QString>
#include <QtCharts/QChart>

namespace frontier::ui {

// What the views paint with themselves; the palette covers the widgets.
struct ViewColours {
  // The graph view.
  QColor canvas;    // its background
  QColor edge;      // edges; the view lowers the alpha as edges grow many
  QColor vertex;    // a vertex before any search state
  QColor unreached; // not reached by the selected search
  QColor frontier;  // the selected search's frontier
  QColor queued;    // in the joint frontier queue for other searches
  QColor path;      // a shortest path drawn over the graph...
  QColor pathHalo;  // ...on a wider line of this colour
  QColor source;    // the selected pair's markers
  QColor destination;
  QColor markerOutline; // the markers' rims and labels
  QColor overlay;       // the legend's and the attribution's boxes...
  QColor overlayBorder;
  QColor overlayText; // ...and their text

  // The status arrays: unvisited to visited, frontier faint to full.
  QColor statusUnvisited;
  QColor statusVisited;
  QColor statusFrontierFaint;
  QColor statusFrontier;

  // Charts and timeline.
  QColor series;        // a chart's line (compared runs have their own colours)
  QColor cursor;        // the selected iteration, in every view
  QColor bottomUpShade; // behind bottom-up iterations in the charts
  QColor bottomUpBand;  // a bottom-up iteration's band on the timeline
  QColor bandEven;      // the timeline's iteration bands, alternating
  QColor bandOdd;
  QColor bandText;
  QColor kernelText; // labels on the kernel bars
  QColor guide;      // batch starts in the charts, cut time on the timeline

  // Text that judges: a check that passed, one that failed, a neutral note.
  QColor good;
  QColor bad;
  QColor muted;
};

struct Theme {
  QString name;  // on the command line and in the settings: "dark"
  QString title; // in View > Theme, with its mnemonic: "&Dark"
  // The widgets' palette; none: the platform's own (the System theme, whose
  // other fields are then those of Light or Dark, by the platform's palette).
  std::optional<QPalette> palette;
  QString style; // a QStyle name that honours the palette ("Fusion"); empty: the platform's
  bool dark = false;
  QChart::ChartTheme chartTheme = QChart::ChartThemeLight;
  ViewColours colours;
  double fontScale = 1.0; // times the platform's font size
  double lineWidth = 1.0; // times the views' line widths (edges, paths, chart lines, cursors)
  double vertexScale = 1.0; // times the graph view's vertex dots, markers and labelled discs
  // The least height in pixels of one search's row in the status arrays;
  // when the rows do not all fit at that height, the view shows those around
  // the selected pair's row and says which.
  int statusRowPixels = 1;
};

} // namespace frontier::ui
