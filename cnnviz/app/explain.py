"""Explain one number of a feature map: where it looks on the input and, for
the first convolution, the multiply-and-add that produced it.

Pure NumPy (no Qt): the feature-map panel calls these on hover, with the
Snapshot's own input image and weights, so what is shown is exactly what
the network computed.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..nn.layers import Conv2D, MaxPool2D
from ..nn.model import Sequential

IMAGE_SIZE = 28


@dataclass(frozen=True)
class ReceptiveField:
    top: int
    left: int
    bottom: int
    """Inclusive last row on the input (clipped to the image)."""
    right: int

    @property
    def height(self) -> int:
        return self.bottom - self.top + 1

    @property
    def width(self) -> int:
        return self.right - self.left + 1


def layer_geometry(spec: str) -> dict[str, list[tuple[int, int, int]]]:
    """For every layer name: the (kernel, stride, padding-before) of each spatial
    layer from the input up to and including it."""
    model = Sequential.from_spec(spec, num_classes=None)  # (a net of the class's own classes too)
    chain: list[tuple[int, int, int]] = []
    result: dict[str, list[tuple[int, int, int]]] = {}
    for layer in model.layers:
        if isinstance(layer, Conv2D):
            chain = chain + [(layer.kernel, 1, layer.pads()[0])]
        elif isinstance(layer, MaxPool2D):
            chain = chain + [(2, 2, 0)]
        result[layer.name] = chain
    return result


def receptive_field(chain: list[tuple[int, int, int]], y: int, x: int, size: int = IMAGE_SIZE) -> ReceptiveField:
    """The input pixels that output pixel (y, x) of the last layer in ``chain`` depends on."""
    y0 = y1 = int(y)
    x0 = x1 = int(x)
    for kernel, stride, pad in reversed(chain):
        y0, y1 = y0 * stride - pad, y1 * stride - pad + kernel - 1
        x0, x1 = x0 * stride - pad, x1 * stride - pad + kernel - 1
    clip = lambda v: int(min(max(v, 0), size - 1))  # noqa: E731
    return ReceptiveField(clip(y0), clip(x0), clip(y1), clip(x1))


@dataclass(frozen=True)
class Conv1Sum:
    channel: int
    y: int
    x: int
    patch: np.ndarray
    """(k, k) input pixels under the kernel (zeros where it hangs over the border)."""
    kernel: np.ndarray
    """(k, k) weights of this channel."""
    bias: float
    products: float
    """Sum of kernel * patch."""

    @property
    def value(self) -> float:
        return self.products + self.bias


def conv1_sum(
    image: np.ndarray,
    weight: np.ndarray,
    bias: np.ndarray,
    pads: tuple[int, int, int, int],
    channel: int,
    y: int,
    x: int,
) -> Conv1Sum:
    """Recompute conv1's output at (channel, y, x) from the input image: sum(kernel * patch) + bias."""
    image = np.asarray(image, dtype=np.float64)
    kernel = np.asarray(weight[channel, 0], dtype=np.float64)
    k = kernel.shape[0]
    top, bottom, left, right = pads
    padded = np.pad(image, ((top, bottom), (left, right)))
    patch = padded[y : y + k, x : x + k]
    return Conv1Sum(int(channel), int(y), int(x), patch, kernel, float(bias[channel]), float((kernel * patch).sum()))


def conv1_pads(spec: str) -> tuple[int, int, int, int]:
    model = Sequential.from_spec(spec, num_classes=None)  # (a net of the class's own classes too)
    first = next(layer for layer in model.layers if isinstance(layer, Conv2D))
    return first.pads()


def mosaic_cell(
    px: float, py: float, channels: int, h: int, w: int, rows: int, cols: int, gap: int
) -> tuple[int, int, int] | None:
    """Image coordinates on a feature-map mosaic -> (channel, y, x), or None on a gap or outside."""
    if px < 0 or py < 0:
        return None
    ix, iy = int(px), int(py)
    c, xin = divmod(ix, w + gap)
    r, yin = divmod(iy, h + gap)
    if xin >= w or yin >= h or c >= cols or r >= rows:
        return None
    channel = r * cols + c
    if channel >= channels:
        return None
    return channel, yin, xin


def describe_pixel(snapshot, layer: str, channel: int, y: int, x: int, field: ReceptiveField) -> tuple[str, str, dict]:
    """(one line, a rich-text tooltip or "", the figures) explaining feature-map pixel (channel, y, x) of
    ``layer`` in ``snapshot``: where it looks (``field``) and, for the first conv layer on one input channel,
    the sum of kernel x pixel products plus the bias that made it."""
    value = float(dict(snapshot.feature_maps)[layer][channel, y, x])
    info = {"layer": layer, "channel": channel, "y": y, "x": x, "value": value, "field": field}
    sees = (
        f"it sees input rows {field.top}–{field.bottom}, columns {field.left}–{field.right} "
        f"({field.height}×{field.width})"
    )
    where = f"{layer} map {channel} at row {y}, column {x} = {value:.4f}; {sees}"
    first_conv = next((n for n, _ in snapshot.feature_maps if n.startswith("conv")), None)
    weight = snapshot.weights.get(f"{layer}.weight")
    if layer != first_conv or weight is None or weight.shape[1] != 1:
        return where, "", info
    total = conv1_sum(
        snapshot.input_image, weight, snapshot.weights[f"{layer}.bias"], conv1_pads(snapshot.spec), channel, y, x
    )
    k = total.kernel.shape[0]
    info.update(sum=total.value, products=total.products, bias=total.bias)
    # The sum first: it is what the line is for (the rest may give way to "…").
    where = (
        f"{layer} map {channel} at ({y}, {x}) = Σ kernel × pixel over the {k}×{k} patch "
        f"({total.products:+.4f}) + bias ({total.bias:+.4f}) = {total.value:.4f}; {sees}"
    )
    cells = "".join(
        "<tr>"
        + "".join(f"<td align=right>{total.kernel[i, j]:+.2f}×{total.patch[i, j]:.2f}</td>" for j in range(k))
        + "</tr>"
        for i in range(k)
    )
    tooltip = (
        f"<b>{layer} map {channel} at ({y}, {x})</b>: weight × pixel<br>"
        f"<table cellspacing=4>{cells}</table>sum {total.products:+.4f} + bias {total.bias:+.4f}"
        f" = <b>{total.value:.4f}</b>"
    )
    return where, tooltip, info
