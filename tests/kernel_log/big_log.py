#!/usr/bin/env python3
"""`explain` on big logs in a 64 MiB memory cgroup (issue 21, item 3), for
real: every command runs in a capped memory cgroup of this test's own (v1
or v2) and must finish, never OOM-killed, with its peak RSS under 64 MiB.

Inputs (written to a temporary directory and removed):
- kills.log: 1,000,000 bare kill lines (`Out of memory: Killed process N
  (worker) total-vm:… anon-rss:…`), 10 s apart, about 150 MB: one event
  each. The 654,321st kills pid 7654321 with the largest anon-rss.
- rows.log: one memcg report whose Tasks-state table has 1,000,000 rows,
  about 110 MB; the victim (pid 777777) has the largest rss.

Checks:
- kills.log with `--summary`, `--json`, `--last 1` and the default text:
  exit 0, all 1,000,000 events written (--last 1: only the last), the JSON
  opened and closed as one document;
- rows.log `--json`: one event, 1024 task rows kept (the victim's among
  them), tasks_dropped 998,976 and tasks_dropped_rss_bytes their sum, and
  a note saying so;
- each command's peak RSS (ru_maxrss) under 64 MiB; the cgroup counted no
  OOM kill.

Output is read through a pipe as it comes (a file in /tmp could be tmpfs,
charged to the capped cgroup). Figures (peak RSS, CPU and wall seconds)
are printed for BENCHMARKS.md.

usage: big_log.py OOMLENS_BINARY     run the test
       big_log.py --write DIR        only write the two inputs into DIR
Exit 0 passed, 1 failed, 77 skipped (not root, or no memory cgroup to
make); under CI=true a skip is a failure.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from capped_cgroup import CappedTest, binary_argument, run_capped, write_chunked  # noqa: E402

MIB = 1 << 20
LIMIT = 64 * MIB
KILLS = 1_000_000
SPIKE_AT = 654_321
SPIKE_PID = 7_654_321
ROWS = 1_000_000
VICTIM = 777_777
KEPT_ROWS = 1024
PAGE = 4096


def kill_lines():
    for i in range(KILLS):
        pid, anon = (SPIKE_PID, 9_000_000) if i == SPIKE_AT else (100_000 + i, 51_200 + i % 1000)
        yield ("[%d.%06d] Out of memory: Killed process %d (worker) total-vm:102400kB, anon-rss:%dkB, "
               "file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:256kB oom_score_adj:0\n"
               % (10 * i + 100, i % 1_000_000, pid, anon))


def write_kills(path):
    with open(path, "w") as f:
        write_chunked(f, kill_lines())


def row_rss(i):
    """rss pages of row i: the victim's is the largest."""
    return 1_000_000 if 1000 + i == VICTIM else 10 + (i * 7919) % 5000


def task_rows():
    for i in range(ROWS):
        pid = 1000 + i
        rss = row_rss(i)
        yield ("[ 5000.%06d] [%7d]  1000 %7d %8d %8d %8d        0         0         65536        0"
               "             0 python3\n" % (100 + i // 100, pid, pid, rss + 1000, rss, rss))


def write_rows(path):
    with open(path, "w") as f:
        f.write("[ 5000.000000] python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
                "[ 5000.000010] memory: usage 4194304kB, limit 4194304kB, failcnt 12\n"
                "[ 5000.000020] Memory cgroup stats for /big:\n"
                "[ 5000.000030] Tasks state (memory values in pages):\n"
                "[ 5000.000040] [  pid  ]   uid  tgid total_vm      rss rss_anon rss_file rss_shmem "
                "pgtables_bytes swapents oom_score_adj name\n")
        write_chunked(f, task_rows())
        f.write("[ 5001.000000] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,"
                "oom_memcg=/big,task_memcg=/big,task=python3,pid=%d,uid=1000\n"
                "[ 5001.000010] Memory cgroup out of memory: Killed process %d (python3) total-vm:%dkB, "
                "anon-rss:%dkB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:64kB oom_score_adj:0\n"
                % (VICTIM, VICTIM, (1_000_000 + 1000) * 4, 1_000_000 * 4))


class Counter:
    """Counts a marker in a stream read in chunks; keeps its head and tail."""

    def __init__(self, marker):
        self.marker, self.count, self.head, self.tail, self.size = marker, 0, b"", b"", 0

    def __call__(self, pipe):
        carry = b""
        while True:
            chunk = pipe.read(1 << 20)
            if not chunk:
                break
            if len(self.head) < 4096:
                self.head += chunk[:4096]
            self.size += len(chunk)
            data = carry + chunk
            self.count += data.count(self.marker)
            keep = len(self.marker) - 1
            # what may hold the start of a marker cut by the chunk's end
            carry = data[-keep:] if keep else b""
            if carry.count(self.marker):
                carry = b""
            self.tail = (self.tail + chunk)[-4096:]


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--write":
        write_kills(os.path.join(sys.argv[2], "kills.log"))
        write_rows(os.path.join(sys.argv[2], "rows.log"))
        return 0
    oomlens = binary_argument(__doc__, "not root (a memory cgroup is made for each command)")
    with CappedTest("oomlens-big-log", LIMIT, tmp_parent="/var/tmp") as t:
        kills = os.path.join(t.tmp, "kills.log")
        rows = os.path.join(t.tmp, "rows.log")
        write_kills(kills)
        write_rows(rows)
        print(f"kills.log: {KILLS} kill lines, {os.path.getsize(kills) / MIB:.0f} MiB; "
              f"rows.log: {ROWS} task rows, {os.path.getsize(rows) / MIB:.0f} MiB")
        cases = [
            ("--summary", [oomlens, "explain", "--summary", kills], Counter(b"\n"), KILLS),
            ("--json", [oomlens, "explain", "--json", kills], Counter(b'"page_size_assumed"'), KILLS),
            ("--last 1", [oomlens, "explain", "--last", "1", "--summary", kills], Counter(b"\n"), 1),
            ("text", [oomlens, "explain", "--color", "never", kills], Counter(b"    victim   worker (pid "), KILLS),
        ]
        for name, argv, counter, want in cases:
            ran = run_capped(t.cg, argv, consume=counter)
            print(f"explain {name}: exit {ran.rc}, peak RSS {ran.maxrss_kb / 1024:.1f} MiB, CPU {ran.cpu_s:.1f} s, "
                  f"wall {ran.wall_s:.1f} s, {counter.size / MIB:.0f} MiB out, {counter.count} counted")
            t.check_bounded(name, ran)
            if want is not None and counter.count != want:
                t.failures.append(f"{name}: {counter.count} events written, not {want}")
            if name == "--json":
                if not counter.head.startswith(b'{\n  "events": [\n    {') or not counter.tail.endswith(b"}\n"):
                    t.failures.append(f"--json: not one document: {counter.head[:40]!r} … {counter.tail[-200:]!r}")
                if b'"schema_version"' not in counter.tail or b'"warnings"' not in counter.tail:
                    t.failures.append("--json: the document's end lacks schema_version or warnings")
            if name == "--last 1" and b"worker(%d)" % (100_000 + KILLS - 1) not in counter.tail:
                t.failures.append(f"--last 1: not the last kill: {counter.tail!r}")

        out = []
        ran = run_capped(t.cg, [oomlens, "explain", "--json", rows], consume=lambda p: out.append(p.read()))
        print(f"explain --json (1,000,000 task rows): exit {ran.rc}, peak RSS {ran.maxrss_kb / 1024:.1f} MiB, "
              f"CPU {ran.cpu_s:.1f} s, wall {ran.wall_s:.1f} s")
        t.check_bounded("rows", ran)
        try:
            doc = json.loads(out[0])
            evs = doc["events"]
            if len(evs) != 1:
                t.failures.append(f"rows: {len(evs)} events, not 1")
            else:
                e = evs[0]
                pids = [t["pid"] for t in e["tasks"]]
                kept = sorted(range(ROWS), key=lambda i: (-row_rss(i), i))[:KEPT_ROWS]
                dropped_rss = sum(row_rss(i) for i in range(ROWS)) - sum(row_rss(i) for i in kept)
                if len(pids) != KEPT_ROWS or VICTIM not in pids:
                    t.failures.append(f"rows: {len(pids)} task rows kept, victim kept: {VICTIM in pids}")
                if pids != sorted(pids):
                    t.failures.append("rows: the kept rows are not in printed order")
                if e["tasks_dropped"] != ROWS - KEPT_ROWS:
                    t.failures.append(f"rows: tasks_dropped {e['tasks_dropped']}, not {ROWS - KEPT_ROWS}")
                if e["tasks_dropped_rss_bytes"] != dropped_rss * PAGE:
                    t.failures.append(f"rows: tasks_dropped_rss_bytes {e['tasks_dropped_rss_bytes']}, "
                                    f"not {dropped_rss * PAGE}")
                if not any("task table:" in n for n in e["notes"]):
                    t.failures.append(f"rows: no note of the dropped rows: {e['notes']}")
                if [v["pid"] for v in e["victims"]] != [VICTIM]:
                    t.failures.append(f"rows: victims {e['victims']}")
        except (ValueError, KeyError, IndexError) as ex:
            t.failures.append(f"rows: bad JSON: {ex!r}")
    return t.report()


if __name__ == "__main__":
    sys.exit(main())
