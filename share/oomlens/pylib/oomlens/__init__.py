"""oomlens: for a job started by `oomlens run` (docs/run.md, "THE PYTHON MODULE").

`oomlens run` puts this package on PYTHONPATH; `make install` and the .deb
put it in /usr/share/oomlens/pylib. Pure Python, standard library only.

* attempt() -> int: this attempt's number under `run --restart-on-oom`
  (OOMLENS_ATTEMPT, from 1; 1 when the variable is unset).
* resumed() -> bool: True from the second attempt (OOMLENS_RESUME=1): load
  your checkpoint. Asking is recorded (the file $OOMLENS_RESUME_ACK is
  created), so the restart summary can say whether the job asked at all.
* limit_bytes() -> int | None: the tightest memory limit from the job's
  memory cgroup up to the root (v1 memory.limit_in_bytes, v2 memory.max),
  in bytes; None when no level has a limit or the cgroup cannot be read.
* headroom_bytes() -> int | None: how much more the job can take before a
  limit, in bytes: the smallest of (limit - usage) over the limited levels
  and the machine's MemAvailable; None when none of these can be read.
* on_warning(callback, exit_code=0) -> bool: when oomlens's guard sends its
  --action signal (OOMLENS_WARNING_SIGNAL, e.g. --action term), run
  callback() in a thread of its own, outside signal context, even while the
  main thread is inside a long C call (torch, numpy); then os._exit(exit_code)
  unless exit_code is None. False when no signal action is configured.
"""
import os
import signal
import socket
import sys
import threading

__all__ = ["attempt", "resumed", "limit_bytes", "headroom_bytes", "on_warning"]

_UNLIMITED = 1 << 62  # v1 reads 9223372036854771712 for "no limit"


def attempt():
    try:
        return max(1, int(os.environ.get("OOMLENS_ATTEMPT", "1")))
    except ValueError:
        return 1


def resumed():
    if os.environ.get("OOMLENS_RESUME") != "1":
        return False
    ack = os.environ.get("OOMLENS_RESUME_ACK")
    if ack:
        try:
            with open(ack, "a"):
                pass
        except OSError:
            pass
    return True


def _read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def _memory_cgroup(root="/"):
    """(version, directory) of this process's memory cgroup, or None.

    The hierarchy is chosen per controller: a `N:...memory...:/path` line
    (v1, also in a hybrid layout) wins over the `0::/path` line (v2)."""
    cg = _read(os.path.join(root, "proc/self/cgroup"))
    mi = _read(os.path.join(root, "proc/self/mountinfo"))
    if cg is None or mi is None:
        return None
    v1_path = v2_path = None
    for line in cg.splitlines():
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        if "memory" in parts[1].split(","):
            v1_path = parts[2]
        elif parts[0] == "0" and parts[1] == "":
            v2_path = parts[2]
    for line in mi.splitlines():
        f = line.split()
        if " - " not in line or len(f) < 5:
            continue
        post = line.split(" - ", 1)[1].split()
        fstype, opts = post[0], post[2] if len(post) > 2 else ""
        mroot, mpoint = f[3], f[4]
        if v1_path is not None and fstype == "cgroup" and "memory" in opts.split(","):
            path, version = v1_path, 1
        elif v1_path is None and v2_path is not None and fstype == "cgroup2":
            path, version = v2_path, 2
        else:
            continue
        rel = path
        if mroot != "/" and (path == mroot or path.startswith(mroot + "/")):
            rel = path[len(mroot):]
        d = os.path.join(root, mpoint.lstrip("/"), rel.lstrip("/")).rstrip("/")
        return version, d, os.path.join(root, mpoint.lstrip("/")).rstrip("/")
    return None


def _int(text):
    if text is None:
        return None
    t = text.strip()
    if t == "max":
        return -1
    try:
        return int(t)
    except ValueError:
        return None


def _levels(root="/"):
    """[(limit_bytes, usage_bytes)] from the job's cgroup up to the mount root."""
    found = _memory_cgroup(root)
    if not found:
        return []
    version, d, top = found
    limit_file, usage_file = ("memory.limit_in_bytes", "memory.usage_in_bytes") if version == 1 else \
        ("memory.max", "memory.current")
    out = []
    while True:
        lim = _int(_read(os.path.join(d, limit_file)))
        use = _int(_read(os.path.join(d, usage_file)))
        if lim is not None and 0 <= lim < _UNLIMITED:
            out.append((lim, use if use is not None and use >= 0 else None))
        if d == top or len(d) <= len(top):
            break
        d = os.path.dirname(d)
    return out


def limit_bytes(root="/"):
    lv = _levels(root)
    return min(l for l, _ in lv) if lv else None


def headroom_bytes(root="/"):
    cands = [max(0, l - u) for l, u in _levels(root) if u is not None]
    mi = _read(os.path.join(root, "proc/meminfo")) or ""
    for line in mi.splitlines():
        if line.startswith("MemAvailable:"):
            try:
                cands.append(int(line.split()[1]) * 1024)
            except (IndexError, ValueError):
                pass
    return min(cands) if cands else None


_handler_state = {}


def on_warning(callback, exit_code=0):
    """Must be called from the main thread (signal.set_wakeup_fd). Uses the
    process's one wakeup fd: not for an asyncio program that needs its own."""
    try:
        signo = int(os.environ.get("OOMLENS_WARNING_SIGNAL", ""))
    except ValueError:
        return False
    r, w = socket.socketpair()
    w.setblocking(False)
    fired = threading.Event()

    def _mark(_signo, _frame):  # runs later on the main thread: only notes it
        fired.set()

    def _run():
        while True:
            try:
                data = r.recv(64)
            except OSError:
                return
            if not data:
                return
            if signo not in data:
                continue
            fired.set()
            try:
                callback()
            finally:
                if exit_code is not None:
                    for stream in (sys.stdout, sys.stderr):
                        try:
                            stream.flush()
                        except Exception:
                            pass
                    os._exit(exit_code)
            return

    signal.signal(signo, _mark)
    signal.set_wakeup_fd(w.fileno(), warn_on_full_buffer=False)
    t = threading.Thread(target=_run, name="oomlens-on-warning", daemon=True)
    t.start()
    _handler_state.update(signal=signo, thread=t, sockets=(r, w), fired=fired)
    return True
