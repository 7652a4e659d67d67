#!/usr/bin/env bash
# Installs what the qemu VM tests need from Debian packages, only what is
# missing: qemu-system-x86 (the emulator), busybox-static (the guest's
# userland), cpio (the initramfs). No kernel package is installed: the
# kernel image is extracted from a downloaded .deb (scripts/vm/fetch-kernel.sh).
# Services shipped by packages are never started: a temporary
# /usr/sbin/policy-rc.d that exits 101 forbids it while apt runs (an existing
# policy file is left alone).
# Exit: 0 when everything is installed, 1 when it could not be installed.
set -euo pipefail
pkgs=(qemu-system-x86 busybox-static cpio)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "vm/install-deps.sh: missing packages: ${missing[*]}; run as root or install them" >&2; exit 1; fi
else SUDO=; fi
echo "vm/install-deps.sh: installing ${missing[*]}" >&2
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
  $SUDO chmod +x "$policy"
  trap '$SUDO rm -f "$policy"' EXIT
fi
export DEBIAN_FRONTEND=noninteractive
# Try from the current lists first; refresh them only when that fails.
if ! $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1; then
  $SUDO apt-get update -qq || true
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || {
    echo "vm/install-deps.sh: apt-get install ${missing[*]} failed" >&2; exit 1; }
fi
