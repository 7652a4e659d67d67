#!/usr/bin/env bash
# Black-box tests of `oomlens run`'s guard options: bad input is a usage
# error (exit 2) with a sentence naming the option, before any job starts;
# good input runs. usage: run_guard.sh OOMLENS_BINARY SOURCE_DIR
set -uo pipefail
BIN=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/harness/check.sh"
in_t() { (cd "$T" && "$@"); }  # jobs write their default records in $T
check() { local n=$1 w=$2 p=$3; shift 4; check_cmd "$n" "$w" "$p" -- in_t "$BIN" "$@"; }

M="$T/must-not-exist"
check help 0 '--act-forecast' -- run --help
check help-budget 0 'exit 3' -- run --help
check wrong-order 2 'below --warn' -- run --warn 95% --act 90% -- touch "$M"
check warn-range 2 'out of range' -- run --warn 150% -- touch "$M"
check warn-zero 2 'out of range' -- run --warn 0% -- touch "$M"
check warn-text 2 'not a percentage' -- run --warn lots -- touch "$M"
check act-range 2 'out of range' -- run --act 101% -- touch "$M"
check unknown-action 2 "action 'hup' is unknown" -- run --action hup -- touch "$M"
check empty-exec 2 'needs a command' -- run --action exec: -- touch "$M"
check budget-negative 2 'must be above zero' -- run --budget -5M -- touch "$M"
check budget-zero 2 'zero' -- run --budget 0 -- touch "$M"
check budget-unit 2 'unknown unit' -- run --budget 5Q -- touch "$M"
check forecast-unit 2 'unknown unit' -- run --forecast 10years -- touch "$M"
check forecast-negative 2 'negative' -- run --forecast -1s -- touch "$M"
check act-forecast-order 2 'longer than --forecast' -- run --forecast 2s --act-forecast 5s -- touch "$M"
check grace-zero 2 'grace' -- run --grace 0 -- touch "$M"
if [ -e "$M" ]; then echo "FAIL a job started despite a usage error"; fail=$((fail+1)); else pass=$((pass+1)); fi
# Good input: the job runs, the record carries the guard's settings.
check good 0 '' -- run --record "$T/r.jsonl" --warn 80% --act 90% --action usr1 --forecast off --grace 5s -- true
if python3 -c 'import json,sys; h=json.loads(open(sys.argv[1]).readline()); g=h["guard"]; assert g["warn_fraction"]==0.8 and g["action"]["spelled"]=="usr1" and g["forecast_s"] is None, g' "$T/r.jsonl"; then
  pass=$((pass+1)); else echo "FAIL good-header"; fail=$((fail+1)); fi
check budget-pass 0 '' -- run --record "$T/b.jsonl" --budget 10G -- true
if python3 -c 'import json,sys; v=[json.loads(l) for l in open(sys.argv[1])][-1]; assert v["type"]=="verdict" and v["budget"]["exceeded"] is False, v.get("budget")' "$T/b.jsonl"; then
  pass=$((pass+1)); else echo "FAIL budget-verdict"; fail=$((fail+1)); fi

finish run_guard
