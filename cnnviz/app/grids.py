"""How many rows and columns a mosaic of tiles takes: plain arithmetic on sizes, no Qt."""

from __future__ import annotations

import numpy as np


def grid_shape(count: int, tile_h: int, tile_w: int, aspect: float = 1.4) -> tuple[int, int]:
    """Rows and columns for ``count`` tiles so the mosaic is about ``aspect`` wide:high."""
    best = (count, 1)
    best_score = float("inf")
    for cols in range(1, count + 1):
        rows = -(-count // cols)
        ratio = (cols * tile_w) / (rows * tile_h)
        waste = rows * cols - count
        score = abs(np.log(ratio / aspect)) + 0.15 * waste / count
        if score < best_score:
            best, best_score = (rows, cols), score
    return best


def best_grid(count: int, tile_h: int, tile_w: int, box_w: float, box_h: float, gap: int = 1) -> tuple[int, int]:
    """Rows and columns for ``count`` tiles that make each tile as large as possible in a
    ``box_w`` x ``box_h`` pixel box (fewer empty cells breaking ties)."""
    if box_w <= 1 or box_h <= 1:
        return grid_shape(count, tile_h, tile_w)
    best, best_key = (count, 1), None
    for cols in range(1, count + 1):
        rows = -(-count // cols)
        width = cols * (tile_w + gap) - gap
        height = rows * (tile_h + gap) - gap
        scale = min(box_w / width, box_h / height)
        key = (round(scale * tile_h, 1), -(rows * cols - count))
        if best_key is None or key > best_key:
            best, best_key = (rows, cols), key
    return best
