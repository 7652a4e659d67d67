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
#   signal arrives. The Python-level handler only starts a thread and
#   returns, so the job's own handlers (a SIGTERM checkpoint) still run. The
#   thread is bounded: in memory, no snapshot is taken when it would cost
#   more than OOMLENS_PY_TRACEMALLOC_MAX_BYTES (default 64 MiB, estimated as
#   4 x tracemalloc's own memory: a snapshot copies every trace into Python
#   objects); in time, grouping the traces by line stops at
#   OOMLENS_PY_TRACEMALLOC_DEADLINE_S (default 5 s) and says how far it got.
#   The totals (traced and peak bytes) are always written; one write(2).
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
            import threading
            import tracemalloc
            top_n = int(os.environ.get("OOMLENS_PY_TRACEMALLOC_TOP", "15"))
            max_bytes = int(os.environ.get("OOMLENS_PY_TRACEMALLOC_MAX_BYTES", str(64 << 20)))
            deadline_s = float(os.environ.get("OOMLENS_PY_TRACEMALLOC_DEADLINE_S", "5"))
            busy = threading.Lock()
            tracemalloc.start(1)

            def _take():
                import time
                try:
                    t0 = time.monotonic()
                    cur, peak = tracemalloc.get_traced_memory()
                    lines = ["traced_bytes %d peak_bytes %d" % (cur, peak)]
                    estimate = 4 * tracemalloc.get_tracemalloc_memory()
                    if estimate > max_bytes:
                        lines.append("skipped estimated_bytes %d max_bytes %d" % (estimate, max_bytes))
                    else:
                        raw = tracemalloc.take_snapshot().traces._traces  # (domain, size, frames, nframe)
                        groups, done, partial = {}, 0, False
                        for tr in raw:
                            if (done & 4095) == 0 and time.monotonic() - t0 > deadline_s:
                                partial = True
                                break
                            key = tr[2][0] if tr[2] else ("<unknown>", 0)
                            g = groups.get(key)
                            if g is None:
                                groups[key] = [tr[1], 1]
                            else:
                                g[0] += tr[1]
                                g[1] += 1
                            done += 1
                        lines.append("grouped %d of %d elapsed_s %.3f%s"
                                     % (done, len(raw), time.monotonic() - t0, " partial" if partial else ""))
                        del raw
                        top = sorted(groups.items(), key=lambda kv: -kv[1][0])[:top_n]
                        lines += ["%d %d %s:%d" % (g[0], g[1], k[0], k[1]) for k, g in top]
                    lines.append("end")
                    fd = os.open(tm, os.O_WRONLY | os.O_APPEND)
                    try:
                        os.write(fd, ("\n".join(lines) + "\n").encode("utf-8", "replace"))
                    finally:
                        os.close(fd)
                except Exception as e:  # never break the job
                    sys.stderr.write("oomlens: --py-tracemalloc snapshot failed: %s\n" % e)
                finally:
                    busy.release()

            def _snap(signum, frame):
                if busy.acquire(blocking=False):  # one snapshot at a time
                    threading.Thread(target=_take, name="oomlens-tracemalloc", daemon=True).start()

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
