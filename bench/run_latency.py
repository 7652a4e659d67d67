#!/usr/bin/env python3
"""Kill-to-event latency of `oomlens run` (issue 3), called by bench/run_bench.sh:

    python3 bench/run_latency.py BUILD_DIR [N]

N times (default 10, 1 s apart: under the kernel's 10 reports per 5 s):
`oomlens run --limit 64M -- oomlens-test-leaker --mib-per-s 200` until the
kernel OOM-kills the leaker in its 64 MiB cgroup. On one clock,
CLOCK_MONOTONIC: the kernel's `oom/mark_victim` tracepoint in a private
tracefs instance (bench/tracefs_mono.py) against the `mono_s` of the record's
`oom_kill` event (the moment oomlens made it, just before write(2) and
fdatasync). Joined by pid, never by time. Prints one Markdown line with
median / p95 / max in ms and the load average. Needs root (tracefs, cgroups);
run it under `flock /tmp/oomlens-oom.lock`.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tracefs_mono import MarkVictims, loadavg, quantiles  # noqa: E402


def oom_kill_events(path):
    """(pid, mono_s) of the record's oom_kill events (partial last line tolerated)."""
    out = []
    with open(path) as f:
        for line in f:
            try:
                j = json.loads(line)
            except ValueError:
                continue
            if j.get("type") == "event" and j.get("kind") == "oom_kill" and "mono_s" in j:
                out.append((j["pid"], j["mono_s"]))
    return out


def main():
    build = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    oomlens, leaker = f"{build}/oomlens", f"{build}/oomlens-test-leaker"
    events, failures = [], []
    load_before = loadavg()
    with tempfile.TemporaryDirectory(prefix="oomlens-run-lat-") as tmp, MarkVictims("oomlens-run-bench") as mv:
        for i in range(n):
            rec = f"{tmp}/k{i}.jsonl"
            p = subprocess.run([oomlens, "run", "--limit", "64M", "--record", rec, "--no-sparkline", "--",
                                leaker, "--mib-per-s", "200"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               timeout=120)
            ev = oom_kill_events(rec) if os.path.exists(rec) else []
            if not ev:
                failures.append(f"run {i}: exit {p.returncode}, no oom_kill event: "
                                f"{p.stderr.decode(errors='replace').strip()[-200:]}")
            events += ev
            time.sleep(1.0)
    marks = dict(mv.marks)  # pid -> mark_victim time; pids are not reused within seconds
    lat = [(mono - marks[pid]) * 1000 for pid, mono in events if pid in marks]
    for f in failures:
        print(f, file=sys.stderr)
    if not lat:
        print(f"kill-to-event latency: nothing measured ({len(mv.marks)} mark_victim, {len(events)} oom_kill events)")
        return 1
    med, p95, mx = quantiles(lat)
    print(f"kill-to-event latency, kernel mark_victim -> record oom_kill event (mono_s), joined by pid: "
          f"{len(lat)} of {n} kills, median {med:.1f} ms, p95 {p95:.1f} ms, max {mx:.1f} ms "
          f"(goal <= 100 ms); load average before {load_before}, after {loadavg()}")
    print("latencies ms: " + " ".join(f"{x:.1f}" for x in lat))
    return 0


if __name__ == "__main__":
    sys.exit(main())
