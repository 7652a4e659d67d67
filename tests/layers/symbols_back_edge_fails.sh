#!/usr/bin/env bash
# A call up a layer WITHOUT an include fails the build: util/file.cpp
# declares by hand a function of render/ and calls it. The include check
# (back_edge_fails.sh) cannot see that; the symbol check
# (scripts/check-layer-symbols.py, target oomlens_layer_symbols, which every
# layer library depends on) must.
#
# The real CMakeLists.txt and cmake/ on a copy of the tree whose src/ keeps
# its headers but only a few tiny .cpp files (a full oomlens_core is many
# minutes from cold on a small machine, and ccache does not help a copy at
# another path unless the caller set it up): the build graph under test is
# the project's own, with the generator given (default: CMake's). Builds
# target oomlens_util (the lowest layer library: everything links it) and
# expects
#   - the copy without the back-edge to build, and a second build with
#     nothing changed not to run the check again;
#   - the copy with the back-edge to fail, naming object, symbol and layer.
# usage: symbols_back_edge_fails.sh SOURCE_DIR CXX_COMPILER [GENERATOR]
set -uo pipefail
SRC=$1 CXX=$2 GEN=${3:-}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/tree"
for d in CMakeLists.txt cmake src scripts share tools docs deploy; do cp -r "$SRC/$d" "$T/tree/"; done
find "$T/tree/src" -name '*.cpp' -delete
# What CMakeLists.txt names by path, as stubs, and one function a layer.
for f in main.cpp daemon_main.cpp; do echo 'int main() { return 0; }' > "$T/tree/src/$f"; done
for f in cli/daemon.cpp watch/http_server.cpp sites/preload/stub.cpp; do echo '// stub' > "$T/tree/src/$f"; done
for d in "$T"/tree/src/*/; do  # every layer library needs an object
  f=$(basename "$d"); echo "namespace oomlens { int stub_$f() { return 0; } }" > "$d/stub_$f.cpp"
done
cat > "$T/tree/src/render/render_stub.cpp" <<'EOF'
#include <string>
namespace oomlens::render {
std::string something_in_render() { return "render"; }
}  // namespace oomlens::render
EOF
cat > "$T/tree/src/util/file.cpp" <<'EOF'
#include <string>
namespace oomlens {
std::string util_stub() { return "util"; }
}  // namespace oomlens
EOF
# A template instance emitted by util/ and by render/ (weak in each), used
# by another util/ file that only declares it: not a back-edge, util/ has
# its own definition.
printf '#pragma once\nnamespace oomlens { template <class T> int twice(T n); }\n' > "$T/tree/src/util/tpl_stub.h"
printf '#include "util/tpl_stub.h"\nnamespace oomlens { template <class T> int twice(T n) { return 2 * n; } template int twice<int>(int); }\n' \
  | tee "$T/tree/src/util/tpl_stub.cpp" > "$T/tree/src/render/tpl_stub.cpp"
printf '#include "util/tpl_stub.h"\nnamespace oomlens { int util_uses_twice() { return twice(21); } }\n' \
  > "$T/tree/src/util/tpl_use.cpp"

fail=0
if ! cmake -S "$T/tree" -B "$T/build" ${GEN:+-G "$GEN"} -DCMAKE_CXX_COMPILER="$CXX" -DOOMLENS_TESTS=OFF \
     >"$T/configure.log" 2>&1; then
  echo "FAIL: the copy does not configure"; cat "$T/configure.log"; exit 1
fi
check='check-layer-symbols'
if cmake --build "$T/build" --target oomlens_util >"$T/clean.log" 2>&1 && grep -q "$check" "$T/clean.log"; then
  echo "ok: the copy without a back-edge passes the symbol check and builds oomlens_util"
else
  echo "FAIL: the copy without a back-edge did not pass the symbol check"; cat "$T/clean.log"; fail=1
fi
if cmake --build "$T/build" --target oomlens_util >"$T/again.log" 2>&1 && ! grep -q "$check" "$T/again.log"; then
  echo "ok: nothing changed, the symbol check does not run again"
else
  echo "FAIL: a second build with nothing changed ran the symbol check or failed"; cat "$T/again.log"; fail=1
fi
cat >> "$T/tree/src/util/file.cpp" <<'EOF'
// A back-edge without an include: util/ is the lowest layer.
namespace oomlens::render { std::string something_in_render(); }
namespace oomlens { std::string util_calls_up() { return render::something_in_render(); } }
EOF
if cmake --build "$T/build" --target oomlens_util >"$T/edge.log" 2>&1; then
  echo "FAIL: util/ calling render/ without an include did not fail the build"; cat "$T/edge.log"; fail=1
elif grep -q 'src/util/file.cpp.o (layer util) uses oomlens::render::something_in_render\[abi:cxx11\]() defined only in higher layer render (src/render/render_stub.cpp.o)' "$T/edge.log"; then
  echo "ok: util/ calling render/ without an include fails the build and names the symbol"
else
  echo "FAIL: the build failed without naming the back-edge"; cat "$T/edge.log"; fail=1
fi
if [ -e "$T/build/liboomlens_util.a" ] && [ "$T/build/liboomlens_util.a" -nt "$T/tree/src/util/file.cpp" ]; then
  echo "FAIL: liboomlens_util.a was archived from the objects with the back-edge"; fail=1
fi
exit $fail
