"""docs/run.md's plain-PyTorch checkpoint-and-resume recipe, as a test job
(RestartLive.OnWarningCheckpointThenResume).

usage: torch_resume.py CHECKPOINT STEPS
Attempt 1 also leaks 16 MiB per step (after step 3), so the guard's
--action term arrives; on_warning saves the checkpoint and exits 0. The
next attempt loads it and finishes STEPS steps without leaking.
"""
import os
import sys
import threading
import time

import torch

import oomlens

CKPT, STEPS = sys.argv[1], int(sys.argv[2])
model = torch.nn.Linear(64, 64)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
lock = threading.Lock()
state = {"step": 0}
if oomlens.resumed():
    saved = torch.load(CKPT)
    model.load_state_dict(saved["model"])
    opt.load_state_dict(saved["opt"])
    state["step"] = saved["step"]
    print("resumed at step %d" % state["step"], flush=True)


def save():
    with lock:
        torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "step": state["step"]}, CKPT + ".tmp")
    os.replace(CKPT + ".tmp", CKPT)


assert oomlens.on_warning(save)
leak = []
while state["step"] < STEPS:
    with lock:
        loss = model(torch.randn(32, 64)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        state["step"] += 1
    if oomlens.attempt() == 1 and state["step"] > 3:
        leak.append(torch.ones(4 << 20))  # 16 MiB, touched
    time.sleep(0.02)
print("finished %d steps" % state["step"], flush=True)
