# oomlens --py-stacks / --py-tracemalloc: loaded by every Python process of
# a job started by `oomlens run` (oomlens puts this directory first on
# PYTHONPATH). It never changes what the job does:
#
# * OOMLENS_PY_STACKS_FILE + OOMLENS_PY_STACKS_SIGNAL: faulthandler dumps the
#   traceback of every thread to the file when the (real-time) signal
#   arrives. The dump runs in the C signal handler, so it works while the
#   main thread is inside a long C call (numpy, torch). Cost: nothing until
#   the signal.
# * OOMLENS_PY_TRACEMALLOC_FILE + OOMLENS_PY_TRACEMALLOC_SIGNAL: tracemalloc
#   starts now (1 frame per allocation; its cost, slower allocations and
#   memory per traced block, is paid all along: figures in docs/run.md) and
#   a snapshot of the top allocation sites is appended to the file when the
#   signal arrives (a Python-level handler: it runs between bytecodes of the
#   main thread).
#
# Only the process oomlens started registers (its parent is OOMLENS_PY_PARENT_PID,
# oomlens itself); workers inherit the environment but not the hooks. Then any
# sitecustomize this file shadows (Debian's, a virtualenv's) is imported as usual.
import os
import sys


def _oomlens_hooks():
    if os.environ.get("OOMLENS_PY_PARENT_PID") != str(os.getppid()):
        return
    stacks = os.environ.get("OOMLENS_PY_STACKS_FILE")
    stacks_sig = os.environ.get("OOMLENS_PY_STACKS_SIGNAL")
    if stacks and stacks_sig:
        try:
            import faulthandler
            f = open(stacks, "a", buffering=1)
            faulthandler.register(int(stacks_sig), file=f, all_threads=True, chain=False)
            globals()["_oomlens_stacks_file"] = f  # keep it open for the handler
        except Exception as e:  # never break the job
            sys.stderr.write("oomlens: --py-stacks not installed: %s\n" % e)
    tm = os.environ.get("OOMLENS_PY_TRACEMALLOC_FILE")
    tm_sig = os.environ.get("OOMLENS_PY_TRACEMALLOC_SIGNAL")
    if tm and tm_sig:
        try:
            import signal
            import tracemalloc
            top_n = int(os.environ.get("OOMLENS_PY_TRACEMALLOC_TOP", "15"))
            tracemalloc.start(1)

            def _snap(signum, frame):
                snap = tracemalloc.take_snapshot()
                stats = snap.statistics("lineno")
                cur, peak = tracemalloc.get_traced_memory()
                with open(tm, "a") as out:
                    out.write("traced_bytes %d peak_bytes %d\n" % (cur, peak))
                    for s in stats[:top_n]:
                        fr = s.traceback[0]
                        out.write("%d %d %s:%d\n" % (s.size, s.count, fr.filename, fr.lineno))
                    out.write("end\n")

            signal.signal(int(tm_sig), _snap)
        except Exception as e:
            sys.stderr.write("oomlens: --py-tracemalloc not installed: %s\n" % e)


def _oomlens_chain():
    # Import the sitecustomize this one shadows, if any.
    import importlib.machinery
    import importlib.util
    here = os.path.dirname(os.path.abspath(__file__))
    rest = [p for p in sys.path if os.path.abspath(p or ".") != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec is None or spec.loader is None:
        return
    mod = importlib.util.module_from_spec(spec)
    sys.modules["sitecustomize"] = mod
    spec.loader.exec_module(mod)


_oomlens_hooks()
try:
    _oomlens_chain()
except Exception as e:
    sys.stderr.write("oomlens: the shadowed sitecustomize failed: %s\n" % e)
