#!/usr/bin/env bash
# Installs oomlens's dependencies from Debian packages: the one installer
# (scripts/vm/install-deps.sh is a wrapper for the `vm` set).
# Usage: scripts/install-deps.sh [build|test|bench|vm|engines]   (default: build)
#   engines: the real Slurm and Docker engines of make test-slurm /
#   test-container (scripts/engines/); also part of test.
#   vm: what the qemu VM tests need: qemu-system-x86 (the emulator),
#   busybox-static (the guest's userland), cpio (the initramfs); the kernel
#   image is extracted from a downloaded .deb (scripts/vm/fetch-kernel.sh).
# Installs only what is missing. Services shipped by packages are never
# started: a temporary /usr/sbin/policy-rc.d that exits 101 forbids it while
# apt runs (an existing policy file is left alone). Nor are they enabled: a
# package's postinst makes its /etc/systemd/system/*.wants/ links even when
# systemd is not running (deb-systemd-helper); the links this install made
# are removed again (deb-systemd-helper disable), so only the tests start
# slurmctld, slurmdbd, munge or dockerd (issue 17). Links that were there
# before are left alone.
# Exit: 0 when everything is installed; 1 when it could not be installed
# (not root and no password-less sudo, or apt-get failed); 2 for an unknown set.
set -euo pipefail
want=${1:-build}
build_pkgs=(cmake g++ make pkg-config gettext libcli11-dev libfmt-dev nlohmann-json3-dev
            zlib1g-dev libsystemd-dev libncurses-dev libmicrohttpd-dev python3
            python3-dev binutils libisal-dev liblzma-dev libzstd-dev)
test_pkgs=(libgtest-dev libgmock-dev googletest libcpp-httplib-dev clang-14 libclang-rt-14-dev
           python3-jsonschema systemd-journal-remote systemd chromium python3-torch
           prometheus python3-yaml tmux gzip util-linux procps xz-utils zstd)
bench_pkgs=(libbenchmark-dev hyperfine valgrind bc python3-memory-profiler python3-torch
            prometheus-node-exporter curl earlyoom isal)
# Man pages from docs/ (pandoc), the .deb (dpkg-shlibdeps); the package and
# completion tests (lintian, man, the three shells).
build_pkgs+=(pandoc dpkg-dev)
# ccache: make test's three builds reuse what an earlier run compiled
# (scripts/run-tests.sh; a first run on a fresh machine compiles everything).
build_pkgs+=(ccache)
test_pkgs+=(lintian man-db bash-completion zsh fish)
# gettext's msgfmt/xgettext build the catalogues (po/, in the build set);
# the zh_CN pages' screenshots need a CJK font (tests/cli/html_pages.sh).
test_pkgs+=(fonts-wqy-microhei)
# run --sites under a user's preloaded allocator (tests/sites/sites_run_test.cpp).
test_pkgs+=(libjemalloc2)
vm_pkgs=(qemu-system-x86 busybox-static cpio)
# The real engines of make test-slurm / test-container (scripts/engines/).
engines_pkgs=(slurmctld slurmd slurm-client munge docker.io runc containerd busybox-static)
# sacct in make test-slurm: slurmdbd (with its accounting_storage/mysql
# plugin, slurm-wlm-mysql-plugin) on a MariaDB server started by the test
# (mariadb-server-core: mariadbd and mariadb-install-db; mariadb-client-core:
# the mariadb client and my_print_defaults, which mariadb-install-db runs),
# not the mariadb-server package with its service.
engines_pkgs+=(slurmdbd slurm-wlm-mysql-plugin mariadb-server-core mariadb-client-core)
case "$want" in
  build) pkgs=("${build_pkgs[@]}") ;;
  test) pkgs=("${build_pkgs[@]}" "${test_pkgs[@]}" "${engines_pkgs[@]}") ;;
  bench) pkgs=("${build_pkgs[@]}" "${test_pkgs[@]}" "${bench_pkgs[@]}") ;;
  vm) pkgs=("${vm_pkgs[@]}") ;;
  engines) pkgs=("${build_pkgs[@]}" "${engines_pkgs[@]}") ;;
  *) echo "install-deps.sh: unknown set '$want' (build|test|bench|vm|engines)" >&2; exit 2 ;;
esac
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "install-deps.sh: missing packages: ${missing[*]}; run as root or install them" >&2; exit 1; fi
else SUDO=; fi
echo "install-deps.sh: installing ${missing[*]}" >&2
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
  $SUDO chmod +x "$policy"
  trap '$SUDO rm -f "$policy"' EXIT
fi
wants_links() { find /etc/systemd/system -path '*.wants/*' -type l 2>/dev/null | sort; }
wants_before=$(wants_links)
export DEBIAN_FRONTEND=noninteractive
# Try from the current lists first; refresh them only when that fails.
if ! $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1; then
  $SUDO apt-get update -qq || true
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || {
    echo "install-deps.sh: apt-get install ${missing[*]} failed" >&2; exit 1; }
fi
# Disable what this install enabled (see the top of this file).
comm -13 <(printf '%s\n' "$wants_before") <(wants_links) | while read -r link; do
  [ -n "$link" ] || continue
  unit=$(basename "$link")
  if command -v deb-systemd-helper >/dev/null; then $SUDO deb-systemd-helper disable "$unit" >/dev/null 2>&1 || true; fi
  $SUDO rm -f "$link"
  echo "install-deps.sh: $unit left disabled: only the tests start it" >&2
done
exit 0
