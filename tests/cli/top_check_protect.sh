#!/usr/bin/env bash
# Black-box tests of `oomlens top`, `check` and `protect`: bad input gives a
# clear message and the documented exit status; good input the documented
# output. usage: top_check_protect.sh OOMLENS_BINARY SOURCE_DIR
set -uo pipefail
BIN=$1
T=$(mktemp -d)
child=
trap 'rm -rf "$T"; [ -n "$child" ] && kill $child 2>/dev/null' EXIT
. "$(dirname "$0")/harness/check.sh"

# top
check top-help 0 'oom_score' -- top --help
check top-not-a-tty 2 'not a terminal' -- top
check top-once 0 'SCORE' -- top --once --no-gpu
check top-json 0 '"oom_score"' -- top --json --no-gpu --limit 3
check top-group 0 'APPLICATION' -- top --once --group --no-gpu
check top-bad-interval 2 '' -- top --once --interval 0
check top-bad-limit 2 '' -- top --once --limit -1
check top-empty-root 2 'no processes' -- top --once --root "$T/nowhere"
check top-tree 0 '%LIM' -- top --once --tree --no-gpu --limit 0
check top-filter 0 'SCORE' -- top --once --filter "$$" --no-gpu
check top-filter-none 1 'no process matches the filter' -- top --once --filter 'no-such-process-anywhere-zq' --no-gpu
check top-tree-and-group 2 'excludes' -- top --once --tree --group
if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["processes"] and "header" in d' <("$BIN" top --json --no-gpu --limit 2); then
  pass=$((pass+1)); else echo "FAIL top-json-parse"; fail=$((fail+1)); fi

# check
"$BIN" check >"$T/out" 2>"$T/err"; st=$?
if [ $st -le 1 ] && grep -qE '^(PASS|WARN|FAIL)  vm.overcommit_memory' "$T/out"; then pass=$((pass+1)); else echo "FAIL check-text: status $st"; fail=$((fail+1)); fi
"$BIN" check --json >"$T/out"; st=$?
if [ $st -le 1 ] && python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["findings"])==13; assert (d["summary"]["fail"]>0)==(int(sys.argv[2])==1)' "$T/out" $st; then
  pass=$((pass+1)); else echo "FAIL check-json: status $st"; fail=$((fail+1)); fi
check check-empty-root 2 'nothing readable' -- check --root "$T/nowhere"
check check-bad-color 2 '' -- check --color purple

# protect
sleep 60 & child=$!
check protect-raise 0 'oom_score_adj 0 → 700' -- protect $child --adj 700
[ "$(cat /proc/$child/oom_score_adj)" = 700 ] && pass=$((pass+1)) || { echo "FAIL protect-raise: /proc says $(cat /proc/$child/oom_score_adj)"; fail=$((fail+1)); }
check protect-range-high 2 'from -1000 to 1000' -- protect $child --adj 1001
check protect-range-low 2 'from -1000 to 1000' -- protect $child --adj -1001
check protect-not-number 2 'from -1000 to 1000' -- protect $child --adj lots
check protect-no-adj 2 '' -- protect $child
check protect-no-pid 2 'no PID' -- protect --adj 5
check protect-bad-pid 2 'not a PID' -- protect sleep --adj 5
check protect-both 2 'not expected|not both' -- protect $child --adj 5 -- true
check protect-gone 1 'no process 2147483647' -- protect 2147483647 --adj 5
check protect-cmd-status 3 '' -- protect -q --adj 10 -- sh -c 'exit 3'
check protect-cmd-missing 127 'cannot run' -- protect --adj 10 -- /nonexistent/cmd
check protect-cmd-adj 0 '^250$' -- protect -q --adj 250 -- cat /proc/self/oom_score_adj

finish top_check_protect
