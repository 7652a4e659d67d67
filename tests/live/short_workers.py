"""A short DataLoader job (about 10 s) with 4 forked workers that ramp fast
(issue 13 item 12): torch's import and a 64 MiB block in the main process,
then EPOCHS (1) epochs of 4 non-persistent workers, each filling 96 MiB of
its own at once in its first `__getitem__`, holding it for its 2 items
(HOLD_S each, 0.15 s) and exiting with its epoch. The job's memory peaks
for well under a second, just before the workers exit; it exits 0.

usage: short_workers.py [EPOCHS [HOLD_S]]
"""
import sys
import time

import torch
from torch.utils.data import DataLoader, Dataset

EPOCHS = int(sys.argv[1]) if len(sys.argv) > 1 else 1
HOLD_S = float(sys.argv[2]) if len(sys.argv) > 2 else 0.15  # per item; each worker reads 2


class Burst(Dataset):
    def __init__(self):
        self.held = []  # per worker (forked copy): filled in its first item

    def __len__(self):
        return 8

    def __getitem__(self, i):
        if not self.held:
            self.held.append(torch.ones(24 << 20))  # 96 MiB at once, touched
        time.sleep(HOLD_S)
        return torch.full((4,), float(i))


def main():
    torch.set_num_threads(1)
    main_block = torch.ones(16 << 20)  # 64 MiB in the main process
    time.sleep(2.0)
    for epoch in range(EPOCHS):
        for _ in DataLoader(Burst(), batch_size=1, num_workers=4, persistent_workers=False):
            pass
        print(f"epoch {epoch} done", flush=True)
        time.sleep(1.0)
    del main_block


if __name__ == "__main__":
    main()
