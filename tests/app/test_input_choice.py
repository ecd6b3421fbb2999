"""The input the views show is the app model's (issue 30): chosen through its intents, announced by its events,
read by whoever shows it; a bad choice changes nothing and no one can change it behind the model's back."""

import dataclasses

import numpy as np
import pytest

import cnnviz.app.state as state_module
from cnnviz.app.input_choice import InputChoice
from cnnviz.app.state import AppState


@pytest.fixture
def state():
    state = AppState()
    state.heard = []
    state.events.input.connect(lambda choice: state.heard.append(("input", choice)))
    state.events.drawing_input.connect(lambda image: state.heard.append(("drawing", image)))
    return state


def test_a_test_image_or_the_drawing_is_chosen_through_the_model(state):
    assert state.shown_input() == (None, 0)
    state.choose_test_image(7)
    state.choose_test_image(7)  # the same again: nothing to announce
    state.choose_drawing()
    image, index = state.shown_input()
    assert index is None and image.shape == (28, 28) and not image.any()  # an empty pad: a blank input
    state.choose_test_image(-1)  # wrapped around the test images (MNIST's before a data set)
    assert state.heard == [
        ("input", InputChoice(False, 7)),
        ("input", InputChoice(True, 7)),  # the test image is kept for going back
        ("input", InputChoice(False, 9999)),
    ]


def test_the_drawing_is_announced_when_it_changes_and_read_as_a_copy(state):
    drawing = np.zeros((28, 28), np.float32)
    drawing[10:18, 14] = 1.0
    state.set_drawing_input(drawing)
    state.set_drawing_input(drawing.copy())  # the same drawing: nothing to announce
    drawing[0, 0] = 1.0  # the pad's own array: the model kept a copy
    state.choose_drawing()
    shown, index = state.shown_input()
    assert index is None and shown[0, 0] == 0.0 and shown[12, 14] == 1.0
    shown[12, 14] = 0.0  # the caller's copy
    assert state.drawing_input[12, 14] == 1.0
    state.set_drawing_input(None)
    assert [kind for kind, _ in state.heard] == ["drawing", "input", "drawing"] and state.heard[-1][1] is None


def test_a_bad_choice_changes_nothing(state):
    for bad in ("3", 2.5, None, float("nan")):
        with pytest.raises(ValueError):
            state.choose_test_image(bad)
    for bad in (np.zeros((3, 3)), np.full((28, 28), np.nan), "not an image"):
        with pytest.raises(ValueError):
            state.set_drawing_input(bad)
    assert state.heard == [] and state.input_choice == InputChoice() and state.drawing_input is None


def test_no_one_changes_the_choice_or_the_drawing_behind_the_model(state):
    state.set_drawing_input(np.ones((28, 28), np.float32))
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.input_choice.test_index = 3
    with pytest.raises(ValueError):  # read-only
        state.drawing_input[0, 0] = 0.0
    assert state.input_choice == InputChoice() and state.drawing_input.all()


def test_a_smaller_data_set_moves_the_choice_onto_its_last_test_image(state, small_mnist, monkeypatch):
    monkeypatch.setattr(state_module, "load_dataset", lambda name, data_dir: small_mnist)
    state.choose_test_image(800)
    state.load_dataset("mnist")
    assert state.test_count == 500 and state.input_choice == InputChoice(False, 499)
    state.choose_test_image(501)
    assert state.shown_input() == (None, 1)


def test_why_and_fool_choose_their_own_input_in_the_model(state):
    """Why? and Fool work on the drawing or the test image shown: the model's choice (``drawing_views``), asked for
    per view; the feature maps' drawing and a test image picked in a gallery carry Why? along, never Fool."""
    views = []
    state.events.view_input.connect(views.append)
    assert state.drawing_views == frozenset()
    state.choose_view_input("fool", True)
    state.choose_view_input("fool", True)  # the same again: nothing to announce
    assert views == [frozenset({"fool"})]
    state.choose_drawing()  # the feature maps show the drawing: Why? explains it too
    assert state.drawing_views == {"why", "fool"} and views[-1] == {"why", "fool"}
    state.choose_test_image(3)  # the feature maps' own test image: Why? keeps the drawing
    assert state.drawing_views == {"why", "fool"}
    state.pick_test_image(5)  # picked in Mistakes: shown and explained
    assert state.input_choice == InputChoice(False, 5) and state.drawing_views == {"fool"}
    state.choose_view_input("fool", False)
    assert views == [frozenset({"fool"}), {"why", "fool"}, {"fool"}, frozenset()]
    heard = list(state.heard)
    for view in ("map", "", None, ["why"]):  # a view without its own input: refused, nothing changes
        with pytest.raises((ValueError, TypeError)):
            state.choose_view_input(view, True)
    with pytest.raises(ValueError):
        state.pick_test_image(2.5)
    assert state.drawing_views == frozenset() and len(views) == 4 and state.heard == heard
