#!/usr/bin/env bash
# The Debian package of this tree, built and unpacked into a throwaway root
# (dpkg -x), used from there: `oomlens --version` prints the package's
# version, `oomlens explain` on a fixture, `oomlens daemon --help` (the exec
# of oomlens-daemon from beside the installed oomlens), the Python hook found
# from the installed path, `man -l` on every installed page (no groff
# warning), the completions installed; the control data: Depends computed
# (libc6 among them), no maintainer scripts, the unit only under
# share/oomlens/deploy (so nothing is enabled or started); lintian: no error.
# Usage: deb_test.sh SOURCE_DIR BUILD_DIR
set -u
SRC=$1 BUILD=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
BIN=unused
. "$SRC/tests/cli/harness/check.sh"

deb=$(JOBS=${JOBS:-2} bash "$SRC/scripts/make-deb.sh" "$BUILD" 2>"$T/make.err" | tail -n 1)
if [ ! -f "$deb" ]; then echo "FAIL make-deb.sh gave no package"; tail -20 "$T/make.err"; exit 1; fi
echo "package: $deb ($(du -k "$deb" | cut -f1) KiB)"
version=$(cat "$BUILD/generated/version.txt")

# Control data.
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ]; ok "Version is version.txt ($version)" $?
[ "$(dpkg-deb -f "$deb" Package)" = oomlens ]; ok "Package: oomlens" $?
depends=$(dpkg-deb -f "$deb" Depends); echo "Depends: $depends"
grep -q 'libc6 (>=' <<<"$depends"; ok "Depends computed by dpkg-shlibdeps (libc6 with a version)" $?
dpkg-deb -e "$deb" "$T/control"
! ls "$T/control" | grep -qE '^(preinst|postinst|prerm|postrm)$'; ok "no maintainer scripts" $?
dpkg-deb -c "$deb" > "$T/contents"
! grep -qE '\./(lib|usr/lib|etc)/systemd/' "$T/contents"; ok "no unit where systemd would find it" $?
grep -q '\./usr/share/oomlens/deploy/systemd/oomlens.service$' "$T/contents"; ok "the unit under share/oomlens/deploy" $?

# Unpacked into a throwaway root, used from there.
R=$T/root
dpkg -x "$deb" "$R"
O=$R/usr/bin/oomlens
check_cmd "installed oomlens --version" 0 "^oomlens $(sed 's/[.+]/\\&/g' <<<"$version")\$" -- "$O" --version
check_cmd "installed oomlens explain on a fixture" 0 'killed' -- "$O" explain --color never "$SRC/tests/fixtures/logs/mixed-prefixes.log"
check_cmd "installed oomlens daemon --help (execs ../bin/oomlens-daemon)" 0 'Usage: oomlens daemon' -- "$O" daemon --help
grep -q -- '--listen' "$T/out"; ok "daemon help lists --listen" $?
# The zh_CN catalogue (issue 19): packaged, and found from the installed binary (../share/locale).
grep -q '\./usr/share/locale/zh_CN/LC_MESSAGES/oomlens\.mo$' "$T/contents"; ok "the zh_CN catalogue under share/locale" $?
check_cmd "installed oomlens speaks zh_CN from its catalogue" 0 '被杀进程' -- env LANG=zh_CN.UTF-8 "$O" explain --color never "$SRC/tests/fixtures/logs/mixed-prefixes.log"
grep -q 'ExecStart=/usr/bin/oomlens daemon' "$R/usr/share/oomlens/deploy/systemd/oomlens.service"
ok "the unit runs /usr/bin/oomlens" $?
[ -x "$R/usr/share/oomlens/deploy/slurm/epilog-oomlens.sh" ]; ok "the Slurm epilog is executable" $?
# The Python hook from the installed path: first on the job's PYTHONPATH,
# and the job imports it.
check_cmd "installed run --py-stacks finds the hook" 0 '' -- "$O" run --py-stacks --record "$T/r.jsonl" -- \
  python3 -c 'import os, sitecustomize; print(os.environ["PYTHONPATH"].split(":")[0]); print(sitecustomize.__file__)'
grep -qx "$R/usr/share/oomlens/python" "$T/out"; ok "PYTHONPATH starts with the installed hook directory" $?
grep -qx "$R/usr/share/oomlens/python/sitecustomize.py" "$T/out"; ok "the job imported the installed sitecustomize.py" $?
# `import oomlens` from the installed package (run puts it on PYTHONPATH).
check_cmd "installed run: the job imports oomlens" 0 '' -- "$O" run --record "$T/m.jsonl" -- \
  python3 -c 'import oomlens; print(oomlens.__file__); print(oomlens.attempt())'
grep -qx "$R/usr/share/oomlens/pylib/oomlens/__init__.py" "$T/out"; ok "the job imported the installed oomlens module" $?

# Man pages: one per docs/ page, each formats without a warning.
pages=$(ls "$R"/usr/share/man/man1/*.1.gz 2>/dev/null | wc -l)
want=$(ls "$SRC"/docs/*.md | grep -vc "/ARCHITECTURE\.md$")
[ "$pages" -eq "$want" ]; ok "$pages man pages for $want docs pages" $?
for page in "$R"/usr/share/man/man1/*.1.gz; do
  name=$(basename "$page" .1.gz)
  MANWIDTH=80 man --warnings -l "$page" >"$T/man.out" 2>"$T/man.err"
  st=$?
  # Typesetting notes on wide tables at 80 columns are not faults; anything
  # else troff, tbl or man says is.
  grep -vE "cannot adjust line|can't break line|table wider than line width|table text block will not fit on one page|^warning: file '<standard input>', around line" \
    "$T/man.err" > "$T/man.faults"
  [ $st -eq 0 ] && grep -q '^NAME' "$T/man.out" && grep -qE "^ +$name +- " "$T/man.out" && [ ! -s "$T/man.faults" ]
  ok "man -l $name ($(wc -l <"$T/man.out") lines)" $?
  [ -s "$T/man.faults" ] && sed 's/^/  /' "$T/man.faults" | head -5
done
for f in usr/share/bash-completion/completions/oomlens usr/share/zsh/vendor-completions/_oomlens \
         usr/share/fish/vendor_completions.d/oomlens.fish usr/share/doc/oomlens/copyright usr/share/doc/oomlens/changelog.gz; do
  [ -s "$R/$f" ]; ok "installed $f" $?
done

# lintian: errors fail, warnings are printed.
if command -v lintian >/dev/null; then
  lintian --tag-display-limit 0 "$deb" >"$T/lintian" 2>&1
  sed 's/^/  lintian: /' "$T/lintian"
  ! grep -q '^E:' "$T/lintian"; ok "lintian reports no error" $?
else
  echo "FAIL lintian not installed (scripts/install-deps.sh test)"; fail=$((fail+1))
fi
finish deb_test
