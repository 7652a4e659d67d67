#!/usr/bin/env bash
# run --sites's cost (issue 14), side by side in one run: the same job bare,
# with liboomlens-sites.so preloaded (what `run --sites` adds to the job),
# and under tracemalloc (-X tracemalloc=1). The modes alternate (bare,
# sites, tracemalloc, bare, ...) so that a load change on a shared machine
# hits them alike. Per run, GNU time gives the wall time, the CPU time
# (user + system, of the job and its reaped children: the DataLoader's
# workers) and the main process's peak RSS; the table has the medians.
# CPU time is the figure to trust on a loaded machine.
# Usage: sites_overhead.sh BUILD_DIR   (RUNS=N rounds, default 7, after one warm-up)
set -euo pipefail
B=${1:-build}
LIB=$(cd "$B" && pwd)/lib/oomlens/preload/liboomlens-sites.so
PY=/usr/bin/python3
HERE=$(cd "$(dirname "$0")" && pwd)
[ -f "$LIB" ] || { echo "no $LIB (build target oomlens-sites)"; exit 1; }
D=$(mktemp -d /tmp/oomlens-sites-bench-XXXXXX)
trap 'rm -rf "$D"' EXIT
modes=(bare sites tracemalloc)
run_one() {  # MODE WORKLOAD OUT
  local env=(env)
  case $1 in
    sites) env=(env LD_PRELOAD="$LIB" OOMLENS_SITES_DIR="$D/t") ;;
    tracemalloc) env=(env PYTHONTRACEMALLOC=1) ;;
  esac
  rm -rf "$D/t" && mkdir "$D/t"
  /usr/bin/time -f "%e %U %S %M" -a -o "$3" "${env[@]}" $PY "$HERE/sites_loop.py" "$2" >/dev/null
}
for w in alloc loader; do
  if [ $w = loader ] && ! $PY -c 'import torch' 2>/dev/null; then echo "(no torch: loader skipped)"; continue; fi
  echo "### $w"
  for m in "${modes[@]}"; do run_one "$m" $w /dev/null; done  # warm-up
  for ((i = 0; i < ${RUNS:-7}; i++)); do
    for m in "${modes[@]}"; do run_one "$m" $w "$D/$w.$m"; done
  done
  python3 - "$D" "$w" <<'PY'
import statistics, sys
d, w = sys.argv[1], sys.argv[2]
rows = {}
for m in ("bare", "sites", "tracemalloc"):
    runs = [list(map(float, l.split())) for l in open(f"{d}/{w}.{m}") if l.strip() and l[0].isdigit()]
    rows[m] = {"n": len(runs), "wall": statistics.median(r[0] for r in runs),
               "cpu": statistics.median(r[1] + r[2] for r in runs),
               "cpu_min": min(r[1] + r[2] for r in runs), "cpu_max": max(r[1] + r[2] for r in runs),
               "rss": statistics.median(r[3] for r in runs) / 1024}
b = rows["bare"]
print("| mode | runs | median wall s | median CPU s | CPU min-max s | CPU vs bare | wall vs bare | main peak RSS |")
print("|---|---|---|---|---|---|---|---|")
for m, x in rows.items():
    print(f"| {m} | {x['n']} | {x['wall']:.3f} | {x['cpu']:.3f} | {x['cpu_min']:.3f}-{x['cpu_max']:.3f} | "
          f"{100 * (x['cpu'] / b['cpu'] - 1):+.1f} % | {100 * (x['wall'] / b['wall'] - 1):+.1f} % | {x['rss']:.1f} MiB |")
PY
done
