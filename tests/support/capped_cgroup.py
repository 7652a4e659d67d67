"""Shared by the Python live tests: skipping by CTest's rules and a capped
memory cgroup of the test's own (cgroup v1 memory or cgroup2 with memory).

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
    from capped_cgroup import skip, make_cgroup, enter_cgroup
"""
import os
import sys


def skip(why):
    """Print why and exit 77 (SKIP_RETURN_CODE); under CI=true exit 1 instead."""
    print(f"SKIP: {why}")
    sys.exit(1 if os.environ.get("CI") == "true" else 77)


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
