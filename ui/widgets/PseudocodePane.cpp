#include "widgets/PseudocodePane.h"

#include <algorithm>
#include <iterator>

#include <QFont>
#include <QListWidget>
#include <QVBoxLayout>

#include "models/Glossary.h"
#include "models/RunModel.h"
#include "models/StepCursor.h"

namespace frontier::ui {

namespace {

struct CodeLine {
  const char* text;
  const char* word; // the glossary word its tooltip explains ("" for none)
};

// Indexed by PseudocodePane::Line.
constexpr CodeLine kLines[] = {
    {QT_TRANSLATE_NOOP("PseudocodePane", "for each search s: mark source(s) seen at level 0      [set-sources]"), ""},
    {QT_TRANSLATE_NOOP("PseudocodePane", "repeat, level = 0, 1, 2, …   (one step each)"), "step"},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  JFQ ← vertices some search first saw at this level   [identify]"),
     "identify"},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  searches whose destination is in JFQ stop   [check-destinations]"), ""},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  if JFQ is empty: stop"), "jfq"},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  direction rule: pull if |JFQ| > 0.83·V, else push   [plan]"),
     "direction rule"},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  push: for v in JFQ, u in out(v): BSA'[u] |= BSA[v]   [expand-top-down]"),
     "top-down"},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  pull: for v unseen, u in in(v): BSA'[v] |= BSA[u]   [expand-bottom-up]"),
     "bottom-up"},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  BSA ← BSA'; next level"), "bsa"},
};
static_assert(std::size(kLines) == PseudocodePane::LineCount);

// Near-Far's phases for a weighted run, indexed by PseudocodePane::NearFarLine.
constexpr CodeLine kNearFarLines[] = {
    {QT_TRANSLATE_NOOP("PseudocodePane", "for each search s: dist[source(s)] ← 0; near ← {source(s)}   [set-sources]"),
     ""},
    {QT_TRANSLATE_NOOP("PseudocodePane", "repeat   (one step each), threshold = Δ"), "step"},
    {QT_TRANSLATE_NOOP("PseudocodePane",
                       "  relax: for v in near, u in out(v): dist[u] ← min(dist[u], dist[v] + w(v,u))   [relax]"),
     "near and far"},
    {QT_TRANSLATE_NOOP("PseudocodePane",
                       "  split: improved u with dist[u] < threshold → near, the others → far   [split-buckets]"),
     "near and far"},
    {QT_TRANSLATE_NOOP("PseudocodePane",
                       "  if near is empty: threshold += Δ; near ← far entries now below it   [split-buckets]"),
     "near and far"},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  if near and far are empty: stop"), ""},
};
static_assert(std::size(kNearFarLines) == PseudocodePane::NearFarLineCount);

// The search from both ends, indexed by PseudocodePane::BidirLine. Its
// kernels are named on the timeline as the one-way kernels they stand in for.
constexpr CodeLine kBidirLines[] = {
    {QT_TRANSLATE_NOOP("PseudocodePane", "for each pair (s, t): forward seen ← {s}, backward seen ← {t}   [set-sources]"),
     ""},
    {QT_TRANSLATE_NOOP("PseudocodePane", "repeat, level = 0, 1, 2, …   (one step each; a = forward levels, b = backward)"),
     "step"},
    {QT_TRANSLATE_NOOP("PseudocodePane",
                       "  each pair advances the side whose frontier has fewer arcs (both when close)   [plan]"),
     ""},
    {QT_TRANSLATE_NOOP("PseudocodePane", "  queue the frontier words of the sides that advance   [identify]"), "jfq"},
    {QT_TRANSLATE_NOOP("PseudocodePane",
                       "  forward: v in F, u in out(v) → F'[u]; backward: v in B, u in in(v) → B'[u]   [expand-top-down]"),
     "top-down"},
    {QT_TRANSLATE_NOOP("PseudocodePane",
                       "  new vertex the other side saw: length a+b+1 (a+b+2 when new to both); "
                       "a side with nothing new: unreachable   [check-destinations]"),
     ""},
};
static_assert(std::size(kBidirLines) == PseudocodePane::BidirLineCount);

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
  update();
}

void PseudocodePane::showListing(Listing listing) {
  if (m_list->count() > 0 && listing == m_listing) {
    return;
  }
  m_listing = listing;
  m_list->clear();
  const auto add = [this](const CodeLine& line) {
    auto* item = new QListWidgetItem(tr(line.text), m_list);
    item->setToolTip(explain(QString::fromLatin1(line.word)));
  };
  switch (listing) {
  case Listing::NearFar: std::for_each(std::begin(kNearFarLines), std::end(kNearFarLines), add); break;
  case Listing::Bidir: std::for_each(std::begin(kBidirLines), std::end(kBidirLines), add); break;
  case Listing::Ibfs: std::for_each(std::begin(kLines), std::end(kLines), add); break;
  }
}

void PseudocodePane::update() {
  // A weighted run is Near-Far's loop, a search from both ends the two-sided
  // loop, the others iBFS's level loop.
  const engine::RunTrace& trace = m_run->trace();
  showListing(trace.algorithm == "sssp" ? Listing::NearFar : trace.twoSided ? Listing::Bidir : Listing::Ibfs);
  const int step = m_cursor->step();
  const bool shown = step >= 0 && step < m_run->iterationCount();
  if (m_listing == Listing::Bidir) {
    // A step ends with the meeting check; the last step of a finished run is
    // where the last pairs met or ran out, the others show their expand.
    const bool last = shown && step + 1 == m_run->iterationCount() && m_run->finished();
    m_currentBidir = !shown ? BidirSources : last ? BidirMeet : BidirExpand;
    m_current = Sources;
    m_list->setCurrentRow(m_currentBidir);
    return;
  }
  if (m_listing == Listing::NearFar) {
    // The phase the shown step was in: relaxing the near bucket, moving the
    // threshold on when only far entries were left, or done.
    m_currentNearFar = NearFarSources;
    if (shown) {
      const engine::IterationStats& it = m_run->iteration(step);
      m_currentNearFar = it.nearSize > 0 ? NearFarRelax : it.farSize > 0 ? NearFarAdvance : NearFarStop;
    }
    m_current = Sources;
    m_list->setCurrentRow(m_currentNearFar);
    return;
  }
  // The line the shown step ended on: its expand in the direction it took,
  // or the stop when identify found nothing.
  if (!shown) {
    m_current = Sources;
  } else {
    const engine::IterationStats& it = m_run->iteration(step);
    m_current = it.jfqLength == 0 ? Stop : it.direction == engine::Direction::BottomUp ? BottomUp : TopDown;
  }
  m_list->setCurrentRow(m_current);
}

} // namespace frontier::ui
