// A vote per team of W invocations (one vertex's words) in a strided loop
// of a 256-invocation workgroup, with one barrier per iteration: the team's
// invocations cast bits into their slot before the barrier, and after it
// one invocation takes the vote (the team's first, or in the update
// invocation t for team t), which empties the slot. Two
// buffers by iteration parity, so a slot is written again only after the
// next barrier, when its taker has read it. Included by bidir_queue.comp and
// bidir_update.comp after BidirCommon.glsl.
#ifndef FRONTIER_TEAM_VOTES_GLSL
#define FRONTIER_TEAM_VOTES_GLSL

shared uint sVote[2][256];

// Every invocation, before the loop and a barrier.
void clearVotes() {
  sVote[0][gl_LocalInvocationID.x] = 0;
  sVote[1][gl_LocalInvocationID.x] = 0;
}

void castVote(uint round, uint team, uint bits) { atomicOr(sVote[round & 1u][team], bits); }

// After the iteration's barrier: the vote of `team`, taken by one
// invocation, which empties the slot.
uint takeTeamVote(uint round, uint team) {
  const uint vote = sVote[round & 1u][team];
  sVote[round & 1u][team] = 0;
  return vote;
}

// After the iteration's barrier: the vote for the team's first invocation
// (`lane` 0), 0 for the others.
uint takeVote(uint round, uint team, uint lane) { return lane == 0 ? takeTeamVote(round, team) : 0u; }

#endif
