"""Shared by the Python live tests: skipping by CTest's rules and a capped
memory cgroup of the test's own (cgroup v1 memory or cgroup2 with memory).

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
    from capped_cgroup import CappedTest, enter_cgroup
    from ci import skip

    binary = binary_argument(__doc__, "not root (why the test needs root)")
    with CappedTest("oomlens-NAME", limit_bytes) as t:
        ... run commands under preexec_fn=enter_cgroup(t.cg) or with
        ... run_capped(t.cg, argv, ...), files in t.tmp,
        ... t.failures.append("what went wrong"), t.check_bounded(name, ran)
    return t.report()

Inputs too big to hold in memory are written with write_chunked().
"""
import collections
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ci import skip  # noqa: E402


def binary_argument(doc, why_root):
    """The program under test, the one argument: with any other number of
    arguments print `doc` and exit 2; skip (why_root) when not root."""
    if len(sys.argv) != 2:
        print(doc)
        sys.exit(2)
    if os.geteuid() != 0:
        skip(why_root)
    return sys.argv[1]


def write_chunked(f, lines, chunk_lines=10000):
    """Write the strings of `lines` to file `f`, joined in chunks of
    `chunk_lines` (one write per chunk, never the whole input in memory)."""
    chunk = []
    for line in lines:
        chunk.append(line)
        if len(chunk) >= chunk_lines:
            f.write("".join(chunk))
            chunk = []
    f.write("".join(chunk))


def make_cgroup(name, limit_bytes):
    """Create memory cgroup `name` under the root, capped at `limit_bytes`
    (memory+swap too on v1 when the kernel has memsw). Returns (dir, a reader
    of its oom_kill count: v1 memory.oom_control, v2 memory.events). Skips
    when no memory controller is mounted; OSError from mkdir propagates."""
    v1 = "/sys/fs/cgroup/memory"
    if os.path.isfile(os.path.join(v1, "memory.limit_in_bytes")):
        d = os.path.join(v1, name)
        os.mkdir(d)
        with open(os.path.join(d, "memory.limit_in_bytes"), "w") as f:
            f.write(str(limit_bytes))
        if os.path.exists(os.path.join(d, "memory.memsw.limit_in_bytes")):
            with open(os.path.join(d, "memory.memsw.limit_in_bytes"), "w") as f:
                f.write(str(limit_bytes))
        return d, lambda: int(dict(l.split() for l in open(os.path.join(d, "memory.oom_control")))["oom_kill"])
    v2 = "/sys/fs/cgroup"
    if "memory" in open(os.path.join(v2, "cgroup.controllers")).read().split():
        d = os.path.join(v2, name)
        os.mkdir(d)
        with open(os.path.join(d, "memory.max"), "w") as f:
            f.write(str(limit_bytes))
        return d, lambda: int(dict(l.split() for l in open(os.path.join(d, "memory.events")))["oom_kill"])
    skip("no memory cgroup controller")


def enter_cgroup(cg):
    """A subprocess preexec_fn that moves the child into cgroup dir `cg`
    (writes its pid to cg/cgroup.procs) before it execs."""
    procs = os.path.join(cg, "cgroup.procs")

    def enter():
        with open(procs, "w") as f:
            f.write(str(os.getpid()))

    return enter


Ran = collections.namedtuple("Ran", "rc maxrss_kb cpu_s wall_s err")


def run_capped(cg, argv, stdout=subprocess.PIPE, consume=None):
    """Runs argv inside cgroup dir cg, its stdout to `stdout` (a file, or a
    pipe handed to consume(pipe) as it comes) and its stderr to a temporary
    file: a Ran (exit status, ru_maxrss KiB, CPU s, wall s, stderr)."""
    err_f = tempfile.TemporaryFile()
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdout=stdout, stderr=err_f, preexec_fn=enter_cgroup(cg))
    if p.stdout is not None:
        if consume is not None:
            consume(p.stdout)
        p.stdout.close()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    err_f.seek(0)
    err = err_f.read().decode(errors="replace")
    return Ran(os.waitstatus_to_exitcode(status), ru.ru_maxrss, ru.ru_utime + ru.ru_stime, wall, err)


def remove_cgroup(cg):
    """rmdir the test's cgroup `cg`; a failure is printed as a note, not raised."""
    try:
        os.rmdir(cg)
    except OSError as e:
        print(f"note: cannot remove {cg}: {e}")


def report(failures):
    """Print each failure, then PASS or how many failed; returns the exit
    status (0 passed, 1 failed)."""
    for f in failures:
        print("FAIL:", f)
    print("PASS" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


class CappedTest:
    """One test's temporary directory (`tmp`, under `tmp_parent` when given)
    and capped memory cgroup (`cg`, named `name`-PID), and its `failures`.
    Leaving the `with` block without an exception adds a failure when the
    cgroup counted an OOM kill; either way the directory and the cgroup are
    removed."""

    def __init__(self, name, limit_bytes, tmp_parent=None):
        self.name, self.limit_bytes, self.tmp_parent = name, limit_bytes, tmp_parent
        self.failures = []

    def __enter__(self):
        self.tmp = tempfile.mkdtemp(prefix=self.name + "-", dir=self.tmp_parent)
        try:
            self.cg, self.oom_kills = make_cgroup(f"{self.name}-{os.getpid()}", self.limit_bytes)
        except BaseException:
            shutil.rmtree(self.tmp, ignore_errors=True)
            raise
        return self

    def __exit__(self, exc_type, exc, tb):
        try:
            if exc_type is None and self.oom_kills() != 0:
                self.failures.append(f"the cgroup counted {self.oom_kills()} OOM kills")
        finally:
            shutil.rmtree(self.tmp, ignore_errors=True)
            remove_cgroup(self.cg)
        return False

    def check_bounded(self, name, ran, err_tail=2000):
        """Failures for a command (a Ran) that did not exit 0 or whose peak
        RSS reached the cgroup's limit."""
        if ran.rc != 0:
            self.failures.append(f"{name}: exit {ran.rc}: {ran.err[-err_tail:]}")
        if ran.maxrss_kb * 1024 >= self.limit_bytes:
            self.failures.append(f"{name}: peak RSS {ran.maxrss_kb} KiB is not under {self.limit_bytes >> 20} MiB")

    def report(self):
        """report(failures): the test's exit status."""
        return report(self.failures)
