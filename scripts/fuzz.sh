#!/usr/bin/env bash
# Builds the libFuzzer targets (clang-14, ASan + UBSan, build-fuzz/) and runs
# each for a bounded time on a copy of its seeds (libFuzzer writes new
# inputs into its corpus directory; the seeds in fuzz/corpus-* stay as
# committed). Used by `make test` (scripts/run-tests.sh, stage 3: the
# parser for FUZZ_SECONDS, the others INPUT_FUZZ_SECONDS each) and by
# `make fuzz` (longer).
#   fuzz_parser   the kernel log parser (seeds: tests/fixtures/logs, the
#                 shared corpus, tests/corpus, the manglers' output)
#   fuzz_record   the record reader (fuzz/corpus-record)
#   fuzz_readers  the line-prefix and gzip/xz/zstd readers (fuzz/corpus-readers)
#   fuzz_inputs   the CLI's size/percentage/duration parsers and the
#                 daemon's request helpers (fuzz/corpus-inputs)
# Exit: 0 when no target crashed; non-zero (libFuzzer's) at the first crash,
# whose input is left in build-fuzz/crash-*.
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-$(nproc)}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
INPUT_FUZZ_SECONDS=${INPUT_FUZZ_SECONDS:-5}
CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug \
  -DOOMLENS_TESTS=OFF -DOOMLENS_FUZZ=ON \
  -DCMAKE_CXX_FLAGS="-O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all" >/dev/null
cmake --build build-fuzz -j "$JOBS" --target fuzz_parser fuzz_record fuzz_readers fuzz_inputs
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() {  # TARGET SECONDS SEEDDIR MAXLEN
  echo "fuzz: $1 for $2 s on $(ls "$3" | wc -l) seeds"
  (cd build-fuzz && fuzz/"$1" -max_total_time="$2" -max_len="$4" -timeout=10 -rss_limit_mb=2048 \
     -print_final_stats=1 "$3" 2>&1 | tail -n 6)
  echo "fuzz: $1: no crash in $2 s"
}

mkdir "$work/parser"
cp tests/fixtures/logs/* "$work/parser"/ 2>/dev/null || true
cp ../shared/corpus/*.log "$work/parser"/ 2>/dev/null || true
cp tests/corpus/*.log "$work/parser"/  # the project's own real reports
cp fuzz/seeds/* "$work/parser"/  # hand-made seeds (e.g. a zh_CN `dmesg -T` log)
# The manglers' output (tests/kernel_log/manglers.h: wrapped, cut, reversed,
# quoted, QP/HTML-encoded, glued, re-prefixed copies of every report).
if [ -x build/tests/oomlens_tests ]; then
  OOMLENS_MANGLED_SEEDS_DIR="$work/parser" build/tests/oomlens_tests --gtest_filter='Metamorphic.*' >/dev/null
fi
run fuzz_parser "$FUZZ_SECONDS" "$work/parser" 65536
for t in record readers inputs; do
  cp -r "fuzz/corpus-$t" "$work/$t"
  run "fuzz_$t" "$INPUT_FUZZ_SECONDS" "$work/$t" 65536
done
