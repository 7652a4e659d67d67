#!/usr/bin/env python3
"""Working-set trajectories of the jobs `oomlens run --limit` starts under a
v1 memory cgroup, for replaying the guard's rule (tests/guard/
guard_replay_test.cpp, tests/fixtures/guard/).

usage: guard_trajectory.py PARENT_CGROUP_DIR OUT_DIR [INTERVAL_S]

Until killed (SIGTERM/SIGINT), every INTERVAL_S (default 0.05) it reads each
job cgroup oomlens made under PARENT_CGROUP_DIR (oomlens-run-*):
memory.usage_in_bytes - memory.stat total_inactive_file (the guard's working
set, src/guard/headroom.h), memory.limit_in_bytes, and memory.oom_control's
oom_kill. One file per job cgroup, OUT_DIR/<cgroup name>.tsv: "# kill_t_s: S"
(the first read that saw oom_kill > 0, when any) after the rows
"t_s working_set_bytes limit_bytes", t_s from the first read of that cgroup.
The bench maps a cgroup to its run through the record header's
limits.cgroup_dir.
"""
import os
import signal
import sys
import time

parent, out = sys.argv[1], sys.argv[2]
interval = float(sys.argv[3]) if len(sys.argv) > 3 else 0.05
os.makedirs(out, exist_ok=True)
stop = False


def on_signal(signum, frame):
    global stop
    stop = True


signal.signal(signal.SIGTERM, on_signal)
signal.signal(signal.SIGINT, on_signal)


def read(path):
    with open(path) as f:
        return f.read()


class Job:
    def __init__(self, name, t0):
        self.t0 = t0
        self.f = open(os.path.join(out, name + ".tsv"), "w")
        self.kill = None

    def sample(self, d, now):
        usage = int(read(os.path.join(d, "memory.usage_in_bytes")))
        limit = int(read(os.path.join(d, "memory.limit_in_bytes")))
        inactive = 0
        for line in read(os.path.join(d, "memory.stat")).splitlines():
            k, _, v = line.partition(" ")
            if k == "total_inactive_file":
                inactive = int(v)
        ws = max(usage - inactive, 0)
        t = now - self.t0
        self.f.write(f"{t:.3f} {ws} {limit}\n")
        if self.kill is None:
            for line in read(os.path.join(d, "memory.oom_control")).splitlines():
                if line.startswith("oom_kill ") and int(line.split()[1]) > 0:
                    self.kill = t

    def close(self):
        if self.kill is not None:
            self.f.write(f"# kill_t_s: {self.kill:.3f}\n")
        self.f.close()


jobs = {}
while not stop:
    now = time.monotonic()
    try:
        names = [n for n in os.listdir(parent) if n.startswith("oomlens-run-")]
    except OSError:
        names = []
    for n in names:
        d = os.path.join(parent, n)
        j = jobs.get(n) or jobs.setdefault(n, Job(n, now))
        try:
            j.sample(d, now)
        except (OSError, ValueError):
            pass  # removed between listdir and read
    for n in [n for n in jobs if n not in names]:
        jobs.pop(n).close()
    time.sleep(max(0.0, interval - (time.monotonic() - now)))
for j in jobs.values():
    j.close()
