"""Colours that every student can tell apart: colour-vision-deficiency (CVD) safe by default.

One place for the colours that carry meaning (classes, series, correct / wrong, colour maps); the
chrome's colours (backgrounds, text) stay in :mod:`.theme`. tests/gui/test_colour_vision.py simulates
deuteranopia, protanopia and tritanopia and checks what is promised here.

- Qualitative: Okabe & Ito's eight colours ("Color Universal Design", 2008), the standard CVD-safe
  set, plus a light grey and a navy to make ten classes. Colour is never a class's only cue: every
  class also has its own marker shape (:data:`CLASS_SYMBOLS`), and series beyond the colours change
  line style (:func:`series_pen_style`).
- Sequential (activations, saliency): pyqtgraph's shipped "inferno", of the viridis family:
  perceptually uniform, lightness rising steadily, readable in every CVD and in greyscale.
- Diverging (signed weights): ColorBrewer's RdBu, the map the exported pictures use
  (:mod:`cnnviz.classroom.render`), so a kernel looks the same in the app and in a report; its blue
  and red halves stay apart under deuteranopia and protanopia (they differ in blue-yellow, which those
  viewers keep), and zero is white.
- Correct / wrong: blue / vermillion (not green / red), and always with a mark: ✓ or ✗ in the text,
  a solid border on a wrong thumbnail only.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyqtgraph as pg
from PySide6.QtCore import Qt

from ..classroom import colormaps
from ..translatable import N_

# --- qualitative -------------------------------------------------------------------------------------
BLACK = "#000000"
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
REDDISH_PURPLE = "#CC79A7"
OKABE_ITO = (BLACK, ORANGE, SKY_BLUE, BLUISH_GREEN, YELLOW, BLUE, VERMILLION, REDDISH_PURPLE)
LIGHT_GREY = "#C8C8C8"
NAVY = "#1A2A6C"

CLASS_COLOURS = (BLUE, ORANGE, BLUISH_GREEN, VERMILLION, REDDISH_PURPLE, SKY_BLUE, BLACK, YELLOW, NAVY, LIGHT_GREY)
"""Digit i's colour. The two additions were chosen by simulation: with them, the smallest CAM02-UCS
distance between any two classes under full deuteranopia, protanopia or tritanopia is still Okabe-Ito's
own (about 11, tritanopia's orange vs reddish purple)."""
CLASS_SYMBOLS = ("o", "s", "t", "d", "+", "x", "star", "t1", "h", "p")
"""Digit i's pyqtgraph marker: a second cue, for every viewer and for grey print-outs."""

SERIES_COLOURS = (BLUE, VERMILLION, BLUISH_GREEN, REDDISH_PURPLE, ORANGE, SKY_BLUE, BLACK, NAVY)
"""Lines on a white plot (one per weight tensor, ...): Okabe-Ito without the yellow, which is too
light on white."""
SERIES_PEN_STYLES = (Qt.SolidLine, Qt.DashLine, Qt.DotLine, Qt.DashDotLine)


BACKEND_COLOURS = {"numpy": BLUE, "numba": ORANGE, "cuda": BLUISH_GREEN, "cupy": REDDISH_PURPLE}
"""Each backend's colour in the timings (bars, images/s curves); its name is always written beside it."""


def class_colour(index: int) -> str:
    return CLASS_COLOURS[int(index) % len(CLASS_COLOURS)]


def class_symbol(index: int) -> str:
    return CLASS_SYMBOLS[int(index) % len(CLASS_SYMBOLS)]


def series_colour(index: int) -> str:
    return SERIES_COLOURS[int(index) % len(SERIES_COLOURS)]


def series_pen_style(index: int) -> Qt.PenStyle:
    """Solid for the first round of colours, then dashed, dotted...: no two series look the same."""
    return SERIES_PEN_STYLES[(int(index) // len(SERIES_COLOURS)) % len(SERIES_PEN_STYLES)]


def series_pen(index: int, width: float = 2):
    return pg.mkPen(series_colour(index), width=width, style=series_pen_style(index))


# The training curves: loss in blues (raw light, smoothed dark: lightness tells them apart), train
# accuracy a vermillion line, test values bluish-green dots (a marker, not only a colour).
LOSS_RAW = (86, 180, 233, 110)  # sky blue, translucent
LOSS_SMOOTH = BLUE
TRAIN_ACC = VERMILLION
TEST_ACC = BLUISH_GREEN
TEST_SYMBOL = "o"
TRAIN_SYMBOL = None


# --- what an accuracy means ---------------------------------------------------------------------------
ACCURACY_COLOURS = {"chance": "#a33b00", "learning": "#1d2330", "good": "#0b5a24"}
"""The big test-accuracy figure's colour by what the figure means: a dark vermillion at chance level (a guess: 8-13 %
in ten classes was shown in the success green), the text's colour on the way, green only once it is good. Never the
only cue: the figure's tooltip says it in words."""
GOOD_ACCURACY = 0.9


def accuracy_level(accuracy: float | None, classes: int = 10) -> str:
    """``"chance"`` (no better than a guess among ``classes``, give or take a tenth of the way to 100 %),
    ``"good"`` (at least :data:`GOOD_ACCURACY`) or ``"learning"`` (between, and when not known)."""
    if accuracy is None:
        return "learning"
    chance = 1.0 / max(int(classes), 1)
    if accuracy < chance + 0.1 * (1.0 - chance):
        return "chance"
    return "good" if accuracy >= GOOD_ACCURACY else "learning"


# --- correct / wrong ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    """How a right or wrong answer is shown: never by hue alone."""

    colour: str
    mark: str
    """Put before the caption: a check mark or a cross."""
    word: str
    """For screen readers and tooltips."""
    border: str | None
    """A thumbnail's frame colour; None: no frame (so frame or no frame tells them apart too)."""


CORRECT = Verdict(colour=BLUE, mark="✓", word=N_("correct"), border=None)
WRONG = Verdict(colour=VERMILLION, mark="✗", word=N_("wrong"), border=VERMILLION)


def verdict(right: bool) -> Verdict:
    return CORRECT if right else WRONG


CORRECT_RGB = (0, 114, 178)
WRONG_RGB = (213, 94, 0)
"""The confusion matrix: the diagonal (read right) shades towards blue, every other cell towards
vermillion. The two also differ in place (the diagonal) and carry their counts as text."""

# --- signed and unsigned overlays, warnings ----------------------------------------------------------
POSITIVE_RGB = (213, 94, 0)
"""Evidence for a class (occlusion): vermillion..."""
NEGATIVE_RGB = (0, 114, 178)
"""... and against it: blue. A blue / orange pair, the one every CVD keeps apart."""
DANGER = VERMILLION
"""Warnings drawn as lines or text ("too big" ratios...): always labelled as well."""
NEUTRAL = "#5F6368"


# --- colour maps -------------------------------------------------------------------------------------
SEQUENTIAL_LUT = colormaps.SEQUENTIAL_LUT  # pyqtgraph's "inferno" (tests/gui/test_colour_maps.py compares them)
"""Values >= 0 (activations): black - purple - orange - yellow, perceptually uniform."""
HEAT_LUT = SEQUENTIAL_LUT
"""Saliency: the same map (strong = bright yellow over the dimmed grey input)."""
DIVERGING_LUT = colormaps.DIVERGING_LUT
"""Signed values (weights, kernels): entry 0 most negative (blue), 127 zero (white), 255 most positive (red)."""
