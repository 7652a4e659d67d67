#!/usr/bin/env python3
"""Runs commands side by side, alternating, and reports median wall time and
peak RSS of each (from wait4's rusage). Output of each command goes to a
file (not /dev/null: GNU grep stops at its first match when its output is
/dev/null).

usage: compare.py RUNS OUTDIR NAME=CMD [NAME=CMD ...]   (CMD is split by shlex)
Prints one JSON object: {name: {"median_s", "runs_s", "max_rss_kb"}}.
"""
import json, os, shlex, statistics, subprocess, sys, time

def main():
    runs, outdir, specs = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    cmds = [(s.split("=", 1)[0], shlex.split(s.split("=", 1)[1])) for s in specs]
    res = {name: {"runs_s": [], "max_rss_kb": 0} for name, _ in cmds}
    for _ in range(runs):
        for name, argv in cmds:
            with open(os.path.join(outdir, name + ".out"), "wb") as out:
                t0 = time.perf_counter()
                p = subprocess.Popen(argv, stdout=out)
                _, status, ru = os.wait4(p.pid, 0)
                dt = time.perf_counter() - t0
            code = os.waitstatus_to_exitcode(status)
            if code not in (0, 1):
                sys.exit(f"compare.py: {name} exited {code}")
            res[name]["runs_s"].append(round(dt, 4))
            res[name]["max_rss_kb"] = max(res[name]["max_rss_kb"], ru.ru_maxrss)
    for r in res.values():
        r["median_s"] = statistics.median(r["runs_s"])
    print(json.dumps(res))

main()
