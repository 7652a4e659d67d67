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

# --- (e) protect-negative-adj: root in the guest has CAP_SYS_RESOURCE, so a
# negative oom_score_adj can be written (EACCES on the build machine).
scenario_protect_negative_adj() {
  out=$(sh -c 'echo -500 > /proc/self/oom_score_adj && cat /proc/self/oom_score_adj' 2>&1)
  capeff=$(sed -n 's/^CapEff:[[:space:]]*//p' /proc/self/status)
  if [ "$out" = -500 ]; then
    result protect-negative-adj pass "oom_score_adj=-500 CapEff=$capeff"
  else
    result protect-negative-adj fail "writing -500 to /proc/self/oom_score_adj gave '$out' (CapEff=$capeff)"
  fi
}

main() {
  echo "oomlens-vm: kernel $(uname -r), $(sed -n 's/^MemTotal: *//p' /proc/meminfo) RAM, cgroup2 controllers: $(cat $CG/cgroup.controllers), init started at uptime $(cut -d' ' -f1 /proc/uptime) s"
  if ! echo +memory > $CG/cgroup.subtree_control; then
    result setup fail "cannot enable +memory in $CG/cgroup.subtree_control (controllers: $(cat $CG/cgroup.controllers))"
    return
  fi
  for s in leak-v2 kmsg-report explain-v2 oom-group protect-negative-adj; do
    if wanted $s; then scenario_$(echo $s | tr - _); fi
  done
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
