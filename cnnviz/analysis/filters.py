"""What each filter wants to see: its top test images and an input optimised to excite it.

The units are the channels of every conv layer and the output classes. A
unit's activation for an image is, as the model computes it, its mean over
its feature map taken after the ReLU that follows the layer (after a pool
in between, when the network pools first: ``conv, pool, relu``), or the
layer's own output when no ReLU follows it (the class scores, before softmax).

The optimised input is gradient ascent on the mean of softplus (the smooth
ReLU) of the unit's map *before* that ReLU (a unit that is off for the start
image would get no gradient through the ReLU itself),
made readable as Lucid and the deep-visualization toolbox do:

* a smoothed parametrisation: the input is ``sigmoid(G z G)`` where ``G`` is
  a Gaussian blur matrix, so every step changes smooth blobs rather than
  single pixels (the spatial half of Lucid's decorrelated parametrisation;
  there is one colour channel to decorrelate), and ``sigmoid`` keeps it in [0, 1];
* jitter: each step sees the input shifted by up to ``jitter`` pixels, so
  the pattern must work wherever it lands, not only on one pixel grid;
* blur: every ``blur_every`` steps ``z`` itself is blurred a little, which
  damps the high frequencies the ascent keeps adding.

All units of a layer are optimised together in one batch (samples are
independent), through the model's own backward passes
(:func:`~cnnviz.analysis.saliency.layer_input_gradients`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..nn.layers import Conv2D, Dense, MaxPool2D, ReLU
from ..nn.model import Sequential
from .saliency import IMAGE_SIZE, layer_input_gradients

__all__ = ["UnitLayer", "MAX_STEPS", "unit_layers", "mean_activations", "top_images", "receptive_field",
           "strongest_patches", "centre_field", "forward_macs", "optimise_inputs", "filter_grid"]

MAX_STEPS = 2000
TOP = 9
ADAM_BETAS = (0.9, 0.99)
ADAM_STEP = 0.05
"""Adam's step in z from a start image: 128 steps move a pixel's logit by at most 6.4, so the input keeps
the start's shapes (larger steps beat the test images as often, but turn conv1's inputs into flat fields)."""


@dataclass(frozen=True)
class UnitLayer:
    name: str  # the layer's name (conv1, ..., and the last dense layer for the classes)
    index: int  # the layer whose output is optimised (before the ReLU)
    measured: int  # the layer whose output is measured (the ReLU, or ``index`` itself)
    units: int


def unit_layers(model: Sequential) -> list[UnitLayer]:
    """Every conv layer and the classifier, with where each is measured."""
    found = []
    for index, layer in enumerate(model.layers):
        last = index == len(model.layers) - 1
        if not (isinstance(layer, Conv2D) or (last and isinstance(layer, Dense))):
            continue
        measured, before = index, index
        for later in range(index + 1, len(model.layers)):
            following = model.layers[later]
            if isinstance(following, (Conv2D, Dense)):
                break
            if isinstance(following, ReLU):
                measured, before = later, later - 1
                break
        found.append(UnitLayer(layer.name, before, measured, int(model.shapes[index + 1][0])))
    return found


def _unit_means(output: np.ndarray) -> np.ndarray:
    """(N, C, H, W) -> (N, C) mean over each map; (N, F) stays."""
    return output.reshape(output.shape[0], output.shape[1], -1).mean(axis=2)


def mean_activations(model: Sequential, images: np.ndarray, layers: list[UnitLayer], batch_size: int = 256,
                     progress=None) -> dict[str, np.ndarray]:
    """Each layer's unit activations (N, units) for (N, 28, 28) images, in one forward pass per batch."""
    be = model.backend
    wanted = {unit.measured: unit.name for unit in layers}
    last = max(wanted) if wanted else -1
    out = {unit.name: [] for unit in layers}
    try:
        for start in range(0, len(images), batch_size):
            x = be.from_host(np.ascontiguousarray(images[start:start + batch_size, None], dtype=model.dtype))
            for index, layer in enumerate(model.layers[:last + 1]):
                x = layer.forward(be, x, False)
                if index in wanted:
                    out[wanted[index]].append(_unit_means(np.asarray(be.to_host(x), dtype=np.float64)))
            if progress is not None:
                progress(min(batch_size, len(images) - start))
    finally:
        for layer in model.layers:
            layer.clear_cache()
    return {name: np.concatenate(parts) if parts else np.zeros((0, 0)) for name, parts in out.items()}


def top_images(activations: np.ndarray, k: int = TOP) -> tuple[np.ndarray, np.ndarray]:
    """``(indices (units, k), activations (units, k))``: each unit's k strongest images, strongest first
    (ties: the lower index first)."""
    order = np.argsort(-activations, axis=0, kind="stable")[:k].T  # (units, k)
    return order, np.take_along_axis(activations.T, order, axis=1)


def receptive_field(model: Sequential, layer_index: int, row: int, col: int) -> tuple[int, int, int, int]:
    """``(top, left, bottom, right)``, inclusive and inside the image: the input pixels that position
    ``(row, col)`` of layer ``layer_index``'s output depends on, walking back through the convolutions
    (stride 1, with their padding) and the 2x2 pools (stride 2)."""
    if len(model.shapes[layer_index + 1]) != 3:
        raise ValueError(f"layer {layer_index} ({model.layers[layer_index].name}) has no spatial map: "
                         "it sees the whole image")
    top, left, bottom, right = row, col, row, col
    for layer in reversed(model.layers[:layer_index + 1]):
        if isinstance(layer, Conv2D):
            pad_top, _, pad_left, _ = layer.pads()
            top, left = top - pad_top, left - pad_left
            bottom, right = bottom - pad_top + layer.kernel - 1, right - pad_left + layer.kernel - 1
        elif isinstance(layer, MaxPool2D):
            top, left, bottom, right = 2 * top, 2 * left, 2 * bottom + 1, 2 * right + 1
    last = IMAGE_SIZE - 1
    return max(top, 0), max(left, 0), min(bottom, last), min(right, last)


def _layer_output(model: Sequential, images: np.ndarray, last: int) -> np.ndarray:
    """Layer ``last``'s output (host, float64) for (N, 28, 28) images, through the model's own forward passes."""
    be = model.backend
    x = be.from_host(np.ascontiguousarray(images[:, None], dtype=model.dtype))
    try:
        for item in model.layers[:last + 1]:
            x = item.forward(be, x, False)
        return np.asarray(be.to_host(x), dtype=np.float64)
    finally:
        for item in model.layers:
            item.clear_cache()


def strongest_patches(model: Sequential, layer: UnitLayer, images: np.ndarray, top_indices: np.ndarray
                      ) -> np.ndarray:
    """``(units, k, 4)`` int: for unit ``u`` and its image ``images[top_indices[u, j]]``, the input patch
    (:func:`receptive_field`) behind the strongest position of the unit's map; ``-1`` rows where the unit
    has no map (the classes) or its map is zero everywhere (nothing to point at)."""
    units, k = top_indices.shape
    boxes = np.full((units, k, 4), -1, np.int64)
    if len(model.shapes[layer.measured + 1]) != 3 or top_indices.size == 0:
        return boxes
    maps = _layer_output(model, images[top_indices.reshape(-1)], layer.measured).reshape(units, k, units, -1)
    width = model.shapes[layer.measured + 1][2]
    for u in range(units):
        for j in range(k):
            own = maps[u, j, u]
            if own.max() > 0:
                row, col = divmod(int(np.argmax(own)), width)
                boxes[u, j] = receptive_field(model, layer.measured, row, col)
    return boxes


def centre_field(model: Sequential, layer: UnitLayer) -> tuple[int, int, int, int] | None:
    """The input patch (:func:`receptive_field`) of the centre of ``layer``'s map (None: the classes,
    which see the whole image): what ``optimise_inputs(..., centre=True)`` shapes."""
    shape = model.shapes[layer.index + 1]
    if len(shape) != 3:
        return None
    return receptive_field(model, layer.index, shape[1] // 2, shape[2] // 2)


def forward_macs(model: Sequential, last: int) -> int:
    """Multiply-adds of one image's forward pass through ``model.layers[:last + 1]`` (the convolutions and
    dense layers; the rest is comparatively free): what a step of :func:`optimise_inputs` costs per unit."""
    total = 0
    for index, layer in enumerate(model.layers[:last + 1]):
        in_shape, out_shape = model.shapes[index], model.shapes[index + 1]
        if isinstance(layer, Conv2D):
            total += int(np.prod(out_shape)) * in_shape[0] * layer.kernel * layer.kernel
        elif isinstance(layer, Dense):
            total += int(np.prod(in_shape)) * int(np.prod(out_shape))
    return total


def _blur_matrix(sigma: float, size: int = IMAGE_SIZE) -> np.ndarray:
    """A (size, size) Gaussian blur, each row summing to 1 (``G @ img @ G.T`` blurs both axes)."""
    offsets = np.arange(size)[:, None] - np.arange(size)[None, :]
    weights = np.exp(-0.5 * (offsets / sigma) ** 2)
    return weights / weights.sum(axis=1, keepdims=True)


def _sigmoid(v: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * v))


def optimise_inputs(model: Sequential, layer: UnitLayer, steps: int = 128, seed: int = 0, step_size: float | None = None,
                    jitter: int = 2, smoothing: float = 1.0, blur_every: int = 8, centre: bool = False,
                    progress=None, start: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``(inputs (units, 28, 28) float32 in [0, 1], their measured activations (units,))`` for ``layer``.

    ``centre``: excite the unit at the centre of its map only (a conv layer), not its mean over the map: the
    input then shows the pattern the filter wants inside its patch (:func:`centre_field`), where the mean's
    optimum tends to a texture or a uniform field that fills the image. The activation returned is then
    that centre position's, after the ReLU.

    ``start``: (units, 28, 28) images in [0, 1] to start from, one per unit (its strongest test image:
    the ascent then begins where the data excites the unit most and can only climb from there; from
    mid-grey, units whose filter sums to less than zero settle on a dark, flat field where they are off)."""
    if not 1 <= steps <= MAX_STEPS:
        raise ValueError(f"steps must be from 1 to {MAX_STEPS}, got {steps}")
    rng = np.random.default_rng(seed)
    units = layer.units
    smooth = _blur_matrix(smoothing)
    damp = _blur_matrix(0.5)
    if start is None:
        step_size = 0.8 if step_size is None else step_size
        base = np.zeros((units, IMAGE_SIZE, IMAGE_SIZE))
        z = -3.0 + 0.3 * rng.standard_normal((units, IMAGE_SIZE, IMAGE_SIZE))  # starts as faint, uneven grey
    else:  # the picture is sigmoid(base + G z G): exactly ``start`` (within 2 %) at z = 0
        step_size = ADAM_STEP if step_size is None else step_size
        clipped = np.clip(np.asarray(start, np.float64).reshape(units, IMAGE_SIZE, IMAGE_SIZE), 0.02, 0.98)
        base, z = np.log(clipped / (1 - clipped)), np.zeros((units, IMAGE_SIZE, IMAGE_SIZE))
    first, second = np.zeros_like(z), np.zeros_like(z)

    def seed_rows(out: np.ndarray) -> np.ndarray:
        rows = np.zeros_like(out)
        mine = out[np.arange(units), np.arange(units)]  # row i: unit i's map (or score)
        if out.ndim == 4 and centre:
            row, col = out.shape[2] // 2, out.shape[3] // 2
            rows[np.arange(units), np.arange(units), row, col] = _sigmoid(mine[:, row, col])
        elif out.ndim == 4:
            # d mean(softplus(map)) / d map: the smooth ReLU, so the positions already on count most and
            # a unit that is off everywhere still gets a gradient.
            rows[np.arange(units), np.arange(units)] = _sigmoid(mine) / np.prod(out.shape[2:])
        else:
            rows[np.arange(units), np.arange(units)] = 1.0
        return rows

    for step in range(steps):
        image = _sigmoid(base + smooth @ z @ smooth.T)
        dy, dx = rng.integers(-jitter, jitter + 1, 2) if jitter else (0, 0)
        _, grad = layer_input_gradients(model, np.roll(image, (dy, dx), axis=(1, 2)), layer.index, seed_rows)
        grad = np.roll(grad.astype(np.float64), (-dy, -dx), axis=(1, 2))
        grad_z = smooth.T @ (grad * image * (1.0 - image)) @ smooth  # chain rule back through sigmoid and G
        if start is None:  # from grey: steps normalised by the largest gradient
            scale = np.abs(grad_z).reshape(units, -1).max(axis=1)[:, None, None]
            z += step_size * grad_z / np.maximum(scale, 1e-12)
        else:
            # From a test image, Adam: every pixel's step is scaled by its own gradient history, so the
            # whole picture moves a little (a step normalised by the largest gradient moves one pixel).
            first = ADAM_BETAS[0] * first + (1 - ADAM_BETAS[0]) * grad_z
            second = ADAM_BETAS[1] * second + (1 - ADAM_BETAS[1]) * grad_z * grad_z
            corrected = (first / (1 - ADAM_BETAS[0] ** (step + 1))) / (
                np.sqrt(second / (1 - ADAM_BETAS[1] ** (step + 1))) + 1e-12)
            z += step_size * corrected
        if blur_every and (step + 1) % blur_every == 0:
            z = damp @ z @ damp.T
        if progress is not None:
            progress(1)
    inputs = _sigmoid(base + smooth @ z @ smooth.T).astype(np.float32)
    if centre and len(model.shapes[layer.measured + 1]) == 3:
        maps = _layer_output(model, inputs, layer.measured)
        return inputs, maps[np.arange(units), np.arange(units), maps.shape[2] // 2, maps.shape[3] // 2]
    measured = mean_activations(model, inputs, [layer])[layer.name]
    return inputs, measured[np.arange(units), np.arange(units)]


def filter_grid(test_images: np.ndarray, top_indices: np.ndarray, optimised: np.ndarray, scale: int = 2,
                gap: int = 2) -> np.ndarray:
    """One row per unit: its top test images, a wider gap, the optimised input; (H, W) uint8, white = ink."""
    units, k = top_indices.shape
    tile = IMAGE_SIZE * scale
    width = gap + k * (tile + gap) + 3 * gap + tile + gap
    canvas = np.full((gap + units * (tile + gap), width), 128, np.uint8)
    for u in range(units):
        y = gap + u * (tile + gap)
        for j, index in enumerate(top_indices[u]):
            x = gap + j * (tile + gap)
            canvas[y:y + tile, x:x + tile] = np.kron(test_images[index], np.ones((scale, scale), np.uint8))
        x = gap + k * (tile + gap) + 3 * gap
        picture = np.rint(np.clip(optimised[u], 0, 1) * 255).astype(np.uint8)
        canvas[y:y + tile, x:x + tile] = np.kron(picture, np.ones((scale, scale), np.uint8))
    return canvas
