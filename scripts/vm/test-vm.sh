#!/usr/bin/env bash
# `make test-vm`: the cgroup v2 tests in a qemu VM, from an existing build.
#
# Usage: scripts/vm/test-vm.sh [BUILD_DIR]   (default: build; built already)
# Steps: install qemu/busybox-static/cpio if missing, fetch (or reuse) the
# kernel into BUILD_DIR/vm/kernel, build the initramfs, boot once and report
# (scripts/vm/run-vm.sh; its environment variables apply).
# Without qemu or a reachable kernel package it prints `SKIP: …` and exits 0,
# except under CI=true, where it fails.
set -uo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
skip_or_fail() {
  if [ "${CI:-}" = true ]; then echo "FAIL: vm: $1 (CI=true: the VM tests may not skip)" >&2; exit 1; fi
  echo "SKIP: vm: $1"; exit 0
}
t0=$(date +%s%N)
bash "$here/install-deps.sh" || skip_or_fail "cannot install qemu-system-x86 busybox-static cpio"
kernel=$(bash "$here/fetch-kernel.sh" "$build/vm/kernel" | tail -n 1) && [ -n "$kernel" ] ||
  skip_or_fail "no cgroup v2 kernel (scripts/vm/fetch-kernel.sh failed: see its message above)"
bash "$here/build-initramfs.sh" "$build" || exit 1
OOMLENS_VM_KERNEL=$kernel bash "$here/run-vm.sh" "$build"
rc=$?
echo "vm: make test-vm took $(awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }') s in all (after the build)"
exit $rc
