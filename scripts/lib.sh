# Shared by scripts/run and scripts/test: install what is missing, then build.
# Sourced, not run. Works as root and through sudo; idempotent and quick when
# nothing changed.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${FRONTIER_BUILD_DIR:-$ROOT/build}"

# Debian 12 packages the build, the tests, the GUI and the package (man pages
# by help2man, the validators of the desktop entry and the metainfo, and
# dpkg-shlibdeps and file for CPack's dependencies) need.
PACKAGES=(
  build-essential cmake ninja-build pkg-config git
  clang libclang-rt-14-dev
  qt6-base-dev qt6-charts-dev qt6-svg-dev
  libvulkan-dev glslang-tools spirv-tools mesa-vulkan-drivers vulkan-validationlayers vulkan-tools
  libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev zlib1g-dev
  xvfb xauth fonts-dejavu-core python3
  help2man desktop-file-utils appstream dpkg-dev file
)

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

install_missing_packages() {
  local missing=() p
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "Installing missing packages: ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      echo "error: not root and no sudo; install these packages first: ${missing[*]}" >&2
      return 1
    fi
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
}

# build [extra cmake args...]: configure once, then an incremental build.
build() {
  local werror=OFF
  [ -n "${CI:-}" ] && werror=ON
  if [ ! -f "$BUILD_DIR/build.ninja" ] || [ "$werror" != "$(cat "$BUILD_DIR/.werror" 2>/dev/null)" ]; then
    say "Configuring $BUILD_DIR"
    cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DFRONTIER_WERROR="$werror" "$@"
    echo "$werror" > "$BUILD_DIR/.werror"
  fi
  say "Building"
  cmake --build "$BUILD_DIR" -j "$(nproc)"
}

# run_ctest KIND BUILD_DIR [ctest args...]: one kind of tests under Xvfb,
# logged to $LOG_DIR/KIND.{log,xml}; appends the JUnit file, CTest's own exit
# status and the kind's minimum (MINIMUM[KIND], unless CTEST_ARGS filters) to
# the array report_args for scripts/test-report. Used by scripts/test and by
# tests/runner/check-runner.sh, so the runner is checked as it runs.
run_ctest() {
  local kind=$1 dir=$2
  shift 2
  say "Running $kind tests"
  # shellcheck disable=SC2086
  xvfb-run -a -s "-screen 0 1920x1080x24" \
    ctest --test-dir "$dir" -j "$(nproc)" --output-on-failure --no-tests=error \
    --output-junit "$LOG_DIR/$kind.xml" "$@" ${CTEST_ARGS:-} 2>&1 | tee "$LOG_DIR/$kind.log"
  local status=${PIPESTATUS[0]}
  report_args+=(--junit "$kind=$LOG_DIR/$kind.xml" --status "$kind=$status")
  if [ -z "${CTEST_ARGS:-}" ] && [ -n "${MINIMUM[$kind]:-}" ]; then
    report_args+=(--min "$kind=${MINIMUM[$kind]}")
  fi
}
