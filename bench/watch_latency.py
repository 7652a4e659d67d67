#!/usr/bin/env python3
"""Detection latency of `oomlens daemon` (issue 5), called by bench/watch_bench.sh:

    python3 bench/watch_latency.py PORT BURST_TOOL CGROUP_DIR [N]

On one clock, CLOCK_MONOTONIC: a private tracefs instance (nothing global is
changed) with trace_clock `mono` records the kernel's `oom/mark_victim`
tracepoint (the moment the OOM killer marks its victim, just before it prints
the kill line); this script polls the daemon's /metrics every 2 ms and notes
time.monotonic() (also CLOCK_MONOTONIC) when the sum of
oomlens_oom_kills_total goes up. N kills, 600 ms apart (under the kernel's
10 reports per 5 s), by BURST_TOOL in the memory cgroup CGROUP_DIR.
Prints median / p95 / p99 / max in ms and each kill's. Needs root (tracefs, cgroups).
"""
import http.client
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tracefs_mono import MarkVictims, loadavg, quantiles  # noqa: E402


def kills_total(conn):
    conn.request("GET", "/metrics")
    body = conn.getresponse().read().decode()
    return sum(float(l.rsplit(" ", 1)[1]) for l in body.splitlines()
               if l.startswith("oomlens_oom_kills_total{"))


def main():
    port, tool, cgdir = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    n = int(sys.argv[4]) if len(sys.argv) > 4 else 10
    with MarkVictims("oomlens-watch-bench") as mv:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        last = kills_total(conn)
        increments = []
        p = subprocess.Popen([tool, cgdir, str(n), "--interval-ms", "600"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        end = None
        while True:
            v = kills_total(conn)
            now = time.monotonic()
            if v > last:
                increments += [now] * int(v - last)
                last = v
            if p.poll() is not None and end is None:
                end = now + 2.0
            if end is not None and now > end:
                break
            time.sleep(0.002)
    # /metrics has no pids: each kill is matched with the first increment after it
    marks = [t for _, t in mv.marks]
    lat = []
    for t in marks:
        after = [i for i in increments if i >= t]
        if after:
            lat.append((after[0] - t) * 1000)
            increments.remove(after[0])
    if not lat:
        print(f"detection latency: no kill measured ({len(marks)} mark_victim, {p.stderr.read().decode().strip()})")
        return 1
    med, p95, mx = quantiles(lat)
    p99 = sorted(lat)[min(len(lat) - 1, int(0.99 * len(lat)))]  # nearest rank: the max below 100 kills
    print(f"detection latency, kernel mark_victim -> /metrics increment ({len(lat)} of {len(marks)} kills, "
          f"2 ms polling): median {med:.1f} ms, p95 {p95:.1f} ms, p99 {p99:.1f} ms, max {mx:.1f} ms; "
          f"load {loadavg()}")
    print("per kill (ms): " + " ".join(f"{x:.1f}" for x in lat))
    return 0


if __name__ == "__main__":
    sys.exit(main())
