#pragma once
// Saved JSON reports (a run, a comparison, a bench result) as the entries of
// a comparison: each run of each report becomes an entry whose result is the
// run as saved (its trace, and for comparison entries every timed run and
// warm-up), so the comparison window shows them with the pinned baseline and
// the ratios as if they had just run. Runs of different builds, devices and
// graphs may be mixed; `note` says what each entry's header has that differs
// from the first entry's (the default baseline).
//
// Pure values, no Qt objects beyond strings: GUI thread or any other.

#include <vector>

#include <QString>
#include <QStringList>

#include "compare/Variant.h"
#include "run/Comparison.h"

namespace frontier::ui {

struct ImportedReports {
  std::vector<Variant> variants; // spec = the entry's name ("coalesced", "coalesced · b.json" when names repeat)
  std::vector<run::ComparedRun> runs; // in the same order; index set
  QString note;                  // rich text: the files and the header differences
};

// Throws report::ReportVersionError for another format version and
// std::runtime_error (naming the file) for anything else; std::invalid_argument
// when the reports hold more runs than a comparison shows (kMaxVariants).
ImportedReports importReports(const QStringList& paths);

} // namespace frontier::ui
