"""Arrays -> pictures, with Pillow only: a diverging colour map and kernel grids.

Shared by the time-lapse exporter and the HTML report so a kernel looks the
same everywhere: negative weights blue, zero white, positive red
(ColorBrewer's RdBu, readable by most colour-blind viewers and on paper).
"""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from .colormaps import DIVERGING_LUT  # the one diverging map (classroom/colormaps.py), as the panels show it

__all__ = ["DIVERGING_LUT", "diverging_rgb", "symmetric_limit", "kernel_tiles", "kernel_grid", "png_bytes"]


GRID_BACKGROUND = (200, 200, 200)
"""Grey between tiles: distinct from the white that means a zero weight."""


def symmetric_limit(values: np.ndarray, percentile: float = 99.5) -> float:
    """A colour-scale limit L for [-L, L]: a high percentile of |values|.

    A percentile rather than the maximum, so one extreme weight does not wash
    every other kernel out to white. Never 0 (an all-zero array stays white).
    """
    values = np.abs(np.asarray(values, dtype=np.float64))
    values = values[np.isfinite(values)]
    if values.size == 0:
        return 1.0
    limit = float(np.percentile(values, percentile))
    if limit <= 0:
        limit = float(values.max())
    return limit if limit > 0 else 1.0


def diverging_rgb(values: np.ndarray, limit: float) -> np.ndarray:
    """Map values in [-limit, limit] to RGB uint8 (..., 3); zero is white, beyond the limit saturates."""
    if not limit > 0:
        raise ValueError(f"limit must be positive, got {limit}")
    values = np.nan_to_num(np.asarray(values, dtype=np.float64), nan=0.0, posinf=limit, neginf=-limit)
    index = np.clip(np.rint((values / limit + 1.0) * 127.5), 0, 255).astype(np.intp)
    return DIVERGING_LUT[index]


def kernel_tiles(weights: np.ndarray, input_channel: int | None = 0) -> np.ndarray:
    """The 2-D kernels to draw from conv weights (out, in, kh, kw), as (tiles, kh, kw).

    One tile per output channel showing ``input_channel``'s slice (the first
    layer has just one); ``None`` draws every (out, in) slice, row by row.
    """
    weights = np.asarray(weights)
    if weights.ndim != 4:
        raise ValueError(f"expected conv weights (out, in, kh, kw), got shape {weights.shape}")
    out_ch, in_ch, kh, kw = weights.shape
    if input_channel is None:
        return weights.reshape(out_ch * in_ch, kh, kw)
    if not 0 <= input_channel < in_ch:
        raise ValueError(f"input_channel must be from 0 to {in_ch - 1}, got {input_channel}")
    return weights[:, input_channel]


def kernel_grid(
    tiles: np.ndarray, limit: float, *, columns: int | None = None, scale: int = 6, gap: int = 2
) -> Image.Image:
    """Draw (T, kh, kw) kernels as an RGB grid, each pixel a ``scale`` x ``scale`` block.

    The colour scale is the caller's ``limit`` (symmetric around zero), so the
    caller decides between one scale per picture and one for a whole series.
    """
    tiles = np.asarray(tiles)
    if tiles.ndim != 3 or tiles.shape[0] == 0:
        raise ValueError(f"expected a non-empty stack of 2-D kernels (T, kh, kw), got shape {tiles.shape}")
    if scale < 1 or gap < 0:
        raise ValueError(f"scale must be at least 1 and gap at least 0, got scale={scale}, gap={gap}")
    count, kh, kw = tiles.shape
    if columns is None:
        columns = int(np.ceil(np.sqrt(count)))
    columns = max(1, min(columns, count))
    rows = int(np.ceil(count / columns))
    th, tw = kh * scale, kw * scale
    canvas = np.empty((gap + rows * (th + gap), gap + columns * (tw + gap), 3), np.uint8)
    canvas[:] = GRID_BACKGROUND
    rgb = diverging_rgb(tiles, limit)  # (T, kh, kw, 3)
    rgb = rgb.repeat(scale, axis=1).repeat(scale, axis=2)  # nearest-neighbour: kernel pixels stay crisp
    for t in range(count):
        r, c = divmod(t, columns)
        y, x = gap + r * (th + gap), gap + c * (tw + gap)
        canvas[y : y + th, x : x + tw] = rgb[t]
    return Image.fromarray(canvas, "RGB")


def png_bytes(image: Image.Image | np.ndarray) -> bytes:
    """PNG file bytes of a Pillow image, or of a uint8 (H, W) / (H, W, 3) array."""
    if not isinstance(image, Image.Image):
        array = np.asarray(image)
        if array.dtype != np.uint8:
            raise ValueError(f"expected a uint8 image array, got {array.dtype}")
        image = Image.fromarray(array)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
