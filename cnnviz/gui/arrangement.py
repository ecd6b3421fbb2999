"""Which right-column panels stay beside the tabs for a workspace of a given size, and which become tabs.

Plain Python (no Qt): :mod:`.layout` places the panels as :func:`arrangement` says. On a narrow or short
window, and in presenter mode, right-column panels become tabs instead of shrinking to dots.
"""

from __future__ import annotations

from dataclasses import dataclass

from .panels import registry
from .panels.registry import RIGHT

BESIDE_FROM_WIDTH = 1160
"""From this workspace width up the right column sits beside the tabs; below, its panels are a tab."""
TALL_FROM_HEIGHT = 880
"""From this workspace height up every right-column panel fits in it; below, :data:`TALL_ONLY` get tabs (the
timings need ~350 px and the Draw panel ~280: at 1536x864, a 1920x1080 laptop at 125 % scaling, the
workspace's 814 px left the kernels 131 px and 6 px a kernel)."""
TALL_ONLY = {"timings": TALL_FROM_HEIGHT, "kernels": 700}
"""Right-column panels that get a tab of their own below these workspace heights (on a 1280x720 or
1366x768 screen the kernels beside the canvas left both too small: bars of 40 px, kernels of 11 px)."""
PRESENTER_RIGHT = ("classify",)
"""Presenter mode keeps only these beside the tabs (fewer, bigger things); the others get tabs."""
PRESENTER_LEFT_OUT_BESIDE_GUEST = ("timings",)
"""Presenter mode's tabs left out where the class canvas (a guest column) sends the drawing pad to a tab of its
own on a narrow screen: the tab bar of a 1024-pixel screen holds no more tabs (``show_tab`` still opens them)."""
PRESENTER_TOGETHER = ("curves", "feature_maps", "classify")
"""What presenter mode shows at once on every screen from 1024x768 up (the canvas with its answer is the
classify panel): the point of the demo is to draw and watch the answer change while the network learns.
The sidebar gives way to a slim toolbar to make the room."""


@dataclass(frozen=True)
class Arrangement:
    right: tuple[str, ...]
    """Keys of the panels in the right column, top to bottom (empty: no right column)."""
    folds: tuple[tuple[str, ...], ...]
    """Right-column panels that became tabs: the keys in each such tab (after Training)."""
    left_out: tuple[str, ...] = ()
    """Keys of folded tabs the tab bar leaves out (presenter mode beside the class canvas on a narrow screen:
    the drawing pad's tab takes their place); ``show_tab`` still opens them."""


def arrangement(width: int, height: int, presenter: bool, guest: bool = False) -> Arrangement:
    """Which right-column panels stay beside the tabs for a workspace of this size (``width``: what a guest
    column, the class canvas, leaves of it; ``height``: at 100 %, the workspace's divided by the zoom)."""
    keys = tuple(spec.key for spec in registry.placed(RIGHT))
    if presenter:
        # Always beside the tabs: the drawing on a tab of its own would need tab-flipping in a lesson. Where the class
        # canvas takes the right (a guest column) and leaves too little room, the drawing pad becomes the tab after
        # Training (never hidden: the teacher still draws beside the phones), and the timings' tab makes room for it.
        if guest and width < BESIDE_FROM_WIDTH:
            return Arrangement((), tuple((k,) for k in keys), PRESENTER_LEFT_OUT_BESIDE_GUEST)
        beside = tuple(k for k in keys if k in PRESENTER_RIGHT)
        return Arrangement(beside, tuple((k,) for k in keys if k not in beside))
    else:
        beside = tuple(k for k in keys if height >= TALL_ONLY.get(k, 0))
        wide = width >= BESIDE_FROM_WIDTH
    rest = tuple((k,) for k in keys if k not in beside)
    if wide:
        return Arrangement(beside, rest)
    # No room beside the tabs: what would have been the right column is one tab (drawing and kernels
    # together), the rest a tab each.
    return Arrangement((), ((beside,) if beside else ()) + rest)


def fold_key(keys: tuple[str, ...]) -> str:
    """The tab key of a tab made of right-column panels (``show_tab`` also takes a panel's key)."""
    return "+".join(keys)


def fold_title(keys: tuple[str, ...], short: bool = False) -> str:
    if len(keys) == 1:
        return registry.shown_title(keys[0], short)
    return " · ".join(registry.shown_title(k, short=True) for k in keys)
