#!/usr/bin/env bash
# The guard of `oomlens run` on memory ramps into a 1 GiB cgroup limit
# (tests/live/ramp.py, /usr/bin/python3, touched pages), default thresholds
# (--warn 85%, --forecast 10s, --act 95%, --act-forecast 2s):
#
#   lead time:  without an action the ramp is OOM-killed; lead = the kernel
#               kill's t_s (oom_kill event: when the limit was hit) minus the
#               guard_warning's t_s. GUARD_LEAD_RUNS per rate (default 5).
#   checkpoint: with --action term the ramp's SIGTERM handler stops and
#               writes a checkpoint; success = checkpoint file present, exit
#               0, no oom_kill in the record and the cgroup's oom_kill
#               counter 0. GUARD_CKPT_RUNS per rate (default 20).
#   earlyoom:   earlyoom --dryrun -r 0.1 beside one ramp per rate: what it
#               would have done (its report lines and any "would kill").
#
# Usage: bench/guard_ramp.sh BUILD_DIR   (root; real OOM kills, so it takes
# /tmp/oomlens-oom.lock). Prints Markdown.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-build-bench}
BIN=$B/oomlens
PY=/usr/bin/python3
RAMP=tests/live/ramp.py
LEAD_RUNS=${GUARD_LEAD_RUNS:-5}
CKPT_RUNS=${GUARD_CKPT_RUNS:-20}
RATES=${GUARD_RATES:-"100 500 1024"}
OUT=bench/out/guard
mkdir -p "$OUT"
[ "$(id -u)" -eq 0 ] || { echo "guard_ramp: needs root (memory cgroups)"; exit 0; }
[ -x "$PY" ] || { echo "guard_ramp: $PY missing"; exit 0; }

exec 9>/tmp/oomlens-oom.lock
flock 9

one() {  # one(name, action-args...) -> record in $OUT/name.jsonl
  local name=$1 rate=$2; shift 2
  rm -f "$OUT/$name.ckpt"
  "$BIN" run --limit 1G --record "$OUT/$name.jsonl" --linger 5 --no-sparkline "$@" -- \
    "$PY" "$RAMP" --rate "$rate" --checkpoint "$OUT/$name.ckpt" >/dev/null 2>"$OUT/$name.err" || true
  sleep 1  # the kernel rate-limits OOM report headers machine-wide
}

for rate in $RATES; do
  [ -n "${GUARD_REPORT_ONLY:-}" ] && break  # re-print the table from bench/out/guard
  for i in $(seq 1 "$LEAD_RUNS"); do one "lead-$rate-$i" "$rate"; done
  for i in $(seq 1 "$CKPT_RUNS"); do one "ckpt-$rate-$i" "$rate" --action term; done
  if command -v earlyoom >/dev/null; then
    earlyoom --dryrun -r 0.1 >"$OUT/earlyoom-$rate.log" 2>&1 &
    eo=$!
    sleep 0.5
    one "earlyoom-$rate" "$rate"
    kill "$eo" 2>/dev/null || true
    wait "$eo" 2>/dev/null || true
  fi
done

python3 - "$OUT" "$RATES" "$LEAD_RUNS" "$CKPT_RUNS" <<'PY'
import json, os, re, statistics, sys
out, rates, lead_runs, ckpt_runs = sys.argv[1], sys.argv[2].split(), int(sys.argv[3]), int(sys.argv[4])

sys.path.insert(0, "bench")
from record_lines import events, record as record_in  # noqa: E402


def record(name): return record_in(out, name)

print("| requested ramp | achieved (MiB/s) | warning trigger | warning at (s) | limit hit, kernel kill at (s) | lead time s (median, min) | checkpoints before any kill | action trigger, at % |")
print("|---|---|---|---|---|---|---|---|")
for rate in rates:
    leads, warn_t, kill_t, trig, achieved = [], [], [], [], []
    for i in range(1, lead_runs + 1):
        rec = record(f"lead-{rate}-{i}")
        w, k = events(rec, "guard_warning"), events(rec, "oom_kill") or events(rec, "cgroup_oom_kill")
        if w: trig.append(w[0]["trigger"]); warn_t.append(w[0]["t_s"])
        if w and k:
            kill_t.append(k[0]["t_s"]); leads.append(k[0]["t_s"] - w[0]["t_s"])
        # Achieved rate: the Theil-Sen slope the guard measured at its last event.
        g = [l for l in rec if l.get("type") == "event" and str(l.get("kind", "")).startswith("guard_") and l.get("slope_bytes_per_s")]
        if g: achieved.append(g[-1]["slope_bytes_per_s"] / 2**20)
    ok, act_trig, act_pct = 0, [], []
    for i in range(1, ckpt_runs + 1):
        name = f"ckpt-{rate}-{i}"
        rec = record(name)
        v = [l for l in rec if l.get("type") == "verdict"]
        kills = events(rec, "oom_kill") + events(rec, "cgroup_oom_kill")
        a = events(rec, "guard_action")
        if a: act_trig.append(a[0]["trigger"]); act_pct.append(100 * a[0]["used_fraction"])
        if os.path.exists(os.path.join(out, name + ".ckpt")) and not kills and v and v[0]["exit"]["exit_code"] == 0:
            ok += 1
    med = lambda x: f"{statistics.median(x):.2f}" if x else "-"
    ach = f"{statistics.median(achieved):.0f}" if achieved else "-"
    print(f"| {rate} MiB/s | {ach} | {', '.join(sorted(set(trig))) or '-'} | {med(warn_t)} | {med(kill_t)} | "
          f"{med(leads)}, {min(leads):.2f} | {ok}/{ckpt_runs} | "
          f"{', '.join(sorted(set(act_trig))) or '-'}, {med(act_pct)} |" if leads else
          f"| {rate} MiB/s | {ach} | {', '.join(sorted(set(trig))) or '-'} | {med(warn_t)} | - | - | {ok}/{ckpt_runs} | "
          f"{', '.join(sorted(set(act_trig))) or '-'}, {med(act_pct)} |")
print()
for rate in rates:
    p = os.path.join(out, f"earlyoom-{rate}.log")
    if not os.path.exists(p): continue
    text = open(p).read()
    avail = [float(m) for m in re.findall(r"mem avail:\s+\d+ of\s+\d+ MiB \(\s*([\d.]+)%\)", text)]
    would = [l for l in text.splitlines() if ("kill" in l.lower() or "sending" in l.lower() or "SIGTERM" in l)
             and "dryrun mode enabled" not in l and "will not kill" not in l and " when mem <=" not in l]
    rec = record(f"earlyoom-{rate}")
    died = [l for l in rec if l.get("type") == "verdict"]
    print(f"- earlyoom --dryrun at {rate} MiB/s: {len(avail)} reports, machine MemAvailable never below "
          f"{min(avail):.1f} % (its default threshold: 10 %); would-kill lines: {len(would)}"
          + (f" (first: `{would[0].strip()}`)" if would else "")
          + (f"; the job itself ended as `{died[0]['cause']}`" if died else "") if avail else
          f"- earlyoom --dryrun at {rate} MiB/s: no report lines (see {p})")
PY
