#!/usr/bin/env python3
"""`oomlens run` on a fork-heavy job (issue 21, item 5), for real: the job
forks CHILDREN short-lived children (each lives 50-250 ms, at most ~1,000
started a second) inside a 512 MiB memory cgroup of this test's own, under
`oomlens run --record`. Checks:

- oomlens exits 0 (the job's status) and writes a verdict line, under the
  record reader's 1 MiB line cap (the verdict once listed every process
  ever seen: 2.8 MB for 9,165 processes, and report/plot skipped it);
- exact accounting: every process_start has a process_exit (a child found
  and gone in the same refresh once got only its start), the
  process_churn events' started and exited agree, and tree_gone says no
  process is left; with taskstats on (always under CI=true), the processes
  found plus the exits never seen in /proc are the job's 1 + CHILDREN
  processes (within 0.1 %);
- the record's rate bound: at most 200 + 10 a second process_start events;
- bounded: the verdict's procs has at most 1024 rows, procs_dropped counts
  the rest (rows + dropped = processes started), and oomlens's peak RSS
  (VmHWM, polled) stays under 64 MiB;
- `oomlens report` counts the dropped processes in its "... N more".

Figures (oomlens CPU % of a core, VmHWM, record size) are printed.

usage: fork_heavy.py OOMLENS_BINARY
Exit 0 passed, 1 failed, 77 skipped (not root, or no memory cgroup to
make); under CI=true a skip is a failure.
"""
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from capped_cgroup import CappedTest, binary_argument, enter_cgroup  # noqa: E402
from ci import under_ci  # noqa: E402

MIB = 1 << 20
CHILDREN = 6000
JOB = r"""
import os, random, sys, time
n = int(sys.argv[1]); t0 = time.monotonic(); live = 0
for i in range(n):
    while time.monotonic() < t0 + i / 1000.0:
        time.sleep(0.0005)
    if os.fork() == 0:
        time.sleep(random.uniform(0.05, 0.25))
        os._exit(0)
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            break
while True:
    try:
        os.wait()
    except ChildProcessError:
        break
"""


def vm_hwm_kb(pid):
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def main():
    oomlens = binary_argument(__doc__, "not root (the job runs in a memory cgroup of its own)")
    with CappedTest("oomlens-fork-heavy", 512 * MIB) as t:
        rec = os.path.join(t.tmp, "fork.jsonl")
        job = os.path.join(t.tmp, "forker.py")
        with open(job, "w") as f:
            f.write(JOB)
        t0 = time.monotonic()
        p = subprocess.Popen([oomlens, "run", "--record", rec, "--", sys.executable, job, str(CHILDREN)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=enter_cgroup(t.cg))
        hwm = 0
        cpu = 0.0
        tck = os.sysconf("SC_CLK_TCK")
        while p.poll() is None:
            hwm = max(hwm, vm_hwm_kb(p.pid) or 0)
            try:
                f = open(f"/proc/{p.pid}/stat").read().rsplit(")", 1)[1].split()
                cpu = (int(f[11]) + int(f[12])) / tck
            except (OSError, IndexError, ValueError):
                pass
            time.sleep(0.1)
        wall = time.monotonic() - t0
        err = p.stderr.read().decode(errors="replace")
        starts, exits, verdict, verdict_len, gone = set(), set(), None, 0, None
        churn_started = churn_exited = 0
        for line in open(rec, encoding="utf-8"):
            j = json.loads(line)
            kind = j.get("kind")
            if kind == "process_start":
                starts.add((j["pid"], j.get("start_time_ticks")))
            elif kind == "process_exit":
                exits.add(j["pid"])
            elif kind == "process_churn":
                churn_started += j["started_count"]
                churn_exited += j["exited_count"]
            elif kind in ("tree_gone", "orphans_left"):
                gone = j
            if j.get("type") == "verdict":
                verdict, verdict_len = j, len(line)
        print(f"job: {CHILDREN} children in {wall:.1f} s; oomlens CPU {cpu:.2f} s ({100 * cpu / wall:.1f} % of a "
              f"core), VmHWM {hwm / 1024:.1f} MiB, record {os.path.getsize(rec) / MIB:.1f} MiB; "
              f"process_start {len(starts)}, process_exit {len(exits)}")
        if p.returncode != 0:
            t.failures.append(f"oomlens exit {p.returncode}: {err[-800:]}")
        unpaired = [s for s in starts if s[0] not in exits]
        if unpaired:
            t.failures.append(f"{len(unpaired)} process_start events without a process_exit, e.g. {unpaired[:3]}")
        if not gone or gone.get("kind") != "tree_gone" or gone.get("live_procs") != 0:
            t.failures.append(f"the tree's end: {gone}")
        if verdict is None:
            t.failures.append("no verdict line in the record")
        else:
            print(f"verdict line {verdict_len} bytes, procs {len(verdict['procs'])}, "
                  f"procs_dropped {verdict.get('procs_dropped')}")
            if verdict_len >= MIB:
                t.failures.append(f"the verdict line is {verdict_len} bytes (the reader's cap is 1 MiB)")
            if len(verdict["procs"]) > 1024:
                t.failures.append(f"verdict procs has {len(verdict['procs'])} rows")
            acct = verdict.get("process_accounting") or {}
            found = acct.get("found", -1)
            print(f"process_accounting {acct}; process_churn started {churn_started}, exited {churn_exited}")
            if len(verdict["procs"]) + verdict.get("procs_dropped", -1) != found:
                t.failures.append(f"procs {len(verdict['procs'])} + procs_dropped {verdict.get('procs_dropped')} "
                                f"!= {found} processes found")
            if len(starts) + churn_started != found or acct.get("events_aggregated") != churn_started:
                t.failures.append(f"process_start {len(starts)} + churn started {churn_started} != found {found}")
            if churn_exited != churn_started:
                t.failures.append(f"process_churn: started {churn_started} but exited {churn_exited}")
            if len(starts) > 200 + 10 * wall + 10:
                t.failures.append(f"{len(starts)} process_start events in {wall:.1f} s: over the rate bound")
            if acct.get("taskstats") == "on":
                total = found + acct.get("unseen_exited", 0)
                if abs(total - (CHILDREN + 1)) > (CHILDREN + 1) * 0.001:  # measured exact: 6,001
                    t.failures.append(f"found {found} + unseen {acct.get('unseen_exited')} = {total}, "
                                    f"not the job's {CHILDREN + 1} processes")
            elif under_ci():
                t.failures.append(f"CI=true: taskstats is {acct.get('taskstats')}")
            if verdict.get("cause") != "exited":
                t.failures.append(f"verdict cause {verdict.get('cause')}: {verdict.get('summary')}")
        if hwm * 1024 >= 64 * MIB:
            t.failures.append(f"oomlens's peak RSS {hwm} KiB is not under 64 MiB")
        r = subprocess.run([oomlens, "report", rec], capture_output=True, text=True)
        if r.returncode != 0 or "more processes" not in r.stdout + r.stderr:
            t.failures.append(f"report: exit {r.returncode}: {(r.stdout + r.stderr)[-800:]}")
        elif verdict is not None:
            more = found - 12
            if f"... {more} more processes" not in r.stdout + r.stderr:
                t.failures.append(f"report does not count all {more} processes past the first 12")
    return t.report()


if __name__ == "__main__":
    sys.exit(main())
