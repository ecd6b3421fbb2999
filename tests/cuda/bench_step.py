#!/usr/bin/env python
"""Time the cuda backend's device-resident training step on a real GPU (not a test).

    python tests/cuda/bench_step.py                 # seed net, batch 128, float32
    python tests/cuda/bench_step.py --epoch          # plus one full MNIST epoch, as the trainer drives it

Runs the trainer's step (``cnnviz.train.step.training_step``: data uploaded once, batches gathered on
the device, loss into the stats buffer read every 50 steps, one workspace per
step) and prints: warm-up (compile) seconds, wall ms per step, per-layer CUDA
event times, device counters per step, and optionally the wall time of one
epoch over the bundled MNIST training set. JSON on the last line.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.getcwd())

from cnnviz.backends import registry  # noqa: E402
from cnnviz.data.datasets import load_dataset  # noqa: E402
from cnnviz.nn.model import Sequential  # noqa: E402
from cnnviz.nn.optim import Optimizer  # noqa: E402
from cnnviz.train.step import training_step  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--backend", default="cuda")
    ap.add_argument("--net", default="seed")
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--epoch", action="store_true")
    args = ap.parse_args()

    be = registry.get(args.backend)
    print(be.describe(), flush=True)
    report: dict = {"backend": be.name, "device": be.describe()}
    t0 = time.perf_counter()
    report["warm_up_s"] = be.warm_up(np.float32)
    report["warm_up_wall_s"] = time.perf_counter() - t0
    print(f"warm-up: compiled and ran every kernel in {report['warm_up_s']:.2f} s", flush=True)

    d = load_dataset("mnist")
    data = be.upload_dataset(d.train_images, d.train_labels)
    model = Sequential.from_spec(args.net).initialise(0).to(be)
    opt = Optimizer("adam").to(be)
    every = 50
    stats = be.new_step_stats(every)
    rng = np.random.default_rng(0)
    n = len(d.train_images)

    def step(i, indices, marks=None):  # the trainer's step
        training_step(be, model, opt, data, indices, stats, i % every, i, 1e-3, marks)
        if i % every == every - 1:
            return be.read_step_stats(stats, every)
        return None

    order = rng.permutation(n)
    batches = [order[k : k + args.batch] for k in range(0, n - args.batch + 1, args.batch)]
    t0 = time.perf_counter()
    step(0, batches[0])
    be.synchronize()
    report["first_step_s"] = time.perf_counter() - t0
    for i in range(1, 5):
        step(i, batches[i % len(batches)])
    be.synchronize()

    before = be.device_counters()
    t0 = time.perf_counter()
    for i in range(args.steps):
        step(i, batches[i % len(batches)])
    be.synchronize()
    report["ms_per_step"] = (time.perf_counter() - t0) / args.steps * 1e3
    after = be.device_counters()
    if before is not None:
        report["device_counters_per_step"] = {k: (after[k] - before[k]) / args.steps for k in after}

    per_layer = collections.defaultdict(float)
    walls = []
    for i in range(20):
        marks = []
        be.synchronize()
        t0 = time.perf_counter()
        step(i, batches[i], marks)
        be.synchronize()
        walls.append((time.perf_counter() - t0) * 1e3)
        for name, phase, s, e in marks:
            per_layer[f"{name}.{phase}"] += be.elapsed_ms(s, e) / 20
    report["per_layer_ms"] = {k: round(v, 4) for k, v in per_layer.items()}
    report["events_sum_ms"] = sum(per_layer.values())
    report["wall_ms_with_marks"] = float(np.median(walls))
    print(f"{report['ms_per_step']:.2f} ms/step (batch {args.batch}); per layer (ms):", flush=True)
    for k, v in report["per_layer_ms"].items():
        print(f"  {k:<20s} {v:8.3f}")
    print(f"device counters per step: {report.get('device_counters_per_step')}")

    if args.epoch:
        order = rng.permutation(n)
        t0 = time.perf_counter()
        for i, k in enumerate(range(0, n, args.batch)):
            result = step(i, order[k : k + args.batch])
        be.synchronize()
        report["epoch_s"] = time.perf_counter() - t0
        report["epoch_images_per_s"] = n / report["epoch_s"]
        report["last_stats"] = None if result is None else result[-1].tolist()
        print(f"one epoch ({n} images): {report['epoch_s']:.2f} s, {report['epoch_images_per_s']:.0f} img/s")
    print("JSON " + json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
