"""Photos of a digit on paper: what a phone adds to a drawing, taken away again.

Used by :func:`cnnviz.data.drawing.preprocess_digit` for pictures that look
like photos (:func:`looks_like_photo`: at least ``PHOTO_SIDE`` pixels on both
sides, and no flat background as a drawing or a scan has): the light falling unevenly on the sheet is
divided out (:func:`even_out_lighting`), and ink joined to the picture's edge
(the paper's rim, the table, a shadow) or far from the digit (specks, a smudge)
is dropped before the digit is cropped (:func:`drop_edge_clutter`,
:func:`ink_extent`). Measured on synthetic phone photos (gradients, vignette,
grain, perspective, pen colours, JPEG): docs/see-inside.md.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "PHOTO_SIDE",
    "CENTRAL",
    "looks_like_photo",
    "even_out_lighting",
    "drop_edge_clutter",
    "ink_extent",
    "component_labels",
]


PHOTO_SIDE = 64
"""A picture at least this big on both sides may be a photo: its lighting is evened out, its grain smoothed
and the digit cropped apart from stray specks. Smaller ones (MNIST digits, icons) are taken as they are."""
LIGHT_GRID = 8
"""The picture is cut into LIGHT_GRID x LIGHT_GRID blocks to measure the light falling on the paper."""


PAPER_PERCENTILE = 90
"""Each block's paper brightness is this percentile of its pixels (on a light page): ink covers less than
nine tenths of nearly every block, even in a tightly cropped scan whose strokes fill much of the picture."""


FLAT_BACKGROUND = 0.5
"""A drawing, a scan or an MNIST digit has one grey level (to 1/255) on at least this share of its pixels;
a photo's paper, with its grain, light and JPEG noise, has far fewer of any one level."""


def looks_like_photo(values: np.ndarray) -> bool:
    """Whether a [0, 1] grey picture is a photo (textured, unevenly lit paper) rather than a clean drawing.

    Only photos go through the photo steps, so a canvas drawing whose stroke touches the edge keeps it."""
    if min(values.shape) < PHOTO_SIDE:
        return False
    step = max(1, int(np.sqrt(values.size / 65536)))  # a sample of about 65,536 pixels is plenty
    levels = np.rint(values[::step, ::step] * 255).astype(np.int16).ravel()
    return np.bincount(np.clip(levels, 0, 255), minlength=256).max() < FLAT_BACKGROUND * levels.size


def box_blur3(values: np.ndarray) -> np.ndarray:
    padded = np.pad(values, 1, mode="edge")
    rows = padded[:-2] + padded[1:-1] + padded[2:]
    return (rows[:, :-2] + rows[:, 1:-1] + rows[:, 2:]) / np.float32(9)


def even_out_lighting(values: np.ndarray) -> np.ndarray:
    """A photo with the light made even: the paper's brightness as a smooth surface, divided out.

    Each block's :data:`PAPER_PERCENTILE` is the paper there (the lighter side of a block on a light page);
    a quadratic surface fitted to those values, leaving out blocks whose value is far from the
    surface (a block full of ink, a shadow's edge), is the light across the sheet. A light page
    becomes 1 everywhere (values / surface), a dark one (chalk, a screen) 0.
    Pictures smaller than PHOTO_SIDE, or evenly lit, come back unchanged.
    """
    height, width = values.shape
    if min(height, width) < PHOTO_SIDE:
        return values
    original, values = values, box_blur3(values)  # paper grain and sensor noise: speckles of a pixel or two
    row_edges = np.linspace(0, height, LIGHT_GRID + 1).astype(int)
    col_edges = np.linspace(0, width, LIGHT_GRID + 1).astype(int)
    # The paper is the lighter side of a block on a light page (the darker on a dark one): a high
    # percentile finds it even where a stroke covers most of the block (a tightly cropped scan).
    paper_percentile = PAPER_PERCENTILE if float(np.median(values)) >= 0.5 else 100 - PAPER_PERCENTILE
    medians, centres = [], []
    for r in range(LIGHT_GRID):
        for c in range(LIGHT_GRID):
            block = values[row_edges[r] : row_edges[r + 1], col_edges[c] : col_edges[c + 1]]
            medians.append(float(np.percentile(block, paper_percentile)))
            centres.append(
                (
                    (row_edges[r] + row_edges[r + 1]) / 2 / height - 0.5,
                    (col_edges[c] + col_edges[c + 1]) / 2 / width - 0.5,
                )
            )
    medians = np.asarray(medians)
    y, x = np.asarray(centres).T
    terms = np.stack([np.ones_like(x), x, y, x * x, x * y, y * y], axis=1)
    # Start from the paper's half of the blocks (the lighter half on a light page): a digit filling a
    # third of the blocks would otherwise bend the first fit so far that no block looks like an outlier.
    keep = medians >= np.median(medians) if paper_percentile > 50 else medians <= np.median(medians)
    for _ in range(4):
        coefficients = np.linalg.lstsq(terms[keep], medians[keep], rcond=None)[0]
        residual = medians - terms @ coefficients
        spread = 1.4826 * float(np.median(np.abs(residual[keep]))) + 0.01
        keep = np.abs(residual) < 3 * spread
        if keep.sum() < 12:
            return original
    ys = (np.arange(height, dtype=np.float32) + 0.5) / height - 0.5
    xs = (np.arange(width, dtype=np.float32) + 0.5) / width - 0.5
    a, bx, by, bxx, bxy, byy = (np.float32(v) for v in coefficients)
    surface = (
        a
        + bx * xs[None, :]
        + by * ys[:, None]
        + bxx * (xs * xs)[None, :]
        + bxy * ys[:, None] * xs[None, :]
        + byy * (ys * ys)[:, None]
    )
    if float(surface.max() - surface.min()) < 0.03:
        return original  # evenly lit already: the photo steps change nothing
    # The light multiplies the paper's brightness: divide it out. A dark page (chalk, a screen) is the
    # same with black and white swapped, so both polarities give the same ink.
    if float(np.median(surface)) >= 0.5:
        return np.clip(values / np.maximum(surface, np.float32(0.05)), 0.0, 1.0)
    return 1.0 - np.clip((1.0 - values) / np.maximum(1.0 - surface, np.float32(0.05)), 0.0, 1.0)


def ink_extent(profile: np.ndarray) -> tuple[int, int]:
    """First and last index of the digit along one axis of its ink profile (ink summed across).

    The middle 98 % of the ink mass, grown outwards while the profile stays above 2 % of its peak:
    the whole digit, without specks or a smudge that an empty gap separates from it."""
    total = float(profile.sum())
    cumulative = np.cumsum(profile) / total
    first, last = int(np.searchsorted(cumulative, 0.01)), int(np.searchsorted(cumulative, 0.99))
    floor = 0.02 * float(profile.max())
    while first > 0 and profile[first - 1] > floor:
        first -= 1
    while last < len(profile) - 1 and profile[last + 1] > floor:
        last += 1
    return first, last


MAX_LABEL_ROUNDS = 1000
"""Rounds of label propagation at most (one per pixel of a component's longest path): a pathological spiral
stops here and the picture is then cropped without removing clutter."""


def component_labels(mask: np.ndarray) -> np.ndarray | None:
    """4-connected components of ``mask``: each pixel labelled with the smallest flat index in its component
    (-1 outside), by propagating the minimum between neighbours until nothing changes (vectorised);
    None when that takes more than MAX_LABEL_ROUNDS rounds."""
    big = np.iinfo(np.int64).max
    labels = np.where(mask, np.arange(mask.size).reshape(mask.shape), big)
    for _ in range(MAX_LABEL_ROUNDS):
        padded = np.pad(labels, 1, constant_values=big)
        smallest = np.minimum.reduce([labels, padded[:-2, 1:-1], padded[2:, 1:-1], padded[1:-1, :-2], padded[1:-1, 2:]])
        smallest = np.where(mask, smallest, big)
        if np.array_equal(smallest, labels):
            return np.where(mask, labels, -1)
        labels = smallest
    return None


STRONG_INK = 0.35
"""In a photo, only ink at least this strong (relative to the strongest) outlines the components: paper
grain and a faint shadow join nothing, and are dropped with the clutter."""


CENTRAL = 0.25
"""Ink within this share of the picture's size (from its centre) is central: a component reaching there is
the digit's candidate whatever edge it touches (a tight crop of a scan has the digit's strokes on its edges)."""


def drop_edge_clutter(ink: np.ndarray) -> np.ndarray:
    """In a photo, ink connected to the picture's edge is the paper's edge, the table or a shadow, not the
    digit: remove it, and specks far smaller than the digit, unless that would leave nothing.

    The digit itself always stays: the heaviest component reaching the picture's centre (or, when none
    does, the heaviest one apart from the edge; when every component touches the edge, nothing is
    dropped). When the digit itself touches the edge (a tight crop of a scan: its strokes run to every
    edge), nothing is dropped."""
    factor = max(1, -(-max(ink.shape) // 160))  # components on a coarse grid: fast, and a dotted stroke holds
    height, width = -(-ink.shape[0] // factor), -(-ink.shape[1] // factor)
    padded = np.zeros((height * factor, width * factor), np.float32)
    padded[: ink.shape[0], : ink.shape[1]] = ink
    mass = padded.reshape(height, factor, width, factor).sum(axis=(1, 3))
    strong = padded.reshape(height, factor, width, factor).max(axis=(1, 3)) > STRONG_INK
    # Grown by a cell, so a stroke the grain broke into dots stays one component (and keeps its faint rim).
    grown = np.pad(strong, 1)
    coarse = np.logical_or.reduce(
        [grown[1 + dy : height + 1 + dy, 1 + dx : width + 1 + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
    )
    labels = component_labels(coarse)
    if labels is None:
        return ink
    m = max(1, round(0.03 * max(height, width)))  # "at the edge": within 3 % of it (a warped sheet's rim)
    edge = np.unique(
        np.concatenate([labels[:m].ravel(), labels[-m:].ravel(), labels[:, :m].ravel(), labels[:, -m:].ravel()])
    )
    names, where = np.unique(labels[labels >= 0], return_inverse=True)
    if not len(names):
        return ink
    weights = np.bincount(where, weights=mass[labels >= 0])  # the ink each component holds
    inside = ~np.isin(names, edge)
    rows_all, cols_all = np.nonzero(labels >= 0)
    off_centre = np.maximum(np.abs(rows_all + 0.5 - height / 2) / height, np.abs(cols_all + 0.5 - width / 2) / width)
    nearest = np.full(len(names), np.inf)
    np.minimum.at(nearest, where, off_centre)
    central = nearest <= CENTRAL
    if central.any():
        digit = names[central][int(weights[central].argmax())]
    elif inside.any():
        digit = names[inside][int(weights[inside].argmax())]
    else:
        return ink
    if digit in edge:
        return ink  # a digit cropped tightly: its strokes run to the edges, and all of them stay
    heavy = weights >= 0.1 * weights[names == digit][0]
    keep = {digit}
    for _ in range(len(names)):  # the digit's other strokes join it one by one
        rows, cols = np.nonzero(np.isin(labels, list(keep)))
        reach_r, reach_c = (rows.max() - rows.min() + 1) // 2, (cols.max() - cols.min() + 1) // 2
        near = np.zeros(labels.shape, bool)  # the digit's box, grown by half its size
        near[
            max(rows.min() - reach_r, 0) : rows.max() + reach_r + 1,
            max(cols.min() - reach_c, 0) : cols.max() + reach_c + 1,
        ] = True
        joining = {
            name
            for name, big, own in zip(names, heavy, inside)
            if big and own and name not in keep and near[labels == name].any()
        }
        if not joining:
            break
        keep |= joining
    keep = list(keep)
    mask = np.isin(labels, keep).repeat(factor, axis=0).repeat(factor, axis=1)[: ink.shape[0], : ink.shape[1]]
    return np.where(mask, ink, np.float32(0))
