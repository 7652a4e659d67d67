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
. "$(dirname "$0")/../support/ci.sh"
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
  else
    skip_check "pid-not-permitted: setpriv (util-linux) missing"
  fi
else
  check pid-not-permitted 125 "may not read its memory" -- "$BIN" run $R --pid 1
fi

# Item 14 of issue 13: small things a user hit.
check unknown-run-option    2   "unknown option '--unknown-flag'"  -- "$BIN" run $R --unknown-flag true
[ ! -e "$T/r.jsonl" ] && pass=$((pass+1)) || { echo "FAIL unknown-run-option: a record was written"; fail=$((fail+1)); rm -f "$T/r.jsonl"; }
check unknown-subcommand    2   "unknown subcommand 'frobnicate'"  -- "$BIN" frobnicate
check limit-over-100        2   "share over 100"                   -- "$BIN" run $R --limit 150% -- true
check limit-unit            2   "unknown unit 'Q'"                 -- "$BIN" run $R --limit 5Q -- true
check limit-zero            2   "above zero"                       -- "$BIN" run $R --limit 0 -- true
check explain-last-range    2   "1000000"                          -- "$BIN" explain --last 0 "$2/tests/fixtures/logs/mixed-prefixes.log"
if grep -qE '[0-9]{30}' "$T/err" "$T/out"; then echo "FAIL explain-last-range: a long bound"; fail=$((fail+1)); else pass=$((pass+1)); fi
check top-limit-range       2   ""                                 -- "$BIN" top --once -n -1
if grep -qE '[0-9]{30}' "$T/err" "$T/out"; then echo "FAIL top-limit-range: a long bound"; fail=$((fail+1)); else pass=$((pass+1)); fi
check nonexistent-command   127 "command not found"                -- "$BIN" run --record "$T/nx.jsonl" -- /nonexistent/oomlens-no-such-cmd
[ ! -e "$T/nx.jsonl" ] && pass=$((pass+1)) || { echo "FAIL nonexistent-command: its record was left behind"; fail=$((fail+1)); }
# plot: the format follows the name; - is stdout; report/plot read - as stdin.
check small-record          0   ""                                 -- "$BIN" run --record "$T/s.jsonl" -- sleep 0.3
check plot-png-refused      2   "must end in .svg or .html"        -- "$BIN" plot "$T/s.jsonl" -o "$T/x.png"
[ ! -e "$T/x.png" ] && pass=$((pass+1)) || { echo "FAIL plot-png-refused: x.png was written"; fail=$((fail+1)); }
(cd "$T" && "$BIN" plot s.jsonl -o - >"$T/stdout.svg" 2>"$T/err"); ok plot-dash-is-stdout $?
{ [ ! -e "$T/-" ] && head -c 200 "$T/stdout.svg" | grep -q '<svg'; }; ok plot-dash-wrote-svg-to-stdout $?
"$BIN" plot - -o "$T/in.svg" <"$T/s.jsonl" 2>"$T/err" && grep -q '<svg' "$T/in.svg"; ok plot-reads-stdin $?
# An output that cannot be written is status 2 (docs/plot.md), stdout as a file.
"$BIN" plot "$T/s.jsonl" -o - >/dev/full 2>"$T/err"; [ $? = 2 ] && grep -q "cannot write to stdout" "$T/err"
ok plot-stdout-unwritable-exits-2 $?
# A drawing of 4096 bytes or more goes past stdio's buffer: the write error is fwrite's, not fflush's (glibc).
"$BIN" plot "$2/tests/fixtures/records/torch-oom-killed.jsonl" -o - >/dev/full 2>"$T/err"; [ $? = 2 ] &&
  grep -q "cannot write to stdout" "$T/err"
ok plot-big-stdout-unwritable-exits-2 $?
"$BIN" report - <"$T/s.jsonl" >"$T/out" 2>"$T/err" && grep -qi 'exited' "$T/out"; ok report-reads-stdin $?
"$BIN" report "$T/s.jsonl" >/dev/full 2>"$T/err"; [ $? = 2 ] && grep -q "cannot write to stdout" "$T/err"
ok report-stdout-unwritable-exits-2 $?

# report and sweep read the machine under --root (a fixture tree), as the other readers do.
# report: a record cut before its verdict and its kill events (oomlens was killed) is
# rebuilt from the kernel log of the same boot: ROOT/dev/kmsg (a records file), when
# ROOT/proc/sys/kernel/random/boot_id is the record's boot id.
REC="$2/tests/fixtures/records/torch-oom-killed.jsonl"
grep -v -e '"type":"verdict"' -e '"kind":"oom_kill"' -e '"kind":"cgroup_oom_kill"' "$REC" >"$T/cut.jsonl"
mkdir -p "$T/root/proc/sys/kernel/random" "$T/root/dev" "$T/other/proc/sys/kernel/random" "$T/other/dev"
echo 9ea4eb65-ca95-4d38-8564-b323e8dd969f >"$T/root/proc/sys/kernel/random/boot_id"
echo 0b6c6a3e-0000-4000-8000-000000000000 >"$T/other/proc/sys/kernel/random/boot_id"
MEMCG=/oomlens-tests/run-torch/oomlens-run-10675
{
  echo "6,54025,8083717700,-;oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=$MEMCG,task_memcg=$MEMCG,task=python3,pid=10677,uid=0"
  echo "3,54026,8083717763,-;Memory cgroup out of memory: Killed process 10677 (python3) total-vm:1200000kB, anon-rss:430412kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:1200kB oom_score_adj:0"
} >"$T/root/dev/kmsg"
cp "$T/root/dev/kmsg" "$T/other/dev/kmsg"
check report-root-kmsg      3   '1 kill\(s\) from the live kernel log' -- "$BIN" report --root "$T/root" "$T/cut.jsonl"
grep -q 'killed main process 10677' "$T/out"; ok report-root-kmsg-names-the-kill $?
check report-root-other-boot 3  ""                                 -- "$BIN" report --root "$T/other" "$T/cut.jsonl"
! grep -q -e "from the live kernel log" -e "killed main process" "$T/out"; ok report-root-other-boot-joins-no-kill $?
# sweep: with neither --budget nor --limit the budget is ROOT/proc/meminfo's MemAvailable.
mkdir -p "$T/mem/proc"
printf 'MemTotal:        4096000 kB\nMemFree:         1000000 kB\nMemAvailable:    1234567 kB\n' >"$T/mem/proc/meminfo"
check sweep-root-meminfo    0   '"source": "MemAvailable"'         -- "$BIN" sweep --root "$T/mem" --json --dir "$T/sw" --param w=1 -- true {w}
grep -q '"bytes": 1264196608' "$T/out"; ok sweep-root-memavailable-is-the-budget $?
# sweep -o takes plot -o's names (render/drawing_file.h: any case) and writes as plot does: never through a symlink.
check sweep-output-upper-case 0 ''                                 -- "$BIN" sweep --root "$T/mem" --dir "$T/sw2" -o "$T/peaks.SVG" --param w=1,2 -- true {w}
grep -q '<svg' "$T/peaks.SVG"; ok sweep-output-upper-case-is-svg $?
echo keep >"$T/target"; ln -s "$T/target" "$T/link.svg"
check sweep-output-symlink  0   'cannot write'                     -- "$BIN" sweep --root "$T/mem" --dir "$T/sw3" -o "$T/link.svg" --param w=1,2 -- true {w}
[ "$(cat "$T/target")" = keep ]; ok sweep-output-symlink-target-kept $?

finish run_cli
