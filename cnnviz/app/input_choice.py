"""The input the views show: a test image (its number) or the drawing, and the drawing as the network reads it.

The app model owns the choice (issue 30): the Feature maps panel's chooser, the galleries and the keys ask
:class:`~.state.AppState` for another input (``choose_test_image``, ``choose_drawing``), the drawing pad gives it
the drawing's network input (``set_drawing_input``), and the live view, the Why? tab and whoever else shows the
input read :meth:`AppState.shown_input <.state.AppState.shown_input>` and observe the state's ``input`` and
``drawing_input`` events. No widget holds the choice: the chooser shows the model's.

Why? and Fool choose their own input as well, the drawing or the test image the views show
(:data:`OWN_INPUT_VIEWS`): what they compute on, and what others set (a test image picked in Mistakes is
explained, the drawing chosen for the feature maps is explained too, the screenshots explain the drawing). The
model holds that choice as well (:attr:`AppState.drawing_views <.state.AppState.drawing_views>`, the intent
``choose_view_input``, the event ``view_input``); the panels' radio buttons ask for it and show it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

INPUT_SHAPE = (28, 28)
"""The network input: 28x28 in [0, 1]."""
DEFAULT_TEST_COUNT = 10000
"""Test images that can be chosen before a data set is loaded (MNIST's)."""
OWN_INPUT_VIEWS = ("why", "fool")
"""The views with their own choice of input: the drawing, or the test image the views show (Why?, Fool)."""
FOLLOWS_THE_CHOICE = ("why",)
"""The views whose own choice follows the input picked elsewhere: Why? explains the drawing once the feature maps
show it, and a test image picked in a gallery (Mistakes)."""


@dataclass(frozen=True)
class InputChoice:
    """What the views show: the drawing (``drawing``) or test image ``test_index`` (kept while the drawing is
    shown, so that going back to the test images goes back to the same one)."""

    drawing: bool = False
    test_index: int = 0


def network_input(image) -> np.ndarray | None:
    """``image`` as a read-only 28x28 float32 copy (None stays None: an empty pad); ValueError for another shape
    or a value that is not a finite number."""
    if image is None:
        return None
    array = np.array(image, dtype=np.float32)
    if array.shape != INPUT_SHAPE or not np.isfinite(array).all():
        raise ValueError(f"a drawing's network input is 28x28 finite numbers, not {array.shape}")
    array.setflags(write=False)
    return array


def wrapped(index, count: int) -> int:
    """Test image ``index`` wrapped around ``count`` images (ValueError: not a whole number)."""
    try:
        value = int(index)
    except (TypeError, ValueError, OverflowError):
        value = None
    if value is None or value != index:
        raise ValueError(f"a test image's number is whole, not {index!r}")
    return value % max(1, int(count))
