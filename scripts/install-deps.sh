#!/usr/bin/env bash
# Installs oomlens's build and test dependencies from Debian packages.
# Usage: scripts/install-deps.sh [build|test|bench|engines]   (default: build)
# Installs only what is missing; services shipped by packages are never started
# (a temporary policy-rc.d forbids it while apt runs).
set -euo pipefail
want=${1:-build}
build_pkgs=(cmake g++ make pkg-config libcli11-dev libfmt-dev nlohmann-json3-dev
            zlib1g-dev libsystemd-dev libncurses-dev libcpp-httplib-dev)
test_pkgs=(libgtest-dev libgmock-dev googletest clang-14 libclang-rt-14-dev
           python3-jsonschema systemd-journal-remote systemd chromium python3-torch
           prometheus python3-yaml tmux gzip util-linux)
bench_pkgs=(libbenchmark-dev hyperfine valgrind bc python3-memory-profiler python3-torch
            prometheus-node-exporter curl earlyoom)
# The real engines of make test-slurm / test-container (scripts/engines/).
engines_pkgs=(slurmctld slurmd slurm-client munge docker.io runc containerd busybox-static)
pkgs=("${build_pkgs[@]}")
case "$want" in
  build) ;;
  test) pkgs+=("${test_pkgs[@]}" "${engines_pkgs[@]}") ;;
  bench) pkgs+=("${test_pkgs[@]}" "${bench_pkgs[@]}") ;;
  engines) pkgs+=("${engines_pkgs[@]}") ;;
  *) echo "install-deps.sh: unknown set '$want' (build|test|bench|engines)" >&2; exit 2 ;;
esac
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then SUDO=sudo; else
    echo "install-deps.sh: missing packages: ${missing[*]}; run as root or install them" >&2; exit 2; fi
else SUDO=; fi
echo "install-deps.sh: installing ${missing[*]}" >&2
policy=/usr/sbin/policy-rc.d
had_policy=0; [ -e "$policy" ] && had_policy=1
if [ $had_policy -eq 0 ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null; $SUDO chmod +x "$policy"
  trap '$SUDO rm -f "$policy"' EXIT
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || true
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
