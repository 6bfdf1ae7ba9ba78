#pragma once
// The algorithm beside the pictures: the iBFS level loop (identify, the
// destination check, the direction rule, top-down and bottom-up expand) in
// short pseudocode, with the line the shown step ended on highlighted; for a
// weighted run (shortest paths) Near-Far's phases instead (relax the near
// bucket, split into near and far, move the threshold on, stop), with the
// phase the shown step was in highlighted; for a search from both ends
// (`bidir`) its two-sided level loop, with the meeting rule. It
// follows the StepCursor, so Step, Back, Forward, the scrubber and chart or
// timeline clicks move the highlight; each line names the kernel that runs it
// (the names on the timeline). Clicking such a line picks its kernel
// (RunModel::selectKernel), whose dispatches of the shown step the timeline
// marks; a dispatch clicked on the timeline marks the line that runs it (in
// bold, in the kernel's colour). The highlight stays on the executing line.
//
// Thread affinity: GUI thread.

#include <QWidget>

class QListWidget;

namespace frontier::ui {

class RunModel;
class StepCursor;

class PseudocodePane : public QWidget {
  Q_OBJECT
public:
  enum Line { Sources, Loop, Identify, Check, Stop, Rule, TopDown, BottomUp, Next, LineCount };
  enum NearFarLine {
    NearFarSources,
    NearFarLoop,
    NearFarRelax,
    NearFarSplit,
    NearFarAdvance,
    NearFarStop,
    NearFarLineCount
  };

  enum BidirLine { BidirSources, BidirLoop, BidirPlan, BidirQueue, BidirExpand, BidirMeet, BidirLineCount };
  enum class Listing { Ibfs, NearFar, Bidir };

  PseudocodePane(RunModel* run, StepCursor* cursor, QWidget* parent = nullptr);

  // The highlighted line of the iBFS listing (Sources while another is shown).
  Line current() const noexcept { return m_current; }
  // Near-Far's listing is shown (the run is weighted), and its highlighted line.
  bool showsNearFar() const noexcept { return m_listing == Listing::NearFar; }
  NearFarLine currentNearFar() const noexcept { return m_currentNearFar; }
  // The two-sided listing is shown (the run searches from both ends), and its line.
  bool showsBidir() const noexcept { return m_listing == Listing::Bidir; }
  BidirLine currentBidir() const noexcept { return m_currentBidir; }
  QListWidget* list() const noexcept { return m_list; }
  // The line marked as running the picked kernel, -1 when none is picked.
  int linkedRow() const noexcept { return m_linkedRow; }

private:
  void update();
  void showListing(Listing listing); // fills the list when the listing changes
  int executingRow();                // of the shown step; sets the current line fields
  void showLink();                   // marks the line of the picked kernel

  RunModel* m_run;
  StepCursor* m_cursor;
  QListWidget* m_list;
  Line m_current = Sources;
  NearFarLine m_currentNearFar = NearFarSources;
  BidirLine m_currentBidir = BidirSources;
  Listing m_listing = Listing::Ibfs;
  int m_executingRow = 0;
  int m_linkedRow = -1;
};

} // namespace frontier::ui
