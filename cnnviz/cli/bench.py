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
reported (``bench_machine.load_average``); at ``BUSY_LOAD`` or more before starting, the
run warns and marks its ratios ``unreliable (machine busy)`` (``ratios``).
See docs/measuring.md.

This module is the command (arguments, the rounds, the report); what is timed is in
bench_runner.py, the machine (threads, load average, sgemm peak) in bench_machine.py.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np

from ..backends import gpu_probe, registry
from ..backends.base import BackendUnavailable
from ..nn.layers import Conv2D
from ..nn.model import PRESETS, Sequential
from . import bench_machine as machine
from .bench_machine import BUSY
from .bench_runner import LEARNING_RATE, READ_EVERY, CnnvizRunner, Result, add_peak_fractions, bench_data, layer_flops
from .bench_torch import TorchRunner, torch_plan
from .common import check_threads, threads_arg


def torch_hint() -> str:
    """What to run when PyTorch is missing, for how this cnnviz was installed (never an index's "cnnviz")."""
    return f"PyTorch is not installed; {gpu_probe.pip_extra_command('bench')}"


MAX_REPEAT = 100
MAX_STEPS = 10000
THREADS_PER_CORE = 4
"""--threads may oversubscribe the cores this much (more only spends memory on stacks and pools)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--net", default="seed", help=f"{', '.join(PRESETS)} or a spec (default seed)")
    parser.add_argument("--batch", type=int, default=64, help="images per training step (default 64)")
    parser.add_argument(
        "--backends",
        default="numpy,numba",
        help=f"comma-separated, from {', '.join(registry.NAMES)} (default numpy,numba)",
    )
    parser.add_argument(
        "--steps", type=int, default=20, help=f"timed training steps per round, 1 to {MAX_STEPS} (default 20)"
    )
    parser.add_argument("--warmup", type=int, default=3, help="untimed steps before timing (default 3)")
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help=f"interleaved timing rounds, 1 to {MAX_REPEAT}; the best counts (default 3)",
    )
    parser.add_argument(
        "--threads",
        type=threads_arg,
        default=None,
        metavar="N|auto",
        help=f"CPU threads for numba, BLAS and PyTorch, 1 to {THREADS_PER_CORE} x the cores; auto "
        "(the default): numba on the count its thread probe chose for this machine and network "
        "(as cnnviz train and the window), BLAS and PyTorch on their defaults",
    )
    parser.add_argument(
        "--against",
        choices=["torch"],
        default=None,
        help="also time the identical network in PyTorch (CUDA for GPU backends, CPU for CPU "
        "backends) and print ratios",
    )
    parser.add_argument(
        "--time-to",
        type=float,
        default=None,
        metavar="ACC",
        help="instead of images/s: seconds of training until the test accuracy reaches ACC %% "
        "(e.g. 99 with --net fast), with the net's recipe, beside PyTorch's same recipe "
        "with --against torch; --repeat runs per contender (the median counts)",
    )
    parser.add_argument("--seed", type=int, default=0, help="initial weights and data order of --time-to runs")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")


# --- argument checks ------------------------------------------------------------------
def _check(args) -> tuple[Sequential, list[str]]:
    from ..train.config import MAX_BATCH

    for name, low, high in (
        ("batch", 1, MAX_BATCH),
        ("steps", 1, MAX_STEPS),
        ("warmup", 0, MAX_STEPS),
        ("repeat", 1, MAX_REPEAT),
    ):
        value = getattr(args, name, None)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ValueError(f"--{name} must be a whole number from {low} to {high}, got {value!r}")
    cores = machine.cpu_count()
    check_threads(getattr(args, "threads", None), THREADS_PER_CORE * cores, f"{THREADS_PER_CORE} x {cores} cores")
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
    say(
        f"network {spec}  batch {args.batch}  {args.steps} steps x {args.repeat} rounds"
        + (f"  {threads} threads" if threads else "")
        + f"  (data on the device, stats read every {READ_EVERY} steps)"
    )
    load_before, busy = machine.load_before(say)
    machine.set_blas_threads(threads)
    data = bench_data(args.batch)

    runners: dict[str, CnnvizRunner] = {}
    unavailable: dict[str, str] = {}
    warmups: dict[str, float] = {}
    compiles: dict[str, float] = {}
    chosen: dict[str, dict | None] = {}
    for name in names:
        progress(f"{name}: opening...")
        try:
            be = machine.open_backend(name, threads)
        except BackendUnavailable as exc:
            unavailable[name] = str(exc)
            say(f"{name}: unavailable ({exc})")
            continue
        start = time.perf_counter()
        if be.needs_warmup:
            progress(f"{name}: compiling...")
            compiles[name] = float(be.warm_up(np.float32))
        else:
            compiles[name] = 0.0
        chosen[name] = machine.choose_threads(be, name, spec, args.batch, "adam", data.images, data.labels, say)
        progress(f"{name}: warming up...")
        runner = CnnvizRunner(be, spec, data)
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
            torch_error = torch_hint()
            say(torch_error)
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

    results = {name: Result() for name in runners}
    torch_results = {device: Result() for device in torch_runners}
    contenders = [(name, runner, results[name]) for name, runner in runners.items()]
    contenders += [(f"torch-{device}", runner, torch_results[device]) for device, runner in torch_runners.items()]
    for round_ in range(1, args.repeat + 1):  # round by round, so that a disturbance hits every contender
        for name, runner, res in contenders:
            progress(f"{name}: round {round_}/{args.repeat}")
            if isinstance(runner, CnnvizRunner):
                res.train_s = min(res.train_s, runner.train(args.steps, count=True))
            else:
                res.train_s = min(res.train_s, runner.train(args.steps))
            res.infer_s = min(res.infer_s, runner.infer(args.steps))
    for name, runner in runners.items():
        progress(f"{name}: per-layer times...")
        results[name].layers = runner.profile(min(args.steps, 10))

    peak_module = machine.sgemm_peak_module()
    peaks: dict[str, float] = {}
    images = args.batch * args.steps
    report = {
        "net": spec,
        "batch": args.batch,
        "steps": args.steps,
        "read_stats_every": READ_EVERY,
        "backends": {},
        "unavailable": unavailable,
    }
    torch_rates = {}
    for device, res in torch_results.items():
        torch_rates[device] = {
            "train_images_per_s": images / res.train_s,
            "infer_images_per_s": images / res.infer_s,
            "threads": torch.get_num_threads() if device == "cpu" else None,
            "version": torch.__version__,
        }
    for name, runner in runners.items():
        be = runner.be
        rows = results[name].layers
        peak = None
        winograd = getattr(be, "winograd_tile", None)
        if not be.is_gpu and peak_module is not None:
            n = machine.cpu_threads(be, threads)
            progress(f"{name}: measuring the sgemm peak on {n} threads...")
            key, value = machine.measure_peak(peak_module, be, n)
            peak = peaks.setdefault(key, value)
        add_peak_fractions(rows, layer_flops(model, args.batch, winograd), peak)
        for row, layer, shape in zip(rows, model.layers, model.shapes):
            if isinstance(layer, Conv2D):
                fast = winograd is not None and winograd(layer.kernel, shape[0], layer.out_channels) is not None
                row["flops_counted"] = "winograd" if fast else "direct"
        entry = {
            "description": be.describe(),
            "is_gpu": bool(be.is_gpu),
            "train_images_per_s": images / results[name].train_s,
            "infer_images_per_s": images / results[name].infer_s,
            "warmup_s": warmups[name],
            "compile_s": compiles[name],
            "device_counters": runner.counters_per_step(),
            "threads": chosen[name] and chosen[name]["threads"],
            "threads_how": chosen[name] and chosen[name]["threads_how"],
            "thread_probe_seconds": chosen[name] and chosen[name]["probe_seconds"],
            "sgemm_peak_gflops": peak,
            "layers": rows,
        }
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
    report["machine"] = machine.describe_machine(threads, torch)
    report["machine"]["sgemm_peak_gflops"] = peaks or None
    machine.add_load_after(report, load_before, busy, say)

    if args.json:
        json.dump(report, out, indent=2)
        out.write("\n")
        return 0
    _print_text(report)
    return 0


def _run_time_to(args, names: list[str]) -> int:
    from ..data.datasets import load_dataset
    from .bench_time_to import print_time_to, run_time_to

    if not isinstance(args.seed, int) or isinstance(args.seed, bool) or not 0 <= args.seed < 2**32:
        raise ValueError(f"--seed must be a whole number from 0 to {2**32 - 1}, got {args.seed!r}")
    say = (lambda *a: print(*a, file=sys.stderr)) if args.json else print
    load_before, busy = machine.load_before(say)
    machine.set_blas_threads(args.threads)
    report = run_time_to(
        args,
        names,
        lambda name: machine.open_backend(name, args.threads),
        _progress,
        say,
        lambda: load_dataset("mnist"),
        machine.choose_threads,
    )
    machine.add_load_after(report, load_before, busy, say)
    report["machine"] = machine.describe_machine(args.threads)
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
        if entry.get("threads"):
            print(f"threads: {entry['threads']} ({entry['threads_how']})")
        line = (
            f"train {entry['train_images_per_s']:,.0f} images/s   infer {entry['infer_images_per_s']:,.0f} images/s"
            f"   warm-up {entry['warmup_s']:.2f} s (compile {entry['compile_s']:.2f} s)"
        )
        if "train_vs_torch" in entry:
            line += (
                f"   vs PyTorch {entry['torch_device']}: train {entry['train_vs_torch']:.2f}x, "
                f"infer {entry['infer_vs_torch']:.2f}x"
            )
        if entry.get("ratios"):
            line += f"   [{entry['ratios']}]"
        print(line)
        counters = entry["device_counters"]
        if counters is not None:
            print(
                f"  per step: {counters['kernel_launches_per_step']:.1f} launches, "
                f"{counters['allocations_per_step']:.2f} device allocations, "
                f"{counters['host_to_device_bytes_per_step']:,.0f} B to the device, "
                f"{counters['device_to_host_bytes_per_step']:,.1f} B back"
            )
        peak = entry["sgemm_peak_gflops"]
        head = f"  {'layer':<10} {'spec':<16} {'forward ms':>10} {'backward ms':>11}"
        if peak:
            head += f" {'fwd %peak':>9} {'bwd %peak':>9}   (sgemm peak {peak:,.0f} GFLOP/s)"
        print(head)
        for row in entry["layers"]:
            text = f"  {row['name']:<10} {row['spec']:<16} {row['forward_ms']:>10.2f} {row['backward_ms']:>11.2f}"
            if peak:
                text += (
                    f" {_percent(row['forward_peak_fraction'], row['forward_peak_clipped']):>9}"
                    f" {_percent(row['backward_peak_fraction'], row['backward_peak_clipped']):>9}"
                )
                if row.get("flops_counted") == "winograd":
                    text += "   (Winograd: its own products counted)"
            print(text)
        total_f = sum(r["forward_ms"] for r in entry["layers"])
        total_b = sum(r["backward_ms"] for r in entry["layers"])
        print(f"  {'total':<10} {'':<16} {total_f:>10.2f} {total_b:>11.2f}")
        if peak and any(r["forward_peak_clipped"] or r["backward_peak_clipped"] for r in entry["layers"]):
            print(
                "  * faster than the measured sgemm peak: clipped to 100% (a layer too short to time, or a "
                "peak measured while the machine was busy)"
            )
        if peak and entry.get("ratios"):
            print(f"  %peak {entry['ratios']}")
    for device, rates in (report["torch"] or {}).items():
        where = f"CPU ({rates['threads']} threads)" if device == "cpu" else "CUDA"
        print(
            f"\n== torch {rates['version']} {where}: train {rates['train_images_per_s']:,.0f} images/s   "
            f"infer {rates['infer_images_per_s']:,.0f} images/s"
        )
    if report.get("torch_note"):
        print(f"\n{report['torch_note']}")
