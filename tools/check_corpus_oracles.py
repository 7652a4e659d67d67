#!/usr/bin/env python3
"""Checks that every fact in tests/corpus/oracles.json is literally in its log.

Each number of an oracle (sizes in kB as printed, pids, scores, adj, order,
reaper figures, table rows) must occur in the log as a whole number, and each
string (comm, gfp mask, cgroup path, panic message, slab cache) as written.
An event's wall time (`wall_prefix`) must have its year as a number and its
time of day as written. A victim's kill-line message is not in the oracles
(neither here nor in the shared corpus's), so it is not checked.
A number a terminal split with its wrap pad (`pgtables:690<117 spaces>68kB`,
corpus 130) counts once the pad is out: a run of 32 or more spaces inside a
line is a terminal's, never the kernel's column padding.
A quoted-printable mail (one that holds `=3D` or `=2E`) is also read decoded: its
soft line breaks (`=` at the end of a line) joined and each `=XX` read as the byte
it encodes (`=3D` as `=`; GMX encodes every `.` as `=2E`, corpus 508), so a
value the encoder split across two lines (`score 10=` / `6`, corpus 284) is
found as the kernel printed it.
A string a mail client hard-wrapped between two words (`Kernel panic - not syncing:
System is` / `deadlocked on memory`, corpus 843) is found with that line break read
as the space it replaced.
Exit status 0 when all are found, 1 otherwise (each miss printed), 2 on a
missing file. Usage: tools/check_corpus_oracles.py [CORPUS_DIR]
"""
import json
import os
import re
import sys


def numbers(text):
    found = set()
    for t in (text, re.sub(r"(?<=\S) {32,}(?=\S)", "", text)):
        found |= set(int(m) for m in re.findall(r"(?<![0-9])-?[0-9]+(?![0-9])", t.replace(",", "")))
    return found


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    d = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "tests", "corpus")
    oracles = json.load(open(os.path.join(d, "oracles.json")))
    misses = 0
    checked = 0
    for name, o in sorted(oracles.items()):
        path = os.path.join(d, name)
        if not os.path.exists(path):
            print(f"{name}: file missing")
            return 2
        text = open(path, encoding="utf-8", errors="replace").read()
        if "=3D" in text or "=2E" in text:
            decoded = re.sub(r"=([0-9A-F]{2})", lambda m: chr(int(m.group(1), 16)), text.replace("=\n", ""))
            text += "\n" + decoded
        nums = numbers(text)
        unwrapped = re.sub(r"(?<=\S)\n(?=\S)", " ", text)

        def num(v, what):
            nonlocal misses, checked
            if v is None:
                return
            checked += 1
            if int(v) not in nums:
                misses += 1
                print(f"{name}: {what} {v} not in the log")

        def s(v, what):
            nonlocal misses, checked
            if v is None:
                return
            v = v.split(" (")[0] if what in ("memcg",) else v
            checked += 1
            if v not in text and (" " not in v or v not in unwrapped):
                misses += 1
                print(f"{name}: {what} {v!r} not in the log")

        for k in o.get("kills", []):
            for key in ("pid", "total_vm_kb", "anon_rss_kb", "file_rss_kb", "shmem_rss_kb", "uid", "pgtables_kb",
                        "oom_score_adj", "selected_score"):
                num(k.get(key), key)
            for v in k.get("reaper", []):
                num(v, "reaper")
            s(k["comm"], "comm")
        t = o.get("trigger")
        if t:
            s(t["comm"], "trigger comm")
            for key in ("pid", "order", "oom_score_adj", "oom_adj"):
                num(t.get(key), "trigger " + key)
            s(t.get("gfp"), "gfp")
        s(o.get("memcg"), "memcg")
        s(o.get("task_memcg"), "task_memcg")
        s(o.get("panic"), "panic")
        if "chosen" in o:
            num(o["chosen"][0], "chosen pid")
            s(o["chosen"][1], "chosen comm")
        for r in o.get("table_rows", []) + o.get("selected_only", []):
            num(r[0], "row pid")
            s(r[1], "row comm")
            num(r[2], "row value")
        w = o.get("wall_prefix")  # the event's wall time, as far as the oracle gives it (a prefix of RFC 3339)
        if w:
            num(int(w[:4]), "wall year")  # every log with a wall_prefix prints its year (else year_guessed)
            s(w[11:] or None, "wall time of day")  # as printed: no oracle's log is in another zone than its stamps
        if "slab_largest" in o:
            s(o["slab_largest"][0], "slab cache")
            num(o["slab_largest"][1], "slab total")
    print(f"{len(oracles)} oracles, {checked} values checked, {misses} not found")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
