// frontier-lab: the desktop tool.

#include <QApplication>
#include <QCommandLineParser>

#include "windows/MainWindow.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setApplicationName("Frontier Lab");
  QApplication::setOrganizationName("Frontier Lab");
  QApplication::setApplicationVersion("0.1.0");

  QCommandLineParser parser;
  parser.setApplicationDescription("Watch and profile GPU multi-source BFS on Vulkan.");
  parser.addHelpOption();
  parser.addVersionOption();
  QCommandLineOption device("device", "Vulkan device: index or name substring.", "device");
  parser.addOption(device);
  parser.process(app);

  frontier::ui::MainWindow window(parser.value(device));
  window.show();
  return QApplication::exec();
}
