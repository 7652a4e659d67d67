"""The kernel's OOM kills on CLOCK_MONOTONIC, shared by bench/watch_latency.py
(daemon) and bench/run_latency.py (`oomlens run`).

A private tracefs instance (its own buffer, clock and event switches: nothing
global is changed) with trace_clock `mono` records the `oom/mark_victim`
tracepoint (mm/oom_kill.c, mark_oom_victim(): the moment the OOM killer marks
its victim, just before __oom_kill_process() prints `Killed process`). Its
timestamps are CLOCK_MONOTONIC seconds, the clock of Python's time.monotonic()
and of oomlens's `mono_s`. Needs root (tracefs).

    with MarkVictims() as mv:
        ...  # cause kills
    mv.marks  # [(pid, monotonic_s), ...] in order, after the block ends
"""
import os
import re
import subprocess

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


class MarkVictims:
    """Context manager: records oom/mark_victim on CLOCK_MONOTONIC while open."""

    def __init__(self, tag="oomlens-bench"):
        self.inst = f"{TRACEFS}/instances/{tag}-{os.getpid()}"
        self.marks = []

    def _set(self, rel, value):
        with open(f"{self.inst}/{rel}", "w") as f:
            f.write(value)

    def __enter__(self):
        if not os.path.isdir(TRACEFS + "/instances"):
            subprocess.run(["mount", "-t", "tracefs", "nodev", TRACEFS], check=False)
        os.mkdir(self.inst)
        try:
            self._set("trace_clock", "mono")
            self._set("events/oom/mark_victim/enable", "1")
        except BaseException:
            os.rmdir(self.inst)
            raise
        return self

    def read(self):
        """The marks so far (the instance stays open)."""
        with open(self.inst + "/trace") as f:
            return parse_marks(f.read())

    def __exit__(self, *exc):
        try:
            self._set("events/oom/mark_victim/enable", "0")
            self.marks = self.read()
        finally:
            os.rmdir(self.inst)
        return False
