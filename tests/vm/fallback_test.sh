#!/usr/bin/env bash
# The VM runner's accelerator probe and its pass rule, with a stand-in qemu
# (no emulator, no kernel, no root needed; ctest `vm_fallback`).
#
# Usage: tests/vm/fallback_test.sh [SOURCE_DIR]
# The stand-in (OOMLENS_VM_QEMU) aborts like a KVM that cannot be used here
# (stderr `failed to set MSR 0x10a`, exit 134) whenever -enable-kvm is given,
# unless FAKE_KVM=ok (boots) or FAKE_KVM=hang (prints nothing, never ends,
# as a KVM guest was seen to do on this kind of machine); otherwise it writes the guest's serial markers as
# FAKE_GUEST says (pass: 3 passing scenarios; zero: `pass=0 fail=0 skip=0`;
# silent: nothing at all) and exits 0, as qemu does when a guest powers off.
# A fake KVM device (a read-write file, OOMLENS_VM_KVM_DEV) makes the probe
# try KVM on machines without /dev/kvm too.
# Exit: 0 when every case behaved, 1 otherwise (each failure says which).
set -uo pipefail
src=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

cat > "$tmp/qemu" <<'QEMU'
#!/usr/bin/env bash
# Stand-in qemu-system-x86_64 (tests/vm/fallback_test.sh).
echo "$*" >> "${FAKE_ARGS_LOG:?}"
serial=
for a in "$@"; do
  case "$a" in
    -enable-kvm)
      if [ "${FAKE_KVM:-abort}" = hang ]; then exec sleep 600; fi  # silent, like a KVM guest seen hanging
      if [ "${FAKE_KVM:-abort}" != ok ]; then
        echo "qemu-system-x86_64: error: failed to set MSR 0x10a to 0x20000c2f" >&2
        echo "qemu-system-x86_64: ../../target/i386/kvm/kvm.c:2893: kvm_buf_set_msrs: Assertion \`ret == cpu->kvm_msr_buf->nmsrs' failed." >&2
        kill -ABRT $$; exit 134
      fi ;;
    file:*) serial=${a#file:} ;;
  esac
done
[ -n "$serial" ] || { echo "stand-in qemu: no -serial file:PATH" >&2; exit 1; }
case "${FAKE_GUEST:-pass}" in
  pass) printf '[    0.000000] Linux version 6.1 (stand-in)\r\n' > "$serial"
        for n in leak-v2 kmsg-report protect; do
          printf '\nOOMLENS-VM-RESULT name=%s status=pass detail=stand-in (at 1.0 s)\r\n' "$n" >> "$serial"
        done
        printf '\nOOMLENS-VM-DONE pass=3 fail=0 skip=0\r\n' >> "$serial" ;;
  zero) printf '\nOOMLENS-VM-DONE pass=0 fail=0 skip=0\r\n' > "$serial" ;;
  silent) : > "$serial" ;;
esac
exit 0
QEMU
chmod +x "$tmp/qemu"
build=$tmp/build
mkdir -p "$build/vm"
: > "$tmp/vmlinuz"
: > "$tmp/kvm"
# A fresh initramfs, newer than its inputs: run-vm.sh does not rebuild it
# (there is no $build/oomlens; guest-init.sh is older).
echo stand-in | gzip > "$build/vm/initramfs.cpio.gz"

# run CASE-NAME EXPECTED-EXIT ENV...: runs run-vm.sh, keeps its output in $out.
run() {
  local name=$1 want=$2; shift 2
  : > "$tmp/args"
  out=$(env -u CI OOMLENS_VM_QEMU="$tmp/qemu" OOMLENS_VM_KERNEL="$tmp/vmlinuz" FAKE_ARGS_LOG="$tmp/args" \
        OOMLENS_VM_TIMEOUT=30 "$@" bash "$src/scripts/vm/run-vm.sh" "$build" 2>&1)
  local rc=$?
  [ $rc -eq "$want" ] || fail "$name: run-vm.sh exited $rc, expected $want; output:"$'\n'"$out"
  printf '%s\n' "--- $name (exit $rc)" "$out" | grep -E '^(---|vm: accelerator|vm: [0-9]|FAIL)'
}
has() { grep -qF -- "$2" <<<"$out" || fail "$1: output lacks '$2'"; }
boots() { [ "$(wc -l < "$tmp/args")" -eq "$2" ] || fail "$1: qemu started $(wc -l < "$tmp/args") times, expected $2"; }

run kvm-aborts 0 OOMLENS_VM_KVM_DEV="$tmp/kvm"
has kvm-aborts "vm: accelerator: tcg (KVM unusable: qemu -enable-kvm exited 134"
has kvm-aborts ", before the guest printed anything: "
has kvm-aborts "failed to set MSR 0x10a"
has kvm-aborts "vm: 3 passed, 0 failed, 0 skipped"
boots kvm-aborts 2
grep -q -- '-enable-kvm' <(sed -n 1p "$tmp/args") || fail "kvm-aborts: the first boot did not try KVM"
grep -q -- '-accel tcg' <(sed -n 2p "$tmp/args") || fail "kvm-aborts: the second boot was not TCG"

run kvm-hangs-silently 0 OOMLENS_VM_KVM_DEV="$tmp/kvm" FAKE_KVM=hang OOMLENS_VM_QUIET_S=2
has kvm-hangs-silently "vm: accelerator: tcg (KVM unusable: the guest printed nothing on the serial console within 2 s"
has kvm-hangs-silently "vm: 3 passed, 0 failed, 0 skipped"
boots kvm-hangs-silently 2

run kvm-works 0 OOMLENS_VM_KVM_DEV="$tmp/kvm" FAKE_KVM=ok
has kvm-works "vm: accelerator: kvm"
boots kvm-works 1

run no-kvm-device 0 OOMLENS_VM_KVM_DEV="$tmp/no-such-kvm"
has no-kvm-device "vm: accelerator: tcg (no $tmp/no-such-kvm)"
boots no-kvm-device 1

run forced-kvm-aborts 1 OOMLENS_VM_KVM_DEV="$tmp/kvm" OOMLENS_VM_ACCEL=kvm
has forced-kvm-aborts "FAIL: vm: qemu exited 134"
boots forced-kvm-aborts 1

run zero-scenarios 1 OOMLENS_VM_KVM_DEV="$tmp/no-such-kvm" FAKE_GUEST=zero
has zero-scenarios "vm: 0 passed, 0 failed, 0 skipped"
has zero-scenarios "FAIL: vm: no scenario passed"

run silent-guest 1 OOMLENS_VM_KVM_DEV="$tmp/no-such-kvm" FAKE_GUEST=silent
has silent-guest "FAIL: vm: no OOMLENS-VM-DONE line"

# KVM aborting and then a guest with nothing to show: still a failure.
run kvm-aborts-then-zero 1 OOMLENS_VM_KVM_DEV="$tmp/kvm" FAKE_GUEST=zero
has kvm-aborts-then-zero "vm: accelerator: tcg"
has kvm-aborts-then-zero "FAIL: vm: no scenario passed"

[ $fails -eq 0 ] && echo "vm fallback: all 8 cases behaved" || echo "vm fallback: $fails check(s) failed"
[ $fails -eq 0 ]
