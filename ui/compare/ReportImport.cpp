#include "compare/ReportImport.h"

#include <map>
#include <stdexcept>

#include <QFileInfo>

#include "report/ReportDiff.h"
#include "report/ReportLoad.h"

namespace frontier::ui {

namespace {

// What the comparison's summary reads of a run: its totals and its time per
// kernel kind, as in run::Comparison.
run::RunSample sampleOf(const engine::RunTrace& trace, const report::LoadedSample* saved) {
  run::RunSample sample;
  sample.gpuMs = trace.totals.gpuMs;
  sample.wallMs = trace.totals.wallMs;
  sample.submittedMs = trace.totals.submittedMs;
  const std::vector<double> perKind = trace.nsPerKind();
  for (size_t k = 0; k < perKind.size() && k < sample.kindNs.size(); ++k) {
    sample.kindNs[k] = perKind[k];
  }
  if (saved != nullptr) {
    // A comparison entry's other runs: their totals as saved; their split by
    // kernel kind was not saved, so the median run's stands in.
    sample.order = saved->order;
    sample.warmup = saved->warmup;
    sample.gpuMs = saved->gpuMs;
    sample.wallMs = saved->wallMs;
    sample.submittedMs = saved->submittedMs;
  }
  return sample;
}

run::ComparedRun comparedRun(const report::LoadedRun& loaded, int index, const std::string& name) {
  run::ComparedRun run;
  run.index = index;
  run.spec = name;
  run.sssp = loaded.trace.algorithm == "sssp";
  run.trace = loaded.trace;
  run.roofs = loaded.roofs;
  run.device = loaded.trace.device; // reports of several devices show each one's
  if (loaded.samples.empty()) {
    run.samples.push_back(sampleOf(loaded.trace, nullptr));
    run.medianSample = 0;
  } else {
    // The saved median is the run whose trace was saved: the timed sample
    // with its GPU time.
    int round = 0;
    for (const report::LoadedSample& saved : loaded.samples) {
      run::RunSample sample = sampleOf(loaded.trace, &saved);
      sample.round = saved.warmup ? -1 : round++;
      if (!saved.warmup && run.medianSample < 0 && saved.gpuMs == loaded.trace.totals.gpuMs) {
        run.medianSample = static_cast<int>(run.samples.size());
      }
      run.samples.push_back(sample);
    }
  }
  run.repeats = static_cast<int>(run.timedCount());
  return run;
}

QString headerNote(const std::vector<const report::LoadedRun*>& runs, const std::vector<Variant>& variants) {
  QStringList lines;
  for (size_t i = 1; i < runs.size(); ++i) {
    QStringList fields;
    for (const report::HeaderDifference& d : report::headerDifferences(runs[0]->trace, runs[i]->trace)) {
      fields.append(QStringLiteral("%1 <i>%2</i> → <i>%3</i>")
                        .arg(QString::fromStdString(d.field), QString::fromStdString(d.a).toHtmlEscaped(),
                             QString::fromStdString(d.b).toHtmlEscaped()));
    }
    if (!fields.isEmpty()) {
      lines.append(QObject::tr("%1 differs from %2 in: %3")
                       .arg(QString::fromStdString(variants[i].spec).toHtmlEscaped(),
                            QString::fromStdString(variants[0].spec).toHtmlEscaped(),
                            fields.join(QStringLiteral("; "))));
    }
  }
  return lines.join(QStringLiteral("<br>"));
}

} // namespace

ImportedReports importReports(const QStringList& paths) {
  std::vector<report::LoadedReport> reports;
  for (const QString& path : paths) {
    reports.push_back(report::readReport(path.toStdString()));
  }
  std::vector<const report::LoadedRun*> runs;
  std::vector<QString> files;
  std::map<std::string, int> uses; // how often each label occurs
  for (size_t r = 0; r < reports.size(); ++r) {
    for (const report::LoadedRun& run : reports[r].runs) {
      runs.push_back(&run);
      files.push_back(QFileInfo(paths[static_cast<int>(r)]).fileName());
      ++uses[run.label];
    }
  }
  if (runs.size() > kMaxVariants) {
    throw std::invalid_argument("the reports hold " + std::to_string(runs.size()) + " runs; a comparison shows " +
                                std::to_string(kMaxVariants) + " at most");
  }
  ImportedReports out;
  QStringList sources;
  for (size_t i = 0; i < reports.size(); ++i) {
    sources.append(QStringLiteral("%1 (%2, %3)")
                       .arg(QFileInfo(paths[static_cast<int>(i)]).fileName().toHtmlEscaped(),
                            QString::fromStdString(reports[i].kind),
                            QString::fromStdString(reports[i].program).toHtmlEscaped()));
  }
  for (size_t i = 0; i < runs.size(); ++i) {
    // The same strategy from two files: the file tells them apart.
    const std::string name =
        uses[runs[i]->label] > 1 ? runs[i]->label + " · " + files[i].toStdString() : runs[i]->label;
    Variant variant;
    variant.spec = name;
    variant.sssp = runs[i]->trace.algorithm == "sssp";
    out.variants.push_back(variant);
    out.runs.push_back(comparedRun(*runs[i], static_cast<int>(i), name));
  }
  const QString differences = headerNote(runs, out.variants);
  out.note =
      QObject::tr("Saved reports: %1 (not checked against the CPU here).").arg(sources.join(QStringLiteral(", "))) +
      (differences.isEmpty() ? QString() : QStringLiteral("<br>") + differences);
  return out;
}

} // namespace frontier::ui
