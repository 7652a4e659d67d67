#!/usr/bin/env python3
"""The layer table of src/ (scripts/layer_table.py), enforced on the includes.

Every `#include "FOLDER/..."` (or `<FOLDER/...>`) in src/ must name a folder of the same layer
or of a lower one. Run by the build before anything compiles (CMake target
oomlens_layers), so an include that goes up a layer fails the build, and by
ctest (layers_*) on the tree and on a copy with a back-edge added.
A call up a layer without an include is caught on the compiled objects by
scripts/check-layer-symbols.py.

Usage: check-layers.py SRC_DIR
Exit: 0 when every include goes down or sideways, 1 with one line per
back-edge (FILE:LINE: LAYER includes HIGHER-LAYER) otherwise, 2 on bad usage.
"""
import os
import re
import sys

from layer_table import LAYERS, RANK  # the table, written once (scripts/layer_table.py)

# Back-edges allowed by name, (including folder, included header): none
# since format_bytes moved from render/ to util/format.h (issue 18 item 2).
# Nothing may be added here.
KNOWN_BACK_EDGES = set()
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
# src/ is on the include path, so <render/json.h> compiles as well:
# angle-bracket includes are checked when they name a folder of src/
# (never <fmt/core.h>, <sys/wait.h> and other system headers).
ANGLE_INCLUDE = re.compile(r'^\s*#\s*include\s+<([^>]+)>')


def layer_of_include(path):
    folder = path.split("/", 1)[0] if "/" in path else None
    return folder


def main(argv):
    if len(argv) != 2 or not os.path.isdir(argv[1]):
        print("usage: check-layers.py SRC_DIR", file=sys.stderr)
        return 2
    src = argv[1]
    bad = []
    for dirpath, _, files in os.walk(src):
        rel_dir = os.path.relpath(dirpath, src)
        folder = rel_dir.split(os.sep, 1)[0]
        for name in sorted(files):
            if not name.endswith((".h", ".cpp", ".h.in")):
                continue
            if folder not in RANK:
                bad.append(f"{os.path.join(rel_dir, name)}: folder '{folder}' is in no layer (scripts/layer_table.py)")
                continue
            with open(os.path.join(dirpath, name), encoding="utf-8", errors="replace") as f:
                for n, line in enumerate(f, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        m = ANGLE_INCLUDE.match(line)
                        if not m or layer_of_include(m.group(1)) not in RANK:
                            continue
                    target = layer_of_include(m.group(1))
                    if target is None:
                        continue  # "version.h" and other generated headers
                    if target not in RANK:
                        bad.append(f"{os.path.join(rel_dir, name)}:{n}: includes '{m.group(1)}' of no layer")
                    elif RANK[target] > RANK[folder] and (folder, m.group(1)) not in KNOWN_BACK_EDGES:
                        bad.append(f"{os.path.join(rel_dir, name)}:{n}: {LAYERS[RANK[folder]][0]} ({folder}/) "
                                   f"includes {m.group(1)} of the higher layer {LAYERS[RANK[target]][0]}")
    for b in bad:
        print(f"check-layers: {b}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
