#!/usr/bin/env bash
# make bench: oomlens against the tools people use instead, side by side in
# one run, on this machine. Results are printed as Markdown for BENCHMARKS.md.
#
#   explain: `oomlens explain --summary` vs `grep -c -F 'Killed process'` on a
#   1 GiB synthetic kernel log (bench/gen_kernel_log.cpp, seed 42, one real-
#   format OOM report every 10 MB), warm page cache, outputs to files, median
#   of 7 alternating runs, plus hyperfine --output=pipe as a cross-check.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build-bench
OUT=bench/out
SIZE=${BENCH_LOG_BYTES:-1073741824}
RUNS=${BENCH_RUNS:-7}
mkdir -p "$OUT"
cmake -S . -B $B -DCMAKE_BUILD_TYPE=Release -DOOMLENS_BENCH=ON -DOOMLENS_TESTS=OFF >/dev/null
cmake --build $B -j "$(nproc)" >/dev/null
LOG=$OUT/kern-$SIZE-seed42.log
if [ ! -s "$LOG" ]; then
  $B/bench/gen_kernel_log --bytes "$SIZE" --every-mb 10 --seed 42 > "$LOG"
fi
cat "$LOG" > /dev/null; cat "$LOG" > /dev/null   # warm the page cache

echo "## explain vs grep ($(du -h "$LOG" | cut -f1) log, $RUNS alternating runs)"
json=$(python3 bench/compare.py $B/bench/measure_cmd "$RUNS" "$OUT" \
  "grep=grep -c -F 'Killed process' $LOG" \
  "oomlens=$B/oomlens explain --summary $LOG")
kills=$(cat $OUT/grep.out)
events=$(grep -c . $OUT/oomlens.out || true)
python3 - "$json" "$kills" "$events" <<'PY'
import json, sys
r = json.loads(sys.argv[1]); kills, events = sys.argv[2], sys.argv[3]
g, o = r["grep"], r["oomlens"]
print(f"| command | median s | runs s | peak RSS |")
print(f"|---|---|---|---|")
print(f"| grep -c -F 'Killed process' | {g['median_s']:.3f} | {g['runs_s']} | {g['max_rss_kb']/1024:.1f} MiB |")
print(f"| oomlens explain --summary | {o['median_s']:.3f} | {o['runs_s']} | {o['max_rss_kb']/1024:.1f} MiB |")
print(f"\nratio oomlens/grep: **{o['median_s']/g['median_s']:.2f}x** (goal <= 1.5x); "
      f"oomlens peak RSS {o['max_rss_kb']/1024:.1f} MiB (goal <= 16 MiB); "
      f"grep counted {kills} kill lines, oomlens printed {events} event lines")
PY
if command -v hyperfine >/dev/null; then
  echo; echo "hyperfine cross-check (--output=pipe):"
  hyperfine -N --warmup 1 --runs 5 --output=pipe --style basic \
    "grep -c -F 'Killed process' $LOG" "$B/oomlens explain --summary $LOG" 2>&1 | grep -E 'Time|±|faster|Benchmark' || true
fi
if [ -x $B/bench/oomlens_bench ]; then
  echo; echo "## parse-layer micro-benchmarks (Google Benchmark)"
  $B/bench/oomlens_bench --benchmark_min_time=0.2 2>/dev/null | grep -E '^BM_|^-|Benchmark' || true
fi

# Further benchmarks, one script per subcommand, each printing Markdown.
for extra in bench/run_bench.sh bench/html_*.sh bench/logs_*.sh bench/top_*.sh bench/watch_*.sh bench/guard_*.sh bench/sites_*.sh; do
  [ -f "$extra" ] || continue
  echo; echo "## $(basename "$extra")"
  bash "$extra" "$B" || echo "($extra failed)"
done
