#include "widgets/PseudocodePane.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <span>

#include <QFont>
#include <QListWidget>
#include <QVBoxLayout>

#include "models/Glossary.h"
#include "models/RunModel.h"
#include "models/StepCursor.h"
#include "widgets/KernelPalette.h"

namespace frontier::ui {

namespace {

using engine::KernelKind;

struct CodeLine {
  const char* text;
  const char* word; // the glossary word its tooltip explains ("" for none)
  // The kernel that runs the line (its [tag], the timeline's track), if one does.
  std::optional<KernelKind> kernel;
};

// Indexed by PseudocodePane::Line.
constexpr CodeLine kLines[] = {
    {QT_TRANSLATE_NOOP("PseudocodePane", "for each search s: mark source(s) seen at level 0      [set-sources]"), "",
     KernelKind::SetSources},
    {QT_TRANSLATE_NOOP("PseudocodePane", "repeat, level = 0, 1, 2, …   (one step each)"), "step", std::nullopt},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  JFQ ← vertices some search first saw at this level   [identify]"),
     "identify", KernelKind::Identify},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  searches whose destination is in JFQ stop   [check-destinations]"), "",
     KernelKind::CheckDestinations},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  if JFQ is empty: stop"), "jfq", std::nullopt},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  direction rule: pull if |JFQ| > 0.83·V, else push   [plan]"),
     "direction rule", KernelKind::Plan},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  push: for v in JFQ, u in out(v): BSA'[u] |= BSA[v]   [expand-top-down]"),
     "top-down", KernelKind::ExpandTopDown},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  pull: for v unseen, u in in(v): BSA'[v] |= BSA[u]   [expand-bottom-up]"),
     "bottom-up", KernelKind::ExpandBottomUp},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  BSA ← BSA'; next level"), "bsa", std::nullopt},
};
static_assert(std::size(kLines) == PseudocodePane::LineCount);

// Near-Far's phases for a weighted run, indexed by PseudocodePane::NearFarLine.
constexpr CodeLine kNearFarLines[] = {
    {QT_TRANSLATE_NOOP("PseudocodePane", "for each search s: dist[source(s)] ← 0; near ← {source(s)}   [set-sources]"),
     "", KernelKind::SetSources},
    {QT_TRANSLATE_NOOP("PseudocodePane", "repeat   (one step each), threshold = Δ"), "step", std::nullopt},
    {QT_TRANSLATE_NOOP("PseudocodePane",
                       "  relax: for v in near, u in out(v): dist[u] ← min(dist[u], dist[v] + w(v,u))   [relax]"),
     "near and far", KernelKind::Relax},
    {QT_TRANSLATE_NOOP("PseudocodePane",
                       "  split: improved u with dist[u] < threshold → near, the others → far   [split-buckets]"),
     "near and far", KernelKind::SplitBuckets},
    {QT_TRANSLATE_NOOP("PseudocodePane",
                       "  if near is empty: threshold += Δ; near ← far entries now below it   [split-buckets]"),
     "near and far", KernelKind::SplitBuckets},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  if near and far are empty: stop"), "", std::nullopt},
};
static_assert(std::size(kNearFarLines) == PseudocodePane::NearFarLineCount);

// The search from both ends, indexed by PseudocodePane::BidirLine. Its
// kernels are named on the timeline as the one-way kernels they stand in for.
constexpr CodeLine kBidirLines[] = {
    {QT_TRANSLATE_NOOP("PseudocodePane", "for each pair (s, t): forward seen ← {s}, backward seen ← {t}   [set-sources]"),
     "", KernelKind::SetSources},
    {QT_TRANSLATE_NOOP("PseudocodePane", "repeat, level = 0, 1, 2, …   (one step each; a = forward levels, b = backward)"),
     "step", std::nullopt},
    {QT_TRANSLATE_NOOP("PseudocodePane",
                       "  each pair advances the side whose frontier has fewer arcs (both when close)   [plan]"),
     "", KernelKind::Plan},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  queue the frontier words of the sides that advance   [identify]"), "jfq",
     KernelKind::Identify},
    {QT_TRANSLATE_NOOP("PseudocodePane",
                       "  forward: v in F, u in out(v) → F'[u]; backward: v in B, u in in(v) → B'[u]   [expand-top-down]"),
     "top-down", KernelKind::ExpandTopDown},
    {QT_TRANSLATE_NOOP("PseudocodePane",
                       "  new vertex the other side saw: length a+b+1 (a+b+2 when new to both); "
                       "a side with nothing new: unreachable   [check-destinations]"),
     "", KernelKind::CheckDestinations},
};
static_assert(std::size(kBidirLines) == PseudocodePane::BidirLineCount);

std::span<const CodeLine> linesOf(PseudocodePane::Listing listing) {
  switch (listing) {
  case PseudocodePane::Listing::NearFar: return kNearFarLines;
  case PseudocodePane::Listing::Bidir: return kBidirLines;
  case PseudocodePane::Listing::Ibfs: break;
  }
  return kLines;
}

} // namespace

PseudocodePane::PseudocodePane(RunModel* run, StepCursor* cursor, QWidget* parent)
    : QWidget(parent), m_run(run), m_cursor(cursor), m_list(new QListWidget) {
  setObjectName(QStringLiteral("pseudocode"));
  QFont mono(QStringLiteral("monospace"));
  mono.setStyleHint(QFont::Monospace);
  m_list->setFont(mono);
  m_list->setSelectionMode(QAbstractItemView::SingleSelection);
  m_list->setFocusPolicy(Qt::NoFocus); // a picture of the code, not a control
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(m_list);
  connect(m_cursor, &StepCursor::moved, this, &PseudocodePane::update);
  connect(m_run, &RunModel::cleared, this, &PseudocodePane::update);
  connect(m_run, &RunModel::kernelSelectionChanged, this, &PseudocodePane::showLink);
  connect(m_list, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
    // A click picks the line's kernel for the timeline; a line without one,
    // or the picked line again, drops the pick.
    const std::optional<engine::KernelKind> kernel = linesOf(m_listing)[static_cast<size_t>(m_list->row(item))].kernel;
    const bool again = m_list->row(item) == m_linkedRow;
    m_list->setCurrentRow(m_executingRow); // the highlight stays on the line the step ran
    m_run->selectKernel(again ? std::nullopt : kernel);
  });
  update();
}

void PseudocodePane::showListing(Listing listing) {
  if (m_list->count() > 0 && listing == m_listing) {
    return;
  }
  m_listing = listing;
  m_list->clear();
  for (const CodeLine& line : linesOf(listing)) {
    auto* item = new QListWidgetItem(tr(line.text), m_list);
    item->setToolTip(explain(QString::fromLatin1(line.word)));
  }
}

void PseudocodePane::update() {
  // A weighted run is Near-Far's loop, a search from both ends the two-sided
  // loop, the others iBFS's level loop.
  const engine::RunTrace& trace = m_run->trace();
  showListing(trace.algorithm == "sssp" ? Listing::NearFar : trace.twoSided ? Listing::Bidir : Listing::Ibfs);
  m_executingRow = executingRow();
  m_list->setCurrentRow(m_executingRow);
  showLink();
}

int PseudocodePane::executingRow() {
  const int step = m_cursor->step();
  const bool shown = step >= 0 && step < m_run->iterationCount();
  m_current = Sources;
  if (m_listing == Listing::Bidir) {
    // A step ends with the meeting check; the last step of a finished run is
    // where the last pairs met or ran out, the others show their expand.
    const bool last = shown && step + 1 == m_run->iterationCount() && m_run->finished();
    m_currentBidir = !shown ? BidirSources : last ? BidirMeet : BidirExpand;
    return m_currentBidir;
  }
  if (m_listing == Listing::NearFar) {
    // The phase the shown step was in: relaxing the near bucket, moving the
    // threshold on when only far entries were left, or done.
    m_currentNearFar = NearFarSources;
    if (shown) {
      const engine::IterationStats& it = m_run->iteration(step);
      m_currentNearFar = it.nearSize > 0 ? NearFarRelax : it.farSize > 0 ? NearFarAdvance : NearFarStop;
    }
    return m_currentNearFar;
  }
  // The line the shown step ended on: its expand in the direction it took,
  // or the stop when identify found nothing.
  if (shown) {
    const engine::IterationStats& it = m_run->iteration(step);
    m_current = it.jfqLength == 0 ? Stop : it.direction == engine::Direction::BottomUp ? BottomUp : TopDown;
  }
  return m_current;
}

void PseudocodePane::showLink() {
  // The line that names the picked kernel: the executing one when it does
  // (Near-Far's split runs on two lines), else the first.
  const std::optional<engine::KernelKind> kernel = m_run->selectedKernel();
  const std::span<const CodeLine> lines = linesOf(m_listing);
  m_linkedRow = -1;
  if (kernel) {
    if (lines[static_cast<size_t>(m_executingRow)].kernel == kernel) {
      m_linkedRow = m_executingRow;
    } else {
      const auto named = std::find_if(lines.begin(), lines.end(), [&](const CodeLine& l) { return l.kernel == kernel; });
      m_linkedRow = named == lines.end() ? -1 : static_cast<int>(named - lines.begin());
    }
  }
  for (int row = 0; row < m_list->count(); ++row) {
    QListWidgetItem* item = m_list->item(row);
    QFont font = m_list->font();
    font.setBold(row == m_linkedRow);
    item->setFont(font);
    // In the kernel's colour, as its track on the timeline.
    QColor swatch = kernel ? kernelColor(*kernel) : QColor();
    swatch.setAlpha(90);
    item->setBackground(row == m_linkedRow ? QBrush(swatch) : QBrush());
  }
}

} // namespace frontier::ui
