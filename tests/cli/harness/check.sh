# The check harness shared by the CLI test scripts (tests/cli/*.sh; this
# file is sourced, not run). Needs T (a scratch directory) and BIN (the
# oomlens binary); counts results in pass/fail.
#   check_cmd NAME EXPECTED_STATUS GREP_PATTERN -- CMD ARGS...
#       runs CMD with stdin from /dev/null, stdout/stderr into $T/out and
#       $T/err; passes when the status matches and (unless the pattern is
#       empty) the pattern is found in either output.
#   check NAME EXPECTED_STATUS GREP_PATTERN -- ARGS...   the same for "$BIN" ARGS...
#   ok NAME CONDITION-STATUS   counts a check made by the script itself
#   finish NAME   prints the tally; its status is the script's result
pass=0 fail=0

check_cmd() {
  local name=$1 want=$2 pattern=$3; shift 4
  "$@" >"$T/out" 2>"$T/err" </dev/null
  local got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL $name: exit $got, want $want"; sed 's/^/  stderr: /' "$T/err" | head -5; fail=$((fail+1)); return
  fi
  if [ -n "$pattern" ] && ! grep -qE -- "$pattern" "$T/out" "$T/err"; then
    echo "FAIL $name: output lacks /$pattern/"; head -5 "$T/out" "$T/err" | sed 's/^/  /'; fail=$((fail+1)); return
  fi
  pass=$((pass+1))
}

check() {
  local name=$1 want=$2 pattern=$3; shift 4
  check_cmd "$name" "$want" "$pattern" -- "$BIN" "$@"
}

ok() {
  if [ "$2" -eq 0 ]; then pass=$((pass+1)); else echo "FAIL $1"; fail=$((fail+1)); fi
}

finish() {
  echo "$1: $pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}
