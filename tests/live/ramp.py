#!/usr/bin/python3
"""A memory ramp for oomlens's guard tests and benchmark.

Allocates --rate MiB/s (touched pages, in ~100 chunks per second) until
--target MiB (then exits 0) or forever (until killed). On SIGTERM/SIGINT/
SIGUSR1 it stops allocating and writes a checkpoint file (JSON, fsync'ed)
to --checkpoint, then exits 0: what a training job's handler would do.

The allocating function is named allocate_towards_the_limit so a traceback
(--py-stacks) can be checked for it.
"""
import argparse
import json
import os
import signal
import sys
import time

MiB = 1 << 20
stop = {"signal": None, "t": None}


def on_signal(signum, frame):
    if stop["signal"] is None:
        stop["signal"] = signum
        stop["t"] = time.monotonic()


def allocate_towards_the_limit(rate_mib, target_mib, hold):
    chunk = max(1, int(rate_mib / 100)) * MiB
    t0 = time.monotonic()
    i = 0
    while stop["signal"] is None:
        if target_mib and len(hold) * chunk >= target_mib * MiB:
            break
        due = t0 + (i + 1) * chunk / (rate_mib * MiB)
        now = time.monotonic()
        if due > now:
            time.sleep(due - now)
        if stop["signal"] is not None:
            break
        hold.append(bytearray(b"\x01") * chunk)  # memset: every page touched
        i += 1
    return len(hold) * chunk


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rate", type=float, default=100.0, help="MiB/s")
    ap.add_argument("--target", type=float, default=0.0, help="MiB, then exit 0 (0: forever)")
    ap.add_argument("--checkpoint", default="")
    ap.add_argument("--linger", type=float, default=0.0, help="s to hold the memory after --target")
    ap.add_argument("--no-handler", action="store_true", help="keep the default dispositions (die of SIGTERM)")
    ap.add_argument("--small-objects", type=int, default=0,
                    help="first build this many small str objects (many tracemalloc traces: a slow snapshot)")
    a = ap.parse_args()
    if not a.no_handler:
        for s in (signal.SIGTERM, signal.SIGINT, signal.SIGUSR1):
            signal.signal(s, on_signal)
    hold = []
    small = [str(i) * 3 for i in range(a.small_objects)]  # noqa: F841 (held: traced blocks)
    start = time.monotonic()
    held = allocate_towards_the_limit(a.rate, a.target, hold)
    if stop["signal"] is not None:
        if a.checkpoint:
            tmp = a.checkpoint + ".tmp"
            with open(tmp, "w") as f:
                json.dump({"signal": stop["signal"], "held_bytes": held,
                           "signal_after_s": stop["t"] - start,
                           "written_after_s": time.monotonic() - start}, f)
                f.flush()
                os.fsync(f.fileno())
            os.rename(tmp, a.checkpoint)
        sys.stderr.write("ramp: checkpoint written after signal %d at %d MiB\n" % (stop["signal"], held // MiB))
        return 0
    if a.linger:
        time.sleep(a.linger)
    return 0


if __name__ == "__main__":
    sys.exit(main())
