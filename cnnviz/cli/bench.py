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
the fraction of the machine's sgemm peak that layer reaches: counting the
products it really performs (``flops_counted``: numba's Winograd convolutions
do fewer than the direct ones), against the peak measured the way the layers
run, and never above 1 (``*_peak_clipped`` says when it was cut).

Progress goes to stderr as it runs. The load average before and after is
reported (``load_average``); at ``BUSY_LOAD`` or more before starting, the
run warns and marks its ratios ``unreliable (machine busy)`` (``ratios``).
See docs/measuring.md.
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

from ..backends import registry
from ..backends.base import BackendUnavailable
from ..nn.layers import Conv2D, Dense
from ..nn.model import PRESETS, Sequential
from ..nn.optim import Optimizer
from ..train.step import training_step
from .bench_torch import TorchRunner, torch_plan

TORCH_HINT = 'PyTorch is not installed; pip install "cnnviz[bench]"'
MAX_REPEAT = 100
MAX_STEPS = 10000
THREADS_PER_CORE = 4
"""--threads may oversubscribe the cores this much (more only spends memory on stacks and pools)."""
BUSY_LOAD = 0.5
"""A 1-minute load average at or above this before the bench starts: another program is running,
and the timings and ratios are unreliable."""
BUSY = "unreliable (machine busy)"
READ_EVERY = 10
"""Steps between two reads of the device loss/accuracy buffer (as the trainer)."""
LEARNING_RATE = 1e-3


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--net", default="seed", help=f"{', '.join(PRESETS)} or a spec (default seed)")
    parser.add_argument("--batch", type=int, default=64, help="images per training step (default 64)")
    parser.add_argument("--backends", default="numpy,numba",
                        help=f"comma-separated, from {', '.join(registry.NAMES)} (default numpy,numba)")
    parser.add_argument("--steps", type=int, default=20,
                        help=f"timed training steps per round, 1 to {MAX_STEPS} (default 20)")
    parser.add_argument("--warmup", type=int, default=3, help="untimed steps before timing (default 3)")
    parser.add_argument("--repeat", type=int, default=3,
                        help=f"interleaved timing rounds, 1 to {MAX_REPEAT}; the best counts (default 3)")
    parser.add_argument("--threads", type=int, default=None,
                        help=f"CPU threads for numba, BLAS and PyTorch, 1 to {THREADS_PER_CORE} x the cores "
                             "(default: all cores)")
    parser.add_argument("--against", choices=["torch"], default=None,
                        help="also time the identical network in PyTorch (CUDA for GPU backends, CPU for CPU "
                             "backends) and print ratios")
    parser.add_argument("--time-to", type=float, default=None, metavar="ACC",
                        help="instead of images/s: seconds of training until the test accuracy reaches ACC %% "
                             "(e.g. 99 with --net fast), with the net's recipe, beside PyTorch's same recipe "
                             "with --against torch; --repeat runs per contender (the median counts)")
    parser.add_argument("--seed", type=int, default=0, help="initial weights and data order of --time-to runs")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")


# --- argument checks ------------------------------------------------------------------
def _cpu_count() -> int:
    return os.cpu_count() or 1


def _check(args) -> tuple[Sequential, list[str]]:
    from ..train.config import MAX_BATCH

    for name, low, high in (("batch", 1, MAX_BATCH), ("steps", 1, MAX_STEPS), ("warmup", 0, MAX_STEPS),
                            ("repeat", 1, MAX_REPEAT)):
        value = getattr(args, name, None)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ValueError(f"--{name} must be a whole number from {low} to {high}, got {value!r}")
    threads = getattr(args, "threads", None)
    most = THREADS_PER_CORE * _cpu_count()
    if threads is not None and (not isinstance(threads, int) or isinstance(threads, bool) or not 1 <= threads <= most):
        raise ValueError(f"--threads must be a whole number from 1 to {most} ({THREADS_PER_CORE} x {_cpu_count()} "
                         f"cores), got {threads!r}")
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
            from ..backends import numba_cpu
            return numba_cpu.create(threads=threads)
        except BackendUnavailable:
            raise
        except ImportError as exc:
            raise BackendUnavailable(f"cannot import {exc.name}: {exc}") from exc
    return registry.get(name)


def _set_blas_threads(threads: int | None) -> None:
    if threads is None:
        return
    from ..backends.blas_threads import blas_threads

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
    from ..data.datasets import load_dataset

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


def layer_flops(model: Sequential, batch: int, winograd_tile=None) -> dict[str, tuple[float, float]]:
    """FLOPs (2 per multiply-add) that each conv/dense layer's matrix products really perform:
    (forward, backward).

    Forward is one product; backward is the weight-gradient product plus, when a layer with
    parameters comes before it, the input-gradient product. ``winograd_tile(kernel, c_in, c_out)``
    (a backend's ``winograd_tile``): where it gives a tile size m, the forward product (and the
    input gradient's, channels swapped) is counted as Winograd F(m x m, r x r) does it, (m+r-1)^2
    products per m x m output tile instead of m^2 r^2: fewer than the direct convolution."""

    def count(k, c, o, ho, wo):
        m = winograd_tile(k, c, o) if winograd_tile is not None else None
        if not m:
            return 2.0 * batch * o * c * k * k * ho * wo
        return 2.0 * batch * (-(-ho // m)) * (-(-wo // m)) * (m + k - 1) ** 2 * c * o

    out = {}
    for index, (layer, in_shape, out_shape) in enumerate(zip(model.layers, model.shapes, model.shapes[1:])):
        need_dx = any(l.has_params for l in model.layers[:index])
        if isinstance(layer, Conv2D):
            c = in_shape[0]
            o, ho, wo = out_shape
            k = layer.kernel
            weight_gradient = 2.0 * batch * o * c * k * k * ho * wo  # always im2col + sgemm
            out[layer.name] = (count(k, c, o, ho, wo), weight_gradient + (count(k, o, c, ho, wo) if need_dx else 0.0))
        elif isinstance(layer, Dense):
            one = 2.0 * batch * in_shape[0] * layer.units
            out[layer.name] = (one, one * (2 if need_dx else 1))
    return out


def _sgemm_peak_module():
    """``cnnviz.backends.sgemm_peak``, or None where this build has no such module."""
    import importlib

    try:
        return importlib.import_module("cnnviz.backends.sgemm_peak")
    except ImportError:
        return None


def _measure_peak(module, be, threads: int) -> tuple[str, float]:
    """The sgemm peak the way ``be``'s layers run, and its name in the report: single-threaded
    sgemm on each of the numba backend's workers at once, else BLAS on ``threads`` threads."""
    workers = getattr(module, "measure_worker_sgemm_peak", None)
    if getattr(be, "threads", None) and workers is not None:
        return f"{threads} workers", float(workers(threads))
    return str(threads), float(module.measure_sgemm_peak(threads))


def _add_peak_fractions(rows: list[dict], flops: dict, peak_gflops: float | None) -> None:
    """GFLOP/s and fraction of the peak per layer and phase; a fraction above 1 (a layer timed
    faster than the measured peak: a short layer near the timer's resolution, or a peak measured
    while the machine was busy) is clipped to 1 and flagged ``*_peak_clipped``."""
    for row in rows:
        fwd, bwd = flops.get(row["name"], (None, None))
        for phase, amount in (("forward", fwd), ("backward", bwd)):
            ms = row[f"{phase}_ms"]
            rate = amount / (ms * 1e-3) / 1e9 if amount and ms > 0 else None
            fraction = rate / peak_gflops if rate is not None and peak_gflops else None
            row[f"{phase}_gflops"] = rate
            row[f"{phase}_peak_fraction"] = None if fraction is None else min(fraction, 1.0)
            row[f"{phase}_peak_clipped"] = fraction is not None and fraction > 1.0


def load_average() -> tuple[float, float, float] | None:
    """The 1, 5 and 15-minute load averages, or None where the system has none (Windows)."""
    try:
        return tuple(float(v) for v in os.getloadavg())
    except (AttributeError, OSError):
        return None


def _describe_load(load) -> str:
    return "load average unavailable" if load is None else "load average " + " ".join(f"{v:.2f}" for v in load)


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
    if getattr(args, "time_to", None) is not None:
        return _run_time_to(args, names)
    spec = model.spec
    threads = args.threads
    out = sys.stdout
    say = (lambda *a: print(*a, file=sys.stderr)) if args.json else print

    progress = _progress
    say(f"network {spec}  batch {args.batch}  {args.steps} steps x {args.repeat} rounds"
        + (f"  {threads} threads" if threads else "")
        + f"  (data on the device, stats read every {READ_EVERY} steps)")
    load_before, busy = _load_before(say)
    _set_blas_threads(threads)
    data = _data(args.batch)

    runners: dict[str, _CnnvizRunner] = {}
    unavailable: dict[str, str] = {}
    warmups: dict[str, float] = {}
    compiles: dict[str, float] = {}
    for name in names:
        progress(f"{name}: opening...")
        try:
            be = _open_backend(name, threads)
        except BackendUnavailable as exc:
            unavailable[name] = str(exc)
            say(f"{name}: unavailable ({exc})")
            continue
        start = time.perf_counter()
        if getattr(be, "needs_warmup", False):
            progress(f"{name}: compiling...")
            compiles[name] = float(be.warm_up(np.float32))
        else:
            compiles[name] = 0.0
        progress(f"{name}: warming up...")
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
                progress(f"torch-{device}: warming up...")
                runner = TorchRunner(torch, spec, data, threads, device, LEARNING_RATE, READ_EVERY)
                runner.train(max(args.warmup, 1))
                runner.infer(1)
                torch_runners[device] = runner

    results = {name: _Result() for name in runners}
    torch_results = {device: _Result() for device in torch_runners}
    contenders = [(name, runner, results[name]) for name, runner in runners.items()]
    contenders += [(f"torch-{device}", runner, torch_results[device]) for device, runner in torch_runners.items()]
    for round_ in range(1, args.repeat + 1):  # round by round, so that a disturbance hits every contender
        for name, runner, res in contenders:
            progress(f"{name}: round {round_}/{args.repeat}")
            if isinstance(runner, _CnnvizRunner):
                res.train_s = min(res.train_s, runner.train(args.steps, count=True))
            else:
                res.train_s = min(res.train_s, runner.train(args.steps))
            res.infer_s = min(res.infer_s, runner.infer(args.steps))
    for name, runner in runners.items():
        progress(f"{name}: per-layer times...")
        results[name].layers = runner.profile(min(args.steps, 10))

    peak_module = _sgemm_peak_module()
    peaks: dict[str, float] = {}
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
        winograd = getattr(be, "winograd_tile", None)
        if not be.is_gpu and peak_module is not None:
            n = _cpu_threads(be, threads)
            progress(f"{name}: measuring the sgemm peak on {n} threads...")
            key, value = _measure_peak(peak_module, be, n)
            peak = peaks.setdefault(key, value)
        _add_peak_fractions(rows, layer_flops(model, args.batch, winograd), peak)
        for row, layer, shape in zip(rows, model.layers, model.shapes):
            if isinstance(layer, Conv2D):
                fast = winograd is not None and winograd(layer.kernel, shape[0], layer.out_channels) is not None
                row["flops_counted"] = "winograd" if fast else "direct"
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
        entry["ratios"] = BUSY if busy else None
        report["backends"][name] = entry
    report["torch"] = torch_rates if args.against == "torch" and torch is not None else None
    if torch_error:
        report["torch_error"] = torch_error
    if torch_note:
        report["torch_note"] = torch_note
    report["machine"] = _machine(threads, torch)
    report["machine"]["sgemm_peak_gflops"] = peaks or None
    _add_load_after(report, load_before, busy, say)

    if args.json:
        json.dump(report, out, indent=2)
        out.write("\n")
        return 0
    _print_text(report)
    return 0


def busy_load() -> float:
    """The 1-minute load average from which the machine counts as busy: ``BUSY_LOAD`` on up to two cores
    (this project's machines), a quarter of the cores on bigger ones (a GPU host's 16 cores at load 1.1
    are idle for a benchmark of one process)."""
    return max(BUSY_LOAD, 0.25 * _cpu_count())


def _load_before(say) -> tuple[tuple[float, float, float] | None, bool]:
    load_before = load_average()
    busy = load_before is not None and load_before[0] >= busy_load()
    say(f"before: {_describe_load(load_before)}")
    if busy:
        say(f"warning: the machine is busy (1-minute load average {load_before[0]:.2f} >= {busy_load():g} before "
            f"starting): another program shares the cores; times and ratios below are {BUSY}")
    return load_before, busy


def _add_load_after(report: dict, load_before, busy: bool, say) -> None:
    """The load average after the run beside the one before, and whether the ratios can be trusted."""
    load_after = load_average()
    say(f"after: {_describe_load(load_after)}")
    report["load_average"] = {"before": None if load_before is None else list(load_before),
                              "after": None if load_after is None else list(load_after)}
    report["machine_busy"] = busy
    report["ratios"] = BUSY if busy else None


def _run_time_to(args, names: list[str]) -> int:
    from .bench_time_to import print_time_to, run_time_to
    from ..data.datasets import load_dataset

    if not isinstance(args.seed, int) or isinstance(args.seed, bool) or not 0 <= args.seed < 2**32:
        raise ValueError(f"--seed must be a whole number from 0 to {2**32 - 1}, got {args.seed!r}")
    say = (lambda *a: print(*a, file=sys.stderr)) if args.json else print
    load_before, busy = _load_before(say)
    _set_blas_threads(args.threads)
    report = run_time_to(args, names, lambda name: _open_backend(name, args.threads), _progress, say,
                         lambda: load_dataset("mnist"))
    _add_load_after(report, load_before, busy, say)
    report["machine"] = _machine(args.threads)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print_time_to(report)
        if busy:
            print(f"ratios {BUSY}")
    return 0


def _progress(text: str) -> None:
    """What the bench is doing now, on stderr: it is never silent for long."""
    try:
        print(text, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _percent(fraction, clipped: bool = False) -> str:
    return "-" if fraction is None else f"{100 * fraction:.0f}%" + ("*" if clipped else "")


def _print_text(report: dict) -> None:
    for name, entry in report["backends"].items():
        print(f"\n== {name}: {entry['description']}")
        line = (f"train {entry['train_images_per_s']:,.0f} images/s   infer {entry['infer_images_per_s']:,.0f} images/s"
                f"   warm-up {entry['warmup_s']:.2f} s (compile {entry['compile_s']:.2f} s)")
        if "train_vs_torch" in entry:
            line += (f"   vs PyTorch {entry['torch_device']}: train {entry['train_vs_torch']:.2f}x, "
                     f"infer {entry['infer_vs_torch']:.2f}x")
        if entry.get("ratios"):
            line += f"   [{entry['ratios']}]"
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
                text += (f" {_percent(row['forward_peak_fraction'], row['forward_peak_clipped']):>9}"
                         f" {_percent(row['backward_peak_fraction'], row['backward_peak_clipped']):>9}")
                if row.get("flops_counted") == "winograd":
                    text += "   (Winograd: its own products counted)"
            print(text)
        total_f = sum(r["forward_ms"] for r in entry["layers"])
        total_b = sum(r["backward_ms"] for r in entry["layers"])
        print(f"  {'total':<10} {'':<16} {total_f:>10.2f} {total_b:>11.2f}")
        if peak and any(r["forward_peak_clipped"] or r["backward_peak_clipped"] for r in entry["layers"]):
            print("  * faster than the measured sgemm peak: clipped to 100% (a layer too short to time, or a "
                  "peak measured while the machine was busy)")
        if peak and entry.get("ratios"):
            print(f"  %peak {entry['ratios']}")
    for device, rates in (report["torch"] or {}).items():
        where = f"CPU ({rates['threads']} threads)" if device == "cpu" else "CUDA"
        print(f"\n== torch {rates['version']} {where}: train {rates['train_images_per_s']:,.0f} images/s   "
              f"infer {rates['infer_images_per_s']:,.0f} images/s")
    if report.get("torch_note"):
        print(f"\n{report['torch_note']}")
