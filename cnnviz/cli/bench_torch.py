"""PyTorch as ``cnnviz bench --against torch`` runs it: the same network with the same initial
weights, fed the way the trainer feeds cnnviz (data on the device, indices per step, the loss read
every few steps), on the device class of the backends it is compared with."""

from __future__ import annotations

import time

import numpy as np

from ..nn.layers import Conv2D, Dense, Dropout, Flatten, MaxPool2D, ReLU
from ..nn.model import Sequential


def torch_model(model: Sequential, torch):
    """The same layers in PyTorch, with the cnnviz model's initial weights."""
    nn = torch.nn
    layers = []
    for layer, in_shape in zip(model.layers, model.shapes):
        if isinstance(layer, Conv2D):
            top, bottom, left, right = layer.pads()
            if any((top, bottom, left, right)):
                layers.append(nn.ZeroPad2d((left, right, top, bottom)))
            conv = nn.Conv2d(in_shape[0], layer.out_channels, layer.kernel)
            with torch.no_grad():
                conv.weight.copy_(torch.from_numpy(np.asarray(layer.params["weight"].data)))
                conv.bias.copy_(torch.from_numpy(np.asarray(layer.params["bias"].data)))
            layers.append(conv)
        elif isinstance(layer, Dense):
            lin = nn.Linear(in_shape[0], layer.units)
            with torch.no_grad():
                lin.weight.copy_(torch.from_numpy(np.asarray(layer.params["weight"].data)))
                lin.bias.copy_(torch.from_numpy(np.asarray(layer.params["bias"].data)))
            layers.append(lin)
        elif isinstance(layer, ReLU):
            layers.append(nn.ReLU())
        elif isinstance(layer, MaxPool2D):
            layers.append(nn.MaxPool2d(2))
        elif isinstance(layer, Flatten):
            layers.append(nn.Flatten())
        elif isinstance(layer, Dropout):
            layers.append(nn.Dropout(layer.rate))
        else:  # pragma: no cover - a new layer kind must be added here
            raise ValueError(f"bench cannot build {layer.spec()} in PyTorch")
    return nn.Sequential(*layers)


class TorchRunner:
    """The same network in PyTorch on ``device``, fed like cnnviz: data on the device, indices per step,
    loss and accuracy accumulated on the device and read every ``read_every`` steps."""

    def __init__(self, torch, spec: str, data, threads: int | None, device: str, lr: float, read_every: int):
        self.torch = torch
        self.device = device
        if threads is not None:
            torch.set_num_threads(threads)
        host = Sequential.from_spec(spec).initialise(0)
        self.model = torch_model(host, torch).to(device)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=lr)
        self.loss = torch.nn.CrossEntropyLoss()
        self.data = data  # bench's _Data: images, labels, indices(step)
        self.read_every = read_every
        self.images = torch.from_numpy(np.require(data.images, requirements=["W"])).to(device)
        self.labels = torch.from_numpy(data.labels.astype(np.int64)).to(device)
        self.k = 0
        self.slot = 0
        self.loss_sum = torch.zeros((), device=device)
        self.correct = torch.zeros((), dtype=torch.int64, device=device)

    def _batch(self, step: int):
        index = self.torch.from_numpy(self.data.indices(step).astype(np.int64)).to(self.device)
        x = self.images[index].to(self.torch.float32).mul_(1.0 / 255.0).unsqueeze(1)
        return x, self.labels[index]

    def _sync(self):
        if self.device == "cuda":
            self.torch.cuda.synchronize()

    def train(self, steps: int) -> float:
        self.model.train()
        self._sync()
        start = time.perf_counter()
        for _ in range(steps):
            x, y = self._batch(self.k)
            self.k += 1
            self.opt.zero_grad(set_to_none=True)
            logits = self.model(x)
            loss = self.loss(logits, y)
            loss.backward()
            self.opt.step()
            self.loss_sum += loss.detach()
            self.correct += (logits.detach().argmax(1) == y).sum()
            self.slot += 1
            if self.slot == self.read_every:
                self.loss_sum.item(), self.correct.item()
                self.loss_sum.zero_()
                self.correct.zero_()
                self.slot = 0
        self._sync()
        return time.perf_counter() - start

    def infer(self, steps: int) -> float:
        self.model.eval()
        x, _ = self._batch(0)
        self._sync()
        start = time.perf_counter()
        with self.torch.inference_mode():
            for _ in range(steps):
                self.model(x)
        self._sync()
        return time.perf_counter() - start


def torch_plan(torch, gpu_backends: list[str], cpu_backends: list[str]) -> tuple[list[str], str | None]:
    """The PyTorch devices to time (``cpu``, ``cuda``) and a note when GPU backends go uncompared."""
    devices = ["cpu"] if cpu_backends else []
    note = None
    if gpu_backends:
        has_cuda = False
        try:
            has_cuda = bool(torch.cuda.is_available())
        except Exception:  # noqa: BLE001 - a broken CUDA PyTorch is "no CUDA" here
            has_cuda = False
        if has_cuda:
            devices.append("cuda")
        else:
            note = (
                f"PyTorch here has no CUDA (torch {getattr(torch, '__version__', '?')}): GPU backends "
                f"({', '.join(gpu_backends)}) are not compared with PyTorch"
            )
    return devices, note
