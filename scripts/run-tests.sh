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
#   3. a bounded libFuzzer run (clang-14) of the log parser.
# Under CI=true nothing may skip for want of privileges or tools.
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-$(nproc)}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
stage() { printf '\n=== %s\n' "$*"; }
t0=$(date +%s)

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

stage "3/3 libFuzzer on the parser for ${FUZZ_SECONDS}s (build-fuzz/)"
CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug \
  -DOOMLENS_TESTS=OFF -DOOMLENS_FUZZ=ON \
  -DCMAKE_CXX_FLAGS="-O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all" >/dev/null
cmake --build build-fuzz -j "$JOBS" --target fuzz_parser
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
cp tests/fixtures/logs/* "$seeds"/ 2>/dev/null || true
cp ../shared/corpus/*.log "$seeds"/ 2>/dev/null || true
cp fuzz/seeds/* "$seeds"/  # hand-made seeds (e.g. a zh_CN `dmesg -T` log)
# The manglers' output (tests/kernel_log/manglers.h: wrapped, cut, reversed,
# quoted, QP/HTML-encoded, glued, re-prefixed copies of every report).
OOMLENS_MANGLED_SEEDS_DIR="$seeds" build/tests/oomlens_tests --gtest_filter='Metamorphic.*' >/dev/null
echo "fuzz seeds: $(ls "$seeds" | wc -l) files"
build-fuzz/fuzz/fuzz_parser -max_total_time="$FUZZ_SECONDS" -max_len=65536 -timeout=10 \
  -print_final_stats=1 "$seeds" 2>&1 | tail -n 15
echo "fuzz: no crash in ${FUZZ_SECONDS}s"

echo
echo "all stages passed in $(( $(date +%s) - t0 )) s"
