"""``cnnviz bench``: images/s and per-layer times of each backend (optionally against PyTorch).

Every backend trains the same network from the same seed on the same real
MNIST batches. Timed loops of all backends (and PyTorch) run interleaved for
``--repeat`` rounds and the best round counts, so that a noisy shared machine
disturbs every contender alike and the ratios printed come from one run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from dataclasses import dataclass, field

import numpy as np

from .backends import registry
from .data.batches import to_float_nchw
from .backends.base import BackendUnavailable
from .nn.layers import Conv2D, Dense, Dropout, Flatten, MaxPool2D, ReLU
from .nn.model import PRESETS, Sequential
from .nn.optim import Optimizer

TORCH_HINT = 'PyTorch is not installed; pip install "cnnviz[bench]"'


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--net", default="seed", help=f"{', '.join(PRESETS)} or a spec (default seed)")
    parser.add_argument("--batch", type=int, default=64, help="images per training step (default 64)")
    parser.add_argument("--backends", default="numpy,numba",
                        help=f"comma-separated, from {', '.join(registry.NAMES)} (default numpy,numba)")
    parser.add_argument("--steps", type=int, default=20, help="timed training steps per round (default 20)")
    parser.add_argument("--warmup", type=int, default=3, help="untimed steps before timing (default 3)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="interleaved timing rounds; the best counts (default 3)")
    parser.add_argument("--threads", type=int, default=None,
                        help="CPU threads for numba, BLAS and PyTorch (default: all cores)")
    parser.add_argument("--against", choices=["torch"], default=None,
                        help="also time the identical network in PyTorch (CPU) and print ratios")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")


# --- argument checks ------------------------------------------------------------------
def _check(args) -> tuple[Sequential, list[str]]:
    for name, low in (("batch", 1), ("steps", 1), ("warmup", 0), ("repeat", 1)):
        value = getattr(args, name, None)
        if not isinstance(value, int) or value < low:
            raise ValueError(f"--{name} must be an integer >= {low}, got {value!r}")
    threads = getattr(args, "threads", None)
    if threads is not None and (not isinstance(threads, int) or threads < 1):
        raise ValueError(f"--threads must be a positive integer, got {threads!r}")
    against = getattr(args, "against", None)
    if against not in (None, "torch"):
        raise ValueError(f"--against accepts only 'torch', got {against!r}")
    names = [n.strip().lower() for n in str(args.backends).split(",") if n.strip()]
    if not names:
        raise ValueError("--backends is empty; name at least one of " + ", ".join(registry.NAMES))
    unknown = [n for n in names if n not in registry.NAMES]
    if unknown:
        raise ValueError(f"unknown backend {unknown[0]!r} in --backends; choose from {', '.join(registry.NAMES)}")
    model = Sequential.from_spec(args.net)  # SpecError is a ValueError with the position
    return model, list(dict.fromkeys(names))


def _open_backend(name: str, threads: int | None):
    """The backend, honouring --threads where the backend has a thread count."""
    if threads is not None and name == "numba":
        try:
            from .backends import numba_cpu
            return numba_cpu.create(threads=threads)
        except BackendUnavailable:
            raise
        except ImportError as exc:
            raise BackendUnavailable(f"cannot import {exc.name}: {exc}") from exc
    return registry.get(name)


def _set_blas_threads(threads: int | None) -> None:
    if threads is None:
        return
    try:
        from .backends.numba_cpu import _blas_threads, _numpy_blas_library
    except ImportError:
        return
    lib, _ = _numpy_blas_library()
    _blas_threads(lib, threads)


# --- data ------------------------------------------------------------------------------
def _batches(batch: int, count: int, seed: int = 0) -> list[tuple[np.ndarray, np.ndarray]]:
    from .data.datasets import load_dataset

    data = load_dataset("mnist")
    order = np.random.default_rng(seed).permutation(len(data.train_labels))
    out = []
    for k in range(count):
        idx = order[(np.arange(batch) + k * batch) % len(order)]
        x = to_float_nchw(data.train_images[idx])
        out.append((np.ascontiguousarray(x), np.ascontiguousarray(data.train_labels[idx], dtype=np.int64)))
    return out


# --- contenders ----------------------------------------------------------------------------
@dataclass
class _Result:
    train_s: float = float("inf")
    infer_s: float = float("inf")
    layers: dict[str, list[float]] = field(default_factory=dict)


class _CnnvizRunner:
    def __init__(self, backend, spec: str, batches, lr: float = 1e-3):
        self.be = backend
        self.model = Sequential.from_spec(spec).initialise(0).to(backend)
        self.opt = Optimizer("adam").to(backend)
        self.batches = [(backend.from_host(x), backend.from_host(y)) for x, y in batches]
        self.lr = lr
        self.k = 0

    def train(self, steps: int, marks=None) -> float:
        be = self.be
        be.synchronize()
        start = time.perf_counter()
        for _ in range(steps):
            x, y = self.batches[self.k % len(self.batches)]
            self.k += 1
            logits = self.model.forward(x, True, self.k, marks)
            _, _, dlogits = be.softmax_cross_entropy(logits, y)
            self.model.backward(dlogits, marks)
            self.opt.step(self.model.named_parameters(), self.lr)
        be.synchronize()
        return time.perf_counter() - start

    def infer(self, steps: int) -> float:
        be = self.be
        x, _ = self.batches[0]
        be.synchronize()
        start = time.perf_counter()
        for _ in range(steps):
            self.model.forward(x, False)
        be.synchronize()
        elapsed = time.perf_counter() - start
        for layer in self.model.layers:
            layer.clear_cache()
        return elapsed

    def profile(self, steps: int) -> list[dict]:
        marks: list = []
        self.train(steps, marks)
        self.be.synchronize()
        times: dict[tuple[str, str], list[float]] = {}
        for name, phase, start, end in marks:
            times.setdefault((name, phase), []).append(self.be.elapsed_ms(start, end))

        def median(key):  # the median resists the odd step hit by another process
            return float(np.median(times[key])) if key in times else 0.0

        return [{"name": layer.name, "spec": layer.spec(),
                 "forward_ms": median((layer.name, "forward")), "backward_ms": median((layer.name, "backward"))}
                for layer in self.model.layers]


def _torch_model(model: Sequential, torch):
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


class _TorchRunner:
    def __init__(self, torch, spec: str, batches, threads: int | None, lr: float = 1e-3):
        self.torch = torch
        if threads is not None:
            torch.set_num_threads(threads)
        host = Sequential.from_spec(spec).initialise(0)
        self.model = _torch_model(host, torch)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=lr)
        self.loss = torch.nn.CrossEntropyLoss()
        self.batches = [(torch.from_numpy(x), torch.from_numpy(y)) for x, y in batches]
        self.k = 0

    def train(self, steps: int) -> float:
        self.model.train()
        start = time.perf_counter()
        for _ in range(steps):
            x, y = self.batches[self.k % len(self.batches)]
            self.k += 1
            self.opt.zero_grad(set_to_none=True)
            self.loss(self.model(x), y).backward()
            self.opt.step()
        return time.perf_counter() - start

    def infer(self, steps: int) -> float:
        self.model.eval()
        x, _ = self.batches[0]
        start = time.perf_counter()
        with self.torch.inference_mode():
            for _ in range(steps):
                self.model(x)
        return time.perf_counter() - start


def _machine(threads: int | None, torch=None) -> dict:
    info = {"platform": platform.platform(), "processor": platform.processor() or platform.machine(),
            "cpu_count": os.cpu_count(), "python": platform.python_version(), "numpy": np.__version__,
            "threads": threads}
    try:
        import numba

        info["numba"] = numba.__version__
    except Exception:  # noqa: BLE001 - optional
        info["numba"] = None
    info["torch"] = torch.__version__ if torch is not None else None
    return info


# --- the command ---------------------------------------------------------------------------------
def run(args) -> int:
    model, names = _check(args)
    spec = model.spec
    threads = args.threads
    out = sys.stdout
    say = (lambda *a: print(*a, file=sys.stderr)) if args.json else print

    _set_blas_threads(threads)
    batches = _batches(args.batch, 8)
    say(f"network {spec}  batch {args.batch}  {args.steps} steps x {args.repeat} rounds"
        + (f"  {threads} threads" if threads else ""))

    runners: dict[str, _CnnvizRunner] = {}
    unavailable: dict[str, str] = {}
    warmups: dict[str, float] = {}
    for name in names:
        try:
            be = _open_backend(name, threads)
        except BackendUnavailable as exc:
            unavailable[name] = str(exc)
            say(f"{name}: unavailable ({exc})")
            continue
        start = time.perf_counter()
        if getattr(be, "needs_warmup", False):
            be.warm_up()
        runner = _CnnvizRunner(be, spec, batches)
        runner.train(max(args.warmup, 1))  # compiles anything warm_up missed, fills workspaces
        runner.infer(1)
        warmups[name] = time.perf_counter() - start
        runners[name] = runner

    torch = None
    torch_runner = None
    torch_error = None
    if args.against == "torch":
        try:
            import torch as torch_module
        except ImportError:
            torch_error = TORCH_HINT
            say(TORCH_HINT)
        else:
            torch = torch_module
            torch_runner = _TorchRunner(torch, spec, batches, threads)
            torch_runner.train(max(args.warmup, 1))
            torch_runner.infer(1)

    results = {name: _Result() for name in runners}
    torch_result = _Result()
    contenders = list(runners.items()) + ([("torch", torch_runner)] if torch_runner is not None else [])
    for _ in range(args.repeat):
        for name, runner in contenders:
            res = torch_result if name == "torch" else results[name]
            res.train_s = min(res.train_s, runner.train(args.steps))
            res.infer_s = min(res.infer_s, runner.infer(args.steps))
    for name, runner in runners.items():
        runner.layers = runner.profile(min(args.steps, 10))

    images = args.batch * args.steps
    report = {"net": spec, "batch": args.batch, "steps": args.steps, "backends": {}, "unavailable": unavailable}
    torch_rates = None
    if torch_runner is not None:
        torch_rates = {"train_images_per_s": images / torch_result.train_s,
                       "infer_images_per_s": images / torch_result.infer_s,
                       "threads": torch.get_num_threads(), "version": torch.__version__}
    for name, runner in runners.items():
        entry = {"description": runner.be.describe(),
                 "train_images_per_s": images / results[name].train_s,
                 "infer_images_per_s": images / results[name].infer_s,
                 "warmup_s": warmups[name],
                 "layers": runner.layers}
        if torch_rates is not None:
            entry["train_vs_torch"] = entry["train_images_per_s"] / torch_rates["train_images_per_s"]
            entry["infer_vs_torch"] = entry["infer_images_per_s"] / torch_rates["infer_images_per_s"]
        report["backends"][name] = entry
    report["torch"] = torch_rates
    if torch_error:
        report["torch_error"] = torch_error
    report["machine"] = _machine(threads, torch)

    if args.json:
        json.dump(report, out, indent=2)
        out.write("\n")
        return 0
    for name, entry in report["backends"].items():
        print(f"\n== {name}: {entry['description']}")
        line = (f"train {entry['train_images_per_s']:,.0f} images/s   infer {entry['infer_images_per_s']:,.0f} images/s"
                f"   warm-up {entry['warmup_s']:.2f} s")
        if torch_rates is not None:
            line += f"   vs PyTorch: train {entry['train_vs_torch']:.2f}x, infer {entry['infer_vs_torch']:.2f}x"
        print(line)
        print(f"  {'layer':<10} {'spec':<16} {'forward ms':>10} {'backward ms':>11}")
        for row in entry["layers"]:
            print(f"  {row['name']:<10} {row['spec']:<16} {row['forward_ms']:>10.2f} {row['backward_ms']:>11.2f}")
        total_f = sum(r["forward_ms"] for r in entry["layers"])
        total_b = sum(r["backward_ms"] for r in entry["layers"])
        print(f"  {'total':<10} {'':<16} {total_f:>10.2f} {total_b:>11.2f}")
    if torch_rates is not None:
        print(f"\n== torch {torch_rates['version']} CPU ({torch_rates['threads']} threads): "
              f"train {torch_rates['train_images_per_s']:,.0f} images/s   "
              f"infer {torch_rates['infer_images_per_s']:,.0f} images/s")
    return 0
