#!/usr/bin/env bash
# run --sites's cost (issue 14), side by side in one run: the same job bare,
# with liboomlens-sites.so preloaded (what `run --sites` adds to the job),
# and under tracemalloc (-X tracemalloc=1). Wall time by hyperfine, peak RSS
# of the main process by GNU time. Usage: sites_overhead.sh BUILD_DIR
set -euo pipefail
B=${1:-build}
LIB=$B/lib/oomlens/liboomlens-sites.so
PY=/usr/bin/python3
HERE=$(cd "$(dirname "$0")" && pwd)
[ -f "$LIB" ] || { echo "no $LIB (build target oomlens-sites)"; exit 1; }
D=$(mktemp -d /tmp/oomlens-sites-bench-XXXXXX)
trap 'rm -rf "$D"' EXIT
for w in alloc loader; do
  if [ $w = loader ] && ! $PY -c 'import torch' 2>/dev/null; then echo "(no torch: loader skipped)"; continue; fi
  echo "### $w"
  hyperfine -N --warmup 1 --runs ${RUNS:-5} --style basic --export-json "$D/$w.json" \
    -n bare "$PY $HERE/sites_loop.py $w" \
    -n sites "env LD_PRELOAD=$LIB OOMLENS_SITES_DIR=$D $PY $HERE/sites_loop.py $w" \
    -n tracemalloc "$PY -X tracemalloc=1 $HERE/sites_loop.py $w" >/dev/null
  for mode in bare sites tracemalloc; do
    case $mode in
      bare) cmd=(env) ;;
      sites) cmd=(env LD_PRELOAD=$LIB OOMLENS_SITES_DIR=$D) ;;
      tracemalloc) cmd=(env PYTHONTRACEMALLOC=1) ;;
    esac
    /usr/bin/time -f "%M" -o "$D/$w.$mode.rss" "${cmd[@]}" $PY $HERE/sites_loop.py $w
  done
  python3 - "$D" "$w" <<'PY'
import json, sys
d, w = sys.argv[1], sys.argv[2]
r = {x["command"]: x for x in json.load(open(f"{d}/{w}.json"))["results"]}
rss = {m: int(open(f"{d}/{w}.{m}.rss").read().split()[-1]) / 1024 for m in ("bare", "sites", "tracemalloc")}
base = r["bare"]["median"]
print("| mode | median s | min s | max s | wall vs bare | main peak RSS |")
print("|---|---|---|---|---|---|")
for m in ("bare", "sites", "tracemalloc"):
    x = r[m]
    print(f"| {m} | {x['median']:.3f} | {x['min']:.3f} | {x['max']:.3f} | {100 * (x['median'] / base - 1):+.1f} % | {rss[m]:.1f} MiB |")
PY
done
