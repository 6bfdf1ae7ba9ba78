#!/usr/bin/env bash
# check-runner.sh ROOT SCRATCH_DIR: builds tests/runner (deliberately failing,
# crashing and skipping tests) and runs each scenario through the runner of
# scripts/test (run_ctest + scripts/test-report). Prints "ok <scenario>" when
# the runner judged it right and "NOT OK <scenario>" otherwise; exits 1 if
# any scenario was misjudged.
set -uo pipefail
ROOT=$1
SCRATCH=$2
source "$ROOT/scripts/lib.sh"
mkdir -p "$SCRATCH"
if ! { [ -f "$SCRATCH/build/build.ninja" ] || cmake -S "$ROOT/tests/runner" -B "$SCRATCH/build" -G Ninja >"$SCRATCH/configure.log" 2>&1; } ||
   ! cmake --build "$SCRATCH/build" >"$SCRATCH/build.log" 2>&1; then
  cat "$SCRATCH/configure.log" "$SCRATCH/build.log" 2>/dev/null | tail -30
  echo "NOT OK the scratch project builds"
  exit 1
fi

bad=0
declare -A MINIMUM=()
CTEST_ARGS=""
# scenario NAME KIND EXPECTED_STATUS PATTERN [ctest args]: the report's exit
# status and a line it must print.
scenario() {
  local name=$1 kind=$2 expected=$3 pattern=$4
  shift 4
  LOG_DIR="$SCRATCH/$name"
  rm -rf "$LOG_DIR"
  mkdir -p "$LOG_DIR"
  report_args=()
  run_ctest "$kind" "$SCRATCH/build" "$@" >/dev/null 2>&1
  python3 "$ROOT/scripts/test-report" "${report_args[@]}" --qtest ui >"$LOG_DIR/report.txt" 2>&1
  local status=$?
  if [ "$status" -eq "$expected" ] && grep -qE "$pattern" "$LOG_DIR/report.txt"; then
    echo "ok $name"
  else
    echo "NOT OK $name (report exited $status, expected $expected; wanted a line matching '$pattern'):"
    sed 's/^/    /' "$LOG_DIR/report.txt"
    bad=1
  fi
}

scenario "a passing run lists its skip with the reason" gpu 0 'SKIPPED \[gpu\] Skip.WithReason: needs a device with 64-bit atomics' -R '^(Passes|Skip)\.'
scenario "a crashing test fails the run" gpu 1 'FAILED  \[gpu\] Crash.Aborts' -R '^(Passes|Crash)\.'
scenario "a skip followed by a failure is a failure" gpu 1 'FAILED  \[gpu\] SkipThenFail.TearDownFails' -R '^SkipThenFail\.'
scenario "a QTest program that skips one function and fails another fails" ui 1 'FAILED  \[ui\] Mixed::fails' -R '^runner_qtest_mixed$'
scenario "a QTest skip is listed by function" ui 1 'SKIPPED \[ui\] Mixed::skipped: no data' -R '^runner_qtest_mixed$'
scenario "a program skipped from initTestCase fails" ui 1 'FAILED  \[ui\] InitSkip::initTestCase' -R '^runner_qtest_init_skip$'
scenario "an empty test list fails" gpu 1 'FAILED  \[gpu\] ctest: CTest exited' -R '^no-such-test$'
MINIMUM[gpu]=5
scenario "fewer tests than declared fails" gpu 1 'FAILED  \[gpu\] \(minimum\)' -R '^Passes\.'
exit $bad
