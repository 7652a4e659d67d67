#!/usr/bin/env bash
# The job's stderr outlives oomlens, and a stopped oomlens is noted (issue 21,
# item 5). Real processes, no cgroup: the job writes numbered lines to its
# stderr (a file here, so oomlens relays it) every 5 ms until told to stop.
#  1. SIGKILL of oomlens while the job writes: the job neither dies of
#     SIGPIPE nor loses a line (every number once, in order, to the end).
#  2. SIGSTOP of oomlens for at least 400 of the job's lines (>= 2 s): the
#     job's lines go on arriving while it is stopped; after SIGCONT the job
#     ends normally and the record holds a sample_gap event of >= 2 s and
#     the verdict a note of it.
# Only processes this script started are signalled. Waits are on
# conditions (a line count, a file), each bounded.
# usage: stderr_outlives.sh OOMLENS_BINARY. Exit 0 passed, 1 failed.
set -u
oomlens=$1
d=$(mktemp -d /tmp/oomlens-stderr-test.XXXXXX)
trap 'touch "$d/stop"; rm -rf "$d"' EXIT
fail=0
job='i=0; while [ ! -e "$0/stop" ]; do echo "err $i" >&2; i=$((i+1)); sleep 0.005; done; echo "err end" >&2; echo ok > "$0/finished"'

lines() { local n; n=$(grep -c '^err [0-9]' "$1" 2>/dev/null); echo "${n:-0}"; }
# wait_for CMD...: until CMD succeeds, for 60 s at most.
wait_for() {
  local n=0
  until "$@"; do
    n=$((n + 1))
    [ $n -gt 1200 ] && return 1
    sleep 0.05
  done
}
at_least() { [ "$(lines "$1")" -ge "$2" ]; }
contiguous() {  # every "err N" once, 0..last, then "err end"
  awk '/^err [0-9]+$/ { if ($2 != n) { print "FAIL: line " NR " is \"" $0 "\", expected err " n; bad = 1; exit 1 } n++ }
       /^err end$/ { ended = 1 }
       END { if (bad) exit 1; if (!ended) { print "FAIL: no \"err end\" line"; exit 1 } print n " lines in order" }' "$1"
}

# 1. SIGKILL.
"$oomlens" run --record "$d/kill.jsonl" -- bash -c "$job" "$d" 2> "$d/kill.err" &
sup=$!
wait_for at_least "$d/kill.err" 100 || { echo "FAIL: the job's first 100 lines did not come"; fail=1; }
kill -KILL $sup
wait $sup 2>/dev/null
before=$(lines "$d/kill.err")
wait_for at_least "$d/kill.err" $((before + 100)) || { echo "FAIL: no line came after oomlens was killed"; fail=1; }
touch "$d/stop"
wait_for test -e "$d/finished" || { echo "FAIL: the job did not finish (SIGPIPE?)"; fail=1; }
wait_for grep -q '^err end$' "$d/kill.err" || true
echo "after SIGKILL: $before lines when killed, $(lines "$d/kill.err") in all"
contiguous "$d/kill.err" || fail=1
rm -f "$d/stop" "$d/finished"

# 2. SIGSTOP.
"$oomlens" run --record "$d/stop.jsonl" -- bash -c "$job" "$d" 2> "$d/stop.err" &
sup=$!
wait_for at_least "$d/stop.err" 100 || { echo "FAIL: the job's first 100 lines did not come"; fail=1; }
kill -STOP $sup
before=$(lines "$d/stop.err")
wait_for at_least "$d/stop.err" $((before + 400)) || { echo "FAIL: the job's lines stalled while oomlens was stopped"; fail=1; }
kill -CONT $sup
touch "$d/stop"
wait $sup
rc=$?
[ $rc = 0 ] || { echo "FAIL: oomlens exit $rc"; fail=1; }
contiguous "$d/stop.err" || fail=1
python3 - "$d/stop.jsonl" <<'EOF' || fail=1
import json, sys
gaps, notes = [], []
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o.get("type") == "event" and o.get("kind") == "sample_gap":
        gaps.append(o)
    if o.get("type") == "verdict":
        notes = o.get("notes", [])
print("sample_gap events:", [(round(g["from_t_s"], 2), round(g["gap_s"], 2)) for g in gaps])
ok = any(g["gap_s"] >= 2.0 for g in gaps) and any("took no sample" in n for n in notes)
if not ok:
    print("FAIL: no sample_gap of >= 2 s, or no note of it:", notes)
sys.exit(0 if ok else 1)
EOF
grep -h 'oomlens: ' "$d/stop.err" | tail -3
[ $fail = 0 ] && echo PASS
exit $fail
