"""A job for `run --restart-on-oom` live tests (tests/live/restart_sweep_live_test.cpp).

usage: restart_leak.py CHECKPOINT [--hold MIB]
Attempt 1 (not resumed): writes a checkpoint (step 5), then leaks 4 MiB at a
time until the kernel OOM-kills it. Later attempts: oomlens.resumed() is
true, it reads the checkpoint, prints `resumed at step N` and finishes (exit 0).
--hold MIB: never checkpoints nor asks; allocates MIB, holds it 1 s, exits 0.
"""
import sys
import time

args = sys.argv[1:]
if args and args[0] == "--hold":
    b = bytearray(int(args[1]) << 20)
    for i in range(0, len(b), 4096):
        b[i] = 1
    time.sleep(1)
    sys.exit(0)

import oomlens  # noqa: E402  (put on PYTHONPATH by oomlens run)

ckpt = args[0]
if oomlens.resumed():
    with open(ckpt) as f:
        step = int(f.read())
    print("attempt %d resumed at step %d" % (oomlens.attempt(), step), flush=True)
    sys.exit(0)
with open(ckpt, "w") as f:
    f.write("5")
leak = []
while True:
    leak.append(bytearray(4 << 20))
    for i in range(0, 4 << 20, 4096):
        leak[-1][i] = 1
    time.sleep(0.01)
