#!/usr/bin/env bash
# Extracts every tr()/trf()/N_() string of src/ into po/oomlens.pot and merges
# it into po/<lang>.po (new entries untranslated, changed ones fuzzy).
# Usage: scripts/update-pot.sh SOURCE_DIR [OUT_POT]   (OUT_POT: check mode,
# writes there and touches no .po). Exit 0, or xgettext's/msgmerge's status.
set -euo pipefail
src=$1
out=${2:-$src/po/oomlens.pot}
cd "$src"
# Sorted file list: the .pot does not depend on the filesystem's order.
find src -name '*.cpp' -o -name '*.h' | LC_ALL=C sort > "$out.files"
xgettext --language=C++ --from-code=UTF-8 --keyword= --keyword=tr --keyword=N_ --keyword=trf --keyword=add_option:3 --keyword=add_flag:3 --keyword=add_flag:2,2t \
  --keyword=add_subcommand:2 --keyword=footer:1 --keyword=description:1 \
  --keyword=print_error:2 --flag=trf:1:python-brace-format --flag=trf:1:no-c-format --flag=N_:1:no-c-format --flag=print_error:2:python-brace-format --flag=print_error:2:no-c-format --sort-by-file --add-location=file \
  --package-name=oomlens --msgid-bugs-address=https://github.com/oomlens/oomlens/issues \
  -o "$out.new" --files-from="$out.files"
rm -f "$out.files"
# xgettext stamps POT-Creation-Date on every run: keep the old file (and its
# date) when nothing else changed, so a build does not dirty the tree.
same_but_date() { [ -f "$1" ] && diff -q <(grep -v '^"POT-Creation-Date:' "$1") <(grep -v '^"POT-Creation-Date:' "$2") >/dev/null; }
if same_but_date "$out" "$out.new"; then rm -f "$out.new"; else mv "$out.new" "$out"; fi
if [ $# -lt 2 ]; then
  for po in po/*.po; do msgmerge --quiet --update --backup=none --no-fuzzy-matching "$po" "$out"; done
fi
