"""The colour maps, once, for every picture cnnviz makes: the app's panels (through gui/palette.py and
gui/theme.py), the HTML report, the Time-lapse tab and its GIF. A kernel is the same colour everywhere
(tests/classroom/test_colormaps.py and tests/gui/test_colour_maps.py compare them).

- Diverging (signed weights, conv feature maps): ColorBrewer's RdBu, reversed: blue negative, white zero,
  red positive; readable by most colour-blind viewers and on paper (tests/gui/test_colour_vision.py).
- Sequential (activations >= 0, saliency): pyqtgraph's shipped "inferno" (matplotlib's, CC0), read from
  pyqtgraph's own data file without importing pyqtgraph (only cnnviz.gui imports it), so the exports need
  no Qt and still use exactly the table the app's panels show.
- Grey (inputs).

Each is a (256, 3) uint8 table: entry 0 is the lowest value, 255 the highest.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

__all__ = ["DIVERGING_LUT", "SEQUENTIAL_LUT", "GREY_LUT", "apply", "pyqtgraph_map"]

# ColorBrewer RdBu (11 classes), reversed so that low = blue and high = red.
_RDBU = np.array(
    [
        (5, 48, 97),
        (33, 102, 172),
        (67, 147, 195),
        (146, 197, 222),
        (209, 229, 240),
        (247, 247, 247),
        (253, 219, 199),
        (244, 165, 130),
        (214, 96, 77),
        (178, 24, 43),
        (103, 0, 31),
    ],
    dtype=np.float64,
)


def _interpolated(stops: np.ndarray, positions: np.ndarray | None = None) -> np.ndarray:
    positions = np.linspace(0, 1, len(stops)) if positions is None else positions
    t = np.linspace(0, 1, 256)
    return np.stack([np.interp(t, positions, stops[:, c]) for c in range(3)], axis=1).round().astype(np.uint8)


def pyqtgraph_map(name: str) -> np.ndarray:
    """(256, 3) uint8 of one of pyqtgraph's shipped colour maps (``colors/maps/<name>.csv``: one ``r,g,b``
    line of floats 0-1 per evenly spaced stop), interpolated as pyqtgraph's ``getLookupTable`` does."""
    spec = importlib.util.find_spec("pyqtgraph")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("pyqtgraph is not installed: cnnviz needs it (pip installs it with cnnviz)")
    path = Path(next(iter(spec.submodule_search_locations))) / "colors" / "maps" / f"{name}.csv"
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split(";", 1)[0].strip()
        if line:
            rows.append([float(v) for v in line.split(",")[:3]])
    stops = np.clip(np.array(rows, dtype=np.float64), 0.0, 1.0) * 255.0
    return _interpolated(stops)


DIVERGING_LUT = _interpolated(_RDBU)
"""Signed values: entry 0 most negative (blue), 127-128 zero (white), 255 most positive (red)."""
SEQUENTIAL_LUT = pyqtgraph_map("inferno")
"""Values >= 0: black - purple - orange - yellow, perceptually uniform."""
GREY_LUT = _interpolated(np.array([(0, 0, 0), (255, 255, 255)], dtype=np.float64))
"""Inputs: black to white."""


def apply(lut: np.ndarray, values: np.ndarray, low: float, high: float) -> np.ndarray:
    """(..., 3) uint8 colours of ``values`` scaled from [low, high] onto the table (clipped), as pyqtgraph's
    ImageItem maps an image through a lookup table with those levels. NaN (a gap) is left black."""
    scaled = (np.asarray(values, dtype=np.float64) - low) / max(high - low, 1e-12)
    index = np.clip(np.nan_to_num(scaled, nan=0.0) * (len(lut) - 1) + 0.5, 0, len(lut) - 1).astype(np.intp)
    return lut[index]
