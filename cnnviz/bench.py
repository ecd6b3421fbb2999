"""``cnnviz bench``: images/s and per-layer times of each backend (optionally against PyTorch).

Every backend trains the same network from the same seed on the same real
MNIST batches, the way the trainer runs it: the training images are uploaded
once (``upload_dataset``), each step gathers its batch on the device from
host indices (``gather_batch``), writes its loss into a device stats buffer
that is read back every ``READ_EVERY`` steps, writes gradients into the flat
gradient buffer and updates with one optimizer call. Copies between host and
device are therefore part of what is timed, as they are part of training.

Timed loops of all backends (and PyTorch) run interleaved for ``--repeat``
rounds and the best round counts, so that a noisy shared machine disturbs
every contender alike and the ratios printed come from one run.

``--against torch`` times the identical network in PyTorch on the same class
of device as each backend: CUDA PyTorch for GPU backends (when PyTorch has
CUDA; otherwise it says so and compares nothing for them), CPU PyTorch for
CPU backends, fed the same way (data on the device, indices per step).

JSON (``--json``) gives per backend ``device_counters`` per timed step
(kernel launches, device allocations, bytes host->device and device->host;
null on CPU backends) and, per convolution and dense layer of a CPU backend,
the fraction of the machine's sgemm peak that layer reaches.
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
from .backends.base import BackendUnavailable
from .bench_torch import TorchRunner, torch_plan
from .nn.layers import Conv2D, Dense
from .nn.model import PRESETS, Sequential
from .nn.optim import Optimizer
from .train.step import training_step

TORCH_HINT = 'PyTorch is not installed; pip install "cnnviz[bench]"'
READ_EVERY = 10
"""Steps between two reads of the device loss/accuracy buffer (as the trainer)."""
LEARNING_RATE = 1e-3


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
                        help="also time the identical network in PyTorch (CUDA for GPU backends, CPU for CPU "
                             "backends) and print ratios")
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
    from .backends.blas_threads import blas_threads

    blas_threads(threads)


def _cpu_threads(be, threads: int | None) -> int:
    """Threads a CPU backend computes on (for its fraction of the sgemm peak)."""
    if getattr(be, "threads", None):
        return int(be.threads)
    if threads is not None:
        return threads
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


# --- data: the training set and one sequence of batches for everybody ----------------------------
@dataclass
class _Data:
    images: np.ndarray
    labels: np.ndarray
    order: np.ndarray
    batch: int

    def indices(self, step: int) -> np.ndarray:
        n = len(self.order)
        return self.order[(np.arange(self.batch) + step * self.batch) % n].astype(np.int32)


def _data(batch: int, seed: int = 0) -> _Data:
    from .data.datasets import load_dataset

    d = load_dataset("mnist")
    order = np.random.default_rng(seed).permutation(len(d.train_labels))
    return _Data(np.ascontiguousarray(d.train_images), np.ascontiguousarray(d.train_labels), order, batch)


# --- contenders ----------------------------------------------------------------------------
@dataclass
class _Result:
    train_s: float = float("inf")
    infer_s: float = float("inf")
    layers: list = field(default_factory=list)


class _CnnvizRunner:
    """One backend trained as the trainer trains: host indices in, device stats read every READ_EVERY steps."""

    def __init__(self, backend, spec: str, data: _Data, lr: float = LEARNING_RATE):
        self.be = backend
        self.model = Sequential.from_spec(spec).initialise(0).to(backend)
        self.opt = Optimizer("adam").to(backend)
        self.data = data
        self.device_data = backend.upload_dataset(data.images, data.labels)  # once, untimed
        self.stats = backend.new_step_stats(READ_EVERY)
        self.slot = 0
        self.lr = lr
        self.k = 0
        self.counted_steps = 0
        self.counters: dict[str, int] | None = None

    def train(self, steps: int, marks=None, count: bool = False) -> float:
        be = self.be
        be.synchronize()
        before = be.device_counters() if count else None
        start = time.perf_counter()
        for _ in range(steps):
            indices = self.data.indices(self.k)
            self.k += 1
            training_step(be, self.model, self.opt, self.device_data, indices, self.stats, self.slot, self.k,
                          self.lr, marks)
            self.slot += 1
            if self.slot == READ_EVERY:
                be.read_step_stats(self.stats, self.slot)
                self.slot = 0
        be.synchronize()
        elapsed = time.perf_counter() - start
        if before is not None:
            after = be.device_counters()
            totals = self.counters or dict.fromkeys(after, 0)
            self.counters = {k: totals[k] + after[k] - before[k] for k in after}
            self.counted_steps += steps
        return elapsed

    def counters_per_step(self) -> dict[str, float] | None:
        if self.counters is None or not self.counted_steps:
            return None
        return {f"{k}_per_step": v / self.counted_steps for k, v in self.counters.items()}

    def infer(self, steps: int) -> float:
        be = self.be
        x, _ = be.gather_batch(self.device_data, self.data.indices(0), self.model.dtype)
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


def layer_flops(model: Sequential, batch: int) -> dict[str, tuple[float, float]]:
    """Multiply-add FLOPs (2 per multiply-add) of each conv/dense layer's GEMMs: (forward, backward).

    Forward is one product; backward is the weight-gradient product plus, when a
    layer with parameters comes before it, the input-gradient product."""
    out = {}
    for index, (layer, in_shape, out_shape) in enumerate(zip(model.layers, model.shapes, model.shapes[1:])):
        if isinstance(layer, Conv2D):
            c = in_shape[0]
            o, ho, wo = out_shape
            one = 2.0 * batch * o * c * layer.kernel * layer.kernel * ho * wo
        elif isinstance(layer, Dense):
            one = 2.0 * batch * in_shape[0] * layer.units
        else:
            continue
        need_dx = any(l.has_params for l in model.layers[:index])
        out[layer.name] = (one, one * (2 if need_dx else 1))
    return out


def _sgemm_peak_function():
    """``measure_sgemm_peak(threads) -> GFLOP/s``, or None where this build has no such module."""
    try:
        from .backends.sgemm_peak import measure_sgemm_peak
    except ImportError:
        return None
    return measure_sgemm_peak


def _add_peak_fractions(rows: list[dict], flops: dict, peak_gflops: float | None) -> None:
    for row in rows:
        fwd, bwd = flops.get(row["name"], (None, None))
        for phase, amount in (("forward", fwd), ("backward", bwd)):
            ms = row[f"{phase}_ms"]
            rate = amount / (ms * 1e-3) / 1e9 if amount and ms > 0 else None
            row[f"{phase}_gflops"] = rate
            row[f"{phase}_peak_fraction"] = rate / peak_gflops if rate is not None and peak_gflops else None


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
    data = _data(args.batch)
    say(f"network {spec}  batch {args.batch}  {args.steps} steps x {args.repeat} rounds"
        + (f"  {threads} threads" if threads else "")
        + f"  (data on the device, stats read every {READ_EVERY} steps)")

    runners: dict[str, _CnnvizRunner] = {}
    unavailable: dict[str, str] = {}
    warmups: dict[str, float] = {}
    compiles: dict[str, float] = {}
    for name in names:
        try:
            be = _open_backend(name, threads)
        except BackendUnavailable as exc:
            unavailable[name] = str(exc)
            say(f"{name}: unavailable ({exc})")
            continue
        start = time.perf_counter()
        compiles[name] = float(be.warm_up(np.float32)) if getattr(be, "needs_warmup", False) else 0.0
        runner = _CnnvizRunner(be, spec, data)
        runner.train(max(args.warmup, 1))  # compiles anything warm_up missed, fills workspaces and pools
        runner.infer(1)
        warmups[name] = time.perf_counter() - start
        runners[name] = runner

    torch = None
    torch_runners: dict[str, TorchRunner] = {}
    torch_error = None
    torch_note = None
    if args.against == "torch":
        try:
            import torch as torch_module
        except ImportError:
            torch_error = TORCH_HINT
            say(TORCH_HINT)
        else:
            torch = torch_module
            gpu = [n for n, r in runners.items() if r.be.is_gpu]
            cpu = [n for n, r in runners.items() if not r.be.is_gpu]
            devices, torch_note = torch_plan(torch, gpu, cpu)
            if torch_note:
                say(torch_note)
            for device in devices:
                runner = TorchRunner(torch, spec, data, threads, device, LEARNING_RATE, READ_EVERY)
                runner.train(max(args.warmup, 1))
                runner.infer(1)
                torch_runners[device] = runner

    results = {name: _Result() for name in runners}
    torch_results = {device: _Result() for device in torch_runners}
    contenders = [(name, runner, results[name]) for name, runner in runners.items()]
    contenders += [(f"torch-{device}", runner, torch_results[device]) for device, runner in torch_runners.items()]
    for _ in range(args.repeat):
        for name, runner, res in contenders:
            if isinstance(runner, _CnnvizRunner):
                res.train_s = min(res.train_s, runner.train(args.steps, count=True))
            else:
                res.train_s = min(res.train_s, runner.train(args.steps))
            res.infer_s = min(res.infer_s, runner.infer(args.steps))
    for name, runner in runners.items():
        results[name].layers = runner.profile(min(args.steps, 10))

    peak_fn = _sgemm_peak_function()
    peaks: dict[int, float] = {}
    flops = layer_flops(model, args.batch)
    images = args.batch * args.steps
    report = {"net": spec, "batch": args.batch, "steps": args.steps, "read_stats_every": READ_EVERY,
              "backends": {}, "unavailable": unavailable}
    torch_rates = {}
    for device, res in torch_results.items():
        torch_rates[device] = {"train_images_per_s": images / res.train_s, "infer_images_per_s": images / res.infer_s,
                               "threads": torch.get_num_threads() if device == "cpu" else None,
                               "version": torch.__version__}
    for name, runner in runners.items():
        be = runner.be
        rows = results[name].layers
        peak = None
        if not be.is_gpu and peak_fn is not None:
            n = _cpu_threads(be, threads)
            if n not in peaks:
                peaks[n] = float(peak_fn(n))
            peak = peaks[n]
        _add_peak_fractions(rows, flops, peak)
        entry = {"description": be.describe(), "is_gpu": bool(be.is_gpu),
                 "train_images_per_s": images / results[name].train_s,
                 "infer_images_per_s": images / results[name].infer_s,
                 "warmup_s": warmups[name], "compile_s": compiles[name],
                 "device_counters": runner.counters_per_step(),
                 "sgemm_peak_gflops": peak,
                 "layers": rows}
        vs = torch_rates.get("cuda" if be.is_gpu else "cpu")
        if vs is not None:
            entry["torch_device"] = "cuda" if be.is_gpu else "cpu"
            entry["train_vs_torch"] = entry["train_images_per_s"] / vs["train_images_per_s"]
            entry["infer_vs_torch"] = entry["infer_images_per_s"] / vs["infer_images_per_s"]
        report["backends"][name] = entry
    report["torch"] = torch_rates if args.against == "torch" and torch is not None else None
    if torch_error:
        report["torch_error"] = torch_error
    if torch_note:
        report["torch_note"] = torch_note
    report["machine"] = _machine(threads, torch)
    report["machine"]["sgemm_peak_gflops"] = {str(k): v for k, v in peaks.items()} or None

    if args.json:
        json.dump(report, out, indent=2)
        out.write("\n")
        return 0
    _print_text(report)
    return 0


def _percent(fraction) -> str:
    return "-" if fraction is None else f"{100 * fraction:.0f}%"


def _print_text(report: dict) -> None:
    for name, entry in report["backends"].items():
        print(f"\n== {name}: {entry['description']}")
        line = (f"train {entry['train_images_per_s']:,.0f} images/s   infer {entry['infer_images_per_s']:,.0f} images/s"
                f"   warm-up {entry['warmup_s']:.2f} s (compile {entry['compile_s']:.2f} s)")
        if "train_vs_torch" in entry:
            line += (f"   vs PyTorch {entry['torch_device']}: train {entry['train_vs_torch']:.2f}x, "
                     f"infer {entry['infer_vs_torch']:.2f}x")
        print(line)
        counters = entry["device_counters"]
        if counters is not None:
            print(f"  per step: {counters['kernel_launches_per_step']:.1f} launches, "
                  f"{counters['allocations_per_step']:.2f} device allocations, "
                  f"{counters['host_to_device_bytes_per_step']:,.0f} B to the device, "
                  f"{counters['device_to_host_bytes_per_step']:,.1f} B back")
        peak = entry["sgemm_peak_gflops"]
        head = f"  {'layer':<10} {'spec':<16} {'forward ms':>10} {'backward ms':>11}"
        if peak:
            head += f" {'fwd %peak':>9} {'bwd %peak':>9}   (sgemm peak {peak:,.0f} GFLOP/s)"
        print(head)
        for row in entry["layers"]:
            text = f"  {row['name']:<10} {row['spec']:<16} {row['forward_ms']:>10.2f} {row['backward_ms']:>11.2f}"
            if peak:
                text += f" {_percent(row['forward_peak_fraction']):>9} {_percent(row['backward_peak_fraction']):>9}"
            print(text)
        total_f = sum(r["forward_ms"] for r in entry["layers"])
        total_b = sum(r["backward_ms"] for r in entry["layers"])
        print(f"  {'total':<10} {'':<16} {total_f:>10.2f} {total_b:>11.2f}")
    for device, rates in (report["torch"] or {}).items():
        where = f"CPU ({rates['threads']} threads)" if device == "cpu" else "CUDA"
        print(f"\n== torch {rates['version']} {where}: train {rates['train_images_per_s']:,.0f} images/s   "
              f"infer {rates['infer_images_per_s']:,.0f} images/s")
    if report.get("torch_note"):
        print(f"\n{report['torch_note']}")
