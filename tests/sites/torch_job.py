"""A PyTorch job with known allocation sites, for `oomlens run --sites`
(tests/sites/torch_sites_test.py). Each allocating line carries a SITE-
marker the test looks up. Sizes in MiB are printed as the job goes, so the
test knows the truth however the job ends.

usage: torch_job.py fork|spawn MAX_STEPS [wait]
  wait: after MAX_STEPS, print "waiting" and sleep until killed.
"""
import ctypes
import os
import sys
import time

import numpy
import torch
import torch.utils.data

MIB = 1 << 20
kept = []


class Table(torch.utils.data.Dataset):
    def __init__(self):
        self.table = numpy.ones(64 * MIB // 8)  # SITE-table
        self.cache = None

    def __len__(self):
        return 1 << 20

    def __getitem__(self, i):
        if self.cache is None:
            self.cache = numpy.ones(10 * MIB // 8)  # SITE-getitem
        return i


def worker_init(_):
    global worker_buffer
    worker_buffer = numpy.ones(24 * MIB // 8)  # SITE-worker-init
    print(f"worker {os.getpid()} ready", flush=True)


def main():
    method, steps = sys.argv[1], int(sys.argv[2])
    libc = ctypes.CDLL(None)
    libc.malloc.restype = ctypes.c_void_p
    c_block = libc.malloc(40 * MIB)  # SITE-ctypes
    ctypes.memset(c_block, 1, 40 * MIB)
    ds = Table()
    loader = torch.utils.data.DataLoader(ds, batch_size=4, num_workers=2, worker_init_fn=worker_init,
                                         multiprocessing_context=method, persistent_workers=True)
    it = iter(loader)
    print(f"main {os.getpid()}", flush=True)
    for step in range(steps):
        next(it)
        kept.append(torch.ones(4 * MIB))  # SITE-tensors
        print(f"step {step + 1} tensors {16 * (step + 1)} MiB", flush=True)
    if sys.argv[3:] == ["wait"]:
        print("waiting", flush=True)
        time.sleep(120)
    print("done", flush=True)


if __name__ == "__main__":
    main()
