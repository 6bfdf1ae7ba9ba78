#include "theme/BuiltinThemes.h"

namespace frontier::ui {

namespace {

// The few colours a palette is made of; the 3D shades follow from the button.
struct PaletteColours {
  QColor window, text, base, alternateBase, button, highlight, highlightedText, link, placeholder, disabledText;
};

QPalette paletteFrom(const PaletteColours& c) {
  QPalette p(c.text, c.button, c.button.lighter(130), c.button.darker(180), c.button.darker(130), c.text, Qt::white,
             c.base, c.window);
  p.setColor(QPalette::AlternateBase, c.alternateBase);
  p.setColor(QPalette::ToolTipBase, c.alternateBase);
  p.setColor(QPalette::ToolTipText, c.text);
  p.setColor(QPalette::Highlight, c.highlight);
  p.setColor(QPalette::HighlightedText, c.highlightedText);
  p.setColor(QPalette::Link, c.link);
  p.setColor(QPalette::LinkVisited, c.link.darker(120));
  p.setColor(QPalette::PlaceholderText, c.placeholder);
  for (const QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
    p.setColor(QPalette::Disabled, role, c.disabledText);
  }
  p.setColor(QPalette::Disabled, QPalette::Highlight, c.button.darker(120));
  return p;
}

} // namespace

Theme lightTheme() {
  Theme t;
  t.name = QStringLiteral("light");
  t.title = QObject::tr("&Light");
  t.palette = paletteFrom({QColor(0xef, 0xef, 0xef), Qt::black, Qt::white, QColor(0xf7, 0xf7, 0xf7),
                           QColor(0xef, 0xef, 0xef), QColor(0x30, 0x8c, 0xc6), Qt::white, QColor(0x00, 0x5a, 0xb4),
                           QColor(0x80, 0x80, 0x80), QColor(0x9a, 0x9a, 0x9a)});
  t.style = QStringLiteral("Fusion");
  t.chartTheme = QChart::ChartThemeLight;
  ViewColours& c = t.colours;
  c.canvas = Qt::white;
  c.edge = QColor(90, 90, 110);
  c.vertex = QColor(120, 120, 130);
  c.unreached = QColor(200, 200, 205);
  c.frontier = QColor(230, 25, 75);
  c.queued = QColor(250, 185, 100);
  c.path = QColor(20, 20, 20);
  c.pathHalo = QColor(255, 255, 255, 220);
  c.source = QColor(40, 200, 80);
  // Violet, as in the projector themes: never read as the frontier's red.
  c.destination = QColor(130, 50, 210);
  c.markerOutline = Qt::black;
  c.overlay = QColor(255, 255, 255, 215);
  c.overlayBorder = QColor(180, 180, 180);
  c.overlayText = QColor(30, 30, 30);
  c.statusUnvisited = QColor(235, 235, 240);
  c.statusVisited = QColor(35, 85, 180);
  c.statusFrontierFaint = QColor(150, 30, 50);
  c.statusFrontier = QColor(250, 30, 50);
  c.series = QColor(0x00, 0x72, 0xb2);
  c.cursor = QColor(0xc6, 0x28, 0x28);
  c.bottomUpShade = QColor(0xd5, 0x5e, 0x00, 40);
  c.bottomUpBand = QColor(0xd5, 0x5e, 0x00, 110);
  c.bandEven = QColor(0xd0, 0xd7, 0xe1);
  c.bandOdd = QColor(0xb8, 0xc2, 0xd0);
  c.bandText = QColor(0x20, 0x20, 0x20);
  c.kernelText = Qt::white;
  c.guide = QColor(0x80, 0x80, 0x80);
  c.good = QColor(0x00, 0x70, 0x00);
  c.bad = QColor(0xc0, 0x00, 0x00);
  c.muted = QColor(0x60, 0x60, 0x60);
  return t;
}

Theme darkTheme() {
  Theme t;
  t.name = QStringLiteral("dark");
  t.title = QObject::tr("&Dark");
  t.palette = paletteFrom({QColor(0x2d, 0x2f, 0x36), QColor(0xe6, 0xe6, 0xe6), QColor(0x1e, 0x20, 0x25),
                           QColor(0x2a, 0x2c, 0x33), QColor(0x38, 0x3b, 0x43), QColor(0x3d, 0x7e, 0xd6), Qt::white,
                           QColor(0x6c, 0xb4, 0xff), QColor(0x96, 0x96, 0x96), QColor(0x70, 0x72, 0x78)});
  t.style = QStringLiteral("Fusion");
  t.dark = true;
  t.chartTheme = QChart::ChartThemeDark;
  ViewColours& c = t.colours;
  c.canvas = QColor(0x1e, 0x20, 0x25);
  c.edge = QColor(150, 155, 175);
  c.vertex = QColor(150, 150, 160);
  c.unreached = QColor(85, 88, 98);
  c.frontier = QColor(255, 60, 95);
  c.queued = QColor(250, 185, 100);
  c.path = QColor(245, 245, 245);
  c.pathHalo = QColor(0, 0, 0, 200);
  c.source = QColor(60, 220, 100);
  c.destination = QColor(185, 120, 255); // violet, light enough for the dark canvas
  c.markerOutline = QColor(235, 235, 235);
  c.overlay = QColor(0x2d, 0x2f, 0x36, 225);
  c.overlayBorder = QColor(0x5a, 0x5d, 0x66);
  c.overlayText = QColor(0xe6, 0xe6, 0xe6);
  c.statusUnvisited = QColor(0x2a, 0x2c, 0x33);
  c.statusVisited = QColor(80, 140, 230);
  c.statusFrontierFaint = QColor(150, 40, 55);
  c.statusFrontier = QColor(255, 80, 90);
  c.series = QColor(0x56, 0xb4, 0xe9);
  c.cursor = QColor(0xff, 0x5a, 0x5a);
  c.bottomUpShade = QColor(0xe6, 0x7e, 0x22, 60);
  c.bottomUpBand = QColor(0xe6, 0x7e, 0x22, 150);
  c.bandEven = QColor(0x3a, 0x40, 0x4c);
  c.bandOdd = QColor(0x4a, 0x52, 0x60);
  c.bandText = QColor(0xe6, 0xe6, 0xe6);
  c.kernelText = Qt::white;
  c.guide = QColor(0x9a, 0x9a, 0x9a);
  c.good = QColor(0x81, 0xc7, 0x84);
  c.bad = QColor(0xff, 0x7b, 0x7b);
  c.muted = QColor(0xa8, 0xa8, 0xa8);
  return t;
}

Theme systemTheme() {
  Theme t = lightTheme();
  t.name = QStringLiteral("system");
  t.title = QObject::tr("&System");
  t.palette.reset();
  t.style.clear();
  return t;
}

Theme projectorTheme(bool dark) {
  // The light or dark theme with everything the back row cannot read made
  // larger, and the colours pushed to full contrast: pure white or black
  // behind, black or white lines, saturated states. The destination is violet
  // and the source green, so neither is taken for the frontier's red.
  Theme t = dark ? darkTheme() : lightTheme();
  t.name = dark ? QStringLiteral("projector-dark") : QStringLiteral("projector");
  t.title = dark ? QObject::tr("Projector (&black)") : QObject::tr("&Projector (white)");
  t.fontScale = 1.6;
  t.lineWidth = 2.5;
  t.vertexScale = 2.2;
  t.statusRowPixels = 8;
  const QColor ink = dark ? QColor(Qt::white) : QColor(Qt::black);
  const QColor paper = dark ? QColor(Qt::black) : QColor(Qt::white);
  t.palette = paletteFrom({dark ? QColor(0x10, 0x10, 0x10) : QColor(0xf4, 0xf4, 0xf4), ink, paper,
                           dark ? QColor(0x20, 0x20, 0x20) : QColor(0xea, 0xea, 0xea),
                           dark ? QColor(0x28, 0x28, 0x28) : QColor(0xe4, 0xe4, 0xe4),
                           dark ? QColor(0x1e, 0x6f, 0xff) : QColor(0x00, 0x47, 0xb3), Qt::white,
                           dark ? QColor(0x7c, 0xc4, 0xff) : QColor(0x00, 0x3c, 0x9e), QColor(0x80, 0x80, 0x80),
                           QColor(0x80, 0x80, 0x80)});
  ViewColours& c = t.colours;
  c.canvas = paper;
  c.edge = ink;
  c.vertex = dark ? QColor(200, 200, 200) : QColor(60, 60, 60);
  c.unreached = dark ? QColor(90, 90, 90) : QColor(190, 190, 190);
  c.frontier = QColor(235, 0, 40);
  c.queued = QColor(255, 150, 0);
  c.path = ink;
  c.pathHalo = dark ? QColor(0, 0, 0, 230) : QColor(255, 255, 255, 230);
  c.source = QColor(0, 190, 70);
  c.destination = QColor(150, 40, 230);
  c.markerOutline = ink;
  c.overlay = dark ? QColor(0, 0, 0, 235) : QColor(255, 255, 255, 235);
  c.overlayBorder = ink;
  c.overlayText = ink;
  c.statusUnvisited = dark ? QColor(0x18, 0x18, 0x18) : QColor(0xf0, 0xf0, 0xf0);
  c.statusVisited = dark ? QColor(90, 160, 255) : QColor(0, 50, 170);
  c.statusFrontierFaint = QColor(170, 0, 30);
  c.statusFrontier = QColor(255, 0, 40);
  c.series = dark ? QColor(0x5c, 0xc8, 0xff) : QColor(0x00, 0x3c, 0x9e);
  c.cursor = QColor(235, 0, 40);
  c.bandText = ink;
  c.guide = dark ? QColor(0xc0, 0xc0, 0xc0) : QColor(0x40, 0x40, 0x40);
  c.muted = dark ? QColor(0xc8, 0xc8, 0xc8) : QColor(0x40, 0x40, 0x40);
  return t;
}

} // namespace frontier::ui
