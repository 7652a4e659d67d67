#!/usr/bin/env bash
# The guard's forecast rule (issue 13 items 7-8) on real start-up ramps and
# on leaks, default thresholds (--warn 85% / --forecast 10s, --act 95% /
# --act-forecast 2s: a forecast action needs 75 % of the limit, growth that
# is not levelling off, and persistence):
#
#   healthy: real jobs that ramp up and level off (torch import; a fast
#            dataset build that plateaus; a DataLoader with 4 workers; a
#            dataset build plus a first epoch with 2 forked workers). One
#            calibration run under a 4 GiB limit gives the job's peak
#            anon+shmem; then GUARD_STARTUP_RUNS runs (default 3) under a
#            limit that puts that peak at 65 %, with --action term. Any
#            guard_warning is a false warning, any guard_action a false
#            action; "finished" = the job's own exit 0 (not 75).
#   leaks:   tests/live/ramp.py at 50 and 200 MiB/s without end, under
#            --limit 1G --action none (the crossings are recorded, nothing
#            is done), GUARD_STARTUP_RUNS runs each: how long before the
#            kernel's OOM kill the warning and the (would-be) action fired.
#
# Usage: bench/guard_startup.sh BUILD_DIR   (root; real OOM kills inside a
# capped cgroup of its own, under flock /tmp/oomlens-live.lock). Prints
# Markdown; records stay in bench/out/guard-startup. GUARD_TRAJECTORIES=1
# also samples each job's working set at 20 Hz (bench/guard_trajectory.py)
# into bench/out/guard-startup/trajectories/RUN.tsv, the format of
# tests/fixtures/guard/ (the guard's rule replayed on real ramps).
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-build-bench}
BIN=$(realpath "$B/oomlens")
PY=/usr/bin/python3
RUNS=${GUARD_STARTUP_RUNS:-3}
OUT=bench/out/guard-startup
CG=/sys/fs/cgroup/memory/oomlens-bench-guard-startup
mkdir -p "$OUT"
[ "$(id -u)" -eq 0 ] || { echo "guard_startup: needs root (memory cgroups)"; exit 0; }
"$PY" -c "import torch" 2>/dev/null || { echo "guard_startup: python3-torch missing for $PY"; exit 0; }
[ -d /sys/fs/cgroup/memory ] || { echo "guard_startup: no v1 memory controller here"; exit 0; }

exec 9>/tmp/oomlens-live.lock
flock 9
mkdir -p "$CG"
echo $((6 << 30)) > "$CG/memory.limit_in_bytes"
SAMPLER=
cleanup() {
  if [ -n "$SAMPLER" ]; then kill "$SAMPLER" 2>/dev/null || true; wait "$SAMPLER" 2>/dev/null || true; fi
  for p in $(cat "$CG/cgroup.procs" 2>/dev/null); do kill -9 "$p" 2>/dev/null || true; done
  for _ in 1 2 3 4 5 6 7 8 9 10; do rmdir "$CG" 2>/dev/null && break; sleep 1; done
}
trap cleanup EXIT
if [ -n "${GUARD_TRAJECTORIES:-}" ] && [ -z "${GUARD_REPORT_ONLY:-}" ]; then
  rm -rf "$OUT/cgroups" "$OUT/trajectories"
  "$PY" bench/guard_trajectory.py "$CG" "$OUT/cgroups" 0.05 &
  SAMPLER=$!
fi

one() {  # one NAME LIMIT ACTION JOB... ; exit status in $OUT/NAME.status
  local name=$1 limit=$2 action=$3; shift 3
  set +e
  (echo $BASHPID > "$CG/cgroup.procs" && exec "$BIN" run --limit "$limit" --action "$action" \
     --record "$OUT/$name.jsonl" --linger 5 --no-sparkline -- "$@") >/dev/null 2>"$OUT/$name.err"
  echo $? > "$OUT/$name.status"
  set -e
  sleep 1  # the kernel rate-limits OOM report headers machine-wide
}

declare -A JOB=(
  [torch-import]="$PY -c 'import torch, time; torch.ones(1); time.sleep(2)'"
  [build-plateau]="$PY tests/live/ramp.py --rate 200 --target 600 --linger 4"
  [loader-4-workers]="$PY tests/live/loader_workers.py 4"
  [dataset-first-epoch]="$PY tests/fixtures/run/dataloader_train.py 2000000 1"
)
HEALTHY="torch-import build-plateau loader-4-workers dataset-first-epoch"
for w in $HEALTHY; do
  [ -n "${GUARD_REPORT_ONLY:-}" ] && break
  eval "one cal-$w 4G none ${JOB[$w]}"
  peak=$(python3 -c "
import json,sys
v=[json.loads(l) for l in open('$OUT/cal-$w.jsonl') if '\"verdict\"' in l][-1]['peak']
print(v.get('cgroup_anon_shmem_bytes') or v['cgroup_usage_bytes'])")
  limit=$(( peak * 100 / 65 / 1048576 + 1 ))M
  echo "$limit" > "$OUT/limit-$w"
  for i in $(seq 1 "$RUNS"); do eval "one $w-$i $limit term ${JOB[$w]}"; done
done
for rate in 50 200; do
  [ -n "${GUARD_REPORT_ONLY:-}" ] && break
  for i in $(seq 1 "$RUNS"); do one "leak-$rate-$i" 1G none "$PY" tests/live/ramp.py --rate "$rate"; done
done

if [ -n "$SAMPLER" ]; then
  kill "$SAMPLER"; wait "$SAMPLER" || true; SAMPLER=
  python3 - "$OUT" <<'PY'
import glob, json, os, sys
out = sys.argv[1]
os.makedirs(os.path.join(out, "trajectories"), exist_ok=True)
for rec in sorted(glob.glob(os.path.join(out, "*.jsonl"))):
    run = os.path.basename(rec)[:-len(".jsonl")]
    try:
        head = json.loads(open(rec).readline())
    except ValueError:
        continue
    src = os.path.join(out, "cgroups", os.path.basename(head.get("limits", {}).get("cgroup_dir") or "?") + ".tsv")
    if not os.path.exists(src):
        continue
    kind = "leak" if run.startswith("leak-") else "calibration" if run.startswith("cal-") else "healthy"
    with open(os.path.join(out, "trajectories", run + ".tsv"), "w") as f:
        f.write(f"# source: bench/guard_startup.sh run {run}: {' '.join(head.get('command', []))}\n")
        f.write(f"# kind: {kind}\n")
        body = open(src).read()
        kill = [l for l in body.splitlines() if l.startswith("# kill_t_s:")]
        if kill:
            f.write(kill[0] + "\n")
        f.write("".join(l + "\n" for l in body.splitlines() if not l.startswith("#")))
PY
fi

python3 - "$OUT" "$RUNS" "$HEALTHY" <<'PY'
import json, os, statistics, sys
out, runs, healthy = sys.argv[1], int(sys.argv[2]), sys.argv[3].split()

sys.path.insert(0, "bench")
from record_lines import events, record as record_in  # noqa: E402


def record(name): return record_in(out, name)
def status(name):
    try: return int(open(os.path.join(out, name + ".status")).read())
    except (OSError, ValueError): return None

print("Healthy start-ups, the peak at about 65 % of the limit, `--action term`, default thresholds:\n")
print("| job | limit | peak share of the limit (runs) | false warnings | false actions | finished (exit 0) |")
print("|---|---|---|---|---|---|")
for w in healthy:
    limit = open(os.path.join(out, "limit-" + w)).read().strip()
    shares, warns, acts, done = [], 0, 0, 0
    for i in range(1, runs + 1):
        rec = record(f"{w}-{i}")
        v = [l for l in rec if l.get("type") == "verdict"]
        if v:
            pk = v[-1].get("peak", {})
            peak = pk.get("cgroup_anon_shmem_bytes") or pk.get("cgroup_usage_bytes")
            lim = v[-1].get("limit_bytes")
            if peak and lim: shares.append(f"{100 * peak / lim:.0f} %")
        warns += len(events(rec, "guard_warning"))
        acts += sum(1 for a in events(rec, "guard_action") if a.get("action", {}).get("done"))
        done += status(f"{w}-{i}") == 0
    print(f"| {w} | {limit} | {', '.join(shares)} | {warns} | {acts} | {done}/{runs} |")

print("\nLeaks (tests/live/ramp.py, no end) under `--limit 1G --action none`: seconds from each crossing to the kernel's OOM kill:\n")
print("| ramp | warning trigger | warning before the kill s (median, min) | action trigger, at % | action before the kill s (median, min) | kills |")
print("|---|---|---|---|---|---|")
for rate in (50, 200):
    wl, al, wt, at, kills = [], [], [], [], 0
    for i in range(1, runs + 1):
        rec = record(f"leak-{rate}-{i}")
        k = events(rec, "oom_kill") or events(rec, "cgroup_oom_kill")
        if not k: continue
        kills += 1
        kt = k[0]["t_s"]
        w, a = events(rec, "guard_warning"), events(rec, "guard_action")
        if w: wl.append(kt - w[0]["t_s"]); wt.append(w[0].get("trigger", "?"))
        if a: al.append(kt - a[0]["t_s"]); at.append(f"{a[0].get('trigger', '?')} {100 * a[0].get('used_fraction', 0):.0f} %")
    f = lambda xs: f"{statistics.median(xs):.2f}, {min(xs):.2f}" if xs else "none"
    print(f"| {rate} MiB/s | {', '.join(sorted(set(wt))) or 'none'} | {f(wl)} | {', '.join(at) or 'none'} | {f(al)} | {kills}/{runs} |")
PY
