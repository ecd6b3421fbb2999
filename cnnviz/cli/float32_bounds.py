"""A float64 reference training step that carries, for every value, a bound on how far a correct float32
implementation may be from it by rounding alone: what ``cnnviz devices --check`` compares each backend with.
See ``Float64Reference`` for the error analysis and docs/measuring.md for the constants' justification."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..backends import numpy_ref
from ..backends.base import dropout_keep_mask
from ..nn.layers import Conv2D, Dense, Dropout, Flatten, MaxPool2D, ReLU
from ..nn.model import Sequential, layer_key

REFERENCE_DTYPE = np.float64

U32 = 2.0**-24
"""float32's unit roundoff (round to nearest)."""
LAMBDA = 10.0
"""Confidence of the probabilistic summation bound (see ``reduction_ulps``)."""
ALGORITHM_ULPS = 24.0
"""Rounding that does not shrink with a reduction's length: the bias addition and the store
(2 ulps), the transforms of a Winograd convolution (numba's F(2x2, 5x5) with points 0, +-1, 1/2,
-2: its input and output transforms add and scale up to 6 terms each way; measured with the sums
at 32 to 64 channels: at most 10 ulps of the summed magnitudes in all), and a GPU's fast exp/log in the loss; with
2x to spare."""
FLIP_FACTOR = 3.0
"""A max-pool choice that goes to the runner-up moves the gradient from one element to another: the
two errors are equal and opposite and meet again in the next weight gradient, where adding them in
quadrature undercounts them by up to sqrt(2) (the seed net at batch 128 came to 0.94 of a bound with a factor 1); 3
leaves a margin. (Adding them linearly through
``|w|`` instead makes the conv bias gradients' bounds larger than the gradients at batch 128.)"""
SOFTMAX_ULPS = 8.0
"""Ulps of error per unit of |logit - max logit| and of log-sum-exp in a float32 softmax
(CUDA's __expf is 2 + 1.16|x| ulps; a few more for the shift, the sum of the classes and the log)."""
TENSOR_ULPS = 2.0
"""The least bound of any value: this many ulps of the largest value of its tensor."""
REFERENCE_CHUNK = 32
"""Images the float64 reference computes at once (its memory grows with it)."""
FLOOR = 1e-36
"""Absolute slack: float32 values below 1.2e-38 may flush to zero (GPUs do), and softmax
probabilities below it underflow."""


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


def around(magnitude: np.ndarray) -> np.ndarray:
    """The summed magnitudes a convolution's result may owe its rounding to: the largest in its 3x3
    spatial neighbourhood (N, C, H, W).

    A fast convolution does not sum a value's own terms alone: Winograd computes a 2x2 block of
    outputs from one transformed input tile, so each output's rounding scales with the block's
    magnitudes (an output whose own terms are all zero, beside ones that are not, comes out a few
    ulps off zero). Any 2x2 block holding a position lies in its 3x3 neighbourhood."""
    padded = np.pad(magnitude, ((0, 0), (0, 0), (1, 1), (1, 1)), mode="edge")
    h, w = magnitude.shape[2:]
    return np.maximum.reduce([padded[:, :, dy : dy + h, dx : dx + w] for dy in range(3) for dx in range(3)])


def around_kernel(magnitude: np.ndarray) -> np.ndarray:
    """``around`` for a convolution's weight gradient (O, C, kh, kw): Winograd computes one (output,
    input) channel pair's whole kernel from the same transformed tiles, so each of its values may owe
    its rounding to the largest summed magnitude of that kernel."""
    return np.broadcast_to(magnitude.max(axis=(2, 3), keepdims=True), magnitude.shape)


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
    bound = np.atleast_1d(np.asarray(expected.bound, np.float64))
    # Never below the rounding of the tensor's own values: a value whose terms are all zero in float64 is
    # exactly 0 in float32 too, yet its bound is then a few ulps of the tensor's largest value, not 0.
    scale = float(np.abs(np.asarray(expected.value, np.float64)).max()) if np.size(expected.value) else 0.0
    bound = np.maximum(bound, TENSOR_ULPS * U32 * scale) + FLOOR
    got = np.atleast_1d(np.asarray(got, np.float64)) if got is not None else None
    if got is None or got.shape != value.shape:
        return Mismatch(math.inf, value.size, value.size, math.inf, 0.0)
    error = np.abs(got - value)
    error[np.isnan(error)] = math.inf
    ratio = error / bound
    worst = int(np.argmax(ratio)) if ratio.size else 0
    if not ratio.size:
        return Mismatch(0.0, 0, 0, 0.0, 0.0)
    return Mismatch(
        float(ratio.flat[worst]), int((ratio > 1).sum()), ratio.size, float(error.flat[worst]), float(bound.flat[worst])
    )


# --- the float64 reference with error bounds -------------------------------------------------------
def _windows(a: np.ndarray) -> np.ndarray:
    """(N,C,H,W) -> the 2x2 pooling windows (N,C,H//2,W//2,4), in the reference's order."""
    n, c, h, w = a.shape
    h2, w2 = h // 2, w // 2
    return a[:, :, : 2 * h2, : 2 * w2].reshape(n, c, h2, 2, w2, 2).transpose(0, 1, 2, 4, 3, 5).reshape(n, c, h2, w2, 4)


def _unwindow(win: np.ndarray, shape) -> np.ndarray:
    n, c, h2, w2, _ = win.shape
    out = np.zeros(shape, win.dtype)
    out[:, :, : 2 * h2, : 2 * w2] = (
        win.reshape(n, c, h2, w2, 2, 2).transpose(0, 1, 2, 4, 3, 5).reshape(n, c, 2 * h2, 2 * w2)
    )
    return out


class Float64Reference:
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
    all of itself, times ``FLIP_FACTOR``. Ties exact in float64 from identical inputs (identical image
    patches) route identical contributions, so they count as certain; a tie of zeros after a ReLU whose
    inputs were within their bounds of 0 does not (float32 may open one of them and route the gradient there).
    """

    def __init__(self, model: Sequential):
        self.model = model
        self.be = numpy_ref.create()

    def step(
        self,
        params: dict[str, np.ndarray],
        x: np.ndarray,
        labels: np.ndarray,
        train: bool = False,
        step_key: int | None = None,
    ) -> dict:
        """Logits, dlogits, loss, correct count and parameter gradients (all ``Bounded``; correct:
        (count, how many rows' argmax is uncertain)) for the float32-valued ``params`` and batch ``x``.

        Computed ``REFERENCE_CHUNK`` images at a time (the float64 columns of four passes of a
        batch of 128 took 1.6 GB); the sums over the batch and their bounds are put together after."""
        u, n = U32, len(x)
        parts = [
            self._chunk(
                params,
                x[start : start + REFERENCE_CHUNK],
                labels[start : start + REFERENCE_CHUNK],
                train,
                step_key,
                start,
                n,
            )
            for start in range(0, n, REFERENCE_CHUNK)
        ]
        joined = lambda key: np.concatenate([part[key] for part in parts])  # noqa: E731
        total = lambda key: sum(part[key] for part in parts)  # noqa: E731
        out = {
            "forward": Bounded(joined("z"), joined("ez")),
            "dlogits": Bounded(joined("dlogits"), joined("e_dlogits")),
            "loss": Bounded(
                np.float64(-total("logp_sum") / n),
                np.float64(total("e_logp_sum") / n + reduction_ulps(n) * u * total("abs_logp_sum") / n),
            ),
            "correct": (total("correct"), total("unsure")),
        }
        out["gradients"] = {}
        for name, (_, _, _, k) in parts[0]["gradients"].items():
            value, squares, magnitude = (sum(part["gradients"][name][i] for part in parts) for i in range(3))
            if magnitude.ndim == 4:  # a convolution's kernel
                magnitude = around_kernel(magnitude)
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
                if isinstance(layer, Conv2D):
                    mag = around(mag)
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
                factor = keep[start : start + len(x)] / (1.0 - layer.rate)  # the whole batch's mask
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
                if isinstance(layer, Conv2D):
                    adx = around(adx)
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
                # An exact tie is certain when it comes from identical inputs; not a tie of zeros after a
                # ReLU whose inputs were within their bounds of 0 (e > 0): float32 may open one of them.
                tie_of_unsure_zeros = (win == 0) & (top == 0) & (ewin > 0)
                near = (win >= top - ewin - np.take_along_axis(ewin, first, -1)) & ((win != top) | tie_of_unsure_zeros)
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
        return {
            "z": z,
            "ez": ez,
            "dlogits": dlogits,
            "e_dlogits": e_dlogits,
            "logp_sum": logp[rows, labels].sum(),
            "e_logp_sum": e_logp[rows, labels].sum(),
            "abs_logp_sum": np.abs(logp[rows, labels]).sum(),
            "correct": int((z.argmax(axis=1) == labels).sum()),
            "unsure": unsure,
        }

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
