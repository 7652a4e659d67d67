#!/usr/bin/env bash
# The whole test suite, as `make test` runs it (dependencies are installed
# by the Makefile first). Stages:
#   1. build (RelWithDebInfo, -Werror) and run every ctest test: unit tests,
#      black-box CLI tests and the live tests (root: real memory cgroups and
#      real OOM kills, one at a time); then the cgroup v2 scenarios in a small
#      qemu VM (tests/vm/README.md); then the real engines: a single-node
#      Slurm and dockerd started by the tests (tests/engines/README.md);
#   2. an AddressSanitizer + UndefinedBehaviorSanitizer build of the unit and
#      CLI tests;
#   3. a bounded libFuzzer run (clang-14, scripts/fuzz.sh) of the log parser,
#      the record reader, the prefix and gzip readers and the input parsers.
# Under CI=true nothing may skip for want of privileges or tools.
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-$(nproc)}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
t0=$(date +%s)
# ccache (when installed) lets the three builds reuse an earlier run's
# objects, also from another clone: paths under this tree are hashed
# relative to it. CMake takes the launcher from the environment when it
# first configures a build tree. OOMLENS_NO_CCACHE=1 turns it off.
if [ -z "${OOMLENS_NO_CCACHE:-}" ] && command -v ccache >/dev/null; then
  export CMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER:-ccache}
  export CMAKE_C_COMPILER_LAUNCHER=${CMAKE_C_COMPILER_LAUNCHER:-ccache}
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
  export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-20G}
fi
# Each stage line carries the seconds since the start, so a slow stage shows.
stage() { printf '\n=== [%ss] %s\n' "$(( $(date +%s) - t0 ))" "$*"; }

stage "1/3 build and test (build/)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$JOBS"
[ -x build/tests/oomlens_tests ] || { echo "run-tests: GoogleTest missing, tests not built" >&2; exit 1; }
(cd build && ctest --output-on-failure -j "$JOBS")

stage "vm: cgroup v2 scenarios in a qemu VM booting Debian's cloud kernel (build/vm/)"
bash scripts/vm/test-vm.sh build

stage "engines: a real single-node Slurm and a real dockerd (tests/engines/README.md)"
bash scripts/engines/test-slurm.sh build
bash scripts/engines/test-container.sh build

stage "2/3 AddressSanitizer + UBSan (build-asan/)"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DOOMLENS_SANITIZE=ON >/dev/null
cmake --build build-asan -j "$JOBS"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
   ctest --output-on-failure -j "$JOBS" -L 'unit|cli')

stage "3/3 libFuzzer: the parser for ${FUZZ_SECONDS}s, the record, log-reader and input parsers a few seconds each (build-fuzz/)"
JOBS="$JOBS" FUZZ_SECONDS="$FUZZ_SECONDS" bash scripts/fuzz.sh

echo
echo "all stages passed in $(( $(date +%s) - t0 )) s"
