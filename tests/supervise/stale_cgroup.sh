#!/usr/bin/env bash
# `run --limit` removes the oomlens-run-<pid> cgroups of gone owners beside
# its own, with a note, and keeps a live owner's (issue 21, item 5). Real:
# a v1 memory cgroup of the test's own (64 MiB) holds oomlens, so the job's
# cgroup and the planted ones are its children and nothing else is touched.
# usage: stale_cgroup.sh OOMLENS_BINARY. Exit 0 passed, 1 failed, 77 skipped
# (not root, no v1 memory controller); under CI=true a skip is a failure.
set -u
oomlens=$1
. "$(dirname "$0")/../support/ci.sh"
[ "$(id -u)" = 0 ] || skip_test "not root"
v1=/sys/fs/cgroup/memory
[ -f $v1/memory.limit_in_bytes ] || skip_test "no v1 memory controller"
cg=$v1/oomlens-stale-test-$$
mkdir "$cg" || skip_test "cannot make $cg"
echo $((64 << 20)) > "$cg/memory.limit_in_bytes"
fail=0
# A pid that is not running (above pid_max), and one that runs but is not oomlens.
gone=$(( $(cat /proc/sys/kernel/pid_max) + 7 ))
sleep 300 & live_other=$!
mkdir "$cg/oomlens-run-$gone" "$cg/oomlens-run-$live_other" "$cg/oomlens-run-$gone-x"
out=$( (echo $BASHPID > "$cg/cgroup.procs"; exec "$oomlens" run --limit 32M --record /dev/null -- true) 2>&1)
rc=$?
kill $live_other; wait $live_other 2>/dev/null
echo "$out"
[ $rc = 0 ] || { echo "FAIL: exit $rc"; fail=1; }
for pid in $gone $live_other; do
  [ -d "$cg/oomlens-run-$pid" ] && { echo "FAIL: oomlens-run-$pid not removed"; fail=1; }
  grep -q "removed $cg/oomlens-run-$pid, left behind by oomlens pid $pid, which is gone" <<<"$out" ||
    { echo "FAIL: no note for oomlens-run-$pid"; fail=1; }
done
[ -d "$cg/oomlens-run-$gone-x" ] || { echo "FAIL: a name that is not oomlens-run-<pid> was removed"; fail=1; }
ls "$cg" | grep -E '^oomlens-run-[0-9]+$' && { echo "FAIL: the run's own cgroup is left"; fail=1; }
rmdir "$cg/oomlens-run-$gone-x" "$cg"/oomlens-run-* 2>/dev/null
rmdir "$cg" || echo "note: cannot remove $cg"
[ $fail = 0 ] && echo PASS
exit $fail
