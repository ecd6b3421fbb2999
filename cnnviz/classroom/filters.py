"""What each filter wants to see: its top test images (this module) and an input optimised to excite it
(:mod:`~cnnviz.classroom.optimised_inputs`).

The units are the channels of every conv layer and the output classes. A
unit's activation for an image is, as the model computes it, its mean over
its feature map taken after the ReLU that follows the layer (after a pool
in between, when the network pools first: ``conv, pool, relu``), or the
layer's own output when no ReLU follows it (the class scores, before softmax).
Here: the units of a model, their activations, each unit's strongest test images and the input patch behind
them, the work of a forward pass, and the grid of a layer's top images and optimised inputs.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..nn.layers import Conv2D, Dense, MaxPool2D, ReLU
from ..nn.model import Sequential
from .saliency import IMAGE_SIZE

__all__ = [
    "UnitLayer",
    "unit_layers",
    "mean_activations",
    "top_images",
    "receptive_field",
    "strongest_patches",
    "centre_field",
    "forward_macs",
    "filter_grid",
]

TOP = 9


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


def mean_activations(
    model: Sequential, images: np.ndarray, layers: list[UnitLayer], batch_size: int = 256, progress=None
) -> dict[str, np.ndarray]:
    """Each layer's unit activations (N, units) for (N, 28, 28) images, in one forward pass per batch."""
    be = model.backend
    wanted = {unit.measured: unit.name for unit in layers}
    last = max(wanted) if wanted else -1
    out = {unit.name: [] for unit in layers}
    try:
        for start in range(0, len(images), batch_size):
            x = be.from_host(np.ascontiguousarray(images[start : start + batch_size, None], dtype=model.dtype))
            for index, layer in enumerate(model.layers[: last + 1]):
                x = layer.forward(be, x, False)
                if index in wanted:
                    out[wanted[index]].append(_unit_means(np.asarray(be.to_host(x), dtype=np.float64)))
            if progress is not None:
                progress(min(batch_size, len(images) - start))
    finally:
        model.clear_caches()
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
        raise ValueError(
            f"layer {layer_index} ({model.layers[layer_index].name}) has no spatial map: it sees the whole image"
        )
    top, left, bottom, right = row, col, row, col
    for layer in reversed(model.layers[: layer_index + 1]):
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
        for item in model.layers[: last + 1]:
            x = item.forward(be, x, False)
        return np.asarray(be.to_host(x), dtype=np.float64)
    finally:
        for item in model.layers:
            item.clear_cache()


def strongest_patches(model: Sequential, layer: UnitLayer, images: np.ndarray, top_indices: np.ndarray) -> np.ndarray:
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
    which see the whole image): what :func:`.optimised_inputs.optimise_inputs` ``(..., centre=True)`` shapes."""
    shape = model.shapes[layer.index + 1]
    if len(shape) != 3:
        return None
    return receptive_field(model, layer.index, shape[1] // 2, shape[2] // 2)


def forward_macs(model: Sequential, last: int) -> int:
    """Multiply-adds of one image's forward pass through ``model.layers[:last + 1]`` (the convolutions and
    dense layers; the rest is comparatively free): what a step of :func:`.optimised_inputs.optimise_inputs`
    costs per unit."""
    total = 0
    for index, layer in enumerate(model.layers[: last + 1]):
        in_shape, out_shape = model.shapes[index], model.shapes[index + 1]
        if isinstance(layer, Conv2D):
            total += int(np.prod(out_shape)) * in_shape[0] * layer.kernel * layer.kernel
        elif isinstance(layer, Dense):
            total += int(np.prod(in_shape)) * int(np.prod(out_shape))
    return total


def filter_grid(
    test_images: np.ndarray, top_indices: np.ndarray, optimised: np.ndarray, scale: int = 2, gap: int = 2
) -> np.ndarray:
    """One row per unit: its top test images, a wider gap, the optimised input; (H, W) uint8, white = ink."""
    units, k = top_indices.shape
    tile = IMAGE_SIZE * scale
    width = gap + k * (tile + gap) + 3 * gap + tile + gap
    canvas = np.full((gap + units * (tile + gap), width), 128, np.uint8)
    for u in range(units):
        y = gap + u * (tile + gap)
        for j, index in enumerate(top_indices[u]):
            x = gap + j * (tile + gap)
            canvas[y : y + tile, x : x + tile] = np.kron(test_images[index], np.ones((scale, scale), np.uint8))
        x = gap + k * (tile + gap) + 3 * gap
        picture = np.rint(np.clip(optimised[u], 0, 1) * 255).astype(np.uint8)
        canvas[y : y + tile, x : x + tile] = np.kron(picture, np.ones((scale, scale), np.uint8))
    return canvas
