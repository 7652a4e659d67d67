#!/usr/bin/env bash
# Benchmark of `oomlens run` (issue 3), callable from bench/run.sh:
#   bash bench/run_bench.sh [BUILD_DIR]
# Supervises a 9-process tree (a parent and 8 forked workers holding 200 MiB
# each: tests/fixtures/run/nine_procs.py) for DURATION seconds with default
# settings, and measures oomlens's own CPU time (utime+stime of oomlens
# alone, from its /proc/PID/stat just before the job ends) and peak RSS
# (VmHWM) and RssAnon; then `mprof run --include-children` (Debian's
# python3-memory-profiler) on the same job in the same run. Then the
# kill-to-event latency on one clock, CLOCK_MONOTONIC (bench/run_latency.py:
# tracefs oom/mark_victim vs the record's oom_kill mono_s, 10 kills of the
# leaker under --limit 64M, under /tmp/oomlens-oom.lock). Prints Markdown.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-build-bench}
DURATION=${BENCH_RUN_SECONDS:-60}
OUT=bench/out/run
mkdir -p "$OUT"
if [ ! -x "$B/oomlens" ]; then
  cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -DOOMLENS_TESTS=OFF >/dev/null
  cmake --build "$B" -j "$(nproc)" --target oomlens oomlens-test-leaker >/dev/null
fi
JOB=(/usr/bin/python3 tests/fixtures/run/nine_procs.py "$DURATION" 200)
TICK=$(getconf CLK_TCK)

# Samples a supervisor's own figures shortly before the job ends: its CPU
# ticks (fields 14+15 of /proc/PID/stat, the process alone, not children),
# VmHWM and RssAnon.
measure() {  # name pid
  local name=$1 pid=$2
  sleep "$(echo "$DURATION - 3" | bc)"
  local stat; stat=$(cat /proc/$pid/stat)
  stat=${stat##*) }
  # after the comm: field 3 is state, so utime is the 12th and stime the 13th word here
  local ut st; ut=$(echo "$stat" | awk '{print $12}'); st=$(echo "$stat" | awk '{print $13}')
  local hwm anon; hwm=$(awk '/^VmHWM/{print $2}' /proc/$pid/status); anon=$(awk '/^RssAnon/{print $2}' /proc/$pid/status)
  local el; el=$(ps -o etimes= -p "$pid" | tr -d ' ')
  echo "$name $ut $st $hwm $anon $el" >> "$OUT/figures.txt"
}
: > "$OUT/figures.txt"

"$B/oomlens" run --record "$OUT/bench.jsonl" --no-sparkline -- "${JOB[@]}" 2> "$OUT/oomlens.err" &
OPID=$!
measure oomlens $OPID
wait $OPID

if /usr/bin/python3 -c 'import memory_profiler' 2>/dev/null; then
  (cd "$OUT" && exec /usr/bin/python3 -m mprof run --include-children --output mprof.dat "${JOB[@]/#tests/../../../tests}" \
     > mprof.out 2>&1) &
  MPID=$!
  sleep 1
  # mprof runs the job in a child: measure mprof's own python process
  measure mprof $MPID
  wait $MPID || true
  MPEAK=$(awk '/^MEM/{ if ($2 > m) m = $2 } END { print m }' "$OUT/mprof.dat")
else
  echo "mprof not installed (python3-memory-profiler): skipped" >&2
  MPEAK=
fi

/usr/bin/python3 - "$OUT" "$TICK" "$MPEAK" <<'PY'
import json, sys
out, tick, mpeak = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rows = {}
for line in open(f"{out}/figures.txt"):
    name, ut, st, hwm, anon, el = line.split()
    rows[name] = dict(cpu_s=(int(ut) + int(st)) / tick, hwm_kb=int(hwm), anon_kb=int(anon), elapsed_s=int(el))
peak = None
for line in open(f"{out}/bench.jsonl"):
    j = json.loads(line)
    if j["type"] == "verdict":
        peak = j["peak"]
print("## oomlens run: supervising 9 processes (8 workers x 200 MiB), default settings")
print("| supervisor | CPU % of one core | peak RSS (VmHWM) | RssAnon | job peak it reports |")
print("|---|---|---|---|---|")
for name, r in rows.items():
    pct = 100 * r["cpu_s"] / max(1, r["elapsed_s"])
    if name == "oomlens":
        rep = f"tree PSS {peak['tree_pss_bytes']/2**20:.0f} MiB (anon+shmem {peak['tree_anon_shmem_pss_bytes']/2**20:.0f} MiB)"
    else:
        rep = f"{float(mpeak):.0f} MiB (sum of RSS)" if mpeak else "?"
    print(f"| {name} | {pct:.2f} % ({r['cpu_s']:.2f} s in {r['elapsed_s']} s) | {r['hwm_kb']/1024:.1f} MiB | {r['anon_kb']/1024:.1f} MiB | {rep} |")
print("\ngoals: oomlens CPU <= 1 % of one core, peak RSS <= 8 MiB, RssAnon <= 3 MiB")
PY

echo
echo "## oomlens run: kernel kill -> oom_kill event in the record (one clock)"
if [ "$(id -u)" = 0 ]; then
  flock /tmp/oomlens-oom.lock /usr/bin/python3 bench/run_latency.py "$B" "${BENCH_RUN_KILLS:-10}" ||
    echo "kill-to-event latency: not measured"
else
  echo "kill-to-event latency: needs root (tracefs, cgroups): skipped"
fi
