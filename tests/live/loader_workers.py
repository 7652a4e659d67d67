"""A DataLoader job whose memory grows with num_workers (SweepLive tests).

usage: loader_workers.py NUM_WORKERS
Each worker holds 48 MiB of its own (touched in worker_init_fn), on top of
the main process's 64 MiB; 8 batches are read, then everything is held for
1.5 s so the peak is sampled (each worker waits 1.5 s in worker_init_fn,
so all of them hold their share at once), and the job exits 0.
"""
import sys
import time

import torch
from torch.utils.data import DataLoader, Dataset

HELD = []


def init(_):
    HELD.append(torch.ones(12 << 20))  # 48 MiB per worker
    time.sleep(1.5)


class Data(Dataset):
    def __len__(self):
        return 64

    def __getitem__(self, i):
        return torch.full((16,), float(i))


main_block = torch.ones(16 << 20)  # 64 MiB in the main process
n = int(sys.argv[1])
loader = DataLoader(Data(), batch_size=8, num_workers=n, worker_init_fn=init if n else None,
                    persistent_workers=False)
for _ in loader:
    pass
time.sleep(1.5)
print("done", flush=True)
