#!/bin/sh
# /init of the oomlens test VM (busybox sh; built into the initramfs by
# scripts/vm/build-initramfs.sh, booted by scripts/vm/run-vm.sh).
#
# Runs the cgroup v2 scenarios against the guest's real kernel and prints,
# on the serial console, one machine-readable line per scenario and a last
# summary line, each on a line of its own:
#   OOMLENS-VM-RESULT name=NAME status=pass|fail|skip detail=TEXT
#   OOMLENS-VM-DONE pass=N fail=M skip=K
# plus the kernel's OOM report of `leak-v2`, as /dev/kmsg records between
# OOMLENS-VM-KMSG-BEGIN/END and as `dmesg` lines between
# OOMLENS-VM-DMESG-BEGIN/END (the host saves them as build files), then
# powers off. Kernel console messages are turned down to KERN_EMERG first so
# they do not interleave with these lines (they all stay in /dev/kmsg).
#
# Kernel command line switches (set by run-vm.sh):
#   oomlens_explain=1|0   run the `explain-v2` scenario (default 1)
#   oomlens_only=a,b      run only the named scenarios (default: all)
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
/bin/busybox mount -t proc proc /proc
/bin/busybox --install -s   # applet links (needs /proc/self/exe)
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
exec </dev/console >/dev/console 2>&1
# The first line on the console: the host's KVM probe waits for some output
# (scripts/vm/run-vm.sh, OOMLENS_VM_QUIET_S).
echo "OOMLENS-VM-INIT at $(cut -d' ' -f1 /proc/uptime) s"
echo 1 > /proc/sys/kernel/printk
mount -t tmpfs tmpfs /tmp
mount -t cgroup2 cgroup2 /sys/fs/cgroup

EXPLAIN=1
ONLY=
for arg in $(cat /proc/cmdline); do
  case $arg in
    oomlens_explain=*) EXPLAIN=${arg#*=} ;;
    oomlens_only=*) ONLY=",${arg#*=}," ;;
  esac
done

PASS=0 FAIL=0 SKIP=0
# result NAME pass|fail|skip DETAIL...: one line, newlines in DETAIL folded.
result() {
  r_name=$1 r_status=$2
  shift 2
  r_detail=$(printf '%s' "$*" | tr '\n\r' '  ')
  case $r_status in
    pass) PASS=$((PASS + 1)) ;;
    skip) SKIP=$((SKIP + 1)) ;;
    *) r_status=fail; FAIL=$((FAIL + 1)) ;;
  esac
  printf '\nOOMLENS-VM-RESULT name=%s status=%s detail=%s (at %s s)\n' "$r_name" "$r_status" "$r_detail" "$(cut -d' ' -f1 /proc/uptime)"
}
# Collects failed checks of the current scenario in $ERRS.
check() { # check CONDITION-EXIT-STATUS MESSAGE
  [ "$1" -eq 0 ] || ERRS="$ERRS${ERRS:+; }$2"
}
# show FILE LABEL: a failing scenario's evidence, before its result line.
show() {
  [ -s "$1" ] || return 0
  echo "--- $2 ($1):"
  head -n 40 "$1"
}
# stop_watch_and_daemon WATCH_PID DAEMON_PID: SIGTERM both; each must exit 0.
stop_watch_and_daemon() {
  kill -TERM "$1" "$2"
  wait "$1"
  s_w=$?
  wait "$2"
  s_d=$?
  check $([ $s_w -eq 0 ] && [ $s_d -eq 0 ]; echo $?) "watch/daemon exit status $s_w/$s_d after SIGTERM, want 0/0"
}
wanted() { [ -z "$ONLY" ] || case $ONLY in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

# Kernel version as MAJOR*1000+MINOR, e.g. 6001 for 6.1.
KVER=$(uname -r | sed -n 's/^\([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
KVER=$(( ${KVER% *} * 1000 + ${KVER#* } ))

# State shared between scenarios.
LEAK_PID=
CG=/sys/fs/cgroup

# make_limited_cgroup DIR: 64 MiB, no swap. The VM has 512 MiB, so the
# leaker's own guard (limit below half of RAM) is satisfied.
make_limited_cgroup() {
  mkdir "$1" || return 1
  echo 64M > "$1/memory.max" || return 1
  if [ -e "$1/memory.swap.max" ]; then echo 0 > "$1/memory.swap.max" || return 1; fi
}

# events_value FILE KEY: the number after KEY in a memory.events file.
events_value() { sed -n "s/^$2 \([0-9]*\)$/\1/p" "$1" 2>/dev/null; }

# Waits up to ~5 s for PID to be gone or a zombie; 0 when it is.
wait_dead() {
  n=0
  while [ $n -lt 50 ]; do
    [ -e "/proc/$1/stat" ] || return 0
    case $(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null) in Z | X | "") return 0 ;; esac
    sleep 0.1
    n=$((n + 1))
  done
  return 1
}

# json_num FILE KEY: the numbers of "KEY":N in FILE, one per line (record
# lines are compact JSON; no jq in the guest).
json_num() { grep -o "\"$2\":[0-9][0-9.]*" "$1" | sed 's/.*://'; }

# --- run-limit: `oomlens run --limit 64M -- oomlens-test-leaker`, the first
# v2 path of oomlens itself. It runs before /init enables +memory in the
# root's cgroup.subtree_control, so oomlens must enable it. Checks: the job's
# cgroup (a child of the root: oomlens runs in the root) exists with
# memory.max while the job runs; oomlens exits 137 like its job; the record's
# header (v2, created, limit, own_oom_score_adj_lowered), the verdict
# (oom_killed, constraint memcg, oom_memcg, limit), the cgroup's oom_kill
# counter (a cgroup_oom_kill event and the samples), memory.peak and the
# cgroup's PSI total= rising in the samples; the cgroup is removed after.
RUN_PID=
scenario_run_limit() {
  ERRS=
  before=$(cat $CG/cgroup.subtree_control)
  oomlens run --limit 64M --record /tmp/run.jsonl --verdict-json /tmp/run.verdict.json \
    --no-sparkline -- oomlens-test-leaker --mib-per-s 40 > /tmp/run.out 2> /tmp/run.err &
  RUN_PID=$!
  jcg=$CG/oomlens-run-$RUN_PID
  # The cgroup exists (with memory.max) before the job enters it: wait for
  # a process in it, then read the limit.
  procs_seen= n=0
  while [ $n -lt 100 ] && [ -z "$procs_seen" ]; do
    procs_seen=$(cat $jcg/cgroup.procs 2>/dev/null | tr '\n' ' ')
    [ -n "$procs_seen" ] || sleep 0.05
    n=$((n + 1))
  done
  max_seen=$(cat $jcg/memory.max 2>/dev/null)
  wait $RUN_PID
  st=$?
  check $([ $st -eq 137 ]; echo $?) "oomlens run exited $st, want 137 (SIGKILL, like its job)"
  check $([ "$max_seen" = 67108864 ]; echo $?) "$jcg/memory.max was '$max_seen' while the job ran, want 67108864"
  check $([ -n "$procs_seen" ]; echo $?) "no process in $jcg/cgroup.procs while the job ran"
  check $(grep -q "^leaker: pid [0-9]* in $jcg (limit 67108864 bytes)" /tmp/run.err; echo $?) "the leaker did not find itself in $jcg under a 64 MiB limit"
  check $([ ! -e $jcg ]; echo $?) "$jcg still exists after oomlens run ended"
  grep -q memory $CG/cgroup.subtree_control
  check $? "oomlens did not enable +memory in $CG/cgroup.subtree_control (was '$before', now '$(cat $CG/cgroup.subtree_control)')"
  grep '"type":"header"' /tmp/run.jsonl > /tmp/run.header
  grep '"type":"verdict"' /tmp/run.jsonl > /tmp/run.verdict
  for want in '"own_oom_score_adj_lowered":true' '"hierarchy":"v2"' '"created":true' \
              '"limit_bytes":67108864' "\"cgroup_dir\":\"$jcg\"" \
              '"cgroup_entry":"clone_into_cgroup"' '"clone3_error":null'; do
    check $(grep -qF "$want" /tmp/run.header; echo $?) "record header lacks $want"
  done
  for want in '"cause":"oom_killed"' '"constraint":"memcg"' "\"oom_memcg\":\"/oomlens-run-$RUN_PID\"" \
              '"limit_bytes":67108864' '"signal_name":"SIGKILL"' '"full_report":true'; do
    check $(grep -qF "$want" /tmp/run.verdict; echo $?) "record verdict lacks $want"
  done
  cmp -s /tmp/run.verdict /tmp/run.verdict.json || tr -d '\n' < /tmp/run.verdict.json | grep -qF '"cause":"oom_killed"'
  check $? "--verdict-json file disagrees with the record's verdict"
  # The cgroup's own oom_kill counter (memory.events.local), as oomlens read it.
  ev=$(grep '"kind":"cgroup_oom_kill"' /tmp/run.jsonl | head -n 1)
  check $(printf '%s' "$ev" | grep -qF '"oom_kill":1'; echo $?) "no cgroup_oom_kill event with oom_kill 1 (got '$ev')"
  grep '"type":"sample"' /tmp/run.jsonl > /tmp/run.samples
  last_oom=$(json_num /tmp/run.samples oom_kill | tail -n 1)
  check $([ "$last_oom" = 1 ]; echo $?) "last sample's cgroup oom_kill is '$last_oom', want 1"
  # memory.peak (5.19+) and the cgroup's memory.pressure, as oomlens sampled them.
  peak=$(json_num /tmp/run.samples peak_bytes | sort -n | tail -n 1)
  if [ "$KVER" -ge 5019 ]; then
    check $([ "${peak:-0}" -gt $((48 << 20)) ] && [ "${peak:-0}" -le 67108864 ]; echo $?) \
      "highest sampled cgroup peak_bytes '$peak', want 48..64 MiB"
  fi
  psi_first=$(json_num /tmp/run.samples psi_some_total_us | head -n 1)
  psi_last=$(json_num /tmp/run.samples psi_some_total_us | tail -n 1)
  check $([ -n "$psi_first" ] && [ -n "$psi_last" ] && [ "$psi_last" -gt "$psi_first" ]; echo $?) \
    "cgroup psi_some_total_us did not rise over the samples (first '$psi_first', last '$psi_last')"
  check $([ "$(wc -l < /tmp/run.samples)" -ge 3 ]; echo $?) "only $(wc -l < /tmp/run.samples) samples in the record"
  if [ -n "$ERRS" ]; then
    show /tmp/run.err "oomlens run stderr"
    show /tmp/run.header "record header"
    show /tmp/run.verdict "record verdict"
    tail -n 3 /tmp/run.samples > /tmp/run.samples.tail
    show /tmp/run.samples.tail "last record samples"
    result run-limit fail "$ERRS"
  else
    result run-limit pass "status=$st entry=$(grep -o '"cgroup_entry":"[^"]*"' /tmp/run.header | cut -d'"' -f4) memory.max=$max_seen oom_kill=$last_oom peak_bytes=${peak:-absent} psi_some_total_us=$psi_first..$psi_last samples=$(wc -l < /tmp/run.samples) subtree_control: '$before' -> '$(cat $CG/cgroup.subtree_control)'"
  fi
}

# --- run-limit-nested: oomlens in /outer/inner (a leaf holding oomlens) puts
# the job in a sibling, /outer/oomlens-run-PID, enabling +memory in /outer
# (which holds no process itself); a job that exits 0 leaves no cgroup.
scenario_run_limit_nested() {
  ERRS=
  mkdir -p $CG/outer/inner
  before=$(cat $CG/outer/cgroup.subtree_control)
  sh -c 'echo $$ > /sys/fs/cgroup/outer/inner/cgroup.procs &&
         exec oomlens run --limit 32M --record /tmp/nested.jsonl -- \
           sh -c "cat /proc/self/cgroup; cat /sys/fs/cgroup\$(sed -n \"s/^0:://p\" /proc/self/cgroup)/memory.max"' \
    > /tmp/nested.out 2> /tmp/nested.err &
  np=$!
  wait $np
  st=$?
  check $([ $st -eq 0 ]; echo $?) "oomlens run exited $st, want 0"
  check $(grep -qx "0::/outer/oomlens-run-$np" /tmp/nested.out; echo $?) "the job was not in /outer/oomlens-run-$np"
  check $(grep -qx 33554432 /tmp/nested.out; echo $?) "the job's memory.max was not 33554432"
  check $(grep -q memory $CG/outer/cgroup.subtree_control; echo $?) "memory not enabled in /outer/cgroup.subtree_control"
  check $([ ! -e $CG/outer/oomlens-run-$np ]; echo $?) "/outer/oomlens-run-$np still exists"
  check $(grep -qF '"cgroup_entry":"clone_into_cgroup"' /tmp/nested.jsonl; echo $?) "record header lacks \"cgroup_entry\":\"clone_into_cgroup\""
  if [ -n "$ERRS" ]; then
    show /tmp/nested.out "job output"
    show /tmp/nested.err "oomlens run stderr"
    result run-limit-nested fail "$ERRS"
  else
    result run-limit-nested pass "job in /outer/oomlens-run-$np with memory.max $(grep -x '[0-9]*' /tmp/nested.out); /outer subtree_control '$before' -> '$(cat $CG/outer/cgroup.subtree_control)'"
  fi
  rmdir $CG/outer/inner $CG/outer 2>/dev/null
}

# --- run-limit-systemd-run: oomlens may not make a cgroup beside its own
# (not delegated: it runs as nobody in /sd/inner, and /sd is root's), so it
# runs the job under `systemd-run --scope -p MemoryMax=…`. The VM has no
# systemd: a stub `systemd-run` first on PATH records its argv, writes
# MemoryMax/MemorySwapMax to /sd/scope (delegated to nobody, as systemd
# would make a scope), moves itself there and execs the command in the same
# process, as systemd-run --scope does. Checks: exit 137; the stub's argv
# (--user, --scope, MemoryMax=67108864, MemorySwapMax=0, and
# --expand-environment=no for the stub's version 255); the header's
# cgroup_entry systemd-run and cgroup_dir /sd/scope; the leaker in /sd/scope
# under 64 MiB; the scope's oom_kill counter as a cgroup_oom_kill event.
write_systemd_run_stub() {
  mkdir -p /tmp/stubbin
  cat > /tmp/stubbin/systemd-run <<'STUB'
#!/bin/sh
# oomlens VM stub of systemd-run --scope (no systemd in the guest).
if [ "$1" = --version ]; then echo "systemd 255 (oomlens-vm-stub)"; exit 0; fi
printf '%s\n' "$@" > /tmp/sdrun.argv
scope=/sys/fs/cgroup/sd/scope
while [ $# -gt 0 ]; do
  case $1 in
    -p) case $2 in
          MemoryMax=*) echo "${2#*=}" > $scope/memory.max || exit 1 ;;
          MemorySwapMax=*) [ ! -e $scope/memory.swap.max ] || echo "${2#*=}" > $scope/memory.swap.max || exit 1 ;;
        esac
        shift 2 ;;
    --) shift; break ;;
    *) shift ;;
  esac
done
echo $$ > $scope/cgroup.procs || exit 1
exec "$@"
STUB
  chmod 755 /tmp/stubbin/systemd-run
}
scenario_run_limit_systemd_run() {
  ERRS=
  grep -q '^nobody:' /etc/passwd 2>/dev/null || echo 'nobody:x:65534:65534:nobody:/tmp:/bin/sh' >> /etc/passwd
  grep -q '^nogroup:' /etc/group 2>/dev/null || echo 'nogroup:x:65534:' >> /etc/group
  mkdir -p $CG/sd/inner $CG/sd/scope
  echo +memory > $CG/sd/cgroup.subtree_control
  for f in $CG/sd/cgroup.procs $CG/sd/inner/cgroup.procs $CG/sd/scope/cgroup.procs $CG/sd/scope/memory.max \
           $CG/sd/scope/memory.swap.max; do
    [ ! -e $f ] || chown 65534:65534 $f
  done
  write_systemd_run_stub
  rm -f /tmp/sdrun.argv /tmp/sdrun.jsonl
  sh -c 'echo $$ > /sys/fs/cgroup/sd/inner/cgroup.procs &&
         exec su -s /bin/sh nobody -c "PATH=/tmp/stubbin:/bin:/sbin:/usr/bin:/usr/sbin exec oomlens run --limit 64M \
           --record /tmp/sdrun.jsonl --no-sparkline -- oomlens-test-leaker --mib-per-s 40"' \
    > /tmp/sdrun.out 2> /tmp/sdrun.err &
  sp=$!
  wait $sp
  st=$?
  check $([ $st -eq 137 ]; echo $?) "oomlens run exited $st, want 137"
  for want in --user --scope --quiet --collect --expand-environment=no MemoryMax=67108864 MemorySwapMax=0 \
              oomlens-test-leaker; do
    check $(grep -qx -- "$want" /tmp/sdrun.argv; echo $?) "the stub systemd-run was not given '$want' (argv: $(tr '\n' ' ' < /tmp/sdrun.argv 2>/dev/null))"
  done
  check $(grep -q "running the job under .systemd-run --scope -p MemoryMax=67108864" /tmp/sdrun.err; echo $?) "oomlens did not say it falls back to systemd-run"
  check $(grep -q "^leaker: pid [0-9]* in $CG/sd/scope (limit 67108864 bytes)" /tmp/sdrun.err; echo $?) "the leaker did not find itself in $CG/sd/scope under a 64 MiB limit"
  grep '"type":"header"' /tmp/sdrun.jsonl > /tmp/sdrun.header
  for want in '"cgroup_entry":"systemd-run"' "\"cgroup_dir\":\"$CG/sd/scope\"" '"hierarchy":"v2"' \
              '"limit_bytes":67108864' '"--expand-environment=no"' '"MemoryMax=67108864"'; do
    check $(grep -qF -- "$want" /tmp/sdrun.header; echo $?) "record header lacks $want"
  done
  ev=$(grep '"kind":"cgroup_oom_kill"' /tmp/sdrun.jsonl | head -n 1)
  check $(printf '%s' "$ev" | grep -qF '"oom_kill":1'; echo $?) "no cgroup_oom_kill event with oom_kill 1 (got '$ev')"
  check $([ -d $CG/sd/scope ]; echo $?) "oomlens removed the scope (systemd's, not oomlens's)"
  cause=$(grep '"type":"verdict"' /tmp/sdrun.jsonl | grep -o '"cause":"[^"]*"' | cut -d'"' -f4)
  # Neither delegation nor systemd-run: exit 125 before the job starts, and
  # the message names both ways tried.
  sh -c 'echo $$ > /sys/fs/cgroup/sd/inner/cgroup.procs &&
         exec su -s /bin/sh nobody -c "PATH=/bin:/sbin:/usr/bin:/usr/sbin exec oomlens run --limit 64M \
           --record /tmp/sdrun-none.jsonl -- true"' > /tmp/sdrun-none.out 2> /tmp/sdrun-none.err
  nst=$?
  check $([ $nst -eq 125 ]; echo $?) "without systemd-run: oomlens run exited $nst, want 125"
  for want in 'cannot set a memory limit: cannot create' 'needs a delegated subtree' 'systemd-run is not on PATH'; do
    check $(grep -qF "$want" /tmp/sdrun-none.err; echo $?) "without systemd-run: stderr lacks '$want' (got '$(head -c 600 /tmp/sdrun-none.err)')"
  done
  if [ -n "$ERRS" ]; then
    show /tmp/sdrun.err "oomlens run stderr"
    show /tmp/sdrun.header "record header"
    show /tmp/sdrun.argv "stub systemd-run argv"
    result run-limit-systemd-run fail "$ERRS"
  else
    result run-limit-systemd-run pass "status=$st cause=$cause argv: $(tr '\n' ' ' < /tmp/sdrun.argv); without systemd-run: $nst, $(grep -o 'cannot set a memory limit.*' /tmp/sdrun-none.err | cut -c1-160)…"
  fi
  rmdir $CG/sd/scope $CG/sd/inner $CG/sd 2>/dev/null
}

# --- (a) leak-v2: the leaker in a 64 MiB v2 memory cgroup is OOM-killed.
scenario_leak_v2() {
  ERRS=
  cg=$CG/t1
  if ! make_limited_cgroup $cg; then
    result leak-v2 fail "cannot create $cg with memory.max=64M (controllers: $(cat $CG/cgroup.subtree_control))"
    return
  fi
  sh -c 'echo $$ > /sys/fs/cgroup/t1/cgroup.procs && exec /bin/oomlens-test-leaker' 2>/tmp/leak-v2.err &
  LEAK_PID=$!
  wait $LEAK_PID
  st=$?
  check $([ $st -eq 137 ]; echo $?) "exit status $st, want 137 (SIGKILL)"
  oom_kill=$(events_value $cg/memory.events oom_kill)
  check $([ "$oom_kill" = 1 ]; echo $?) "memory.events oom_kill='$oom_kill', want 1"
  peak=
  if [ -e $cg/memory.peak ]; then
    peak=$(cat $cg/memory.peak)
  elif [ "$KVER" -ge 5019 ]; then
    check 1 "no memory.peak on kernel $(uname -r) (5.19+ has it)"
  fi
  check $(grep -q '^some ' $cg/memory.pressure 2>/dev/null; echo $?) "no memory.pressure (PSI) in $cg"
  if [ -n "$ERRS" ]; then
    show /tmp/leak-v2.err "leaker stderr"
    show $cg/memory.events memory.events
    result leak-v2 fail "$ERRS"
  else
    result leak-v2 pass "pid=$LEAK_PID status=$st oom_kill=$oom_kill memory.peak=${peak:-absent} kernel=$(uname -r)"
  fi
}

# Reads the whole /dev/kmsg without blocking at its end: writes a unique
# record and reads up to it (sed reads whole records; busybox sh's `read`
# would use 1-byte reads, which /dev/kmsg refuses with EINVAL). A second
# record follows the mark because busybox sed reads one line ahead.
MARK_N=0
read_kmsg() { # read_kmsg OUTFILE
  MARK_N=$((MARK_N + 1))
  mark="oomlens-vm-mark-$MARK_N"
  echo "$mark" > /dev/kmsg
  echo "$mark-end" > /dev/kmsg
  timeout 10 sed -n "/;$mark\$/q;p" /dev/kmsg > "$1"
}

# last_report FILE: the lines from the last `invoked oom-killer` header to
# the end, without this script's marks.
last_report() {
  awk '/invoked oom-killer/ { n = NR } { l[NR] = $0 }
       END { if (n) for (i = n; i <= NR; i++) if (l[i] !~ /oomlens-vm-mark/) print l[i] }' "$1"
}

# --- (b) kmsg-report: the v2 memcg report of leak-v2 is in /dev/kmsg; saved
# to the serial console for the host (build/vm/guest-kmsg.log).
scenario_kmsg_report() {
  ERRS=
  if [ -z "$LEAK_PID" ]; then result kmsg-report skip "needs leak-v2"; return; fi
  read_kmsg /tmp/kmsg.all
  last_report /tmp/kmsg.all > /tmp/kmsg.report
  check $(grep -q 'invoked oom-killer' /tmp/kmsg.report; echo $?) "no 'invoked oom-killer' record in /dev/kmsg"
  check $(grep -q 'oom_memcg=/t1,' /tmp/kmsg.report; echo $?) "no 'oom_memcg=/t1' in the report"
  check $(grep -q "Memory cgroup out of memory: Killed process $LEAK_PID " /tmp/kmsg.report; echo $?) \
    "no 'Memory cgroup out of memory: Killed process $LEAK_PID' in the report"
  printf '\nOOMLENS-VM-KMSG-BEGIN\n'
  cat /tmp/kmsg.report
  printf 'OOMLENS-VM-KMSG-END\n'
  # The same report as dmesg(1) prints it (`[seconds] text`).
  dmesg > /tmp/dmesg.all
  last_report /tmp/dmesg.all > /tmp/dmesg.report
  printf '\nOOMLENS-VM-DMESG-BEGIN\n'
  cat /tmp/dmesg.report
  printf 'OOMLENS-VM-DMESG-END\n'
  if [ -n "$ERRS" ]; then
    result kmsg-report fail "$ERRS ($(wc -l < /tmp/kmsg.all) records read)"
  else
    result kmsg-report pass "$(wc -l < /tmp/kmsg.report) report lines"
  fi
}

# --- (c) explain-v2: `oomlens explain --json` on the live /dev/kmsg finds the
# leaker's kill with constraint memcg and oom_memcg /t1. The only OOM so far
# is leak-v2's, so checks on the whole JSON are checks on that event.
scenario_explain_v2() {
  ERRS=
  if [ "$EXPLAIN" != 1 ]; then result explain-v2 skip "disabled (oomlens_explain=$EXPLAIN)"; return; fi
  if [ -z "$LEAK_PID" ]; then result explain-v2 fail "needs leak-v2 (it did not run)"; return; fi
  # A time limit, so a reader that blocks at the end of /dev/kmsg fails here
  # (status 143) instead of hanging the VM until the host kills it.
  timeout 30 oomlens explain --json > /tmp/explain.json 2> /tmp/explain.err
  st=$?
  if [ $st -ne 0 ] && [ ! -s /tmp/explain.json ]; then
    show /tmp/explain.err "explain stderr"
    result explain-v2 fail "'oomlens explain --json' exited $st with no output ($(head -n 1 /tmp/explain.err)): is explain implemented in this build? (the stub exits 1 silently)"
    return
  fi
  check $([ $st -eq 0 ]; echo $?) "'oomlens explain --json' exited $st, want 0 (an event was found)"
  # Whitespace-free JSON, so the checks hold for compact and pretty output.
  tr -d ' \t\r\n' < /tmp/explain.json > /tmp/explain.compact
  check $(grep -q "\"pid\":$LEAK_PID[,}]" /tmp/explain.compact; echo $?) "no \"pid\":$LEAK_PID (the leaker) in the JSON"
  check $(grep -q '"constraint":"memcg"' /tmp/explain.compact; echo $?) 'no "constraint":"memcg" in the JSON'
  check $(grep -q '"oom_memcg":"/t1"' /tmp/explain.compact; echo $?) 'no "oom_memcg":"/t1" in the JSON'
  if [ -n "$ERRS" ]; then
    show /tmp/explain.json "explain --json stdout"
    show /tmp/explain.err "explain stderr"
    result explain-v2 fail "$ERRS"
  else
    result explain-v2 pass "pid=$LEAK_PID constraint=memcg oom_memcg=/t1"
  fi
}

# --- (d) oom-group: memory.oom.group=1 kills every process of the cgroup.
scenario_oom_group() {
  ERRS=
  cg=$CG/t2
  if ! make_limited_cgroup $cg; then result oom-group fail "cannot create $cg with memory.max=64M"; return; fi
  if [ ! -e $cg/memory.oom.group ]; then result oom-group fail "no memory.oom.group on kernel $(uname -r)"; return; fi
  echo 1 > $cg/memory.oom.group
  sh -c 'echo $$ > /sys/fs/cgroup/t2/cgroup.procs && exec sleep 1000' &
  sleep_pid=$!
  n=0
  until grep -qx "$sleep_pid" $cg/cgroup.procs || [ $n -ge 50 ]; do sleep 0.1; n=$((n + 1)); done
  sh -c 'echo $$ > /sys/fs/cgroup/t2/cgroup.procs && exec /bin/oomlens-test-leaker' 2>/tmp/oom-group.err &
  leak_pid=$!
  wait $leak_pid
  st=$?
  check $([ $st -eq 137 ]; echo $?) "leaker exit status $st, want 137"
  if wait_dead $sleep_pid; then
    wait $sleep_pid
    sst=$?
    check $([ $sst -eq 137 ]; echo $?) "sleep exit status $sst, want 137 (group kill)"
  else
    sst=alive
    check 1 "sleep $sleep_pid survived the OOM kill of its group"
    kill -9 $sleep_pid 2>/dev/null
    wait $sleep_pid 2>/dev/null
  fi
  # The victim is counted twice: once as the selected victim, once more when
  # the group kill walks the cgroup (6.1 prints `Killed process` for it twice
  # too), so oom_kill is 3 here; what matters is that both processes died.
  oom_kill=$(events_value $cg/memory.events oom_kill)
  check $([ "${oom_kill:-0}" -ge 2 ]; echo $?) "memory.events oom_kill='$oom_kill', want >= 2"
  group_kill=$(events_value $cg/memory.events oom_group_kill)
  if [ -n "$group_kill" ]; then
    check $([ "$group_kill" -ge 1 ]; echo $?) "memory.events oom_group_kill=$group_kill, want >= 1"
  fi
  # The report, for the host (build/vm/guest-kmsg-oom-group.log): a v2
  # report with several victims.
  read_kmsg /tmp/kmsg.all
  last_report /tmp/kmsg.all > /tmp/kmsg.group
  check $(grep -q 'Tasks in /t2 are going to be killed due to memory.oom.group set' /tmp/kmsg.group; echo $?) \
    "no 'Tasks in /t2 are going to be killed due to memory.oom.group set' in /dev/kmsg"
  check $(grep -q "Killed process $sleep_pid (sleep)" /tmp/kmsg.group; echo $?) "no 'Killed process $sleep_pid (sleep)' in /dev/kmsg"
  printf '\nOOMLENS-VM-KMSG-GROUP-BEGIN\n'
  cat /tmp/kmsg.group
  printf 'OOMLENS-VM-KMSG-GROUP-END\n'
  if [ -n "$ERRS" ]; then
    show /tmp/oom-group.err "leaker stderr"
    show $cg/memory.events memory.events
    result oom-group fail "$ERRS"
  else
    result oom-group pass "leaker=$st sleep=$sst oom_kill=$oom_kill oom_group_kill=${group_kill:-absent}"
  fi
}

# --- protect: root in the guest has CAP_SYS_RESOURCE (root on the build
# machine does not), so `oomlens protect` succeeds below 0, in both modes.
scenario_protect() {
  ERRS=
  capeff=$(sed -n 's/^CapEff:[[:space:]]*//p' /proc/self/status)
  # CMD mode: the child sets its own value and execs CMD, which prints it.
  out=$(oomlens protect --adj -500 -- cat /proc/self/oom_score_adj 2>/tmp/protect.err)
  st=$?
  check $([ $st -eq 0 ]; echo $?) "'oomlens protect --adj -500 -- cat' exited $st"
  check $([ "$out" = -500 ]; echo $?) "the command saw oom_score_adj '$out', want -500"
  check $(grep -q 'oom_score_adj 0 .* -500' /tmp/protect.err; echo $?) "no 'oom_score_adj 0 → -500' before/after line on stderr"
  cmd_line=$(head -n 1 /tmp/protect.err)
  # PID mode, down to -1000 (never chosen by the OOM killer).
  sleep 1000 &
  sp=$!
  oomlens protect $sp --adj -1000 > /tmp/protect-pid.out 2>&1
  st=$?
  now=$(cat /proc/$sp/oom_score_adj)
  kill -9 $sp 2>/dev/null
  wait $sp 2>/dev/null
  check $([ $st -eq 0 ]; echo $?) "'oomlens protect $sp --adj -1000' exited $st"
  check $([ "$now" = -1000 ]; echo $?) "/proc/$sp/oom_score_adj is '$now' after protect, want -1000"
  check $(grep -q "^$sp .*oom_score_adj 0 .* -1000" /tmp/protect-pid.out; echo $?) "no '$sp …: oom_score_adj 0 → -1000' line"
  if [ -n "$ERRS" ]; then
    show /tmp/protect.err "protect CMD-mode stderr"
    show /tmp/protect-pid.out "protect PID-mode output"
    result protect fail "$ERRS (CapEff=$capeff)"
  else
    result protect pass "CMD mode: $cmd_line; PID mode: $(head -n 1 /tmp/protect-pid.out) (CapEff=$capeff)"
  fi
}

# --- guard-v2: the guard on a ramp into a v2 limit. `oomlens run --limit 96M
# --warn 70% --act 85% --action term` (forecasts off, so the two thresholds
# are crossed at different times) on a leaker growing 24 MiB/s: the record
# must show a guard_warning, then a guard_action (SIGTERM sent to the job)
# at a larger working set, before any kill,
# the job ended by SIGTERM, the verdict stopped_by_guard and oomlens's exit
# 75 (EX_TEMPFAIL: the guard stopped it; docs/run.md), the cgroup's
# oom_kill counter still 0, and the wake-ups tried in the header: a PSI
# trigger on the job cgroup's memory.pressure with a 1 s window, which the
# kernel accepts only from a caller with CAP_SYS_RESOURCE (root here; root
# on the build machine lacks it and falls back to 2 s or to polling).
scenario_guard_v2() {
  ERRS=
  oomlens run --limit 96M --warn 70% --act 85% --forecast off --act-forecast off --action term \
    --record /tmp/guard.jsonl --no-sparkline -- oomlens-test-leaker --mib-per-s 24 > /tmp/guard.out 2> /tmp/guard.err &
  gp=$!
  wait $gp
  st=$?
  check $([ $st -eq 75 ]; echo $?) "oomlens run exited $st, want 75 (the guard stopped the job)"
  check $([ ! -e $CG/oomlens-run-$gp ]; echo $?) "$CG/oomlens-run-$gp still exists"
  grep '"type":"header"' /tmp/guard.jsonl > /tmp/guard.header
  grep '"type":"verdict"' /tmp/guard.jsonl > /tmp/guard.verdict
  psi=$(grep -o '"psi_trigger":{[^}]*}' /tmp/guard.header)
  check $(printf '%s' "$psi" | grep -qF '"active":true'; echo $?) "PSI trigger not active in the header (got '$psi')"
  check $(printf '%s' "$psi" | grep -qF "\"path\":\"$CG/oomlens-run-$gp/memory.pressure\""; echo $?) "PSI trigger not on the job cgroup's memory.pressure (got '$psi')"
  check $(printf '%s' "$psi" | grep -q '"window_s":1\(\.0\)\?[,}]'; echo $?) "PSI trigger window is not the sub-2-second 1 s (got '$psi')"
  check $(! printf '%s' "$psi" | grep -qF 'first_attempt_error'; echo $?) "the 1 s PSI window was refused first (got '$psi')"
  # Guard events in record order: a warning, then the SIGTERM action, and
  # no kill by the kernel before (or after) them.
  grep -n '"kind":"guard_warning"\|"kind":"guard_action"\|"kind":"cgroup_oom_kill"\|"kind":"guard_escalation"' /tmp/guard.jsonl |
    sed 's/^\([0-9]*\):.*"kind":"\([a-z_]*\)".*/\2/' | tr '\n' ' ' > /tmp/guard.order
  order=$(cat /tmp/guard.order)
  check $([ "$order" = "guard_warning guard_action " ]; echo $?) "guard events in the record: '$order', want 'guard_warning guard_action'"
  act=$(grep '"kind":"guard_action"' /tmp/guard.jsonl | head -n 1)
  check $(printf '%s' "$act" | grep -q 'SIGTERM'; echo $?) "the guard_action event does not say SIGTERM (got '$(printf '%s' "$act" | cut -c1-300)')"
  check $(printf '%s' "$act" | grep -qF '"done":true'; echo $?) "the guard_action was not done"
  check $(grep -qF '"signal_name":"SIGTERM"' /tmp/guard.verdict; echo $?) "the verdict does not say the job ended by SIGTERM"
  check $(grep -qF '"stage":"acted"' /tmp/guard.verdict; echo $?) "the verdict's guard stage is not 'acted'"
  check $(grep -qF '"cause":"stopped_by_guard"' /tmp/guard.verdict; echo $?) "the verdict's cause is not stopped_by_guard"
  grep '"type":"sample"' /tmp/guard.jsonl > /tmp/guard.samples
  last_oom=$(json_num /tmp/guard.samples oom_kill | tail -n 1)
  check $([ "$last_oom" = 0 ]; echo $?) "last sample's cgroup oom_kill is '$last_oom', want 0"
  check $(grep -q 'WARNING: memory' /tmp/guard.err; echo $?) "no 'WARNING: memory' line on stderr"
  warn_t=$(grep '"kind":"guard_warning"' /tmp/guard.jsonl | grep -o '"t_s":[0-9.]*' | head -n 1 | cut -d: -f2)
  act_t=$(printf '%s' "$act" | grep -o '"t_s":[0-9.]*' | head -n 1 | cut -d: -f2)
  warn_ws=$(grep '"kind":"guard_warning"' /tmp/guard.jsonl | head -n 1 | grep -o '"working_set_bytes":[0-9]*' | cut -d: -f2)
  act_ws=$(printf '%s' "$act" | grep -o '"working_set_bytes":[0-9]*' | cut -d: -f2)
  act_trig=$(printf '%s' "$act" | grep -o '"trigger":"[^"]*"' | cut -d'"' -f4)
  # 70% and 85% of 96 MiB: 70464307 and 85563801 bytes.
  check $([ "${warn_ws:-0}" -ge 70464307 ] && [ "${warn_ws:-0}" -lt 85563801 ]; echo $?) "warning at working set '$warn_ws', want 70..85% of 96 MiB"
  check $([ "${act_ws:-0}" -ge 85563801 ] && [ "${act_ws:-0}" -lt 100663296 ]; echo $?) "action at working set '$act_ws', want 85..100% of 96 MiB"
  check $(awk -v w="${warn_t:-x}" -v a="${act_t:-x}" 'BEGIN { exit !(w + 0 < a + 0) }'; echo $?) "the warning (t_s '$warn_t') is not before the action (t_s '$act_t')"
  wakeups=$(grep -o '"wakeups":[0-9]*' /tmp/guard.verdict | cut -d: -f2)
  polls=$(grep -o '"polls":[0-9]*' /tmp/guard.verdict | cut -d: -f2)
  if [ -n "$ERRS" ]; then
    show /tmp/guard.err "oomlens run stderr"
    show /tmp/guard.header "record header"
    grep '"type":"event"' /tmp/guard.jsonl > /tmp/guard.events
    show /tmp/guard.events "record events"
    show /tmp/guard.verdict "record verdict"
    result guard-v2 fail "$ERRS"
  else
    result guard-v2 pass "status=$st warning at ${warn_t}s (working set $warn_ws), SIGTERM ($act_trig) at ${act_t}s (working set $act_ws) of limit 100663296; oom_kill=$last_oom; psi: $(printf '%s' "$psi" | grep -o '"trigger":"[^"]*"'); polls=$polls psi_wakeups=$wakeups"
  fi
}

# --- watch-trace: issue 16 on cgroup v2. 12 kills back to back, each in its
# own 16 MiB cgroup /tk/kN (more than the kernel's 10 report headers per
# 5 s when kills come fast; under emulation each takes ~1 s, so usually
# every report is printed: the detail says how many were not), while `oomlens watch --json --every-event` and `oomlens daemon` run
# with tracepoints (the guest's root has CAP_SYS_ADMIN: each mounts a
# private tracefs). This 6.1 kernel's oom:mark_victim carries the pid only,
# the older-kernel path: comm and cgroup come from /proc at the event. Each
# kill is exactly one `"evidence":"tracepoint"` event naming its pid and
# /tk/kN (v2 keeps an exiting task's cgroup), and the daemon counts 12.
# (JSON keys come sorted: each check greps for one key at a time.)
scenario_watch_trace() {
  ERRS=
  n_kills=12
  mkdir -p $CG/tk && echo +memory > $CG/tk/cgroup.subtree_control
  check $? "cannot set up $CG/tk with +memory"
  ip link set lo up 2>/dev/null
  oomlens watch --json --every-event > /tmp/wt.jsonl 2> /tmp/wt.err &
  wp=$!
  oomlens daemon --listen 127.0.0.1:0 --no-state > /tmp/dt.out 2>&1 &
  dp=$!
  n=0 port=
  while [ $n -lt 200 ] && { [ -z "$port" ] || ! grep -q 'following the kernel log' /tmp/wt.err; }; do
    port=$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' /tmp/dt.out)
    sleep 0.05
    n=$((n + 1))
  done
  check $([ -n "$port" ]; echo $?) "the daemon printed no listening port ($(head -n 3 /tmp/dt.out))"
  check $(grep -q 'tracepoints on' /tmp/wt.err; echo $?) "watch has no tracepoints: $(head -n 2 /tmp/wt.err)"
  check $(grep -q 'tracepoints on' /tmp/dt.out; echo $?) "the daemon has no tracepoints: $(head -n 2 /tmp/dt.out)"
  sleep 0.5   # the counter baselines
  pids=
  i=0
  while [ $i -lt $n_kills ]; do
    mkdir $CG/tk/k$i && echo 16M > $CG/tk/k$i/memory.max && echo 0 > $CG/tk/k$i/memory.swap.max
    sh -c "echo \$\$ > $CG/tk/k$i/cgroup.procs && exec oomlens-test-leaker" 2>/dev/null &
    lp=$!
    wait $lp
    st=$?
    check $([ $st -eq 137 ]; echo $?) "leaker $i exit status $st, want 137"
    pids="$pids $lp:$i"
    i=$((i + 1))
  done
  # Every event within 10 s (each comes at its kill; wait on the file, not a clock).
  n=0
  while [ $n -lt 100 ] && [ "$(grep '"type":"event"' /tmp/wt.jsonl | grep -c '"evidence":"tracepoint"')" -lt $n_kills ]; do
    sleep 0.1
    n=$((n + 1))
  done
  grep '"type":"event"' /tmp/wt.jsonl > /tmp/wt.events
  no_event= no_cg=
  for pk in $pids; do
    pid=${pk%%:*} k=${pk#*:}
    ev=$(grep "\"pid\":$pid[,}]" /tmp/wt.events)
    c=$(printf '%s\n' "$ev" | grep -c .)
    if [ "$c" -ne 1 ] || ! printf '%s' "$ev" | grep -qF '"evidence":"tracepoint"'; then no_event="$no_event $pid($c)"; continue; fi
    printf '%s' "$ev" | grep -qF "\"task_memcg\":\"/tk/k$k\"" || no_cg="$no_cg $pid:/tk/k$k"
  done
  check $([ -z "$no_event" ]; echo $?) "kills without exactly one tracepoint event from watch:$no_event"
  check $([ -z "$no_cg" ]; echo $?) "tracepoint events without their cgroup:$no_cg"
  check $(grep -q '"comm":"oomlens-test-le' /tmp/wt.events; echo $?) "no event has the victim's comm (read from /proc)"
  counted=0
  n=0
  while [ $n -lt 50 ]; do
    wget -q -O /tmp/mt.txt "http://127.0.0.1:$port/metrics"
    counted=$(grep '^oomlens_oom_kills_total{.*cgroup_owner="/tk/k' /tmp/mt.txt | awk '{s += $NF} END {print s + 0}')
    [ "$counted" -ge $n_kills ] && break
    sleep 0.1
    n=$((n + 1))
  done
  sleep 1   # reports and counters still arriving: never a second count
  wget -q -O /tmp/mt.txt "http://127.0.0.1:$port/metrics"
  counted=$(grep '^oomlens_oom_kills_total{.*cgroup_owner="/tk/k' /tmp/mt.txt | awk '{s += $NF} END {print s + 0}')
  check $([ "$counted" -eq $n_kills ]; echo $?) "the daemon counted $counted kills in /tk/k*, want $n_kills"
  printed=$(grep -c '"report":"printed"' /tmp/wt.jsonl)
  suppressed=$(grep -c '"report":"header_suppressed"' /tmp/wt.jsonl)
  stop_watch_and_daemon $wp $dp
  if [ -n "$ERRS" ]; then
    show /tmp/wt.err "watch stderr"
    show /tmp/wt.jsonl "watch --json"
    show /tmp/dt.out "daemon output"
    result watch-trace fail "$ERRS"
  else
    result watch-trace pass "$n_kills kills, $n_kills tracepoint events with pid and cgroup, daemon counted $counted; reports printed $printed, header-suppressed $suppressed"
  fi
}

# --- watch-counter: a v2 kill whose report `oomlens watch --json` and
# `oomlens daemon` never see (both stopped while the kill happens and the
# ring is then overwritten, as a burst of kernel messages does) is still
# reported, from the counters: /proc/vmstat shows a kill the log did not,
# and memory.events.local attributes it to /w/a/b. The kill is nested:
# memory.events of /w/a and /w count it too (v2 rolls events up), which must
# not make three kills. Both run with --no-tracepoints: the counters are the
# subject here (with the oom:mark_victim tracepoint, which this kernel has,
# the kill is an event from the trace buffer instead, whatever the log lost).
# Runs last: it overwrites the guest's kernel log.
# flood_kmsg N: N user records of 900 bytes into the kernel log, one write(2)
# each (dd, as a shell loop costs ~10 ms a line under emulation). Writers of
# /dev/kmsg are limited to 10 records per 5 s per open file unless
# kernel.printk_devkmsg is `on`.
flood_kmsg() {
  echo on > /proc/sys/kernel/printk_devkmsg
  [ -s /tmp/flood ] || yes oomlens-vm-flood-0123456789abcdef0123456789abcdef | tr -d '\n' | head -c 90000 > /tmp/flood
  i=0
  while [ $i -lt "$1" ]; do
    dd if=/tmp/flood of=/dev/kmsg bs=900 count=100 2>/dev/null
    i=$((i + 100))
  done
}
scenario_watch_counter() {
  ERRS=
  mkdir -p $CG/w/a/b
  echo +memory > $CG/w/cgroup.subtree_control && echo +memory > $CG/w/a/cgroup.subtree_control &&
    echo 64M > $CG/w/a/b/memory.max && echo 0 > $CG/w/a/b/memory.swap.max
  check $? "cannot set up /w/a/b with memory.max=64M"
  ip link set lo up 2>/dev/null
  oomlens watch --json --no-tracepoints > /tmp/watch.jsonl 2> /tmp/watch.err &
  wp=$!
  oomlens daemon --no-tracepoints --listen 127.0.0.1:0 --no-state --log /tmp/daemon.jsonl > /tmp/daemon.out 2>&1 &
  dp=$!
  n=0 port=
  while [ $n -lt 100 ] && [ -z "$port" ]; do
    port=$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' /tmp/daemon.out)
    [ -n "$port" ] || sleep 0.05
    n=$((n + 1))
  done
  sleep 0.5   # watch takes its counter baseline when it opens /dev/kmsg
  check $([ -n "$port" ]; echo $?) "the daemon printed no listening port ($(head -n 2 /tmp/daemon.out))"
  kill -STOP $wp $dp
  sh -c 'echo $$ > /sys/fs/cgroup/w/a/b/cgroup.procs && exec oomlens-test-leaker' 2>/tmp/watch-leak.err &
  lp=$!
  wait $lp
  st=$?
  check $([ $st -eq 137 ]; echo $?) "leaker exit status $st, want 137"
  rounds=0
  while [ $rounds -lt 10 ] && dmesg | grep -q "Killed process $lp "; do flood_kmsg 300; rounds=$((rounds + 1)); done
  check $(! dmesg | grep -q "Killed process $lp "; echo $?) "the kill of $lp is still in the kernel log after flooding it"
  kill -CONT $wp $dp
  # The counters are read once a second and trusted after a 2 s grace.
  n=0
  while [ $n -lt 100 ] && ! grep -q '"evidence":"counter_only"' /tmp/watch.jsonl; do sleep 0.1; n=$((n + 1)); done
  sleep 0.5   # a second (wrong) event, had the ancestors been counted, comes in the same counter check
  grep '"evidence":"counter_only"' /tmp/watch.jsonl > /tmp/watch.counter
  check $([ "$(wc -l < /tmp/watch.counter)" -eq 1 ]; echo $?) "$(wc -l < /tmp/watch.counter) counter_only events from watch, want 1"
  check $(grep -qF '"task_memcg":"/w/a/b"' /tmp/watch.counter; echo $?) "watch's counter_only event is not attributed to /w/a/b"
  check $(grep -qF '"kills":1' /tmp/watch.counter; echo $?) "watch's counter_only event does not count 1 kill"
  check $(! grep -q "Killed process $lp\|\"pid\":$lp[,}]" /tmp/watch.jsonl; echo $?) "watch saw the kill's report (the test did not hide it)"
  check $(grep -qF 'EPIPE' /tmp/watch.jsonl; echo $?) "watch's event does not note the overwritten records (EPIPE)"
  # The rolled-up counters that must not be summed.
  up=$(events_value $CG/w/memory.events oom_kill)/$(events_value $CG/w/memory.events.local oom_kill)
  check $([ "$up" = 1/0 ]; echo $?) "/w memory.events/memory.events.local oom_kill = $up, want 1/0"
  wget -q -O /tmp/metrics.txt "http://127.0.0.1:$port/metrics"
  check $? "wget http://127.0.0.1:$port/metrics failed"
  grep '^oomlens_oom_kills_total{' /tmp/metrics.txt > /tmp/metrics.kills
  ours=$(grep 'cgroup_owner="/w/a/b"' /tmp/metrics.kills)
  check $(printf '%s' "$ours" | grep -q 'constraint="unknown".* 1$'; echo $?) "no oomlens_oom_kills_total{constraint=\"unknown\",…,cgroup_owner=\"/w/a/b\"} 1 (got '$ours')"
  check $(! grep -q 'cgroup_owner="/w"\|cgroup_owner="/w/a"' /tmp/metrics.kills; echo $?) "the daemon counted the kill in an ancestor of /w/a/b"
  check $(grep -q '^oomlens_oom_events_total{evidence="counter_only"} 1$' /tmp/metrics.txt; echo $?) "oomlens_oom_events_total{evidence=\"counter_only\"} is not 1"
  check $([ "$(grep -c '"evidence":"counter_only"' /tmp/daemon.jsonl)" -eq 1 ]; echo $?) "the daemon's --log has $(grep -c '"evidence":"counter_only"' /tmp/daemon.jsonl) counter_only events, want 1"
  stop_watch_and_daemon $wp $dp
  if [ -n "$ERRS" ]; then
    show /tmp/watch.jsonl "watch --json"
    show /tmp/watch.err "watch stderr"
    show /tmp/metrics.kills "daemon /metrics oomlens_oom_kills_total"
    show /tmp/daemon.out "daemon output"
    result watch-counter fail "$ERRS"
  else
    result watch-counter pass "kill of $lp in /w/a/b hidden by $rounds x 300 flood records; watch: 1 counter_only event (/w/a/b, kills 1); daemon: $(printf '%s' "$ours" | tr -d ' ')"
  fi
}

# --- hang: never part of the default set; `OOMLENS_VM_ONLY=protect,hang`
# shows that the host kills a guest that hangs (OOMLENS_VM_TIMEOUT) and
# prints the serial log.
scenario_hang() {
  echo "oomlens-vm: hanging on purpose (scenario hang)"
  sleep 100000
}

main() {
  echo "oomlens-vm: kernel $(uname -r), $(sed -n 's/^MemTotal: *//p' /proc/meminfo) RAM, cgroup2 controllers: $(cat $CG/cgroup.controllers), init started at uptime $(cut -d' ' -f1 /proc/uptime) s"
  # run-limit first: oomlens itself must enable +memory in the root.
  if wanted run-limit; then scenario_run_limit; fi
  if ! echo +memory > $CG/cgroup.subtree_control; then
    result setup fail "cannot enable +memory in $CG/cgroup.subtree_control (controllers: $(cat $CG/cgroup.controllers))"
    return
  fi
  for s in run-limit-nested run-limit-systemd-run leak-v2 kmsg-report explain-v2 oom-group protect guard-v2 watch-trace watch-counter; do
    if wanted $s; then scenario_$(echo $s | tr - _); fi
  done
  case $ONLY in *,hang,*) scenario_hang ;; esac
}

main
echo "oomlens-vm: scenarios done at uptime $(cut -d' ' -f1 /proc/uptime) s"
printf '\nOOMLENS-VM-DONE pass=%d fail=%d skip=%d\n' $PASS $FAIL $SKIP
sync
poweroff -f
# Should poweroff fail, ending init panics the kernel, and panic=-1 with
# qemu -no-reboot ends the VM too.
sleep 2
exit 1
