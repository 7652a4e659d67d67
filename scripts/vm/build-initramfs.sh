#!/usr/bin/env bash
# Builds the test VM's initramfs: busybox-static (applet links made by /init),
# the built `oomlens`, `oomlens-daemon` (which `oomlens daemon` execs from
# beside /proc/self/exe: both land in /bin) and `oomlens-test-leaker` (debug
# info stripped) with the shared libraries `ldd` lists and the dynamic
# loader at the same paths,
# and tests/vm/guest-init.sh as /init.
#
# Usage: scripts/vm/build-initramfs.sh BUILD_DIR [OUTPUT]
#   OUTPUT defaults to BUILD_DIR/vm/initramfs.cpio.gz (newc, gzip).
# Exit: 0 on success, 1 on a missing input (named on stderr).
set -euo pipefail
build=${1:?usage: build-initramfs.sh BUILD_DIR [OUTPUT]}
out=${2:-$build/vm/initramfs.cpio.gz}
src=$(cd "$(dirname "$0")/../.." && pwd)
die() { echo "vm/build-initramfs.sh: $*" >&2; exit 1; }

busybox=$(command -v busybox || true)
[ -n "$busybox" ] || die "no busybox (apt-get install busybox-static)"
file -L "$busybox" 2>/dev/null | grep -q 'statically linked' ||
  ldd "$busybox" 2>&1 | grep -q 'not a dynamic executable' ||
  die "$busybox is not static (apt-get install busybox-static)"
command -v cpio >/dev/null || die "no cpio (apt-get install cpio)"
bins=("$build/oomlens" "$build/oomlens-daemon" "$build/oomlens-test-leaker")
for b in "${bins[@]}"; do [ -x "$b" ] || die "$b not built (cmake --build $build)"; done

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,etc,root}
cp "$busybox" "$stage/bin/busybox"
# Only /bin/sh here: /init runs `busybox --install -s` first, which makes
# the other applet links in one process (400 `ln` forks here cost seconds).
ln -s busybox "$stage/bin/sh"

# Copies FILE (following symlinks) to the same path under the stage.
copy_same_path() {
  mkdir -p "$stage$(dirname "$1")"
  [ -e "$stage$1" ] || cp -L "$1" "$stage$1"
}
for b in "${bins[@]}"; do
  dst=$stage/bin/$(basename "$b")
  if command -v objcopy >/dev/null; then objcopy --strip-debug "$b" "$dst"; else cp "$b" "$dst"; fi
  # `ldd` lines: "libX.so => /path (0x…)", the loader as "/lib64/ld-…so.2 (0x…)".
  for lib in $(ldd "$b" | sed -n 's/.*=> \(\/[^ ]*\) (.*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (.*/\1/p'); do
    copy_same_path "$lib"
  done
done

cp "$src/tests/vm/guest-init.sh" "$stage/init"
chmod 755 "$stage/init"
# The kernel's built-in initramfs already has /dev/console; as root, add it
# anyway so a kernel built without that default still gives init a console.
[ "$(id -u)" -eq 0 ] && mknod -m 600 "$stage/dev/console" c 5 1 2>/dev/null || true

mkdir -p "$(dirname "$out")"
(cd "$stage" && find . -mindepth 1 -print0 | LC_ALL=C sort -z |
   cpio --null -o -H newc --owner=0:0 --quiet) | gzip -1 > "$out.tmp"
mv "$out.tmp" "$out"
echo "vm/build-initramfs.sh: $out ($(du -k "$out" | cut -f1) KiB)" >&2
