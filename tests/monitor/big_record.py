#!/usr/bin/env python3
"""`report` and `plot` on a 1,000,000-sample run record (issue 21, item 3),
for real: each command runs in a 64 MiB memory cgroup of this test's own
(v1 or v2) and must finish, never OOM-killed, within a peak RSS bound.

The record (about 700 MB, written to a temporary directory and removed) has
a header, the main process's start, 1,000,000 samples whose cgroup
anon+shmem climbs in a sawtooth with one spike (sample 654,321, 900 MiB),
50,000 process_start events of short-lived children, and a verdict. Checks:

- `report` exits 0, says the samples were thinned (and how), and its
  sparkline's maximum is the spike (thinning keeps each column's highest);
- `plot -o x.svg` exits 0 with a small, well-formed SVG that marks the
  thinning; `report --html` exits 0 with a page under 2 MB;
- each command's peak RSS (ru_maxrss) stays under 64 MiB, and its cgroup
  counted no OOM kill.

Figures (peak RSS, CPU seconds) are printed for BENCHMARKS.md.

usage: big_record.py OOMLENS_BINARY
Exit 0 passed, 1 failed, 77 skipped (not root, or no memory cgroup to
make); under CI=true a skip is a failure.
"""
import json
import os
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from capped_cgroup import CappedTest, binary_argument, run_capped, write_chunked  # noqa: E402

MIB = 1 << 20
LIMIT = 64 * MIB
SAMPLES = 1_000_000
SPIKE_AT = 654_321
SPIKE_BYTES = 900 * MIB
CHILD_STARTS = 50_000


def sample_lines(tmpl):
    """The samples (tmpl filled), with a child's process_start every
    SAMPLES / CHILD_STARTS samples."""
    starts_every = SAMPLES // CHILD_STARTS
    for i in range(SAMPLES):
        a = SPIKE_BYTES if i == SPIKE_AT else (100 + (i % 1000) // 4) * MIB
        t = 0.05 * (i + 1)
        yield tmpl.format(a=a, u=a + 4 * MIB, t=t)
        if i % starts_every == 0:
            yield ('{"type":"event","kind":"process_start","pid":%d,"ppid":100,"role":"other",'
                   '"comm":"sh","cmdline":"sh -c true","t_s":%.3f}\n' % (1000 + i // starts_every, t))


def write_record(path):
    limit = 2048 * MIB
    with open(path, "w") as f:
        f.write(json.dumps({"type": "header", "schema_version": 1, "command": ["python3", "train.py"],
                            "boot_id": "00000000-0000-0000-0000-000000000000", "t0_unix_s": 1764620000.0}) + "\n")
        f.write(json.dumps({"type": "event", "kind": "process_start", "pid": 100, "ppid": 99, "role": "main",
                            "comm": "python3", "cmdline": "python3 train.py", "t_s": 0.01}) + "\n")
        tmpl = ('{{"cgroup":{{"anon_bytes":{a},"limit_bytes":%d,"limit_state":"limited","oom_kill":0,'
                '"peak_bytes":{a},"shmem_bytes":0,"usage_bytes":{u}}},'
                '"procs":[[100,{a},{u},0,0,{a},{a},0,0,{a},0.0]],'
                '"system":{{"mem_available_bytes":20000000000,"psi_full_avg10":0.0,"psi_some_avg10":0.0}},'
                '"t_s":{t:.3f},"tree":{{"procs":1,"pss_age_s":0.0,"pss_anon_bytes":{a},"pss_bytes":{a},'
                '"pss_file_bytes":0,"pss_shmem_bytes":0,"rss_bytes":{u},"uss_bytes":{a}}},"type":"sample"}}\n') % limit
        write_chunked(f, sample_lines(tmpl))
        f.write(json.dumps({"type": "verdict", "cause": "exited", "confidence": "high",
                            "summary": "the job exited normally (code 0)", "evidence": [], "advice": [],
                            "exit": {"exited": True, "exit_code": 0, "shell_status": 0}}) + "\n")


def main():
    oomlens = binary_argument(__doc__, "not root (a memory cgroup is made for each command)")
    with CappedTest("oomlens-big-record", LIMIT) as t:
        rec = os.path.join(t.tmp, "big.jsonl")
        write_record(rec)
        print(f"record: {SAMPLES} samples, {os.path.getsize(rec) / MIB:.0f} MiB")
        svg = os.path.join(t.tmp, "big.svg")
        html = os.path.join(t.tmp, "big.html")
        cases = [("report", [oomlens, "report", rec], None),
                 ("plot svg", [oomlens, "plot", rec, "-o", svg], None),
                 ("report --html", [oomlens, "report", "--html", rec], html)]
        for name, argv, out in cases:
            with open(out, "wb") if out else tempfile.TemporaryFile() as out_f:
                ran = run_capped(t.cg, argv, stdout=out_f)
                out_f.seek(0)
                p_out = None if out else out_f.read().decode(errors="replace")
            print(f"{name}: exit {ran.rc}, peak RSS {ran.maxrss_kb / 1024:.1f} MiB, CPU {ran.cpu_s:.1f} s")
            t.check_bounded(name, ran, err_tail=500)
            if name == "report":
                text = p_out + ran.err
                if "samples thinned to" not in text or f"{SAMPLES} samples" not in text:
                    t.failures.append("report: no note of the thinning:\n" + text[-2000:])
                if "max 900.0 MiB" not in text:
                    t.failures.append("report: the sparkline's maximum is not the spike (900.0 MiB):\n" + text[-2000:])
                if "events not kept" not in text:
                    t.failures.append("report: the children's starts past the bound are not counted:\n" + text[-2000:])
            if name == "plot svg":
                size = os.path.getsize(svg)
                print(f"  SVG {size / 1024:.0f} KiB")
                if size > 2 * MIB:
                    t.failures.append(f"plot: SVG of {size} bytes")
                body = open(svg, encoding="utf-8").read()
                try:
                    ET.fromstring(body)
                except ET.ParseError as e:
                    t.failures.append(f"plot: the SVG is not well-formed XML: {e}")
                if "thinned" not in body:
                    t.failures.append("plot: the SVG does not mark the thinning")
            if name == "report --html":
                size = os.path.getsize(html)
                print(f"  HTML {size / 1024:.0f} KiB")
                if size > 2 * MIB:
                    t.failures.append(f"report --html: page of {size} bytes")
    return t.report()


if __name__ == "__main__":
    sys.exit(main())
