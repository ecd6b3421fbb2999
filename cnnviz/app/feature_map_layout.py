"""How much of a network's feature maps fits a panel: which layers to show, and how big their tiles
will be, predicted before pyqtgraph lays them out (no Qt objects: plain arithmetic on sizes)."""

from __future__ import annotations

from .grids import best_grid

MIN_TILE_PX = 24
"""A feature map smaller than this is a dot from the back of the room: the panel shows fewer layers instead."""
LAYOUT_MARGIN_PX, LAYOUT_SPACING_PX = 9, 6
"""pyqtgraph's GraphicsLayout: its contents margin, and the spacing set below."""
INPUT_STRETCH, PAIR_STRETCH, SINGLE_STRETCH = 1, 3, 6
"""Column stretch of the input image, of a map column beside another, of the one map column."""
WIDTH_SAFETY = 0.9
"""The input column takes a little more than its stretch share (its title's width): predictions err small."""
ALL, PAIR, ONE = "all layers", "one pair", "one layer"
"""How much the panel shows: every conv layer with its pooling, one of those pairs, or one layer."""


def tile_gap(tile_h: int) -> int:
    """Pixels of the feature map between two tiles of a mosaic."""
    return max(1, tile_h // 10)


def layer_pairs(names: list[str]) -> list[tuple[str, str | None]]:
    """Each conv layer with the pooling that follows it before the next conv."""
    pairs: list[tuple[str, str | None]] = []
    for name in names:
        if name.startswith("conv"):
            pairs.append((name, None))
        elif name.startswith("pool") and pairs and pairs[-1][1] is None:
            pairs[-1] = (pairs[-1][0], name)
    return pairs


def pair_title(pair: tuple[str, str | None]) -> str:
    return " + ".join(name for name in pair if name)


def predicted_tile_px(
    shapes: dict[str, tuple[int, int, int]],
    rows: list[tuple[str | None, ...]],
    width: float,
    height: float,
    title_px: float,
) -> float:
    """The smallest feature-map tile (screen pixels, slightly under what pyqtgraph will give) when
    ``rows`` of layers (a pair or a single layer each) share a ``width`` x ``height`` layout."""
    if not rows:
        return 0.0
    columns = max(sum(1 for name in row if name) for row in rows)
    stretch = PAIR_STRETCH if columns > 1 else SINGLE_STRETCH
    free_w = width - 2 * LAYOUT_MARGIN_PX - columns * LAYOUT_SPACING_PX
    view_w = free_w * stretch / (INPUT_STRETCH + columns * stretch) * WIDTH_SAFETY
    n = len(rows)
    view_h = (height - 2 * LAYOUT_MARGIN_PX - n * title_px - (2 * n - 1) * LAYOUT_SPACING_PX) / n
    smallest = float("inf")
    for row in rows:
        for name in row:
            if not name:
                continue
            channels, h, w = shapes[name]
            gap = tile_gap(h)
            rows_, cols = best_grid(channels, h, w, view_w, view_h, gap)
            scale = min(view_w / (cols * (w + gap) - gap), view_h / (rows_ * (h + gap) - gap)) / 1.02
            smallest = min(smallest, scale * h)  # (1.02: the view's padding)
    return max(0.0, smallest)


def most_maps(channels: int, h: int, w: int, width: float, height: float, min_px: float = MIN_TILE_PX) -> int:
    """How many of ``channels`` maps (the first ones) fit a ``width`` x ``height`` view with tiles of at least
    ``min_px`` (all of them when they do; at least one): a kept run's maps beside the run now's halve the room,
    so each side shows fewer maps rather than dots."""
    gap = tile_gap(h)
    for count in range(channels, 0, -1):
        rows, cols = best_grid(count, h, w, width, height, gap)
        scale = min(width / (cols * (w + gap) - gap), height / (rows * (h + gap) - gap)) / 1.02
        if scale * h >= min_px:
            return count
    return 1
