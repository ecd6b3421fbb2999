"""``cnnviz devices --check``: does every backend that can run here compute what the NumPy reference computes?

What a teacher runs before class (and the first thing to run on a new GPU
machine). For every backend it opens, at the network and batch size given
(default: the seed network, 128 images, float32), through the same protocol
the trainer uses (``upload_dataset`` of real MNIST images, ``gather_batch``,
``softmax_cross_entropy_into`` a device stats buffer, a backward into the flat
gradient buffer, one optimizer call):

1. the gathered batch, the logits of a forward pass and, after a backward,
   d(loss)/d(logits) and every parameter gradient are compared with the
   reference's;
2. three momentum training steps follow, each from the reference's weights and
   velocity (loaded into the backend before the step, so that rounding does not
   build up over a trajectory); each step's gradients, velocity, weights, loss
   and correct count are compared; one Adam update of fixed arrays is checked
   on its own;
3. a training step is timed, compilation excluded (``warm_up`` first, its
   seconds reported separately).

The reference is the NumPy backend in float64. A float32 backend may differ from
it by rounding, and by how much is computed alongside, for every value: a
first-order running error bound (see ``_Reference``) that grows with each
reduction's length and with the magnitudes summed, and that widens where
rounding can flip a ReLU mask or a max-pool choice. A value outside its bound is
a bug, not rounding: a healthy backend passes at any batch size, network and
thread count; a sign error, a shifted padding or a missing bias gradient fails,
naming the tensor.

A backend that cannot run is listed with the reason. Exit status 1 when any
check fails. ``python -m cnnviz.devices_check --help`` runs it without the CLI.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import asdict, dataclass, field

import numpy as np

from ..backends import numpy_ref, registry
from ..backends.base import BackendUnavailable, dropout_keep_mask
from ..nn.layers import Conv2D, Dense, Dropout, Flatten, MaxPool2D, ReLU
from ..nn.model import PRESETS, Sequential, layer_key
from ..nn.optim import Optimizer
from ..train.step import training_step

TRAIN_STEPS = 3
LEARNING_RATE = 1e-2
MOMENTUM = 0.9
"""SGD with momentum for the training steps: an update is linear in the gradient, so its error
bound follows from the gradient's. (Adam divides by sqrt(v): for the many gradients near zero it
turns rounding noise into full +-lr steps, so its update is checked on its own, as one
``adam_step`` on fixed inputs.)"""
DTYPE = np.float32
REFERENCE_DTYPE = np.float64
TOLERANCES = {"batch": 0.0, "adam": 1e-5}
"""Largest relative error (max |got - expected| / max |expected|) accepted where no bound is
computed: the gathered batch is exact, Adam's few elementwise operations are a few ulps."""

U32 = 2.0 ** -24
"""float32's unit roundoff (round to nearest)."""
LAMBDA = 10.0
"""Confidence of the probabilistic summation bound (see ``reduction_ulps``)."""
ALGORITHM_ULPS = 24.0
"""Rounding that does not shrink with a reduction's length: the bias addition and the store
(2 ulps), the transforms of a Winograd convolution (numba's F(2x2, 5x5) with points 0, +-1, 1/2,
-2: its input and output transforms add and scale up to 6 terms each way; measured with the sums
at 32 to 64 channels: at most 10 ulps of the summed magnitudes in all), and a GPU's fast exp/log in the loss; with 2x to spare."""
FLIP_FACTOR = 3.0
"""A max-pool choice that goes to the runner-up moves the gradient from one element to another: the
two errors are equal and opposite and meet again in the next weight gradient, where adding them in
quadrature undercounts them by up to sqrt(2) (the seed net at batch 128 came to 0.94 of a bound with a factor 1); 3 leaves a margin. (Adding them linearly through
``|w|`` instead makes the conv bias gradients' bounds larger than the gradients at batch 128.)"""
SOFTMAX_ULPS = 8.0
"""Ulps of error per unit of |logit - max logit| and of log-sum-exp in a float32 softmax
(CUDA's __expf is 2 + 1.16|x| ulps; a few more for the shift, the sum of the classes and the log)."""
REFERENCE_CHUNK = 32
"""Images the float64 reference computes at once (its memory grows with it)."""
FLOOR = 1e-36
"""Absolute slack: float32 values below 1.2e-38 may flush to zero (GPUs do), and softmax
probabilities below it underflow."""
PROTOCOL = ("upload_dataset", "gather_batch", "new_step_stats", "softmax_cross_entropy_into", "read_step_stats")


def reduction_ulps(k: int) -> float:
    """How far, in float32 ulps of the summed magnitudes (``U32 * sum |terms|``), a float32 sum of
    ``k`` products may be from the exact sum.

    Higham & Mary (SIAM J. Sci. Comput. 41(5), 2019, Theorem 2.4): for any summation order
    (blocked, pairwise, split over threads or warps, with or without FMA) the error is at most
    ``lambda * sqrt(k) * u * sum|terms|`` (to first order) with probability at least
    ``1 - 2k exp(-lambda^2 / 2)``, modelling round-to-nearest errors as independent and mean-zero.
    ``lambda = 10`` makes that 4e-16 for a million-term sum: a value outside it is a bug. The
    worst-case bound ``k * u`` would be 300 times looser for the conv1 weight gradient of a
    128-image batch (k = 100352) and let a missing bias gradient through.
    ``ALGORITHM_ULPS`` adds what does not grow with k."""
    return LAMBDA * math.sqrt(k) + ALGORITHM_ULPS


@dataclass
class BackendCheck:
    available: bool
    reason: str | None = None
    """Why it cannot run (unavailable), or what did not match (failed)."""
    check: str = "skipped"
    """passed, failed or skipped."""
    max_rel_error: float | None = None
    """Largest max |got - expected| / max |expected| over the compared tensors (for information)."""
    worst_bound_fraction: float | None = None
    """Largest |got - expected| / (float32 error bound) over every compared value: above 1 fails."""
    step_ms: float | None = None
    warmup_s: float | None = None
    description: str | None = None
    device_counters: dict[str, float] | None = None
    """Per timed step, from ``device_counters()`` (GPU backends), else None."""
    errors: dict[str, float] = field(default_factory=dict)
    """Per compared tensor: worst |got - expected| / bound."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--net", default="seed", help=f"{', '.join(PRESETS)} or a spec (default seed)")
    parser.add_argument("--batch", type=int, default=128, help="images per training step (default 128)")
    parser.add_argument("--backends", default=",".join(registry.NAMES),
                        help=f"comma-separated, from {', '.join(registry.NAMES)} (default: all)")
    parser.add_argument("--timed-steps", type=int, default=10, dest="timed_steps",
                        help="at most this many training steps timed per backend (default 10; "
                             "at least 2, more while under 2 s)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")


def rel_error(got, expected) -> float:
    got = np.asarray(got, np.float64)
    expected = np.asarray(expected, np.float64)
    if got.shape != expected.shape:
        return math.inf
    if not expected.size:
        return 0.0
    diff = np.abs(got - expected)
    if np.isnan(diff).any():
        return math.inf if not np.array_equal(np.isnan(got), np.isnan(expected)) else \
            rel_error(np.nan_to_num(got), np.nan_to_num(expected))
    return float(diff.max() / max(float(np.abs(expected).max()), 1e-30))


@dataclass
class Bounded:
    """A float64 reference value and, element by element, how far a correct float32 result may be."""

    value: np.ndarray
    bound: np.ndarray


@dataclass
class Mismatch:
    fraction: float
    """Worst |got - value| / bound (inf for a shape mismatch or a NaN where none is expected)."""
    outside: int
    """How many elements are outside their bound."""
    size: int
    worst_error: float
    worst_bound: float


def compare(got, expected: Bounded) -> Mismatch:
    value = np.atleast_1d(np.asarray(expected.value, np.float64))
    bound = np.atleast_1d(np.asarray(expected.bound, np.float64)) + FLOOR
    got = np.atleast_1d(np.asarray(got, np.float64)) if got is not None else None
    if got is None or got.shape != value.shape:
        return Mismatch(math.inf, value.size, value.size, math.inf, 0.0)
    error = np.abs(got - value)
    error[np.isnan(error)] = math.inf
    ratio = error / bound
    worst = int(np.argmax(ratio)) if ratio.size else 0
    if not ratio.size:
        return Mismatch(0.0, 0, 0, 0.0, 0.0)
    return Mismatch(float(ratio.flat[worst]), int((ratio > 1).sum()), ratio.size, float(error.flat[worst]),
                    float(bound.flat[worst]))


# --- the float64 reference with error bounds -------------------------------------------------------
def _windows(a: np.ndarray) -> np.ndarray:
    """(N,C,H,W) -> the 2x2 pooling windows (N,C,H//2,W//2,4), in the reference's order."""
    n, c, h, w = a.shape
    h2, w2 = h // 2, w // 2
    return a[:, :, :2 * h2, :2 * w2].reshape(n, c, h2, 2, w2, 2).transpose(0, 1, 2, 4, 3, 5).reshape(n, c, h2, w2, 4)


def _unwindow(win: np.ndarray, shape) -> np.ndarray:
    n, c, h2, w2, _ = win.shape
    out = np.zeros(shape, win.dtype)
    out[:, :, :2 * h2, :2 * w2] = win.reshape(n, c, h2, w2, 2, 2).transpose(0, 1, 2, 4, 3, 5).reshape(
        n, c, 2 * h2, 2 * w2)
    return out


class _Reference:
    """One training step of ``model``'s network in float64 (the NumPy backend), with a bound on
    every result: how far a float32 implementation may be from it by rounding alone.

    A first-order running error analysis, layer by layer, with both sides starting from the same
    float32 weights and images. Every value carries a bound ``e``. A reduction ``y = sum_i w_i x_i``
    (a convolution, a dense layer, a weight or bias gradient) rounds by at most
    ``reduction_ulps(k) * u * sum |w_i x_i|`` itself, and passes on its inputs' errors, ``sum w_i e_i``.
    Rounding errors are independent and mean-zero (the model behind ``reduction_ulps``), so they add
    in quadrature: ``e_y^2 = sum w_i^2 e_i^2 + (own rounding)^2`` (adding them as ``sum |w_i| e_i``
    instead assumes every error has the worst sign at once: through two layers the conv bias
    gradients' bounds then exceed the gradients themselves, and a missing bias gradient passes). The
    magnitudes are the NumPy backend's own operations on ``|.|`` and squares.

    A ReLU whose input is within its bound of 0, or a max-pool window whose runner-up is within the
    bounds of its maximum, may go the other way in float32; the gradient there may then be off by
    all of itself, times ``FLIP_FACTOR``. Ties exact in float64 (zeros after a ReLU, identical image patches)
    come from identical inputs and route identical contributions, so they count as certain.
    """

    def __init__(self, model: Sequential):
        self.model = model
        self.be = numpy_ref.create()

    def step(self, params: dict[str, np.ndarray], x: np.ndarray, labels: np.ndarray,
             train: bool = False, step_key: int | None = None) -> dict:
        """Logits, dlogits, loss, correct count and parameter gradients (all ``Bounded``; correct:
        (count, how many rows' argmax is uncertain)) for the float32-valued ``params`` and batch ``x``.

        Computed ``REFERENCE_CHUNK`` images at a time (the float64 columns of four passes of a
        batch of 128 took 1.6 GB); the sums over the batch and their bounds are put together after."""
        u, n = U32, len(x)
        parts = [self._chunk(params, x[start:start + REFERENCE_CHUNK], labels[start:start + REFERENCE_CHUNK],
                             train, step_key, start, n) for start in range(0, n, REFERENCE_CHUNK)]
        joined = lambda key: np.concatenate([part[key] for part in parts])  # noqa: E731
        total = lambda key: sum(part[key] for part in parts)  # noqa: E731
        out = {"forward": Bounded(joined("z"), joined("ez")), "dlogits": Bounded(joined("dlogits"), joined("e_dlogits")),
               "loss": Bounded(np.float64(-total("logp_sum") / n),
                               np.float64(total("e_logp_sum") / n + reduction_ulps(n) * u * total("abs_logp_sum") / n)),
               "correct": (total("correct"), total("unsure"))}
        out["gradients"] = {}
        for name, (_, _, _, k) in parts[0]["gradients"].items():
            value, squares, magnitude = (sum(part["gradients"][name][i] for part in parts) for i in range(3))
            out["gradients"][name] = Bounded(value, np.sqrt(squares + (reduction_ulps(k) * u * magnitude) ** 2))
        return out

    def _chunk(self, params, x, labels, train: bool, step_key, start: int, batch: int) -> dict:
        """``step`` for images ``start:start + len(x)`` of a batch of ``batch``: their logits and
        dlogits, and their shares of the batch's sums (gradient: value, sum of squared errors coming
        in, sum of |terms|, length of the whole sum)."""
        be, u = self.be, U32
        x = np.asarray(x, REFERENCE_DTYPE)
        e = np.zeros_like(x)
        tape = []
        for index, layer in enumerate(self.model.layers):
            if isinstance(layer, (Conv2D, Dense)):
                w = np.asarray(params[f"{layer.name}.weight"], REFERENCE_DTYPE)
                b = np.asarray(params[f"{layer.name}.bias"], REFERENCE_DTYPE)
                forward = be.conv2d_forward if isinstance(layer, Conv2D) else be.dense_forward
                extra = (layer.pads(),) if isinstance(layer, Conv2D) else ()
                zeros = np.zeros_like(b)
                y, cache = forward(x, w, b, *extra)
                mag, mag_cache = forward(np.abs(x), np.abs(w), np.abs(b), *extra)  # sum |terms|
                _, square_cache = forward(x * x, w * w, zeros, *extra)  # for e_dy^2 x^2 in backward
                spread, e_cache = forward(e * e, w * w, zeros, *extra)  # sum w^2 e_x^2
                k = w[0].size + 1
                tape.append((layer, index, cache, mag_cache, square_cache, e_cache))
                x, e = y, np.sqrt(spread + (reduction_ulps(k) * u * mag) ** 2)
            elif isinstance(layer, ReLU):
                tape.append((layer, index, x, e))
                e = np.where(x + e > 0, e, 0.0)
                x = np.maximum(x, 0.0)
            elif isinstance(layer, MaxPool2D):
                tape.append((layer, index, x, e))
                x, e = _windows(x).max(axis=-1), _windows(e).max(axis=-1)  # |max a - max b| <= max |a - b|
            elif isinstance(layer, Flatten):
                tape.append((layer, index, x.shape))
                x, e = x.reshape(len(x), -1), e.reshape(len(e), -1)
            elif isinstance(layer, Dropout) and train and layer.rate > 0:
                keep = dropout_keep_mask((batch, *x.shape[1:]), layer.rate, layer_key(step_key, index))
                factor = keep[start:start + len(x)] / (1.0 - layer.rate)  # the whole batch's mask
                x = x * factor
                tape.append((layer, index, factor))
                e = e * factor + u * np.abs(x)
            else:
                tape.append((layer, index, None))
        out = self._loss(x, e, labels, batch)
        dy, edy = out["dlogits"], out["e_dlogits"]
        gradients = {}
        for entry in reversed(tape):
            layer, index = entry[0], entry[1]
            need_dx = any(l.has_params for l in self.model.layers[:index])
            if isinstance(layer, (Conv2D, Dense)):
                cache, mag_cache, square_cache, e_cache = entry[2:]
                backward = be.conv2d_backward if isinstance(layer, Conv2D) else be.dense_backward
                dx, dw, db = backward(dy, cache, need_dx)
                adx, adw, adb = backward(np.abs(dy), mag_cache, need_dx)  # |w||dy|, |dy||x|, sum |dy|
                qdx, qdw, qdb = backward(edy * edy, square_cache, need_dx)  # w^2 e_dy^2, e_dy^2 x^2, sum e_dy^2
                _, qdw_x, _ = backward(dy * dy, e_cache, False)  # dy^2 e_x^2
                w_shape = params[f"{layer.name}.weight"].shape
                k_param = batch * int(np.prod(dy.shape[2:]))  # images (x positions) summed per weight
                k_input = w_shape[0] * (int(np.prod(w_shape[2:])) if isinstance(layer, Conv2D) else 1)
                gradients[f"{layer.name}.weight"] = (dw, qdw + qdw_x, adw, k_param)
                gradients[f"{layer.name}.bias"] = (db, qdb, adb, k_param)
                if not need_dx:
                    break
                dy, edy = dx, np.sqrt(qdx + (reduction_ulps(k_input) * u * adx) ** 2)
            elif isinstance(layer, ReLU):
                x, e = entry[2], entry[3]
                unsure = (np.abs(x) <= e) & (e > 0)
                open_ = x > 0
                dy, edy = dy * open_, np.where(unsure, FLIP_FACTOR * (np.abs(dy) + edy), edy * open_)
            elif isinstance(layer, MaxPool2D):
                x, e = entry[2], entry[3]
                win, ewin = _windows(x), _windows(e)
                first = win.argmax(axis=-1)[..., None]
                top = np.take_along_axis(win, first, -1)
                chosen = np.arange(4) == first
                near = (win >= top - ewin - np.take_along_axis(ewin, first, -1)) & (win != top)
                unsure = near.any(axis=-1, keepdims=True)
                anywhere = FLIP_FACTOR * (np.abs(dy) + edy)[..., None]
                edy_win = np.where(unsure & (near | chosen), anywhere, chosen * edy[..., None])
                dy, edy = _unwindow(chosen * dy[..., None], x.shape), _unwindow(edy_win, x.shape)
            elif isinstance(layer, Flatten):
                dy, edy = dy.reshape(entry[2]), edy.reshape(entry[2])
            elif isinstance(layer, Dropout) and entry[2] is not None:
                dy = dy * entry[2]
                edy = edy * entry[2] + u * np.abs(dy)
        out["gradients"] = gradients
        return out

    def _loss(self, z: np.ndarray, ez: np.ndarray, labels: np.ndarray, batch: int) -> dict:
        """Cross-entropy (its sum over these rows), correct count and d(mean loss)/d(logits) for a batch
        of ``batch``, with their bounds. A logit off by ``dz`` moves log p_i by ``dz_i - sum_j p_j dz_j``,
        so p_i by at most p_i (ez_i + max ez)."""
        u, n = U32, batch
        rows = np.arange(len(z))
        labels = np.asarray(labels, np.int64)
        shifted = z - z.max(axis=1, keepdims=True)
        lse = np.log(np.exp(shifted).sum(axis=1, keepdims=True))
        logp = shifted - lse
        p = np.exp(logp)
        e_logp = ez + ez.max(axis=1, keepdims=True) + SOFTMAX_ULPS * u * (1 + np.abs(shifted) + lse)
        dlogits = p.copy()
        dlogits[rows, labels] -= 1
        dlogits /= n
        e_dlogits = (p * e_logp * 1.5 + 2 * u * np.abs(n * dlogits)) / n  # 1.5: e^d - 1 <= 1.5 d while d < 0.8
        order = np.argsort(-z, axis=1)[:, :2]
        top, second = z[rows, order[:, 0]], z[rows, order[:, 1]]
        unsure = int((top - second <= ez[rows, order[:, 0]] + ez[rows, order[:, 1]]).sum())
        return {"z": z, "ez": ez, "dlogits": dlogits, "e_dlogits": e_dlogits, "logp_sum": logp[rows, labels].sum(),
                "e_logp_sum": e_logp[rows, labels].sum(), "abs_logp_sum": np.abs(logp[rows, labels]).sum(),
                "correct": int((z.argmax(axis=1) == labels).sum()), "unsure": unsure}

    def momentum_update(self, params, velocity, gradients: dict[str, Bounded], lr: float, momentum: float):
        """The velocity and weights after one ``sgd_step`` (v = m v + g; w -= lr v), with bounds."""
        u = U32
        new_v, new_w = {}, {}
        for name, g in gradients.items():
            v0 = np.asarray(velocity[name], REFERENCE_DTYPE)
            w0 = np.asarray(params[name], REFERENCE_DTYPE)
            v = momentum * v0 + g.value
            ev = g.bound + 2 * u * (np.abs(momentum * v0) + np.abs(v))
            w = w0 - lr * v
            new_v[name] = Bounded(v, ev)
            new_w[name] = Bounded(w, lr * ev + 2 * u * (np.abs(lr * v) + np.abs(w)))
        return new_v, new_w


# --- running the protocol ---------------------------------------------------------------------
@dataclass
class _Data:
    images: np.ndarray
    labels: np.ndarray
    index_sets: list[np.ndarray]


def _data(batch: int) -> _Data:
    from ..data.datasets import load_dataset

    mnist = load_dataset("mnist")
    count = min(len(mnist.train_labels), batch * (TRAIN_STEPS + 1))
    order = np.random.default_rng(7).permutation(count)
    index_sets = [order[(np.arange(batch) + k * batch) % count].astype(np.int64) for k in range(TRAIN_STEPS + 1)]
    return _Data(np.ascontiguousarray(mnist.train_images[:count]), np.asarray(mnist.train_labels[:count]), index_sets)


def _to32(arrays: dict) -> dict[str, np.ndarray]:
    return {name: np.asarray(getattr(a, "value", a), DTYPE) for name, a in arrays.items()}


def reference_run(spec: str, data: _Data, steps: int = TRAIN_STEPS) -> dict:
    """What every backend is compared with: the float64 reference's forward and backward at the
    initial weights, then ``steps`` momentum steps, each starting from the previous one's result
    rounded to float32 (``start_weights``, ``start_velocity``: what a backend loads before it)."""
    model = Sequential.from_spec(spec, input_shape=(1, *data.images.shape[1:]))
    params = model.initialise(0, DTYPE).state_dict()
    be = numpy_ref.create()
    device = be.upload_dataset(data.images, data.labels)
    reference = _Reference(model)

    def batch(k):
        x, y = be.gather_batch(device, data.index_sets[k], REFERENCE_DTYPE)
        return x, np.asarray(y)

    x, labels = batch(0)
    out = {"batch": x, "labels": labels, **reference.step(params, x, labels)}
    velocity = {name: np.zeros_like(p) for name, p in params.items()}
    out["steps"] = []
    for k in range(1, steps + 1):
        x, labels = batch(k)
        result = reference.step(params, x, labels, train=True, step_key=k)
        new_v, new_w = reference.momentum_update(params, velocity, result["gradients"], LEARNING_RATE, MOMENTUM)
        out["steps"].append({"start_weights": params, "start_velocity": velocity, "gradients": result["gradients"],
                             "loss": result["loss"], "correct": result["correct"], "velocity": new_v,
                             "weights": new_w})
        params, velocity = _to32(new_w), _to32(new_v)
    out["adam"] = _adam_once(be, REFERENCE_DTYPE)
    return out


class _Session:
    """A model, an optimizer and the data on one backend, driven as the trainer drives it."""

    def __init__(self, be, spec: str, data: _Data, steps: int = TRAIN_STEPS):
        self.be = be
        shape = (1, *data.images.shape[1:])
        self.model = Sequential.from_spec(spec, input_shape=shape).initialise(0, DTYPE).to(be)
        self.opt = Optimizer("momentum", momentum=MOMENTUM).to(be)
        self.data = be.upload_dataset(data.images, data.labels)
        self.slots = max(steps, TRAIN_STEPS) + 1
        self.stats = be.new_step_stats(self.slots)
        self.index_sets = data.index_sets

    def step(self, index, slot: int, step_key: int) -> None:
        training_step(self.be, self.model, self.opt, self.data, index, self.stats, slot, step_key, LEARNING_RATE)

    def _flat_gradients(self) -> dict[str, np.ndarray]:
        flat = self.model.named_parameters().flat
        return flat.layout.split(self.be.to_host(flat.grad))

    def results(self, reference: dict) -> dict:
        """Everything ``compare_results`` checks, each training step started from the reference's
        weights and velocity of that step."""
        be, model = self.be, self.model
        out = {}
        x, y = be.gather_batch(self.data, self.index_sets[0], DTYPE)
        out["batch"], out["labels"] = be.to_host(x), be.to_host(y)
        logits = model.forward(x, train=False)
        out["forward"] = be.to_host(logits)
        dlogits = be.softmax_cross_entropy_into(logits, y, self.stats, 0)
        model.backward(dlogits)
        out["dlogits"] = be.to_host(dlogits)
        out["gradients"] = self._flat_gradients()
        out["steps"] = []
        for k, ref in enumerate(reference["steps"], 1):
            model.load_state_dict(ref["start_weights"])
            layout = model.named_parameters().flat.layout
            self.opt.replace_state(be, {f"optim.{name}.velocity": v for name, v in ref["start_velocity"].items()},
                                   k - 1, layout)
            self.step(self.index_sets[k], k, k)
            stats = be.read_step_stats(self.stats, k + 1)
            out["steps"].append({"gradients": self._flat_gradients(), "weights": model.state_dict(),
                                 "velocity": {key.split(".", 1)[1].rsplit(".", 1)[0]: v
                                              for key, v in self.opt.state_arrays().items()},
                                 "loss": float(stats[k, 0]), "correct": int(round(stats[k, 1]))})
        out["adam"] = _adam_once(be, DTYPE)
        return out

    def time_steps(self, max_steps: int, min_seconds: float = 2.0) -> tuple[float, dict | None]:
        """Mean wall time of a training step (ms), device synchronised at the end: at least two
        steps, then more until ``min_seconds`` have passed or ``max_steps`` ran; and the device
        counters per step (None on a CPU)."""
        be = self.be
        slots = self.slots
        for k in range(2 if be.is_gpu else 1):  # untimed: a shape's first steps fill caches and pools
            self.step(self.index_sets[k % len(self.index_sets)], k % slots, 100 + k)
        be.read_step_stats(self.stats, 1)
        be.synchronize()
        before = be.device_counters()
        start = time.perf_counter()
        steps = 0
        while steps < max_steps and (steps < 2 or time.perf_counter() - start < min_seconds):
            self.step(self.index_sets[steps % len(self.index_sets)], steps % slots, 200 + steps)
            steps += 1
            if steps % slots == 0:
                be.read_step_stats(self.stats, slots)  # as the trainer: read every few steps
        be.synchronize()
        elapsed = time.perf_counter() - start
        after = be.device_counters()
        counters = None
        if before is not None and after is not None:
            counters = {f"{k}_per_step": (after[k] - before[k]) / steps for k in after}
        return elapsed / steps * 1e3, counters


def _adam_once(be, dtype=DTYPE) -> np.ndarray:
    """One Adam update (step 3) of fixed random float32 parameters and state (computed in ``dtype``);
    (param, m, v) on the host."""
    rng = np.random.default_rng(11)
    arrays = [rng.standard_normal(4096).astype(DTYPE), rng.standard_normal(4096).astype(DTYPE),
              (0.1 * rng.standard_normal(4096)).astype(DTYPE), (0.01 * np.abs(rng.standard_normal(4096))).astype(DTYPE)]
    param, grad, m, v = (be.from_host(a.astype(dtype)) for a in arrays)
    be.adam_step(param, grad, m, v, 1e-3, 0.9, 0.999, 1e-8, 3)
    return np.concatenate([be.to_host(param), be.to_host(m), be.to_host(v)])


def compare_results(got: dict, expected: dict) -> tuple[dict[str, Mismatch], dict[str, float]]:
    """Per compared tensor (``forward``, ``gradient conv1.bias``, ``step 2 weights dense1.weight``...):
    the values outside their float32 bound, and the relative error (for information)."""
    checks: dict[str, Mismatch] = {}
    rel: dict[str, float] = {}

    def bounded(key, got_value, ref: Bounded):
        checks[key] = compare(got_value, ref)
        rel[key] = rel_error(got_value, ref.value) if got_value is not None else math.inf

    def exact(key, ok: bool, tolerance_error: float = 0.0):
        checks[key] = Mismatch(0.0 if ok else math.inf, 0 if ok else 1, 1, tolerance_error, 0.0)

    batch_error = rel_error(got["batch"], expected["batch"])
    exact("batch", batch_error <= TOLERANCES["batch"], batch_error)
    exact("labels", np.array_equal(got["labels"], expected["labels"]))
    bounded("forward", got["forward"], expected["forward"])
    bounded("dlogits", got["dlogits"], expected["dlogits"])
    for name, g in expected["gradients"].items():
        bounded(f"gradient {name}", got["gradients"].get(name), g)
    for k, (mine, ref) in enumerate(zip(got["steps"], expected["steps"]), 1):
        bounded(f"step {k} loss", mine["loss"], ref["loss"])
        count, unsure = ref["correct"]
        exact(f"step {k} correct", abs(mine["correct"] - count) <= unsure, abs(mine["correct"] - count))
        for kind in ("gradients", "velocity", "weights"):
            for name, r in ref[kind].items():
                bounded(f"step {k} {kind.rstrip('s')} {name}", mine[kind].get(name), r)
    adam_error = rel_error(got["adam"], expected["adam"])
    exact("adam", adam_error <= TOLERANCES["adam"], adam_error)
    rel["adam"] = adam_error
    return checks, rel


def _problem(checks: dict[str, Mismatch]) -> str | None:
    bad = [(key, m) for key, m in checks.items() if not m.fraction <= 1.0]
    if not bad:
        return None
    def rank(item):  # a wrong batch explains everything after it; then the tensor furthest outside its bound
        key, m = item
        first = 2 if key in ("batch", "labels") else 0 if key.endswith("correct") or key == "adam" else 1
        return first, m.fraction

    key, m = max(bad, key=rank)
    what = {"batch": "the gathered batch differs from the reference's",
            "labels": "gathered labels differ",
            "adam": f"adam: relative error {m.worst_error:.2e} > {TOLERANCES['adam']:.0e}"}.get(key)
    if what is None and key.endswith("correct"):
        what = f"{key}: differs by {m.worst_error:.0f} images, more than rounding can flip"
    if what is None:
        what = (f"{key}: {m.outside} of {m.size} values outside the float32 error bound "
                f"(worst off by {m.worst_error:.2e}, bound {m.worst_bound:.2e})")
    more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
    return what + more


def check_backend(name: str, spec: str, data: _Data, reference: dict, timed_steps: int) -> BackendCheck:
    """Check one backend against ``reference`` (``reference_run``'s result)."""
    try:
        be = registry.get(name)
    except BackendUnavailable as exc:
        return BackendCheck(available=False, reason=str(exc))
    result = BackendCheck(available=True)
    try:
        result.description = be.describe()
        missing = [m for m in PROTOCOL if not hasattr(be, m)]
        if missing:
            raise NotImplementedError(f"the backend lacks {', '.join(missing)} of the training protocol")
        warm_up = getattr(be, "warm_up", None)
        result.warmup_s = float(warm_up(DTYPE)) if getattr(be, "needs_warmup", False) and warm_up else 0.0
        session = _Session(be, spec, data, len(reference["steps"]))
        checks, rel = compare_results(session.results(reference), reference)
        result.errors = {key: m.fraction for key, m in checks.items()}
        result.worst_bound_fraction = max(result.errors.values())
        result.max_rel_error = max(rel.values())
        problem = _problem(checks)
        result.step_ms, result.device_counters = session.time_steps(timed_steps)
        result.check = "failed" if problem else "passed"
        result.reason = problem
    except Exception as exc:  # a crash is a failed check with its reason, not a traceback for the teacher
        result.check = "failed"
        text = str(exc).strip().splitlines()
        result.reason = f"{type(exc).__name__}: {text[0] if text else ''}"[:500]
    return result


def check_all(net: str, batch: int, names: list[str], timed_steps: int = 10) -> dict:
    model = Sequential.from_spec(net)  # SpecError (a ValueError) names the problem
    data = _data(batch)
    reference = reference_run(model.spec, data)
    backends = {name: check_backend(name, model.spec, data, reference, timed_steps) for name in names}
    return {"net": model.spec, "batch": batch, "dtype": np.dtype(DTYPE).name,
            "reference_dtype": np.dtype(REFERENCE_DTYPE).name, "train_steps": TRAIN_STEPS, "backends": backends}


# --- output -----------------------------------------------------------------------------------------
def _json_number(value):
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return None if value is None else str(value)
    return value


def to_json(report: dict) -> dict:
    out = {k: v for k, v in report.items() if k != "backends"}
    out["backends"] = {}
    for name, res in report["backends"].items():
        entry = asdict(res)
        entry.pop("errors")
        entry["max_rel_error"] = _json_number(entry["max_rel_error"])
        entry["worst_bound_fraction"] = _json_number(entry["worst_bound_fraction"])
        out["backends"][name] = entry
    return out


def format_table(report: dict) -> str:
    lines = [f"cnnviz devices --check: {report['net']}, batch {report['batch']}, {report['dtype']}; "
             f"forward, backward and {report['train_steps']} training steps against the NumPy reference in "
             f"{report['reference_dtype']}", ""]
    header = f"{'backend':<8} {'check':<8} {'max rel err':>11} {'step ms':>9} {'warm-up s':>9}  device / reason"
    lines += [header, "-" * len(header)]
    for name, res in report["backends"].items():
        err = "-" if res.max_rel_error is None else f"{res.max_rel_error:.1e}"
        step = "-" if res.step_ms is None else f"{res.step_ms:.2f}"
        warm = "-" if res.warmup_s is None else f"{res.warmup_s:.2f}"
        detail = res.description if res.check == "passed" else res.reason
        if res.check == "failed" and res.description:
            detail = f"{res.reason}  [{res.description}]"
        lines.append(f"{name:<8} {res.check:<8} {err:>11} {step:>9} {warm:>9}  {detail or ''}")
    failed = [n for n, r in report["backends"].items() if r.check == "failed"]
    lines.append("")
    lines.append(f"FAILED: {', '.join(failed)}" if failed else
                 "All backends that can run here agree with the reference.")
    return "\n".join(lines)


def _names(text: str) -> list[str]:
    names = [n.strip().lower() for n in str(text).split(",") if n.strip()]
    unknown = [n for n in names if n not in registry.NAMES]
    if unknown or not names:
        raise ValueError(f"unknown backend {unknown[0]!r} in --backends; choose from {', '.join(registry.NAMES)}"
                         if unknown else "--backends is empty")
    return list(dict.fromkeys(names))


def main(args) -> int:
    """Run the check; 0 when every backend that can run passed, 1 when one failed."""
    from ..train.config import MAX_BATCH

    batch = getattr(args, "batch", 128)
    if not isinstance(batch, int) or not 1 <= batch <= MAX_BATCH:
        raise ValueError(f"--batch must be a whole number from 1 to {MAX_BATCH}, got {batch!r}")
    timed = getattr(args, "timed_steps", 10)
    if not isinstance(timed, int) or not 1 <= timed <= 10000:
        raise ValueError(f"--timed-steps must be a whole number from 1 to 10000, got {timed!r}")
    names = _names(getattr(args, "backends", ",".join(registry.NAMES)))
    report = check_all(getattr(args, "net", "seed"), batch, names, timed)
    if getattr(args, "json", False):
        json.dump(to_json(report), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(format_table(report))
    return 1 if any(r.check == "failed" for r in report["backends"].values()) else 0


def run_cli(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cnnviz devices --check", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return main(args)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(run_cli())
