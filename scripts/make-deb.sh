#!/usr/bin/env bash
# Builds the Debian package of this tree: BUILD/deb/oomlens_VERSION_ARCH.deb.
# Usage: scripts/make-deb.sh [BUILD]   (default build/; `make deb` runs it)
# Builds only what the package holds (the two binaries, man pages,
# completions, changelog), then CPack's DEB generator installs them under
# /usr in a staging tree and computes Depends with dpkg-shlibdeps. Prints
# the package's path as the last line.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
jobs=${JOBS:-$(nproc)}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$jobs" --target oomlens oomlens-daemon oomlens_man oomlens_completions oomlens_deb_files
version=$(cat "$build/generated/version.txt")
rm -f "$build"/deb/oomlens_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls "$build"/deb/oomlens_"$version"_*.deb)
echo "$deb"
