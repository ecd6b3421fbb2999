"""The class names written at the class centres of the map of what it learned: readable from the back of a
classroom, in their class's colour, and never written over each other."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pyqtgraph as pg

from ...classroom.embedding import Embedding
from .. import palette, theme

LABEL_POINT_SIZE = theme.TITLE_POINT_SIZE + 5
"""The digits written at the class centres: readable from the back of a classroom."""
LABEL_GAP = 0.09
"""The digits at the class centres are kept at least this share of the map's extent apart (centres of
similar digits can nearly coincide: their labels were written over each other)."""


def spread_apart(centres: np.ndarray, gap: float, rounds: int = 60) -> np.ndarray:
    """``centres`` (K, 2) moved as little as it takes for every two to be at least ``gap`` apart
    (pairwise pushes, a few rounds: for ten labels)."""
    out = np.array(centres, dtype=np.float64)
    for _ in range(rounds):
        moved = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                delta = out[j] - out[i]
                distance = float(np.hypot(*delta))
                if distance >= gap:
                    continue
                direction = delta / distance if distance > 1e-12 else np.array([np.cos(i + j), np.sin(i + j)])
                push = (gap - distance) / 2 * direction
                out[i] -= push
                out[j] += push
                moved = True
        if not moved:
            break
    return out


def centre_labels(embedding: Embedding, class_name: Callable[[int], str]) -> list[pg.TextItem]:
    """A label for each class at its centre on ``embedding``'s map (moved apart where centres nearly coincide)."""
    centres = embedding.class_centres()
    texts = {c: class_name(c).split("/")[0] for c in centres}
    longest = max(len(text) for text in texts.values())
    wide = max(1.0, 0.5 * longest)  # words (Fashion-MNIST's "Sandal") need more room across than a digit
    extent = float(np.ptp(embedding.points, axis=0).max()) or 1.0
    places = spread_apart(np.array(list(centres.values())) / [wide, 1.0], LABEL_GAP * extent) * [wide, 1.0]
    labels = []
    for digit, centre in zip(centres, places):
        label = pg.TextItem(
            texts[digit],
            color=theme.TEXT,
            fill=pg.mkBrush(255, 255, 255, 215),
            border=pg.mkPen(palette.class_colour(digit), width=4),
            anchor=(0.5, 0.5),
        )
        label.setFont(theme.ui_font(LABEL_POINT_SIZE if longest <= 2 else theme.AXIS_POINT_SIZE + 1, bold=True))
        label.setPos(float(centre[0]), float(centre[1]))
        label.setZValue(10)
        labels.append(label)
    return labels
