"""The input optimised to excite each unit of a layer (:mod:`~cnnviz.classroom.filters` has the units and
how their activation is measured): gradient ascent on that same measure, with the
feature-visualisation recipe (Olah et al. 2017, "Feature Visualization"):

* start: each unit's strongest test image (the ascent begins where the data
  excites the unit most), and the best picture seen is kept, so the result
  never excites its unit less than its start;
* normalised steps: Adam in pixel space, projected back into [0, 1], so deep
  units with tiny gradients move as fast as shallow ones;
* a unit that got worse since the last check goes back to its best picture
  with half the step;
* the measure's own slope (the positions that are on); a unit that is off
  everywhere climbs a leaky ReLU until it comes on (its ReLU has no slope);
* smooth steps: each step is blurred (a Gaussian), so it moves strokes
  rather than single pixels; jitter: most steps see the input shifted by up
  to ``jitter`` pixels, so the pattern must work wherever it lands;
* an ink limit: at most :data:`INK_ALLOWANCE` times the start's mean pixel
  value. Without it a unit whose weights sum above zero wants the whole
  field lit, and the picture is a flat white square that says nothing;
* a conv unit found worse at two checks in a row wants finer detail or its
  place exactly: half its blur, no more jitter, its full step back;
* a bound on the work: ``steps`` (the callers' budget: a slow machine takes
  longer rather than stopping early) and, optionally, ``seconds``.

All units of a layer are optimised together in one batch (samples are
independent), through the model's own backward passes
(:func:`~cnnviz.classroom.saliency.layer_input_gradients`); for a deep conv
layer those stop below it, and the layer itself is computed for each
picture's own unit's channel only (:class:`_OwnChannel`, checked against the
model's own gradient in the tests).
"""

from __future__ import annotations

import time

import numpy as np

from ..nn.layers import Conv2D, MaxPool2D
from ..nn.model import Sequential
from .filters import UnitLayer, forward_macs
from .saliency import IMAGE_SIZE, layer_input_gradients

__all__ = ["MAX_STEPS", "step_macs", "optimise_inputs"]

MAX_STEPS = 2000
ADAM_BETAS = (0.9, 0.99)
STEP_SIZE = 0.04
"""Adam's step per pixel (of 0 to 1): 25 steps can turn black to white."""
INK_ALLOWANCE = 1.5
"""An optimised input may hold this many times its start's ink (mean pixel value): enough to beat the start,
too little to light the whole field (what a unit whose weights sum above zero wants: a flat white square)."""
GREY = 0.2
"""The start without a start image: about a digit's ink (MNIST's mean pixel value is 0.13), spread evenly."""
LEAK = 0.1
"""The ascent's slope where the unit's map is off (its ReLU's is 0 there: no way up for a unit that is off)."""
FINER_AFTER = 2
"""A unit found worse at this many checks in a row gets half its blur, no more jitter and its full step back..."""
FINEST_BLUR = 0.25
"""... down to this sigma (pixels): next to no blur. A fast or seed net's conv1 has units that detect 1-pixel
edges: with the default blur (sigma 1) their steps never climbed (1 of 24 and 1 of 32 stayed at their start)."""


def _blur_matrix(sigma: float, size: int = IMAGE_SIZE) -> np.ndarray:
    """A (size, size) Gaussian blur, each row summing to 1 (``G @ img @ G.T`` blurs both axes)."""
    offsets = np.arange(size)[:, None] - np.arange(size)[None, :]
    weights = np.exp(-0.5 * (offsets / sigma) ** 2)
    return weights / weights.sum(axis=1, keepdims=True)


def _roll(pictures: np.ndarray, shifts: np.ndarray) -> np.ndarray:
    """Each picture rolled by its own ``(rows, columns)`` (``shifts``: (N, 2) ints), as ``np.roll`` rolls one."""
    size = pictures.shape[1]
    if not shifts.any():
        return pictures
    rows = (np.arange(size)[None, :] - shifts[:, :1]) % size
    cols = (np.arange(size)[None, :] - shifts[:, 1:]) % size
    return pictures[np.arange(len(pictures))[:, None, None], rows[:, :, None], cols[:, None, :]]


def _project(values: np.ndarray, ink: np.ndarray | None) -> np.ndarray:
    """The nearest pictures (least squares) with pixels in [0, 1] and, where ``ink`` is given, a mean pixel
    value of at most ``ink`` per picture: ``clip(values - t, 0, 1)`` with the smallest ``t >= 0`` that fits,
    found by bisection."""
    pictures = np.clip(values, 0.0, 1.0)
    if ink is None:
        return pictures
    over = pictures.mean(axis=(1, 2)) > ink + 1e-9
    if not over.any():
        return pictures
    some, limit = values[over], ink[over][:, None, None]
    low, high = np.zeros_like(limit), np.maximum(some.max(axis=(1, 2), keepdims=True), 0.0)
    for _ in range(40):
        middle = 0.5 * (low + high)
        too_much = np.clip(some - middle, 0.0, 1.0).mean(axis=(1, 2), keepdims=True) > limit
        low, high = np.where(too_much, middle, low), np.where(too_much, high, middle)
    pictures[over] = np.clip(some - high, 0.0, 1.0)
    return pictures


class _OwnChannel:
    """A conv layer (and the 2x2 pools right after it) computed for one output channel per picture: picture
    ``u`` gets channel ``u`` only. What :func:`optimise_inputs` needs of a deep conv layer, where the model's
    own pass would compute every channel for every picture (the seed net's conv2: 64 channels for each of 64
    pictures, 64 times the work). ``below``: the layer whose output it takes."""

    def __init__(self, below: int, weight: np.ndarray, bias: np.ndarray, pads: tuple, pools: int):
        self.below, self.weight, self.bias, self.pads, self.pools = below, weight, bias, pads, pools

    def __call__(self, inputs: np.ndarray):
        """``(own outputs (units, H', W'), backward)``: ``backward(d own outputs) -> d inputs``."""
        units, kernel = self.weight.shape[0], self.weight.shape[2]
        top, bottom, left, right = self.pads
        padded = np.pad(inputs[:units], ((0, 0), (0, 0), (top, bottom), (left, right)))
        height, width = padded.shape[2] - kernel + 1, padded.shape[3] - kernel + 1
        size = padded.shape[2] * padded.shape[3]
        # Every offset of the kernel at every place, as one batched product (the unit's weights, offsets x
        # channels, times its channels), then each offset's share summed where it lands.
        taps = self.weight.reshape(units, -1, kernel * kernel).transpose(0, 2, 1) @ padded.reshape(units, -1, size)
        taps = taps.reshape((units, kernel * kernel) + padded.shape[2:])
        out = np.broadcast_to(self.bias[:, None, None], (units, height, width)).copy()
        for i in range(kernel):
            for j in range(kernel):
                out += taps[:, i * kernel + j, i : i + height, j : j + width]
        picks = []
        for _ in range(self.pools):  # 2x2, stride 2, an odd last row or column dropped
            rows, cols = out.shape[1] // 2, out.shape[2] // 2
            blocks = out[:, : 2 * rows, : 2 * cols].reshape(units, rows, 2, cols, 2).transpose(0, 1, 3, 2, 4)
            blocks = blocks.reshape(units, rows, cols, 4)
            pick = blocks.argmax(axis=3)
            picks.append((out.shape, pick))
            out = np.take_along_axis(blocks, pick[..., None], axis=3)[..., 0]

        def backward(d_out: np.ndarray) -> np.ndarray:
            for shape, pick in reversed(picks):
                rows, cols = pick.shape[1:]
                blocks = np.zeros((units, rows, cols, 4))
                np.put_along_axis(blocks, pick[..., None], d_out[..., None], axis=3)
                d_out = np.zeros(shape)
                d_out[:, : 2 * rows, : 2 * cols] = (
                    blocks.reshape(units, rows, cols, 2, 2).transpose(0, 1, 3, 2, 4).reshape(units, 2 * rows, 2 * cols)
                )
            # Each weight's share, as one batched product: the output's gradient placed at every offset of the
            # kernel, times the unit's weights (channels x offsets).
            placed = np.zeros((units, kernel * kernel) + padded.shape[2:])
            for i in range(kernel):
                for j in range(kernel):
                    placed[:, i * kernel + j, i : i + height, j : j + width] = d_out
            d_padded = (
                self.weight.reshape(units, -1, kernel * kernel) @ placed.reshape(units, kernel * kernel, -1)
            ).reshape(padded.shape)
            d_inputs = np.zeros_like(inputs)
            d_inputs[:units] = d_padded[:, :, top : top + inputs.shape[2], left : left + inputs.shape[3]]
            return d_inputs

        return out, backward


def _own_channel_head(model: Sequential, layer: UnitLayer) -> _OwnChannel | None:
    """``layer``'s convolution (and its pools) as :class:`_OwnChannel`; None where the model's own passes do
    (the classes, a first conv layer: cheap, and nothing below it to stop at) or something else lies between."""
    conv = layer.index
    while conv > 0 and isinstance(model.layers[conv], MaxPool2D):
        conv -= 1
    found = model.layers[conv]
    if conv < 1 or not isinstance(found, Conv2D) or len(model.shapes[conv]) != 3:
        return None
    be = model.backend
    weight = np.asarray(be.to_host(found.params["weight"].data), np.float64)[: layer.units]
    bias = np.asarray(be.to_host(found.params["bias"].data), np.float64)[: layer.units]
    return _OwnChannel(conv - 1, weight, bias, found.pads(), layer.index - conv)


def step_macs(model: Sequential, layer: UnitLayer) -> int:
    """Forward multiply-adds of one step of :func:`optimise_inputs` for all of ``layer``'s units: each picture
    through the layers below, and its own channel of the layer (where :class:`_OwnChannel` applies) or the whole
    layer."""
    head = _own_channel_head(model, layer)
    if head is None:
        return layer.units * forward_macs(model, layer.index)
    conv = head.below + 1
    in_shape, out_shape = model.shapes[conv], model.shapes[conv + 1]
    own = int(np.prod(out_shape[1:])) * in_shape[0] * model.layers[conv].kernel ** 2
    return layer.units * (forward_macs(model, head.below) + own)


def optimise_inputs(
    model: Sequential,
    layer: UnitLayer,
    steps: int = 128,
    seed: int = 0,
    step_size: float = STEP_SIZE,
    jitter: int = 2,
    smoothing: float = 1.0,
    centre: bool = False,
    progress=None,
    start: np.ndarray | None = None,
    ink: float | np.ndarray | None = None,
    seconds: float | None = None,
    check_every: int = 4,
) -> tuple[np.ndarray, np.ndarray]:
    """``(inputs (units, 28, 28) float32 in [0, 1], their measured activations (units,))`` for ``layer``.

    The measure is the one the test images are ranked by (:func:`.filters.mean_activations`): a conv unit's map
    mean after its ReLU, a class's score. ``centre``: the unit at the centre of its map instead (a conv
    layer): the input then shows the pattern the filter wants inside its patch (:func:`.filters.centre_field`),
    and the activation returned is that centre position's, after the ReLU.

    ``start``: (units, 28, 28) pictures in [0, 1] to start from, one per unit (its strongest test image:
    the ascent begins where the data excites the unit most). Without it, :data:`GREY` with faint smooth
    noise. ``ink``: the most mean pixel value a picture may have (one number or one per unit); by default
    :data:`INK_ALLOWANCE` times the start's (a unit whose weights sum above zero otherwise wants the whole
    field lit: a flat white square says nothing); none with ``centre`` (the patch is a small part of the
    picture, and a limit would dim the rest, which the unit does not see).

    The ascent (projected Adam in pixel space, steps of about ``step_size`` per pixel) sees the
    input shifted by up to ``jitter`` pixels (every ``check_every``-th step unshifted), and its steps are
    blurred (``smoothing``, a Gaussian's sigma in pixels) so that it moves smooth strokes rather than single pixels.
    It keeps each unit's best picture seen on the unshifted steps, so the result excites its unit at
    least as much as its start. ``seconds``: stop after this long (the best so far is returned)."""
    if not 1 <= steps <= MAX_STEPS:
        raise ValueError(f"steps must be from 1 to {MAX_STEPS}, got {steps}")
    if check_every < 1:
        raise ValueError(f"check_every must be at least 1, got {check_every}")
    rng = np.random.default_rng(seed)
    units = layer.units
    smooth = _blur_matrix(smoothing)
    if start is None:
        noise = smooth @ rng.standard_normal((units, IMAGE_SIZE, IMAGE_SIZE)) @ smooth.T
        x = np.clip(GREY + 0.1 * noise / max(float(noise.std()), 1e-12), 0.0, 1.0)
    else:
        x = np.clip(np.asarray(start, np.float64).reshape(units, IMAGE_SIZE, IMAGE_SIZE), 0.0, 1.0)
    if ink is None and not centre:
        ink = np.minimum(INK_ALLOWANCE * x.mean(axis=(1, 2)), 1.0)
    limit = None if ink is None else np.broadcast_to(np.asarray(ink, np.float64), (units,)).copy()
    x = _project(x, limit)
    spatial = len(model.shapes[layer.index + 1]) == 3
    own = np.arange(units)
    at_centre = centre and spatial

    relu = layer.measured != layer.index
    seen = {}

    def objective_rows(mine: np.ndarray) -> np.ndarray:
        """d(objective)/d(each unit's own output), ``mine`` (units, ...); notes the measure (``value``) and what
        the ascent compares (``score``)."""
        if at_centre:
            row, col = mine.shape[1] // 2, mine.shape[2] // 2
            pre = mine[:, row, col].reshape(units, 1)
        else:
            pre = mine.reshape(units, -1)  # the unit's map before its ReLU (one position: a class)
        if relu:
            # The measure's slope: the positions that are on. A unit that is off everywhere has none (no way
            # up through its ReLU): it climbs a leaky ReLU instead, scored below every unit that is on.
            on = pre > 0
            anywhere = on.any(axis=1, keepdims=True)
            value = np.maximum(pre, 0.0).mean(axis=1)
            slope = np.where(on, 1.0, np.where(anywhere, 0.0, LEAK))
            score = np.where(anywhere[:, 0], value, LEAK * pre.mean(axis=1))
        else:
            value = score = pre.mean(axis=1)
            slope = np.ones_like(pre)
        seen["value"], seen["score"] = value, score
        rows = np.zeros_like(mine)
        if at_centre:
            rows[:, row, col] = slope[:, 0]
        else:
            rows[:] = (slope / pre.shape[1]).reshape(mine.shape)
        return rows

    head = _own_channel_head(model, layer)
    if head is None:

        def seed_rows(out: np.ndarray) -> np.ndarray:
            rows = np.zeros_like(out)
            rows[own, own] = objective_rows(out[own, own])
            return rows

        below = layer.index
    else:
        # Each picture needs its own unit's channel only: the layer's convolution is done here for that one
        # channel per picture (and the pools after it), the layers below it by the model's own passes.
        def seed_rows(out: np.ndarray) -> np.ndarray:
            mine, back = head(out)
            return back(objective_rows(mine))

        below = head.below

    def gradient(pictures: np.ndarray) -> np.ndarray:
        return layer_input_gradients(model, pictures, below, seed_rows)[1]

    best, best_value, best_score = x.copy(), np.zeros(units), np.full(units, -np.inf)
    first, second = np.zeros_like(x), np.zeros_like(x)
    sizes = np.full((units, 1, 1), float(step_size))
    ages = np.zeros((units, 1, 1))  # Adam's steps per unit, for its bias correction
    blurs = np.full(units, float(smoothing))  # each unit's blur: finer for a unit the blur keeps from climbing
    blur = np.repeat(smooth[None], units, axis=0)
    misses = np.zeros(units, np.int64)  # checks in a row that found the unit worse
    jittering = np.ones(units, bool)
    deadline = None if seconds is None else time.perf_counter() + seconds
    for step in range(steps + 1):
        check = step % check_every == 0 or step == steps
        dy, dx = (0, 0) if check or not jitter else rng.integers(-jitter, jitter + 1, 2)
        shifts = np.outer(jittering, (dy, dx)).astype(np.int64)  # (units, 2): none for a unit that stopped
        grad = gradient(_roll(x, shifts))
        if check:
            better = seen["score"] > best_score
            best[better], best_value[better] = x[better], seen["value"][better]
            best_score[better] = seen["score"][better]
            # A unit that got worse since its last check overshot: back to its best, with half the step
            # and its gradient history forgotten.
            worse = ~better & (step > 0)
            if worse.any() and step < steps:
                x[worse], first[worse], second[worse], ages[worse] = best[worse], 0.0, 0.0, 0
                sizes[worse] *= 0.5
                grad[worse] = 0.0  # (this step's gradient was of the worse picture: they wait one step)
            # Worse twice in a row: the unit wants finer detail than its blur lets through (a 1-pixel edge:
            # the blurred step is no way up at all), or its place exactly (behind pools, a shift of one pixel
            # is another picture to it). Half the blur, no more jitter, and the full step again.
            misses = np.where(better, 0, misses + worse)
            # Not the classes: they climb without it, and a finer blur lets speckles into a dream of a digit.
            finer = (misses >= FINER_AFTER) & ((blurs > FINEST_BLUR * 1.01) | jittering) & (step < steps) & spatial
            for unit in np.flatnonzero(finer):
                blurs[unit] = max(blurs[unit] / 2, FINEST_BLUR)
                blur[unit], sizes[unit], misses[unit] = _blur_matrix(blurs[unit]), step_size, 0
                jittering[unit] = False
        if step == steps or (deadline is not None and time.perf_counter() > deadline):
            break
        grad = np.swapaxes(blur, 1, 2) @ _roll(grad.astype(np.float64), -shifts) @ blur
        moving = (np.abs(grad).reshape(units, -1).max(axis=1) > 0).reshape(units, 1, 1)
        ages += moving
        first = np.where(moving, ADAM_BETAS[0] * first + (1 - ADAM_BETAS[0]) * grad, first)
        second = np.where(moving, ADAM_BETAS[1] * second + (1 - ADAM_BETAS[1]) * grad * grad, second)
        spread = np.sqrt(second / (1 - ADAM_BETAS[1] ** np.maximum(ages, 1)))
        # Adam's epsilon relative to each picture's largest gradient: pixels a thousand times less
        # important (the blur's far tails, what a centre unit does not see) stay where they are.
        floor = 1e-3 * spread.max(axis=(1, 2), keepdims=True) + 1e-30
        direction = (first / (1 - ADAM_BETAS[0] ** np.maximum(ages, 1))) / (spread + floor)
        x = _project(x + sizes * (blur @ direction @ np.swapaxes(blur, 1, 2)), limit)
        if progress is not None:
            progress(1)
    return best.astype(np.float32), best_value
