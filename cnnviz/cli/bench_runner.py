"""What ``cnnviz bench`` times of a cnnviz backend: one sequence of real MNIST batches for every
contender, a backend trained as the trainer trains it (``train.step.training_step``, the device
stats read every ``READ_EVERY`` steps), its inference and per-layer times, and the FLOPs each
layer performs (for its fraction of the machine's sgemm peak)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from ..nn.layers import Conv2D, Dense
from ..nn.model import Sequential
from ..nn.optim import Optimizer
from ..train.step import training_step

READ_EVERY = 10
"""Steps between two reads of the device loss/accuracy buffer (as the trainer)."""
LEARNING_RATE = 1e-3


# --- data: the training set and one sequence of batches for everybody ----------------------------
@dataclass
class BenchData:
    images: np.ndarray
    labels: np.ndarray
    order: np.ndarray
    batch: int

    def indices(self, step: int) -> np.ndarray:
        n = len(self.order)
        return self.order[(np.arange(self.batch) + step * self.batch) % n].astype(np.int32)


def bench_data(batch: int, seed: int = 0) -> BenchData:
    from ..data.datasets import load_dataset

    d = load_dataset("mnist")
    order = np.random.default_rng(seed).permutation(len(d.train_labels))
    return BenchData(np.ascontiguousarray(d.train_images), np.ascontiguousarray(d.train_labels), order, batch)


# --- contenders ----------------------------------------------------------------------------
@dataclass
class Result:
    train_s: float = float("inf")
    infer_s: float = float("inf")
    layers: list = field(default_factory=list)


class CnnvizRunner:
    """One backend trained as the trainer trains: host indices in, device stats read every READ_EVERY steps."""

    def __init__(self, backend, spec: str, data: BenchData, lr: float = LEARNING_RATE):
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
            training_step(
                be, self.model, self.opt, self.device_data, indices, self.stats, self.slot, self.k, self.lr, marks
            )
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
            self.model.infer(x)  # in the workspace, as a training step: nothing allocated per batch
        be.synchronize()
        elapsed = time.perf_counter() - start
        self.model.clear_caches()
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

        return [
            {
                "name": layer.name,
                "spec": layer.spec(),
                "forward_ms": median((layer.name, "forward")),
                "backward_ms": median((layer.name, "backward")),
            }
            for layer in self.model.layers
        ]


def layer_flops(model: Sequential, batch: int, winograd_tile=None) -> dict[str, tuple[float, float]]:
    """FLOPs (2 per multiply-add) that each conv/dense layer's matrix products really perform:
    (forward, backward).

    Forward is one product; backward is the weight-gradient product plus, when a layer with
    parameters comes before it, the input-gradient product. ``winograd_tile(kernel, c_in, c_out)``
    (a backend's ``winograd_tile``): where it gives a tile size m, the forward product (and the
    input gradient's, channels swapped) is counted as Winograd F(m x m, r x r) does it, (m+r-1)^2
    products per m x m output tile instead of m^2 r^2: fewer than the direct convolution; the
    weight gradient as Winograd F(r x r, m x m) over the same tiles of dy, the same count."""

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
            weight_gradient = count(k, c, o, ho, wo)  # Winograd F(r x r, m x m) where the forward is
            out[layer.name] = (count(k, c, o, ho, wo), weight_gradient + (count(k, o, c, ho, wo) if need_dx else 0.0))
        elif isinstance(layer, Dense):
            one = 2.0 * batch * in_shape[0] * layer.units
            out[layer.name] = (one, one * (2 if need_dx else 1))
    return out


def add_peak_fractions(rows: list[dict], flops: dict, peak_gflops: float | None) -> None:
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
