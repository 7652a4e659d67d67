#!/usr/bin/env bash
# A back-edge between layers fails the build: configures a copy of the tree
# in which a file of the lowest layer (util/) includes a header of a higher
# one (render/json.h, then <render/json.h>), builds only the first step of every layer library
# (target oomlens_layers, scripts/check-layers.py) and expects it to fail
# naming the include. The unmodified copy must pass the same step.
# usage: back_edge_fails.sh SOURCE_DIR
set -uo pipefail
SRC=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/tree"
# What configure reads; no tests (GoogleTest is not needed for this).
for d in CMakeLists.txt cmake src scripts share tools docs deploy; do cp -r "$SRC/$d" "$T/tree/"; done
fail=0
if ! cmake -S "$T/tree" -B "$T/build" -DOOMLENS_TESTS=OFF >"$T/configure.log" 2>&1; then
  echo "FAIL: the copy does not configure"; cat "$T/configure.log"; exit 1
fi
if cmake --build "$T/build" --target oomlens_layers >"$T/clean.log" 2>&1; then
  echo "ok: the tree as it is passes the layer check"
else
  echo "FAIL: the unmodified tree fails the layer check"; cat "$T/clean.log"; fail=1
fi
# The back-edge quoted, then in angle brackets (src/ is on the include
# path, so <render/json.h> compiles too).
for inc in '"render/json.h"' '<render/json.h>'; do
  cp "$SRC/src/util/file.cpp" "$T/tree/src/util/file.cpp"
  printf '#include %s  // a back-edge: util/ is the lowest layer\n' "$inc" >> "$T/tree/src/util/file.cpp"
  if cmake --build "$T/build" --target oomlens_layers >"$T/edge.log" 2>&1; then
    echo "FAIL: util/ including $inc did not fail the build"; fail=1
  elif grep -q 'util/file.cpp:.*includes render/json.h of the higher layer render' "$T/edge.log"; then
    echo "ok: util/ including $inc fails the build and names the include"
  else
    echo "FAIL: the build failed without naming the back-edge $inc"; cat "$T/edge.log"; fail=1
  fi
done
exit $fail
