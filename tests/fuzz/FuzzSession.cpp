// libFuzzer target for session files (ui/session/SessionFile.cpp, Qt Core
// only): any bytes give a session or an error naming the file, never a crash.

#include <cstddef>
#include <cstdint>

#include <QByteArray>
#include <QString>

#include "session/SessionFile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace frontier::ui;
  const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
  QString error;
  const std::optional<Session> session = parseSession(bytes, QStringLiteral("fuzz.json"), &error);
  if (session ? session->graph.isEmpty() || !error.isEmpty() : !error.startsWith(QStringLiteral("fuzz.json: "))) {
    __builtin_trap();  // a session names its graph; an error names the file
  }
  return 0;
}
