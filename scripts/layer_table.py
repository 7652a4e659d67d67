"""The layer table of src/ (docs/ARCHITECTURE.md), written once.

Imported by scripts/check-layers.py (the #include lines) and
scripts/check-layer-symbols.py (the symbols of the compiled objects); run
with --cmake by CMakeLists.txt at configure time, which reads from it the
layer libraries and their folders (OOMLENS_LAYERS, OOMLENS_LAYER_<layer>).
"""
import sys

# Lowest first. Folders of one layer may include and call each other.
LAYERS = [
    ("util", ["util"]),
    ("parse", ["kernel_log"]),
    ("read", ["proc", "cgroup", "logsource", "trace", "sites"]),
    ("monitor", ["monitor"]),
    ("decide", ["diagnose"]),
    ("render", ["render"]),
    ("applications", ["check", "protect", "guard", "supervise", "run", "top", "watch"]),
    ("cli", ["cli", "."]),  # "." : src/main.cpp, src/daemon_main.cpp
]
# folder -> its layer's index in LAYERS (higher is a higher layer)
RANK = {folder: i for i, (_, folders) in enumerate(LAYERS) for folder in folders}


def cmake():
    """The table as CMake: set(OOMLENS_LAYERS ...), set(OOMLENS_LAYER_<layer> ...)."""
    lines = ["# Written by scripts/layer_table.py --cmake: do not edit.",
             "set(OOMLENS_LAYERS " + " ".join(name for name, _ in LAYERS) + ")"]
    for name, folders in LAYERS:
        # "." (src/main.cpp, src/daemon_main.cpp) is no library's: executables.
        lines.append(f"set(OOMLENS_LAYER_{name} " + " ".join(f for f in folders if f != ".") + ")")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] != ["--cmake"]:
        print("usage: layer_table.py --cmake", file=sys.stderr)
        sys.exit(2)
    sys.stdout.write(cmake())
