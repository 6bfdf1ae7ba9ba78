// frontier-cli diff A.json B.json [--fail-above P] [--levels all|changed|none]
// Two saved reports side by side: what differs in their headers, the GPU time,
// the GPU time per kernel kind and every level lined up by (batch, level).
// Exit 1 when B's GPU time exceeds A's by more than P percent (for CI), 2 for
// a report of another format version (or a bad command line).

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "CliCommon.h"
#include "Commands.h"
#include "report/ReportDiff.h"
#include "report/ReportFormat.h"

namespace frontier::cli {

namespace {

struct DiffOptions {
  std::string a;
  std::string b;
  double failAbove = -1; // percent; < 0: never fail on time
  std::string levels = "all";
};

std::string percentText(const report::TimeDiff& d) {
  if (std::isinf(d.percent())) {
    return "new";
  }
  char text[32];
  std::snprintf(text, sizeof text, "%+.1f%%", d.percent());
  return text;
}

void printTime(const report::TimeDiff& d, const char* unit) {
  std::printf("  %-22s %14.4f %14.4f %+14.4f %s  %s\n", d.name.c_str(), d.a, d.b, d.delta(), unit,
              percentText(d).c_str());
}

void printHeader(const std::vector<report::HeaderDifference>& header) {
  for (const report::HeaderDifference& h : header) {
    std::printf("  %-22s A: %s\n  %-22s B: %s\n", h.field.c_str(), h.a.c_str(), "", h.b.c_str());
  }
}

bool levelChanged(const report::LevelDiff& l) {
  return !l.a || !l.b || l.a->gpuNs != l.b->gpuNs || l.a->jfqLength != l.b->jfqLength ||
         l.a->newlyVisited != l.b->newlyVisited || l.a->edgesExamined != l.b->edgesExamined ||
         l.a->direction != l.b->direction || l.a->activeSearches != l.b->activeSearches;
}

void printLevels(const std::vector<report::LevelDiff>& levels, const std::string& which) {
  if (which == "none" || levels.empty()) {
    return;
  }
  std::printf("  per level (A -> B where they differ):\n  %5s %5s %12s %12s %12s  | direction, JFQ, newly visited, "
              "arcs examined\n",
              "batch", "level", "GPU us A", "GPU us B", "B-A");
  size_t shown = 0;
  for (const report::LevelDiff& l : levels) {
    if (which == "changed" && !levelChanged(l)) {
      continue;
    }
    ++shown;
    const double a = l.a ? l.a->gpuNs / 1e3 : 0.0;
    const double b = l.b ? l.b->gpuNs / 1e3 : 0.0;
    std::printf("  %5u %5u %12.3f %12.3f %+12.3f  |", l.batch, l.level, a, b, b - a);
    if (!l.a || !l.b) {
      std::printf(" only in %s\n", l.a ? "A" : "B");
      continue;
    }
    const auto field = [](const char* name, auto x, auto y) {
      if (x == y) {
        std::printf(" %s %llu", name, static_cast<unsigned long long>(x));
      } else {
        std::printf(" %s %llu -> %llu", name, static_cast<unsigned long long>(x), static_cast<unsigned long long>(y));
      }
    };
    const std::string da(engine::directionName(l.a->direction));
    const std::string db(engine::directionName(l.b->direction));
    std::printf(" %s", da == db ? da.c_str() : (da + " -> " + db).c_str());
    field("jfq", l.a->jfqLength, l.b->jfqLength);
    field("new", l.a->newlyVisited, l.b->newlyVisited);
    field("arcs", l.a->edgesExamined, l.b->edgesExamined);
    std::printf("\n");
  }
  if (shown == 0) {
    std::printf("  every level has the same times and statistics\n");
  }
}

int diffCommand(const DiffOptions& o) {
  report::LoadedReport a;
  report::LoadedReport b;
  try {
    a = report::readReport(o.a);
    b = report::readReport(o.b);
  } catch (const report::ReportVersionError& error) {
    std::fprintf(stderr, "frontier-cli diff: error: %s\n", error.what());
    return 2;
  }
  const report::ReportDiff diff = report::diffReports(a, b);
  std::printf("A: %s (%s, %s)\nB: %s (%s, %s)\n", o.a.c_str(), a.kind.c_str(), a.program.c_str(), o.b.c_str(),
              b.kind.c_str(), b.program.c_str());
  printHeader(diff.header);
  int status = 0;
  for (const report::RunDiff& run : diff.runs) {
    std::printf("\n%s%s%s\n", run.labelA.c_str(), run.labelA == run.labelB ? "" : " vs ",
                run.labelA == run.labelB ? "" : run.labelB.c_str());
    printHeader(run.header);
    std::printf("  %-22s %14s %14s %14s\n", "", "A", "B", "B-A");
    printTime(run.gpu, "ms");
    for (const report::TimeDiff& kernel : run.kernels) {
      printTime(kernel, "ms");
    }
    printLevels(run.levels, o.levels);
    if (o.failAbove >= 0 && run.gpu.percent() > o.failAbove) {
      std::printf("  SLOWER: B's GPU time is %s of A's, above the allowed +%g%%\n", percentText(run.gpu).c_str(),
                  o.failAbove);
      status = 1;
    }
  }
  for (const std::string& label : diff.onlyInA) {
    std::printf("\nonly in A: %s\n", label.c_str());
  }
  if (o.failAbove >= 0 && !diff.onlyInA.empty()) {
    // A gate must not pass because a configuration vanished from B.
    std::printf("  MISSING: %zu run(s) of A have no match in B\n", diff.onlyInA.size());
    status = 1;
  }
  for (const std::string& label : diff.onlyInB) {
    std::printf("\nonly in B: %s\n", label.c_str());
  }
  if (diff.runs.empty()) {
    std::fprintf(stderr, "frontier-cli diff: error: no run of %s matches one of %s (same label, graph and pairs)\n",
                 o.a.c_str(), o.b.c_str());
    return 1;
  }
  return status;
}

void addDiffCommand(CLI::App& app) {
  auto* command = app.add_subcommand(
      "diff", "Differences between two JSON reports (run, comparison or bench): headers, GPU time, per kernel, "
              "per level");
  auto o = std::make_shared<DiffOptions>();
  command->add_option("A", o->a, "The reference report")->required();
  command->add_option("B", o->b, "The report compared with it")->required();
  command
      ->add_option("--fail-above", o->failAbove,
                   "Exit 1 when B's GPU time exceeds A's by more than this percentage (for CI)")
      ->check(CLI::NonNegativeNumber);
  command->add_option("--levels", o->levels, "Levels to print: all (default), changed, none")
      ->check(CLI::IsMember({"all", "changed", "none"}));
  command->callback([o] { guarded("diff", [&] { return diffCommand(*o); }); });
}

const CommandRegistration registration{"diff", 65, addDiffCommand};

} // namespace

} // namespace frontier::cli
