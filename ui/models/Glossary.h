#pragma once
// The words of the tool in one or two plain sentences each, for a student
// meeting them for the first time: the Help > Glossary window lists them, and
// tooltips (kernel names on the timeline, chart titles, the graph view's
// legend, strategies) reuse the same text, so one word is explained one way.
//
// Pure text; no widgets.

#include <string_view>
#include <vector>

#include <QString>
#include <QStringList>

#include "engine/Trace.h"

namespace frontier::ui {

struct GlossaryEntry {
  QString term;        // "JFQ (joint frontier queue)"
  QStringList aliases; // other names the tool shows for it ("identify", "JFQ length")
  QString text;        // one or two plain sentences
};

const std::vector<GlossaryEntry>& glossary();
// The text of the entry whose term or alias is `word` (case-insensitive), "" when none.
QString explain(const QString& word);
// What a kernel does, for the timeline and the time bars.
QString explainKernel(engine::KernelKind kind);
// A strategy in words for a student ("" for a name it does not know); the
// engine's own description stays the technical text.
QString strategyForStudents(std::string_view name);

} // namespace frontier::ui
