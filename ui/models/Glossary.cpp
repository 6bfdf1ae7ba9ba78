#include "models/Glossary.h"

#include <QObject>
#include <QStringList>

namespace frontier::ui {

namespace {

std::vector<GlossaryEntry> makeGlossary() {
  const auto tr = [](const char* text) { return QObject::tr(text); };
  return {
      {tr("BFS (breadth-first search)"),
       {QStringLiteral("bfs")},
       tr("Finds the fewest edges (hops) from a source to every vertex, level by level: first the source's "
          "neighbours, then their neighbours, and so on.")},
      {tr("Level"),
       {QStringLiteral("level"), QStringLiteral("visited (by level)")},
       tr("A vertex's distance in hops from the source: the source is level 0, its neighbours level 1. "
          "One step of the search handles one level.")},
      {tr("Step"),
       {QStringLiteral("step"), QStringLiteral("iteration")},
       tr("One round of the search: identify the frontier, then expand it. Step 1 handles level 0 (the "
          "sources).")},
      {tr("Frontier"),
       {QStringLiteral("frontier")},
       tr("The vertices a search reached in the latest level: the ones whose neighbours are looked at next.")},
      {tr("Unvisited"),
       {QStringLiteral("unvisited"), QStringLiteral("unreached"), QStringLiteral("reached by no search")},
       tr("Not reached yet: no path of the levels searched so far leads there (or none at all).")},
      {tr("Near and far (shortest paths)"),
       {QStringLiteral("near bucket"), QStringLiteral("far pile"), QStringLiteral("settled (by distance)"),
        QStringLiteral("near-far")},
       tr("The weighted search keeps reached vertices in two heaps: near ones (distance below a threshold) are "
          "handled now, far ones later. A settled vertex's distance is final.")},
      {tr("iBFS (many searches at once)"),
       {QStringLiteral("ibfs"), QStringLiteral("searches"), QStringLiteral("reached by n searches")},
       tr("Runs many BFS searches (one per pair of source and destination) together, so that a vertex "
          "several searches reach is read once for all of them.")},
      {tr("JFQ (joint frontier queue)"),
       {QStringLiteral("jfq"), QStringLiteral("jfq length"), QStringLiteral("in the jfq (other searches)")},
       tr("The list of vertices that are on the frontier of at least one search. Each vertex is in it once, "
          "however many searches reached it.")},
      {tr("Status arrays (BSA, bitwise status arrays)"),
       {QStringLiteral("bsa"), QStringLiteral("status arrays")},
       tr("One bit per search for every vertex: set when that search has reached the vertex. Two copies, "
          "this level's and the next, show what each level added.")},
      {tr("Identify"),
       {QStringLiteral("identify")},
       tr("The first half of a step: compares the two status arrays to find the vertices some search "
          "reached in the last level, and writes them to the JFQ.")},
      {tr("Expand"),
       {QStringLiteral("expand")},
       tr("The second half of a step: the frontier's vertices pass their searches' bits on to their "
          "neighbours, which is how the searches reach the next level.")},
      {tr("Top-down (push)"),
       {QStringLiteral("top-down"), QStringLiteral("expand-top-down")},
       tr("Expand from the frontier outwards: every frontier vertex pushes to each of its neighbours. Cheap "
          "while the frontier is small.")},
      {tr("Bottom-up (pull)"),
       {QStringLiteral("bottom-up"), QStringLiteral("expand-bottom-up")},
       tr("Expand from the other side: every vertex not yet reached asks its neighbours whether one is on the "
          "frontier, and stops at the first yes. Cheap when the frontier is most of the graph.")},
      {tr("Direction rule"),
       {QStringLiteral("direction"), QStringLiteral("direction rule")},
       tr("Decides per step between top-down and bottom-up: pull when the JFQ holds a large share of the "
          "vertices (0.83 of them by default), push otherwise.")},
      {tr("Newly visited"),
       {QStringLiteral("newly visited")},
       tr("How many (vertex, search) pairs were reached for the first time in a step: a vertex reached by 5 "
          "searches counts 5.")},
      {tr("Edges examined"),
       {QStringLiteral("edges examined")},
       tr("How many edges a step's expand read. Bottom-up steps can read fewer, because a vertex stops at its "
          "first neighbour on the frontier.")},
      {tr("Batch"),
       {QStringLiteral("batch")},
       tr("The searches that run together. More pairs than one batch holds run as several batches, one "
          "after the other.")},
      {tr("Kernel"),
       {QStringLiteral("kernel"), QStringLiteral("dispatch")},
       tr("A program the GPU runs on many threads at once; the timeline shows one bar per kernel run "
          "(dispatch).")},
      {tr("Search from both ends (bidir)"),
       {QStringLiteral("bidir"), QStringLiteral("two-sided"), QStringLiteral("visited from the source (by hops)"),
        QStringLiteral("source side's frontier"), QStringLiteral("visited from the destination"),
        QStringLiteral("destination side's frontier"), QStringLiteral("where the two sides met"),
        QStringLiteral("selected pair's frontiers")},
       tr("A pair is searched from its source (forward, along the edges) and from its destination (backward, "
          "against them) at once. Each step advances the side whose frontier has fewer edges, or both when "
          "they are close. When a new vertex of one side was already reached by the other, the sides have "
          "met: the length is the hops from the source plus the hops to the destination. Two small "
          "searches instead of one large one: far fewer edges on graphs with hubs.")},
      {tr("Hops and weighted distance"),
       {QStringLiteral("hops"), QStringLiteral("distance")},
       tr("BFS counts edges (hops) and ignores weights. On a road map the shortest route in metres can use "
          "more edges; the shortest-path algorithms find that one.")},
  };
}

} // namespace

const std::vector<GlossaryEntry>& glossary() {
  static const std::vector<GlossaryEntry> entries = makeGlossary();
  return entries;
}

QString explain(const QString& word) {
  const QString key = word.trimmed().toLower();
  for (const GlossaryEntry& entry : glossary()) {
    if (entry.term.toLower() == key || entry.aliases.contains(key)) {
      return entry.text;
    }
  }
  return {};
}

QString explainKernel(engine::KernelKind kind) {
  using engine::KernelKind;
  switch (kind) {
  case KernelKind::Clear:
    return QObject::tr("Clears the status arrays and counters before a batch.");
  case KernelKind::SetSources:
    return QObject::tr("Marks each search's source as reached (level 0).");
  case KernelKind::CheckDestinations:
    return QObject::tr("Checks which searches have reached their destination; those stop and keep their length.");
  case KernelKind::Identify:
    return explain(QStringLiteral("identify"));
  case KernelKind::Plan:
    return QObject::tr("Picks the next step's direction (the direction rule) and sizes its kernels, on the GPU.");
  case KernelKind::ExpandTopDown:
    return explain(QStringLiteral("top-down"));
  case KernelKind::ExpandBottomUp:
    return explain(QStringLiteral("bottom-up"));
  case KernelKind::Scan:
    return QObject::tr("Adds up counts (a prefix sum) so that each thread knows where to write in the JFQ.");
  case KernelKind::Compact:
    return QObject::tr("Packs the queue's entries together, without gaps or repeats.");
  case KernelKind::Relax:
    return QObject::tr("Shortest paths: tries every edge of the near vertices and keeps any shorter distance.");
  case KernelKind::SplitBuckets:
    return QObject::tr("Shortest paths: sorts the reached vertices into near (handled next) and far (later).");
  case KernelKind::Readback:
    return QObject::tr("Copies results from the GPU to the computer's memory.");
  case KernelKind::Components:
    return QObject::tr("Labels each vertex with its connected component, so that pairs in different components "
                       "are answered unreachable without a search (once per graph).");
  case KernelKind::Count_:
    break;
  }
  return {};
}

QString strategyForStudents(std::string_view name) {
  if (name == "workgroups") {
    return QObject::tr("The simplest way: groups of 32 searches, each group on its own part of the GPU, every "
                       "thread walking its share of the vertices and edges.");
  }
  if (name == "coalesced") {
    return QObject::tr("Keeps all the searches' bits of one vertex side by side in memory, so the GPU reads "
                       "them in one go; the fastest way to push (top-down).");
  }
  if (name == "coalesced-bottom-up") {
    return QObject::tr("Like coalesced, but switches to pulling (bottom-up) when the frontier covers most of "
                       "the graph, using the direction rule.");
  }
  if (name == "tuned") {
    return QObject::tr("Looks at the graph and the number of pairs and picks the engine's switches itself.");
  }
  return {};
}

} // namespace frontier::ui
