#!/usr/bin/env bash
# make demo: a real OOM kill, explained.
# As root, where a memory cgroup can be made: runs the project's leaker in a
# throwaway memory cgroup limited to 128 MiB (swap capped too), lets the
# kernel OOM-kill it, and runs `oomlens explain --last 1` on the live kernel
# log. It never risks a machine-wide OOM (the leaker itself refuses to run
# outside a limited cgroup) and removes its cgroup. Elsewhere it says why and
# explains a sample log instead.
set -uo pipefail
B=${1:-build}
cd "$(dirname "$0")/.."
OOMLENS=$B/oomlens
LEAKER=$B/oomlens-test-leaker
SAMPLE=docs/examples/memcg-v1-kill.log
LIMIT=$((128 << 20))

fallback() {
  echo "demo: $1"
  echo "demo: explaining a sample log instead: $SAMPLE"
  echo
  "$OOMLENS" explain "$SAMPLE"
  exit 0
}

cg=""
if [ -d /sys/fs/cgroup/memory ] && [ -w /sys/fs/cgroup/memory ]; then
  cg=/sys/fs/cgroup/memory/oomlens-demo
  make_cg() { mkdir -p "$cg" && echo $LIMIT > "$cg/memory.limit_in_bytes" &&
              { [ ! -e "$cg/memory.memsw.limit_in_bytes" ] || echo $LIMIT > "$cg/memory.memsw.limit_in_bytes"; }; }
elif grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null && [ -w /sys/fs/cgroup ]; then
  cg=/sys/fs/cgroup/oomlens-demo
  make_cg() { echo +memory > /sys/fs/cgroup/cgroup.subtree_control 2>/dev/null;
              mkdir -p "$cg" && echo $LIMIT > "$cg/memory.max" &&
              { [ ! -e "$cg/memory.swap.max" ] || echo 0 > "$cg/memory.swap.max"; }; }
else
  fallback "cannot create a memory cgroup here (needs root and a memory controller)"
fi
cleanup() { [ -n "$cg" ] && [ -d "$cg" ] && { for p in $(cat "$cg/cgroup.procs" 2>/dev/null); do kill -9 "$p" 2>/dev/null; done; sleep 0.2; rmdir "$cg" 2>/dev/null; }; }
trap cleanup EXIT
make_cg 2>/dev/null || fallback "cannot create a memory cgroup at $cg"
[ -r /dev/kmsg ] || fallback "cannot read the kernel log (/dev/kmsg needs CAP_SYSLOG: run as root)"

echo "demo: running $LEAKER in memory cgroup $cg (limit 128 MiB) until the kernel kills it..."
sh -c 'echo $$ > "$1/cgroup.procs" && exec "$2"' sh "$cg" "$LEAKER"
status=$?
echo "demo: the leaker ended with status $status ($( [ $status -eq 137 ] && echo 'Killed, like your job' || echo unexpected))"
cleanup
sleep 0.5
echo "demo: oomlens explain --last 1"
echo
"$OOMLENS" explain --last 1
