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
