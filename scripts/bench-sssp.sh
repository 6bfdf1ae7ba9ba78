#!/usr/bin/env bash
# The shortest-path table of docs/BENCHMARKS.md ("Weighted shortest paths")
# on one device, in one command: for each road graph, CPU Dijkstra (binary
# heap, one thread) and the GPU engine's Near-Far (several delta and B),
# Delta-Stepping and Bellman-Ford, every length checked against Dijkstra.
#
#   scripts/bench-sssp.sh [frontier-cli sssp-bench options, e.g. --device 0 --queries 256]
#
#   PAIRS=N              random pairs per graph (default 1024)
#   OUT=FILE             where the Markdown goes (default sssp-bench-<date>.md; also on stdout)
#   FRONTIER_CLI=PATH    the frontier-cli to use (default build/bin/frontier-cli, built without
#                        the GUI when missing)
#   FRONTIER_DATA_DIR    the real graphs (default ../shared/data)
#
# A few minutes on an H100 with the defaults; exits non-zero when any length
# differs from Dijkstra's.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLI="${FRONTIER_CLI:-$ROOT/build/bin/frontier-cli}"
DATA="${FRONTIER_DATA_DIR:-$ROOT/../shared/data}"
PAIRS="${PAIRS:-1024}"
OUT="${OUT:-sssp-bench-$(date +%Y%m%d-%H%M%S).md}"

if [ ! -x "$CLI" ]; then
  cmake -S "$ROOT" -B "$ROOT/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DFRONTIER_BUILD_GUI=OFF \
    -DFRONTIER_BUILD_TESTS=OFF >&2
  cmake --build "$ROOT/build" --target frontier-cli >&2
fi
for file in amsterdam-roads.gr luxembourg_osm.mtx; do
  [ -f "$DATA/$file" ] || { echo "error: $DATA/$file not found (set FRONTIER_DATA_DIR)" >&2; exit 1; }
done

status=0
if ! {
  echo "## Weighted shortest paths: $("$CLI" devices 2>/dev/null | sed -n 's/^\* \[[0-9]*\] //p' | head -1)"
  echo
  echo "frontier-cli $("$CLI" --version | sed 's/^frontier-cli //'), $PAIRS random pairs per graph (seed 1), $(date -u +%Y-%m-%d)."
  echo
  echo "### amsterdam-roads.gr (DIMACS, road distances)"
  echo
  "$CLI" sssp-bench "$DATA/amsterdam-roads.gr" --pairs "random:$PAIRS" --seed 1 "$@" || status=1
  echo
  echo "### luxembourg_osm.mtx (road network, random integer weights 1..1000)"
  echo
  "$CLI" sssp-bench "$DATA/luxembourg_osm.mtx" --random-weights 1000 --pairs "random:$PAIRS" --seed 1 "$@" || status=1
  exit $status
} | tee "$OUT"; then
  status=1
fi
echo "wrote $OUT" >&2
exit $status
