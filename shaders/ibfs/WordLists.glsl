// Word lists (`worklist`, vertex-major layout): the unit of work is one
// status word (vertex v, word w), its index v * W + w, instead of a vertex's
// W words. The expand puts each word of S_{k+1} it changes on the list of
// identify(k + 1) once: the invocation whose atomic OR returns the word's
// value of S_k (kept in `current`, which equals `next` for every word when
// the expand starts) made the first change of the level, later ones see
// that change. The list lives in `touched` (pc.listCapacity words; count in
// control[kIbfsControlTouchedCount + parity], reset by the destination
// check); a list that overflows, or level 0, makes identify sweep every word.

// Puts the word `index` on the list for identify(level + 1) when `want`.
// Any control flow: one atomic per subgroup over the active invocations.
void listWord(uint index, bool want) {
  const uvec4 ballot = subgroupBallot(want);
  const uint count = subgroupBallotBitCount(ballot);
  if (count == 0) {
    return;
  }
  const uint first = subgroupBallotFindLSB(ballot);
  uint base = 0;
  if (gl_SubgroupInvocationID == first) {
    base = atomicAdd(control[kIbfsControlTouchedCount + ((pc.level + 1u) & 1u)], count);
  }
  base = subgroupShuffle(base, first);
  const uint at = base + subgroupBallotExclusiveBitCount(ballot);
  if (want && at < pc.listCapacity) {
    touched(at) = index;  // past the capacity only the count grows: the next identify sweeps
  }
}
