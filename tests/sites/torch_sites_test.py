#!/usr/bin/env python3
"""The accuracy test of `oomlens run --sites` (issue 14) on a real PyTorch job
(tests/sites/torch_job.py): a numpy table in a Dataset's __init__, torch
tensors appended in the training loop, a buffer per DataLoader worker
(worker_init_fn and __getitem__), a C allocation through ctypes.

1. fork and spawn start methods, each memcg OOM-killed for real (--limit);
2. the same job SIGKILLed by this test mid-run (fork).

Each known site must be named in the verdict's peak_sites of its process
(main and every worker), within 10 % of its true live bytes. The job
prints what it allocated as it goes, so the truth is known however it ends.
The sites here are large blocks (each recorded at its size by the preload);
small-block sites are a sampled estimate (docs/run.md).

usage: torch_sites_test.py OOMLENS_BINARY
Exit 0 passed, 1 failed, 77 skipped (not root, no torch, no v1/v2 memory
cgroup to make); under CI=true a skip is a failure.
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from ci import skip  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
JOB = os.path.join(HERE, "torch_job.py")
MIB = 1 << 20
PY = "/usr/bin/python3"  # Debian's python3-torch works with it only


def marker_line(marker):
    with open(JOB) as f:
        for n, line in enumerate(f, 1):
            if f"# {marker}" in line:
                return n
    raise SystemExit(f"no {marker} in {JOB}")


def at_line(site, line):
    """Whether any Python frame of the site is torch_job.py:line."""
    return any(fr.get("object") is None and (fr.get("file") or "").endswith("torch_job.py") and fr.get("line") == line
               for fr in site["frames"])


def run(oomlens, method, steps, limit=None, kill_after=None):
    d = tempfile.mkdtemp(prefix="oomlens-sites-torch-")
    rec = os.path.join(d, "r.jsonl")
    cmd = [oomlens, "run", "--sites", "--no-sparkline", "--linger", "2", "--record", rec]
    if limit:
        cmd += ["--limit", limit]
    cmd += ["--", PY, JOB, method, str(steps)] + (["wait"] if kill_after else [])
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    main_pid, workers, last_step = None, [], 0
    for line in p.stdout:
        # search, not match, and every one on the line: a line of oomlens's own may precede a job's line
        # unterminated, or follow it on the same line (a CI run saw neither `main N` nor one `worker N ready`)
        for m in re.finditer(r"(?:^|\s)main (\d+)(?!\d)", line):
            main_pid = int(m.group(1))
        for m in re.finditer(r"(?:^|\s)worker (\d+) ready", line):
            workers.append(int(m.group(1)))
        for m in re.finditer(r"(?:^|\s)step (\d+)", line):
            last_step = int(m.group(1))
        if re.search(r"(?:^|\s)waiting(?!\w)", line) and kill_after and main_pid:
            os.kill(main_pid, signal.SIGKILL)  # the job this test started, by pid
    err = p.stderr.read()
    p.wait()
    if p.returncode == 125 and "cannot set a memory limit" in err:
        skip("cannot make a memory cgroup here: " + err.strip().splitlines()[-1])
    with open(rec) as f:
        verdict = [json.loads(l) for l in f if l.strip()][-1]
    return verdict, main_pid, workers, last_step, err


def check(label, verdict, main_pid, workers, last_step, want_cause):
    failures = []
    sites = verdict.get("peak_sites")
    if sites is None:
        return [f"{label}: no peak_sites in the verdict"]
    if verdict.get("cause") not in want_cause:
        failures.append(f"{label}: cause {verdict.get('cause')}, wanted {want_cause}")
    if main_pid is None:  # its "main PID" line was not seen on stdout: the record's main
        mains = {s["pid"] for s in sites if s.get("role") == "main"}
        print(f"{label}: the job's 'main PID' line was not seen; main from the record: {sorted(mains)}")
        main_pid = mains.pop() if len(mains) == 1 else None

    def find(pid, line):
        return [s for s in sites if s["pid"] == pid and at_line(s, line)]

    def near(got, truth):
        return abs(got - truth) <= 0.10 * truth

    expect_main = [("table", marker_line("SITE-table"), [64 * MIB]),
                   ("ctypes", marker_line("SITE-ctypes"), [40 * MIB]),
                   # The allocation of the next step may precede its print.
                   ("tensors", marker_line("SITE-tensors"), [16 * MIB * last_step, 16 * MIB * (last_step + 1)])]
    for name, line, truths in expect_main:
        got = find(main_pid, line)
        if not got:
            failures.append(f"{label}: main {main_pid}: no site at torch_job.py:{line} ({name})")
        elif not any(near(got[0]["bytes"], t) for t in truths):
            failures.append(f"{label}: main {name}: {got[0]['bytes'] / MIB:.1f} MiB, truth {[t / MIB for t in truths]} MiB")
        else:
            print(f"{label}: main {name}: {got[0]['bytes'] / MIB:.1f} MiB (truth {truths[0] / MIB:.0f} MiB) ok")
    if len(workers) < 2:  # a "ready" line lost or glued to another on stdout: the record's workers
        from_record = sorted({s["pid"] for s in sites if s.get("role") == "worker"})
        print(f"{label}: {len(workers)} 'worker ready' line(s) seen on stdout; workers from the record: {from_record}")
        workers = from_record
    if len(workers) != 2:
        failures.append(f"{label}: {len(workers)} workers, wanted 2")
    for w in workers:
        role = {s["pid"]: s["role"] for s in sites}.get(w)
        for name, line, truth in [("worker_init", marker_line("SITE-worker-init"), 24 * MIB),
                                  ("getitem", marker_line("SITE-getitem"), 10 * MIB)]:
            got = find(w, line)
            if not got:
                failures.append(f"{label}: worker {w}: no site at torch_job.py:{line} ({name})")
            elif not near(got[0]["bytes"], truth):
                failures.append(f"{label}: worker {w} {name}: {got[0]['bytes'] / MIB:.1f} MiB, truth {truth / MIB} MiB")
            else:
                print(f"{label}: worker {w} ({role}) {name}: {got[0]['bytes'] / MIB:.1f} MiB ok")
    return failures


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    if os.geteuid() != 0:
        skip("needs root (a memory cgroup per run)")
    if subprocess.run([PY, "-c", "import torch, numpy"], capture_output=True).returncode != 0:
        skip(f"{PY} cannot import torch and numpy (python3-torch)")
    oomlens = sys.argv[1]
    failures = []
    for method in ("fork", "spawn"):
        v, pid, workers, step, err = run(oomlens, method, 400, limit="1200M")
        failures += check(f"{method}/oom", v, pid, workers, step, ["oom_killed"])
    v, pid, workers, step, err = run(oomlens, "fork", 6, limit="2000M", kill_after=True)
    failures += check("fork/sigkill", v, pid, workers, step, ["killed", "signal"])
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
