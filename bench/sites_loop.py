"""Workloads for bench/sites_overhead.sh (run --sites, issue 14).

alloc: millions of small Python objects plus numpy temporaries.
loader: a small DataLoader training loop (2 forked workers, tensors per step).
usage: sites_loop.py alloc|loader
"""
import sys

import numpy


def alloc():
    keep = []
    for i in range(300):
        keep.append([(j, str(j)) for j in range(10000)])  # 3 M small objects in all
        a = numpy.ones(200_000) * i  # numpy temporaries, 1.6 MB each
        b = (a + 1).sum()
        if len(keep) > 100:
            keep.pop(0)
    return b


def loader():
    import torch
    import torch.utils.data

    class DS(torch.utils.data.Dataset):
        def __len__(self):
            return 4096

        def __getitem__(self, i):
            return torch.full((256,), float(i))

    model = torch.nn.Linear(256, 64)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for x in torch.utils.data.DataLoader(DS(), batch_size=64, num_workers=2):
        loss = model(x).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    {"alloc": alloc, "loader": loader}[sys.argv[1]]()
