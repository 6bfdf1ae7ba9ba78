#pragma once
// The examples of File > Examples: the demo graphs embedded in the resources
// (resources/demo/, see its README) and generated graphs, made by
// graph::generate when chosen.

#include <vector>

#include <QString>

namespace frontier::ui {

struct DemoGraph {
  QString id;       // for the command line: "demo:karate"
  QString title;    // the menu entry and the graph's name
  QString resource; // ":/demo/karate.txt" for an embedded file, else empty
  QString spec;     // the generator spec for a generated one, else empty
};

const std::vector<DemoGraph>& demoGraphs();
// By id ("karate", with or without "demo:"); nullptr when unknown.
const DemoGraph* findDemo(const QString& id);
// The embedded file copied to a temporary folder that lives as long as the
// process (the graph readers take paths); empty when it cannot be written.
QString demoFilePath(const DemoGraph& demo);

} // namespace frontier::ui
