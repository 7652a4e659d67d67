#!/usr/bin/env python3
"""Kill-to-event latency of `oomlens watch --json` with tracepoints (issue 16),
called by bench/watch_bench.sh:

    python3 bench/watch_trace_latency.py OOMLENS BURST_TOOL CGROUP_PARENT [N]

N kills back to back, each in its own 8 MiB child of CGROUP_PARENT (a v1
memory or v2 cgroup directory that exists), while `oomlens watch --json
--every-event` runs. One clock on both sides: each event's
`killed_monotonic_s` is the kernel's oom:mark_victim timestamp (trace_clock
mono) and `detected_monotonic_s` is CLOCK_MONOTONIC when watch printed it.
Prints median / p99 / max in ms and how many kills had an event.
"""
import json
import os
import queue
import subprocess
import sys
import threading
import time


def child(parent, i):
    d = os.path.join(parent, f"lat-{i}")
    os.makedirs(d, exist_ok=True)
    v1 = os.path.exists(os.path.join(parent, "memory.limit_in_bytes"))
    with open(os.path.join(d, "memory.limit_in_bytes" if v1 else "memory.max"), "w") as f:
        f.write(str(8 << 20))
    if not v1:
        with open(os.path.join(d, "memory.swap.max"), "w") as f:
            f.write("0")
    return d


def main():
    oomlens, tool, parent = sys.argv[1], sys.argv[2], sys.argv[3]
    n = int(sys.argv[4]) if len(sys.argv) > 4 else 40
    w = subprocess.Popen([oomlens, "watch", "--json", "--every-event"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    start = ""
    while "following the kernel log" not in start:
        line = w.stderr.readline()
        if not line:
            break
        start += line
    if "tracepoints on" not in start:
        print("watch kill-to-event latency: not measured (" + start.strip().replace("\n", "; ") + ")")
        w.kill()
        return 1
    # Drained all along: a full stdout pipe would block watch's writes (and
    # its SIGTERM, read from a signalfd between writes).
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in w.stdout], daemon=True).start()
    threading.Thread(target=lambda: [None for _ in w.stderr], daemon=True).start()
    pids, dirs = set(), []
    for i in range(n):
        d = child(parent, i)
        dirs.append(d)
        out = subprocess.run([tool, d, "1", "--print"], capture_output=True, text=True).stdout.split()
        if "kill" in out:
            pids.add(int(out[out.index("kill") + 1]))
    lat, seen = [], set()
    end = time.monotonic() + 5
    while time.monotonic() < end and len(seen) < len(pids):
        try:
            line = lines.get(timeout=0.5)
        except queue.Empty:
            continue
        j = json.loads(line)
        if j.get("type") != "event" or not j.get("victims"):
            continue
        pid = j["victims"][0]["pid"]
        if pid in pids and pid not in seen and "killed_monotonic_s" in j:
            seen.add(pid)
            lat.append((j["detected_monotonic_s"] - j["killed_monotonic_s"]) * 1000)
    w.terminate()
    w.wait()
    for d in dirs:
        for _ in range(50):
            try:
                os.rmdir(d)
                break
            except OSError:
                time.sleep(0.1)
    if not lat:
        print(f"watch kill-to-event latency: no event for {len(pids)} kills")
        return 1
    lat.sort()
    q = lambda p: lat[min(len(lat) - 1, int(p * len(lat)))]  # noqa: E731
    print(f"watch kill-to-event latency, kernel mark_victim -> JSON line ({len(lat)} of {len(pids)} kills in "
          f"{n} cgroups, back to back): median {q(0.5):.1f} ms, p99 {q(0.99):.1f} ms, max {lat[-1]:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
