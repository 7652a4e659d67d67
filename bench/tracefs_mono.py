"""The kernel's OOM kills on CLOCK_MONOTONIC, shared by bench/watch_latency.py
(daemon) and bench/run_latency.py (`oomlens run`).

A private tracefs instance (its own buffer, clock and event switches: nothing
global is changed) with trace_clock `mono` records the `oom/mark_victim`
tracepoint (mm/oom_kill.c, mark_oom_victim(): the moment the OOM killer marks
its victim, just before __oom_kill_process() prints `Killed process`). Its
timestamps are CLOCK_MONOTONIC seconds, the clock of Python's time.monotonic()
and of oomlens's `mono_s`. Needs root (tracefs).

tracefs: the host's mount at /sys/kernel/tracing when there is one, else a
private mount made like oomlens makes its own (src/trace/tracefs.h): a child
in a new mount namespace mounts tracefs and hands back an fd of its
`instances` directory over a unix socket; the host's mount table is never
touched. Everything is done relative to that fd (tracefs has one
superblock: the instance is the same one any mount shows).

    with MarkVictims() as mv:
        ...  # cause kills
    mv.marks  # [(pid, monotonic_s), ...] in order, after the block ends
"""
import ctypes
import os
import re
import socket

TRACEFS = "/sys/kernel/tracing"
_MARK = re.compile(r"\s(\d+\.\d+): mark_victim: pid=(\d+)")


def parse_marks(trace):
    """[(pid, CLOCK_MONOTONIC s)] from a tracefs `trace` text of mark_victim lines."""
    return [(int(m.group(2)), float(m.group(1))) for m in _MARK.finditer(trace)]


def quantiles(lat_ms):
    """(median, p95, max) of a non-empty list of latencies, nearest-rank."""
    lat = sorted(lat_ms)
    q = lambda x: lat[min(len(lat) - 1, int(x * len(lat)))]
    return q(0.5), q(0.95), lat[-1]


def loadavg():
    """The 1/5/15-minute load averages as text, e.g. '2.87 5.01 7.46'."""
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def _private_instances_fd():
    """An fd of `instances` in a tracefs mounted in a short-lived child's own
    mount namespace (needs CAP_SYS_ADMIN); OSError with the reason otherwise."""
    clone_newns, ms_rec, ms_private = 0x20000, 16384, 1 << 18
    libc = ctypes.CDLL(None, use_errno=True)
    mnt = b"/sys/kernel/tracing" if os.path.isdir("/sys/kernel/tracing") else b"/tmp"
    parent, child = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    pid = os.fork()
    if pid == 0:  # the child: only syscalls, then _exit
        parent.close()
        step = "unshare(CLONE_NEWNS)"
        try:
            if libc.unshare(clone_newns) == 0:
                step = "mount --make-rprivate /"
                if libc.mount(None, b"/", None, ms_rec | ms_private, None) == 0:
                    step = "mount -t tracefs"
                    if libc.mount(b"tracefs", mnt, b"tracefs", 0, None) == 0:
                        fd = os.open(mnt + b"/instances", os.O_RDONLY | os.O_DIRECTORY)
                        socket.send_fds(child, [b"ok"], [fd])
                        os._exit(0)
            err = ctypes.get_errno()
            child.send(f"{step}: {os.strerror(err)}".encode())
        finally:
            os._exit(1)
    child.close()
    try:
        msg, fds, _, _ = socket.recv_fds(parent, 512, 1)
    finally:
        parent.close()
        os.waitpid(pid, 0)
    if not fds:
        raise OSError(f"cannot mount a private tracefs: {msg.decode(errors='replace') or 'no answer'}")
    return fds[0]


class MarkVictims:
    """Context manager: records oom/mark_victim on CLOCK_MONOTONIC while open."""

    def __init__(self, tag="oomlens-bench"):
        self.name = f"{tag}-{os.getpid()}"
        self.fd = -1
        self.where = None  # "host mount /sys/kernel/tracing" or "private mount"
        self.marks = []

    def _set(self, rel, value):
        fd = os.open(f"{self.name}/{rel}", os.O_WRONLY | os.O_TRUNC, dir_fd=self.fd)
        try:
            os.write(fd, value.encode())
        finally:
            os.close(fd)

    def __enter__(self):
        if os.path.isdir(TRACEFS + "/instances"):
            self.fd = os.open(TRACEFS + "/instances", os.O_RDONLY | os.O_DIRECTORY)
            self.where = "host mount " + TRACEFS
        else:
            self.fd = _private_instances_fd()
            self.where = "private mount"
        try:
            os.mkdir(self.name, dir_fd=self.fd)
        except BaseException:
            os.close(self.fd)
            raise
        try:
            self._set("trace_clock", "mono")
            self._set("events/oom/mark_victim/enable", "1")
        except BaseException:
            os.rmdir(self.name, dir_fd=self.fd)
            os.close(self.fd)
            raise
        return self

    def read(self):
        """The marks so far (the instance stays open)."""
        fd = os.open(f"{self.name}/trace", os.O_RDONLY, dir_fd=self.fd)
        try:
            chunks = []
            while True:
                b = os.read(fd, 1 << 16)
                if not b:
                    break
                chunks.append(b)
        finally:
            os.close(fd)
        return parse_marks(b"".join(chunks).decode(errors="replace"))

    def __exit__(self, *exc):
        try:
            self._set("events/oom/mark_victim/enable", "0")
            self.marks = self.read()
        finally:
            os.rmdir(self.name, dir_fd=self.fd)
            os.close(self.fd)
        return False
