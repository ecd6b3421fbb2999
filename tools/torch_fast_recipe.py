"""PyTorch's run of the fast recipe (tuomaso/train_mnist_fast) on the GPU, on cnnviz's bundled MNIST."""

import time

import torch
import torch.nn as nn
import torch.nn.functional as F

from cnnviz.data.datasets import load_dataset

ds = load_dataset("mnist")
dev = "cuda"
X = torch.tensor(ds.train_images, dtype=torch.float32, device=dev).unsqueeze(1) / 255.0
Y = torch.tensor(ds.train_labels, dtype=torch.long, device=dev)
Xt = torch.tensor(ds.test_images, dtype=torch.float32, device=dev).unsqueeze(1) / 255.0
Yt = torch.tensor(ds.test_labels, dtype=torch.long, device=dev)
mean, std = X.mean(), X.std()


class Net(nn.Module):
    def __init__(s):
        super().__init__()
        s.c1 = nn.Conv2d(1, 24, 5)
        s.c2 = nn.Conv2d(24, 32, 3)
        s.f1 = nn.Linear(800, 256)
        s.f2 = nn.Linear(256, 10)

    def forward(s, x):
        x = F.relu(F.max_pool2d(s.c1(x), 2))
        x = F.relu(F.max_pool2d(s.c2(x), 2))
        return s.f2(F.relu(s.f1(x.flatten(1))))


for seed in (0, 1, 2):
    torch.manual_seed(seed)
    net = Net().to(dev)
    opt = torch.optim.Adam(net.parameters(), lr=1e-2, betas=(0.7, 0.9))
    steps = (len(X) + 255) // 256
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=1e-2, total_steps=steps)
    perm = torch.randperm(len(X), device=dev)
    torch.cuda.synchronize()
    t = time.perf_counter()
    for i in range(steps):
        idx = perm[i * 256 : (i + 1) * 256]
        loss = F.cross_entropy(net((X[idx] - mean) / std), Y[idx])
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        sched.step()
    torch.cuda.synchronize()
    train_s = time.perf_counter() - t
    with torch.no_grad():
        acc = (net((Xt - mean) / std).argmax(1) == Yt).float().mean().item()
    print(f"torch fast seed {seed}: {train_s:.2f} s training, test accuracy {100 * acc:.2f}%", flush=True)
