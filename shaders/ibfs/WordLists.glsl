// Word lists (`worklist`, vertex-major layout): the unit of work is one
// status word (vertex v, word w), its index v * W + w, instead of a vertex's
// W words. The expand puts each word of S_{k+1} it changes on the list of
// identify(k + 1) once: the invocation whose atomic OR returns the word's
// value of S_k (kept in `current`, which equals `next` for every word when
// the expand starts) made the first change of the level, later ones see
// that change. The list lives in `touched` (pc.listCapacity words; count in
// control[kIbfsControlTouchedCount + parity], reset by the destination
// check); a list that overflows, or level 0, makes identify sweep every word.

// Places on the list are claimed on its count (NEXT_TOUCHED_COUNT,
// IbfsCommon.glsl), all of an invocation's words at once: by the
// workgroup for the last arc batch of a word (WorkgroupClaims.glsl), by
// the subgroup for earlier ones (claimTouched). putOnList writes the word
// `index` at place `at`. Past the capacity only the count grows: the next
// identify sweeps every word.
void putOnList(uint at, uint index) {
  if (at < pc.listCapacity) {
    touched(at) = index;
  }
}
