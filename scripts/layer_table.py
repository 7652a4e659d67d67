"""The layer table of src/ (docs/ARCHITECTURE.md), written once.

Imported by scripts/check-layers.py (the #include lines) and
scripts/check-layer-symbols.py (the symbols of the compiled objects).
CMakeLists.txt's OOMLENS_LAYER_* lists (which folders' objects each layer
library takes) must name the same folders.
"""

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


def layer_name(folder):
    """The name of FOLDER's layer (a key of RANK)."""
    return LAYERS[RANK[folder]][0]
