#!/usr/bin/env bash
# Provides a cgroup v2 capable kernel image for the VM tests, without
# installing a kernel package on this machine.
#
# Usage: scripts/vm/fetch-kernel.sh DESTDIR
# Prints the path of the kernel image on stdout (its last line).
#
#  - OOMLENS_VM_KERNEL=/path/to/vmlinuz: use that image as is (e.g. an older
#    v2 kernel such as 5.10 to widen the report formats covered). It must boot
#    on qemu q35 with the serial console, gzip initramfs, devtmpfs, cgroup2
#    and the memory controller built in (no modules are loaded in the guest).
#  - Otherwise DESTDIR/vmlinuz is reused when present (DESTDIR/version says
#    what it is; delete DESTDIR to refresh).
#  - Otherwise the current ABI is resolved through the metapackage
#    linux-image-cloud-amd64 (its Depends names linux-image-<abi>-cloud-amd64;
#    old ABIs leave the archive, so none is hard-coded), that package is
#    `apt-get download`ed into a temporary directory and only
#    ./boot/vmlinuz-<abi>-cloud-amd64 is extracted from it. The cloud flavour
#    is small, LZ4-compressed and has the virtio/serial drivers built in.
# Exit: 0 with the path printed; 1 when no kernel could be had (the reason on stderr).
set -euo pipefail
dest=${1:?usage: fetch-kernel.sh DESTDIR}
meta=${OOMLENS_VM_KERNEL_META:-linux-image-cloud-amd64}
die() { echo "vm/fetch-kernel.sh: $*" >&2; exit 1; }

if [ -n "${OOMLENS_VM_KERNEL:-}" ]; then
  [ -r "$OOMLENS_VM_KERNEL" ] || die "OOMLENS_VM_KERNEL=$OOMLENS_VM_KERNEL is not a readable file"
  echo "$OOMLENS_VM_KERNEL"; exit 0
fi
if [ -s "$dest/vmlinuz" ]; then
  echo "$dest/vmlinuz"; exit 0
fi
command -v apt-cache >/dev/null && command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null ||
  die "needs apt-cache, apt-get and dpkg-deb (Debian) to fetch a kernel; or set OOMLENS_VM_KERNEL"

resolve() {
  apt-cache depends "$meta" 2>/dev/null |
    sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*\)$/\1/p' | head -n 1
}
pkg=$(resolve)
if [ -z "$pkg" ]; then
  apt-get update -qq >/dev/null 2>&1 || true
  pkg=$(resolve)
fi
[ -n "$pkg" ] || die "cannot resolve $meta to a versioned kernel package (apt-cache depends $meta)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"   # apt-get download drops privileges to _apt when it can
fetch() { (cd "$tmp" && apt-get download -qq "$pkg" >/dev/null 2>&1); }
if ! fetch; then
  # The lists may name a version that has left the archive: refresh once.
  apt-get update -qq >/dev/null 2>&1 || true
  pkg=$(resolve)
  [ -n "$pkg" ] || die "cannot resolve $meta after apt-get update"
  fetch || die "apt-get download $pkg failed (no package archive reachable?)"
fi
deb=$(ls "$tmp"/*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || die "apt-get download $pkg produced no .deb"
abi=${pkg#linux-image-}
member=./boot/vmlinuz-$abi
mkdir -p "$tmp/x"
dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tmp/x" "$member" ||
  die "$deb has no $member"
mkdir -p "$dest"
cp "$tmp/x/$member" "$dest/vmlinuz.tmp" && mv "$dest/vmlinuz.tmp" "$dest/vmlinuz"
printf '%s %s (%s)\n' "$abi" "$(dpkg-deb -f "$deb" Version)" "$(basename "$deb")" > "$dest/version"
echo "vm/fetch-kernel.sh: cached $member of $pkg as $dest/vmlinuz" >&2
echo "$dest/vmlinuz"
