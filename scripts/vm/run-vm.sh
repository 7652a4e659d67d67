#!/usr/bin/env bash
# Boots the oomlens test VM once and reports its scenarios.
#
# Usage: scripts/vm/run-vm.sh BUILD_DIR
#   Kernel: $OOMLENS_VM_KERNEL, else BUILD_DIR/vm/kernel/vmlinuz
#           (scripts/vm/fetch-kernel.sh provides it).
#   Initramfs: BUILD_DIR/vm/initramfs.cpio.gz, (re)built by
#           scripts/vm/build-initramfs.sh when missing or older than its inputs.
# Environment:
#   OOMLENS_VM_EXPLAIN=1|0   run the explain-v2 scenario (default 1)
#   OOMLENS_VM_ONLY=a,b      run only these scenarios (default: all)
#   OOMLENS_VM_TIMEOUT=S     hard limit on the VM's run (default 120 s)
#   OOMLENS_VM_APPEND=ARGS   more kernel command line arguments
#   OOMLENS_VM_QEMU=PATH     the emulator (default: qemu-system-x86_64 on PATH)
#   OOMLENS_VM_ACCEL=auto|kvm|tcg  the accelerator (default auto: KVM when it
#                            works, else TCG; see "The accelerator" below)
#   OOMLENS_VM_KVM_DEV=PATH  the KVM device probed (default /dev/kvm)
#   OOMLENS_VM_PROBE_S=S     a KVM boot failing sooner is a KVM failure (default 3)
#   OOMLENS_VM_QUIET_S=S     a KVM guest silent this long is a KVM failure (default 20)
#   CI=true                  a missing qemu or kernel fails instead of skipping
# Output: BUILD_DIR/vm/serial.log (the whole serial console),
#   BUILD_DIR/vm/guest-kmsg.log (the guest's v2 memcg OOM report as /dev/kmsg
#   records), BUILD_DIR/vm/guest-dmesg.log (the same as dmesg prints it) and
#   BUILD_DIR/vm/guest-kmsg-oom-group.log (a memory.oom.group kill, /dev/kmsg).
# Output also says which accelerator ran and why (`vm: accelerator: tcg (...)`);
#   qemu's own messages are in BUILD_DIR/vm/qemu-stderr.log (and on stderr).
# Exit: 0 only when the guest printed `OOMLENS-VM-DONE` with fail=0 and no
#   failing result (qemu exits 0 whenever the guest powers off, so its status
#   proves nothing), or when skipping (a `SKIP:` line says why); 1 otherwise.
set -uo pipefail
build=${1:?usage: run-vm.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
vmdir=$build/vm
skip_or_fail() {
  if [ "${CI:-}" = true ]; then echo "FAIL: vm: $1 (CI=true: the VM tests may not skip)" >&2; exit 1; fi
  echo "SKIP: vm: $1"; exit 0
}

qemu=${OOMLENS_VM_QEMU:-$(command -v qemu-system-x86_64)}
[ -n "$qemu" ] && [ -x "$qemu" ] || skip_or_fail "no qemu-system-x86_64 (scripts/vm/install-deps.sh installs it)"
kernel=${OOMLENS_VM_KERNEL:-$vmdir/kernel/vmlinuz}
[ -r "$kernel" ] || skip_or_fail "no kernel at $kernel (scripts/vm/fetch-kernel.sh $vmdir/kernel fetches one)"
initrd=$vmdir/initramfs.cpio.gz
stale=0
[ -s "$initrd" ] || stale=1
for f in "$build/oomlens" "$build/oomlens-test-leaker" "$src/tests/vm/guest-init.sh"; do
  [ "$f" -nt "$initrd" ] && stale=1
done
if [ $stale -eq 1 ]; then bash "$here/build-initramfs.sh" "$build" "$initrd" || exit 1; fi

explain=${OOMLENS_VM_EXPLAIN:-1}
append="console=ttyS0 panic=-1 quiet psi=1 oomlens_explain=$explain"
[ -n "${OOMLENS_VM_ONLY:-}" ] && append+=" oomlens_only=$OOMLENS_VM_ONLY"
[ -n "${OOMLENS_VM_APPEND:-}" ] && append+=" $OOMLENS_VM_APPEND"
limit=${OOMLENS_VM_TIMEOUT:-120}
log=$vmdir/serial.log
qerr=$vmdir/qemu-stderr.log
mkdir -p "$vmdir"
rm -f "$log" "$qerr" "$vmdir"/guest-*.log

# One boot with the given accelerator flags; sets rc, secs and silent.
# -nodefaults: no NIC/VGA (their option ROMs slow the boot); the serial
# console goes to a file so nothing touches the terminal; qemu's own
# messages go to $qerr. With QUIET_S > 0 (the KVM probe), a guest that has
# printed nothing on the serial console after QUIET_S seconds is stopped
# (silent=1): its first line, `OOMLENS-VM-INIT`, comes as soon as /init runs.
boot() {
  local quiet_s=$1 t0 t1 q
  shift
  rm -f "$log"
  silent=0
  t0=$(date +%s%N)
  timeout -k 5 "$limit" "$qemu" -machine q35 -cpu max -m 512 -smp 1 "$@" \
    -nodefaults -no-user-config -display none -monitor none -serial "file:$log" \
    -no-reboot -kernel "$kernel" -initrd "$initrd" -append "$append" </dev/null 2>"$qerr" &
  q=$!
  if [ "$quiet_s" -gt 0 ]; then
    # Poll for the condition (qemu gone, or the guest printed) up to QUIET_S.
    while kill -0 "$q" 2>/dev/null && [ ! -s "$log" ]; do
      if [ $(( ($(date +%s%N) - t0) / 1000000000 )) -ge "$quiet_s" ]; then
        silent=1
        kill -TERM "$q" 2>/dev/null  # our own timeout(1), which stops its qemu
        break
      fi
      sleep 0.2
    done
  fi
  wait "$q"
  rc=$?
  t1=$(date +%s%N)
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')
  [ -s "$qerr" ] && sed 's/^/qemu: /' "$qerr" >&2
  return 0
}

# The accelerator: KVM is an optimisation, never a precondition. With a
# read-write KVM device (OOMLENS_VM_KVM_DEV, default /dev/kvm) the first boot
# uses -enable-kvm. It is a KVM that cannot be used here, and the run boots
# again with TCG (software emulation), when that boot fails within
# OOMLENS_VM_PROBE_S seconds (default 3) or before the guest printed
# anything (e.g. qemu aborting with `failed to set MSR 0x10a`, exit 134), or
# when the guest prints nothing for OOMLENS_VM_QUIET_S seconds (default 20;
# seen: a KVM guest that hangs silently while the same guest under TCG
# prints at once). A later failure is the guest's and is reported as such.
# OOMLENS_VM_ACCEL=kvm|tcg forces one (kvm: no fallback).
kvm_dev=${OOMLENS_VM_KVM_DEV:-/dev/kvm}
probe_s=${OOMLENS_VM_PROBE_S:-3}
quiet_s=${OOMLENS_VM_QUIET_S:-20}
want=${OOMLENS_VM_ACCEL:-auto}
case "$want" in auto|kvm|tcg) ;; *) echo "FAIL: vm: OOMLENS_VM_ACCEL=$want (auto|kvm|tcg)" >&2; exit 1 ;; esac
kernel_desc="$(basename "$kernel") ($(cat "$(dirname "$kernel")/version" 2>/dev/null || echo "$kernel"))"
accel= accel_why=
if [ "$want" = tcg ]; then accel_why="OOMLENS_VM_ACCEL=tcg"
elif [ ! -e "$kvm_dev" ]; then accel_why="no $kvm_dev"
elif [ ! -r "$kvm_dev" ] || [ ! -w "$kvm_dev" ]; then accel_why="$kvm_dev is not read-write for $(id -un)"
else
  echo "vm: booting $kernel_desc with KVM (-enable-kvm); serial log: $log"
  if [ "$want" = kvm ]; then boot 0 -enable-kvm; else boot "$quiet_s" -enable-kvm; fi
  early=$(awk -v s="$secs" -v p="$probe_s" 'BEGIN { print (s + 0 < p + 0) ? 1 : 0 }')
  if [ "$want" = kvm ]; then accel=kvm accel_why="OOMLENS_VM_ACCEL=kvm"
  elif [ $silent -eq 1 ]; then
    accel_why="KVM unusable: the guest printed nothing on the serial console within ${quiet_s} s under -enable-kvm"
  elif [ $rc -eq 0 ] || [ $rc -eq 124 ] || [ $rc -eq 137 ] || { [ "$early" -eq 0 ] && [ -s "$log" ]; }; then
    accel=kvm accel_why="$kvm_dev is usable: the guest ran under KVM"
  else
    msg=$(grep -v '^[[:space:]]*$' "$qerr" 2>/dev/null | head -n 1)
    accel_why="KVM unusable: qemu -enable-kvm exited $rc after $secs s"
    [ -s "$log" ] || accel_why+=", before the guest printed anything"
    [ -n "$msg" ] && accel_why+=": $msg"
  fi
fi
if [ -z "$accel" ]; then
  accel=tcg
  echo "vm: booting $kernel_desc with TCG (software emulation; $accel_why); serial log: $log"
  boot 0 -accel tcg
fi
echo "vm: accelerator: $accel ($accel_why)"

clean=$(tr -d '\r' < "$log" 2>/dev/null)
# Markers are matched anywhere in a line: kernel output may precede them.
results=$(printf '%s\n' "$clean" | grep -o 'OOMLENS-VM-RESULT name=.*')
done_line=$(printf '%s\n' "$clean" | grep -o 'OOMLENS-VM-DONE pass=[0-9]* fail=[0-9]* skip=[0-9]*' | tail -n 1)
block() { printf '%s\n' "$clean" | sed -n "/$1-BEGIN\$/,/$1-END\$/p" | sed '1d;$d'; }
block OOMLENS-VM-KMSG > "$vmdir/guest-kmsg.log"
block OOMLENS-VM-DMESG > "$vmdir/guest-dmesg.log"
block OOMLENS-VM-KMSG-GROUP > "$vmdir/guest-kmsg-oom-group.log"
for f in guest-kmsg.log guest-dmesg.log guest-kmsg-oom-group.log; do [ -s "$vmdir/$f" ] || rm -f "$vmdir/$f"; done

printf '%s\n' "$results" | sed -n 's/^OOMLENS-VM-RESULT name=\([^ ]*\) status=\([^ ]*\) detail=\(.*\)$/  \2\t\1\t\3/p'
n_pass=$(printf '%s\n' "$results" | grep -c ' status=pass ')
n_fail=$(printf '%s\n' "$results" | grep -c ' status=fail ')
n_skip=$(printf '%s\n' "$results" | grep -c ' status=skip ')
why=
if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then why="the VM did not power off within ${limit} s (killed)"
elif [ $rc -ne 0 ]; then why="qemu exited $rc"
elif [ -z "$done_line" ]; then why="no OOMLENS-VM-DONE line: the guest did not finish its scenarios"
elif [ "$done_line" != "OOMLENS-VM-DONE pass=$n_pass fail=$n_fail skip=$n_skip" ]; then
  why="summary '$done_line' disagrees with the result lines (pass=$n_pass fail=$n_fail skip=$n_skip)"
elif [ "$n_fail" -ne 0 ]; then why="$n_fail scenario(s) failed"
elif [ "$n_pass" -eq 0 ]; then why="no scenario passed"
fi
saved=$(cd "$vmdir" && ls guest-*.log 2>/dev/null | tr '\n' ' ')
[ -n "$saved" ] && echo "vm: guest OOM reports saved in $vmdir: $saved"
echo "vm: $n_pass passed, $n_fail failed, $n_skip skipped (boot to power-off: $secs s, accelerator $accel)"
if [ -n "$why" ]; then
  echo "FAIL: vm: $why" >&2
  failing=$(printf '%s\n' "$results" | grep ' status=fail ')
  [ -n "$failing" ] && printf 'failing:\n%s\n' "$failing" >&2
  echo "--- last 40 lines of $log:" >&2
  printf '%s\n' "$clean" | tail -n 40 >&2
  exit 1
fi
exit 0
