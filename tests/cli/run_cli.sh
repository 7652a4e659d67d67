#!/usr/bin/env bash
# Black-box tests of `oomlens run` bad input (--pid, --limit, --capture-tty
# combinations): a table of invocations with the expected exit status and
# message. Nothing here starts a long job or triggers an OOM kill.
# usage: run_cli.sh OOMLENS_BINARY SOURCE_DIR
set -uo pipefail
BIN=$1
T=$(mktemp -d)
chmod 755 "$T"
sleep 60 </dev/null >/dev/null 2>&1 &
SLEEPER=$!
trap 'kill $SLEEPER 2>/dev/null; rm -rf "$T"' EXIT
. "$(dirname "$0")/harness/check.sh"
check() { check_cmd "$@"; }  # this table names whole commands

R="--record $T/r.jsonl"
check pid-with-limit        2   "cannot be used with --limit"      -- "$BIN" run $R --pid $SLEEPER --limit 64M
check pid-with-command      2   "cannot be used with a command"    -- "$BIN" run $R --pid $SLEEPER -- true
check pid-with-capture-tty  2   "cannot be used with --capture-tty" -- "$BIN" run $R --pid $SLEEPER --capture-tty
check pid-zero              2   "not positive"                     -- "$BIN" run $R --pid 0
check pid-negative          2   ""                                 -- "$BIN" run $R --pid -5
check pid-not-a-number      2   ""                                 -- "$BIN" run $R --pid abc
check pid-self-is-refused   2   "not a process oomlens can follow" -- sh -c "exec \"$BIN\" run $R --pid \$\$"
# A pid that cannot exist (above pid_max).
check pid-missing           125 "no such process"                  -- "$BIN" run $R --pid 2147483646
[ ! -e "$T/r.jsonl" ] && pass=$((pass+1)) || { echo "FAIL pid-missing: a record was written"; fail=$((fail+1)); }
check capture-tty-no-tty    2   "needs a terminal"                 -- "$BIN" run $R --capture-tty -- true

# Not allowed to read the process's memory: an unprivileged user attaching
# to a process of another user (pid 1 here is root's; as root, drop to
# nobody with setpriv).
if [ "$(id -u)" = 0 ]; then
  if command -v setpriv >/dev/null; then
    check pid-not-permitted 125 "may not read its memory" -- \
      setpriv --reuid 65534 --regid 65534 --clear-groups "$BIN" run --record "$T/nobody.jsonl" --pid $SLEEPER
  elif [ "${CI:-}" = true ]; then
    echo "FAIL pid-not-permitted: setpriv (util-linux) missing under CI=true"; fail=$((fail+1))
  fi
else
  check pid-not-permitted 125 "may not read its memory" -- "$BIN" run $R --pid 1
fi

finish run_cli
