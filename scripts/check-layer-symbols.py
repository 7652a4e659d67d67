#!/usr/bin/env python3
"""The layer table of src/ (scripts/layer_table.py), enforced on the objects.

check-layers.py sees only #include lines. A lower layer can still call up
without one: `namespace oomlens::render { std::string f(); }` declared in a
util/ file compiles, and links, because every executable links all layers.
This check reads the symbols of the compiled objects of oomlens_core
instead: an object of layer L that uses (nm type U, or a weak reference w/v)
a symbol that no object of layer <= L defines but an object of a higher layer
does is a back-edge. A symbol defined in layer <= L too (an inline function
or template instance, weak in every object that emits it), or by no object
(libstdc++, fmt, libc), is fine. Only definitions another object can bind to
count: global and weak ones (T D B R W V u i ...); local ones (t d b r ...)
never resolve another object's reference.

An object's folder is taken from its path, .../src/FOLDER/NAME.cpp.o (the
part after the last "/src/"; CMake's Makefile and Ninja generators both name
objects TARGET.dir/src/FOLDER/NAME.cpp.o); an object directly in src/ is
folder ".". nm runs once over all objects (in batches on a very long list).
Run by the build after oomlens_core compiles and before any layer library
is archived (CMake target oomlens_layer_symbols), so such a call fails the
build; ctest layers_symbols_* proves it.

Usage: check-layer-symbols.py [--nm NM] (OBJECT | @LIST_FILE)...
(a LIST_FILE names one object a line)
Exit: 0 when no object uses a symbol defined only above its layer; 1 with
one line per back-edge (OBJECT (layer L) uses SYMBOL defined only in higher
layer H (FILE...)); 2 on bad usage, an object of no layer, or nm failing.
"""
import os
import shutil
import subprocess
import sys

from layer_table import LAYERS, RANK  # the table, written once (scripts/layer_table.py)

# nm's letters. A definition another object can bind to: the global ones
# (upper case) and GNU's unique global (u) and indirect function (i).
# A use: an undefined symbol (U) or a weak reference (w, v: lower case).
DEFINES = set("ABCDGIRSTVW") | {"u", "i"}
USES = {"U", "w", "v"}
BATCH = 400  # objects per nm run: far below any argument-length limit


def folder_of(obj):
    """The src/ folder an object was compiled from, or None."""
    path = "/" + obj.replace(os.sep, "/")
    at = path.rfind("/src/")
    if at < 0:
        return None
    rel = path[at + len("/src/"):]
    return rel.split("/", 1)[0] if "/" in rel else "."


def shown(obj):
    """An object's path from its src/ on: src/util/file.cpp.o."""
    path = "/" + obj.replace(os.sep, "/")
    return path[path.rfind("/src/") + 1:]


def read_symbols(nm, objects):
    """{object: (defined names, used names)} from `nm -A -g -p`."""
    table = {obj: (set(), set()) for obj in objects}
    for i in range(0, len(objects), BATCH):
        batch = objects[i:i + BATCH]
        run = subprocess.run([nm, "-A", "-g", "-p", *batch], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, errors="replace")
        if run.returncode != 0:
            raise RuntimeError(f"{nm} failed ({run.returncode}): {run.stderr.strip()}")
        for line in run.stdout.splitlines():
            # "OBJ:0000000000000000 T name" or "OBJ:                 U name"
            # (GNU nm; llvm-nm puts a space after the colon). Mangled names
            # have no spaces, so the last two fields are the type and name.
            parts = line.rsplit(" ", 2)
            if len(parts) != 3:
                continue
            head, kind, name = parts
            obj = head.rstrip().rsplit(":", 1)[0]
            if obj not in table:
                continue  # a member of an archive: not given to us
            if kind in DEFINES:
                table[obj][0].add(name)
            elif kind in USES:
                table[obj][1].add(name)
    return table


def demangle(nm, names):
    """{mangled: demangled} through c++filt (the same binutils as nm)."""
    names = sorted(names)
    tool = shutil.which(os.path.join(os.path.dirname(nm), "c++filt")) or shutil.which("c++filt")
    if not tool or not names:
        return {n: n for n in names}
    run = subprocess.run([tool], input="\n".join(names) + "\n", stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, errors="replace")
    out = run.stdout.splitlines()
    if run.returncode != 0 or len(out) != len(names):
        return {n: n for n in names}
    return dict(zip(names, out))


def main(argv):
    args = argv[1:]
    nm = "nm"
    if len(args) >= 2 and args[0] == "--nm":
        nm, args = args[1], args[2:]
    if not args or args[0].startswith("-"):
        print("usage: check-layer-symbols.py [--nm NM] (OBJECT | @LIST_FILE)...", file=sys.stderr)
        return 2
    objects = []
    for arg in args:
        if arg.startswith("@"):  # one object a line (ctest's list, tests/CMakeLists.txt)
            with open(arg[1:], encoding="utf-8") as f:
                objects += [line.strip() for line in f if line.strip()]
        else:
            objects.append(arg)
    objects = list(dict.fromkeys(objects))
    rank = {}
    for obj in objects:
        folder = folder_of(obj)
        if folder not in RANK:
            print(f"check-layer-symbols: {obj}: no src/FOLDER/ of a layer in its path "
                  f"(folder {folder!r}; scripts/layer_table.py)", file=sys.stderr)
            return 2
        rank[obj] = RANK[folder]
    try:
        table = read_symbols(nm, objects)
    except (OSError, RuntimeError) as e:
        print(f"check-layer-symbols: {e}", file=sys.stderr)
        return 2
    lowest = {}  # symbol -> the lowest layer that defines it
    for obj, (defined, _) in table.items():
        for name in defined:
            if rank[obj] < lowest.get(name, len(LAYERS)):
                lowest[name] = rank[obj]
    bad = []  # (object, symbol, layer of the definition)
    for obj, (_, used) in table.items():
        for name in used:
            if lowest.get(name, -1) > rank[obj]:
                bad.append((obj, name, lowest[name]))
    if not bad:
        return 0
    names = demangle(nm, {name for _, name, _ in bad})
    for obj, name, layer in sorted(bad, key=lambda b: (shown(b[0]), b[1])):
        where = sorted(shown(o) for o, (defined, _) in table.items()
                       if rank[o] == layer and name in defined)
        print(f"check-layer-symbols: {shown(obj)} (layer {LAYERS[rank[obj]][0]}) uses "
              f"{names[name]} defined only in higher layer {LAYERS[layer][0]} "
              f"({', '.join(where)})", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
