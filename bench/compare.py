#!/usr/bin/env python3
"""Runs commands side by side, alternating, and reports median wall time and
peak RSS of each, measured by MEASURE (bench/measure_cmd.cpp: a small C++
parent, so the child's ru_maxrss is not inflated by Python's). Output of each
command goes to a file (not /dev/null: GNU grep stops at its first match when
its output is /dev/null).

usage: compare.py MEASURE RUNS OUTDIR NAME=CMD [NAME=CMD ...]   (CMD is split by shlex)
Prints one JSON object: {name: {"median_s", "runs_s", "max_rss_kb"}}.
"""
import json, os, shlex, statistics, subprocess, sys

def main():
    measure, runs, outdir, specs = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
    cmds = [(s.split("=", 1)[0], shlex.split(s.split("=", 1)[1])) for s in specs]
    res = {name: {"runs_s": [], "max_rss_kb": 0} for name, _ in cmds}
    for _ in range(runs):
        for name, argv in cmds:
            p = subprocess.run([measure, os.path.join(outdir, name + ".out")] + argv,
                               stderr=subprocess.PIPE, text=True, check=True)
            dt, rss_kb, code = p.stderr.strip().splitlines()[-1].split()
            dt, rss_kb, code = float(dt), int(rss_kb), int(code)
            if code not in (0, 1):
                sys.exit(f"compare.py: {name} exited {code}")
            res[name]["runs_s"].append(round(dt, 4))
            res[name]["max_rss_kb"] = max(res[name]["max_rss_kb"], rss_kb)
    for r in res.values():
        r["median_s"] = statistics.median(r["runs_s"])
    print(json.dumps(res))

main()
