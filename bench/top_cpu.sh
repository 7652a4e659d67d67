#!/usr/bin/env bash
# Benchmark: CPU cost of `oomlens top` refreshing once per second on a
# machine with ~500 processes (goal: at most 2 % of one core).
#
# Starts N `sleep` processes (default 500, BENCH_TOP_PROCS), runs the live
# ncurses view in a detached tmux pane (150x40, so ~35 rows get PSS), lets it
# warm up, then measures its utime+stime from /proc/PID/stat over
# BENCH_TOP_SECONDS (default 20). Everything started here is stopped by pid.
# usage: bench/top_cpu.sh [OOMLENS_BINARY|BUILD_DIR]   (default build-bench/oomlens)
set -euo pipefail
cd "$(dirname "$0")/.."
# bench/run.sh passes the build directory, as to the other bench scripts.
BIN=${1:-build-bench/oomlens}
[ -d "$BIN" ] && BIN=$BIN/oomlens
BIN=$(realpath "$BIN")
N=${BENCH_TOP_PROCS:-500}
SECS=${BENCH_TOP_SECONDS:-20}
[ -x "$BIN" ] || { echo "top_cpu.sh: $BIN is not built" >&2; exit 2; }
command -v tmux >/dev/null || { echo "top_cpu.sh: tmux is not installed (apt install tmux)" >&2; exit 2; }
SOCK=oomlens-bench-top-$$
pids=()
cleanup() {
  tmux -L "$SOCK" kill-server 2>/dev/null || true
  [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap cleanup EXIT
for _ in $(seq "$N"); do sleep 3600 & pids+=($!); done
tmux -L "$SOCK" new-session -d -s top -x 150 -y 40 "exec $BIN top --interval 1"
sleep 0.5
TOP_PID=$(tmux -L "$SOCK" display -p -t top '#{pane_pid}')
procs=$(ls -d /proc/[0-9]* | wc -l)
ticks() { awk '{ s = $0; sub(/^.*\) /, "", s); split(s, f, " "); print f[12] + f[13] }' "/proc/$TOP_PID/stat"; }
sleep 3  # warm-up: first scan fills the cache (users, cgroups, command lines)
t0=$(ticks); s0=$(date +%s.%N)
sleep "$SECS"
t1=$(ticks); s1=$(date +%s.%N)
hz=$(getconf CLK_TCK)
rss_kb=$(awk '/^VmRSS/ {print $2}' "/proc/$TOP_PID/status")
python3 - "$t0" "$t1" "$s0" "$s1" "$hz" "$procs" "$rss_kb" <<'PY'
import sys
t0, t1, s0, s1, hz, procs, rss = (float(x) for x in sys.argv[1:])
cpu = (t1 - t0) / hz / (s1 - s0) * 100
print("## oomlens top: CPU of one core while refreshing every second")
print(f"| processes on the machine | seconds measured | CPU % of one core | RSS |")
print(f"|---|---|---|---|")
print(f"| {int(procs)} | {s1 - s0:.1f} | **{cpu:.2f} %** (goal <= 2 %) | {rss / 1024:.1f} MiB |")
PY
