#!/usr/bin/env bash
# The message catalogues (issue 19): po/oomlens.pot is what the sources mark
# today (scripts/update-pot.sh), and po/zh_CN.po translates every message of
# it: no untranslated, no fuzzy entry, every translation keeps its msgid's
# {} placeholders (count and format specs), and msgfmt --check-format passes.
# usage: i18n_catalogue.sh OOMLENS_BINARY SOURCE_DIR
set -uo pipefail
SRC=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/harness/check.sh"
. "$(dirname "$0")/../support/ci.sh"
for tool in xgettext msgmerge msgfmt; do
  command -v $tool >/dev/null || skip_test "$tool not installed (scripts/install-deps.sh build)"
done

msgids() { msgcat --no-location --no-wrap --sort-output "$1" 2>/dev/null | grep -v '^#' | grep -v '^"POT-Creation-Date'; }

bash "$SRC/scripts/update-pot.sh" "$SRC" "$T/now.pot" 2>"$T/xgettext.err"
if diff <(msgids "$SRC/po/oomlens.pot") <(msgids "$T/now.pot") > "$T/pot.diff"; then pass=$((pass+1)); else
  echo "FAIL po/oomlens.pot is stale: run cmake --build build --target oomlens_pot, then translate"
  head -20 "$T/pot.diff"; fail=$((fail+1)); fi

msgmerge --quiet --no-fuzzy-matching -o "$T/zh_CN.po" "$SRC/po/zh_CN.po" "$T/now.pot"
stats=$(LC_ALL=C msgfmt --check-format --statistics -o /dev/null "$T/zh_CN.po" 2>&1)
if [[ "$stats" =~ ^[0-9]+\ translated\ messages?\.$ ]]; then pass=$((pass+1)); else
  echo "FAIL zh_CN.po: $stats"
  msgattrib --untranslated --no-obsolete "$T/zh_CN.po" | grep '^msgid' | head -10
  msgattrib --only-fuzzy --no-obsolete "$T/zh_CN.po" | grep '^msgid' | head -10
  fail=$((fail+1)); fi

# fmt placeholders: the same multiset of {…} specs (indices aside) in both.
if /usr/bin/python3 - "$T/zh_CN.po" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
bad = 0
def unq(block): return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', block))
for m in re.finditer(r'^msgid ((?:".*"\n)+)msgstr ((?:".*"\n?)+)', text, re.M):
    mid, mstr = unq(m.group(1)), unq(m.group(2))
    if not mid or not mstr: continue
    spec = lambda s: sorted(re.sub(r"^\{\d+", "{", p) for p in re.findall(r"\{[^{}]*\}", s))
    if spec(mid) != spec(mstr):
        print(f"  placeholders differ: {mid[:70]!r} -> {mstr[:70]!r}"); bad += 1
sys.exit(1 if bad else 0)
PY
then pass=$((pass+1)); else echo "FAIL zh_CN.po: a translation does not keep its placeholders"; fail=$((fail+1)); fi
finish i18n_catalogue
