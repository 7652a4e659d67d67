"""Reading `oomlens run` records back in the bench scripts (guard_ramp.sh,
guard_startup.sh): every parseable line of OUT/NAME.jsonl, and its events of
one kind. A missing record reads as empty."""
import json
import os


def record(out, name):
    lines = []
    try:
        for line in open(os.path.join(out, name + ".jsonl")):
            try:
                lines.append(json.loads(line))
            except ValueError:
                pass
    except OSError:
        pass
    return lines


def events(rec, kind):
    return [line for line in rec if line.get("type") == "event" and line.get("kind") == kind]
