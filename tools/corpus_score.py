#!/usr/bin/env python3
"""Scores an oomlens binary on tests/corpus: how many files come out fully right.

Runs `OOMLENS explain --json FILE` on each file of oracles.json and compares
the JSON field by field with the oracle (the same rules as
tests/diagnose/real_corpus_test.cpp, minus `slab_largest`, which the JSON does
not carry). Prints each mismatch (a file the oracle marks `pending` says so)
and `fully right: N of M`. Exit status 0.
Usage: tools/corpus_score.py OOMLENS [CORPUS_DIR]
"""
import json
import os
import subprocess
import sys


def constraint_of(text):
    """The constraint an oracle's text starts with (real_corpus_test's want_constraint)."""
    for c in ("global", "memcg", "mempolicy", "cpuset"):
        if text is not None and text.startswith(c):
            return c
    return None


def score(binary, d):
    oracles = json.load(open(os.path.join(d, "oracles.json")))
    right = 0
    for name, o in sorted(oracles.items()):
        p = subprocess.run([binary, "explain", "--json", os.path.join(d, name)], capture_output=True, text=True)
        try:
            events = json.loads(p.stdout)["events"]
        except (ValueError, KeyError):
            events = []
        bad = []
        if "kinds" in o and [e["kind"] for e in events] != o["kinds"]:
            bad.append(f"kinds {[e['kind'] for e in events]} want {o['kinds']}")
        victims = [v for e in events for v in e["victims"]]
        if len(victims) != len(o["kills"]):
            bad.append(f"victims {len(victims)} want {len(o['kills'])}")
        for k in o["kills"]:
            # A null pid: the log prints none (Linux 2.4 `VM: killing process NAME`); match by comm.
            v = next((v for v in victims if v["pid"] == k["pid"] and (k["pid"] is not None or v["comm"] == k["comm"])),
                     None)
            if v is None:
                bad.append(f"victim {k['pid'] if k['pid'] is not None else k['comm']} missing")
                continue
            kb = lambda x: None if x is None else x * 1024
            for f, g in (("total_vm_kb", "total_vm_bytes"), ("anon_rss_kb", "anon_rss_bytes"),
                         ("file_rss_kb", "file_rss_bytes"), ("shmem_rss_kb", "shmem_rss_bytes"),
                         ("pgtables_kb", "pgtables_bytes")):
                if v[g] != kb(k.get(f)):
                    bad.append(f"victim {k['pid']} {g} {v[g]} want {kb(k.get(f))}")
            for f in ("comm", "uid", "oom_score_adj"):
                if v[f] != k.get(f):
                    bad.append(f"victim {k['pid']} {f} {v[f]!r} want {k.get(f)!r}")
            if v["selected_score"] != k.get("selected_score"):
                bad.append(f"victim {k['pid']} selected_score {v['selected_score']}")
            want_r = [x * 1024 for x in k["reaper"]] if "reaper" in k else None
            got_r = None if v["reaped"] is None else [v["reaped"][x] for x in ("anon_rss_bytes", "file_rss_bytes", "shmem_rss_bytes")]
            if got_r != want_r:
                bad.append(f"victim {k['pid']} reaped {got_r} want {want_r}")
        if "constraints" in o:
            got = [e["constraint"] for e in events]
            want = [constraint_of(c) for c in o["constraints"]]
            if got[:len(want)] != want[:len(got)]:
                bad.append(f"constraints {got} want {want}")
        else:
            want = constraint_of(o["constraint"])
            got = [e["constraint"] for e in events if e["constraint"]]
            if any(g != want for g in got) or (want and want not in got):
                bad.append(f"constraint {got} want {want}")
        memcgs = [e["memcg"] for e in events if e["memcg"]]
        if o["memcg"] and not any(m["oom_memcg"] == o["memcg"].split(" (")[0] for m in memcgs):
            bad.append("oom_memcg")
        if "task_memcg" in o and not any(m["task_memcg"] == o["task_memcg"] for m in memcgs):
            bad.append("task_memcg")
        t = o["trigger"]
        trig = [e["trigger"] for e in events if e["trigger"]]
        if t is None:
            if trig:
                bad.append(f"trigger {trig[0]['comm']!r} the log does not name")
        else:
            ok = any(x["comm"] == t["comm"] and x["pid"] == t["pid"] and
                     all(x[g] == t[f] for f, g in (("gfp", "gfp_mask"), ("order", "order"), ("oom_score_adj", "oom_score_adj")) if f in t)
                     for x in trig)
            if not ok:
                bad.append(f"trigger {[(x['comm'], x['pid'], x['gfp_mask'], x['order'], x['oom_score_adj']) for x in trig]}")
        if o.get("no_killable") and not any(e["kind"] == "no_killable" for e in events):
            bad.append("no_killable")
        if "panic" in o and not any(e["panic_message"] == o["panic"] for e in events):
            bad.append("panic")
        if "chosen" in o:
            c = o["chosen"]
            if not any(e["chosen"] and e["chosen"]["pid"] == c[0] and e["chosen"]["comm"] == c[1] for e in events):
                got = [(e["chosen"]["comm"], e["chosen"]["pid"]) for e in events if e["chosen"]]
                bad.append(f"chosen {got} want {c}")
        for r in o.get("table_rows", []):
            if not any(x["pid"] == r[0] and x["comm"] == r[1] and x["oom_score_adj"] == r[2] for e in events for x in e["tasks"]):
                bad.append(f"row {r}")
        for s in o.get("selected_only", []):
            if not any(x["pid"] == s[0] and x["comm"] == s[1] and x["score"] == s[2] for e in events for x in e["selected"]):
                bad.append(f"selected {s}")
        ids = {c["id"] for e in events for c in e["explanation"]["checks"]}
        for c in o.get("checks", []):
            if c not in ids:
                bad.append(f"check {c} missing")
        for c in o.get("not_checks", []):
            if c in ids:
                bad.append(f"check {c} does not fit")
        texts = [e["explanation"]["summary"] for e in events]
        for w in o.get("summary_not", []):
            if any(w in x for x in texts):
                bad.append(f"summary says {w!r}")
        alls = [e["explanation"]["summary"] + "".join(c["message"] for c in e["explanation"]["checks"]) +
                "".join(e["explanation"]["advice"]) for e in events]
        for w in o.get("text_not", []):
            if any(w in x for x in alls):
                bad.append(f"explanation says {w!r}")
        if o.get("year_guessed") and not any("prints no year" in n for e in events for n in e["notes"]):
            bad.append("no year-guess note")
        if bad:
            pending = f" (pending: {o['pending']})" if "pending" in o else ""
            print(f"{name}{pending}:\n  " + "\n  ".join(bad))
        else:
            right += 1
    print(f"fully right: {right} of {len(oracles)}")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    score(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", "tests", "corpus"))
