"""Scans and photos both read well: the photo steps (cnnviz/data/photo.py) help phone photos and never cost a
scan its digit. Small sets made from MNIST test digits, each read at least as well with the photo steps as
without them (the pipeline from before they existed); the photo figures are in docs/see-inside.md."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from cnnviz.classroom.synthetic import phone_photo
from cnnviz.data import drawing, photo
from cnnviz.data.drawing import preprocess_digit
from cnnviz.data.photo import box_blur3, drop_edge_clutter, even_out_lighting

COUNT = 60


def _tight(digit: np.ndarray, square: bool = True) -> np.ndarray:
    """The digit cropped to its ink: strokes touch the edges (of the longer side, when ``square``)."""
    rows, cols = np.flatnonzero(digit.max(axis=1) > 0.1), np.flatnonzero(digit.max(axis=0) > 0.1)
    crop = digit[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
    if not square:
        return crop
    h, w = crop.shape
    return np.pad(
        crop, ((max(w - h, 0) // 2, (max(w - h, 0) + 1) // 2), (max(h - w, 0) // 2, (max(h - w, 0) + 1) // 2))
    )


def _bilinear(values: np.ndarray, side: int) -> np.ndarray:
    return np.asarray(Image.fromarray(values.astype(np.float32)).resize((side, side), Image.Resampling.BILINEAR))


def _saved(grey: np.ndarray, jpeg: bool = False) -> np.ndarray:
    """As read back from a PNG (or JPEG) file: 8-bit greys."""
    buffer = io.BytesIO()
    Image.fromarray(np.rint(np.clip(grey, 0, 1) * 255).astype(np.uint8)).save(
        buffer, "JPEG" if jpeg else "PNG", **({"quality": 85} if jpeg else {})
    )
    return np.asarray(Image.open(io.BytesIO(buffer.getvalue())).convert("L"), np.float32) / 255


def _picture(kind: str, digit: np.ndarray, seed: int) -> np.ndarray:
    if kind == "tight crop":  # dark ink on white, upscaled bilinearly to 64x64
        return _saved(1 - np.clip(_bilinear(_tight(digit), 64), 0, 1))
    if kind == "stretched crop":  # the crop stretched to a square: strokes touch all four edges
        return _saved(1 - np.clip(_bilinear(_tight(digit, square=False), 64), 0, 1))
    if kind == "bilinear upscale":  # the whole field, 3x
        return _saved(1 - np.clip(_bilinear(digit, 84), 0, 1))
    if kind == "noisy scan":  # a tight crop at scanner resolution on grey paper, with noise, as JPEG
        rng = np.random.default_rng(seed)
        paper = rng.uniform(0.85, 0.97)
        ink = np.clip(_bilinear(_tight(digit), 96), 0, 1)
        return _saved(paper - (paper - 0.1) * ink + rng.normal(0, 0.04, ink.shape), jpeg=True)
    if kind == "phone photo":  # on paper, uneven light, grain, perspective, a pen colour, JPEG
        buffer = io.BytesIO()
        phone_photo(digit, seed=seed).save(buffer, "JPEG", quality=85)
        return np.asarray(Image.open(io.BytesIO(buffer.getvalue())).convert("L"), np.float32) / 255
    raise ValueError(kind)


KINDS = ("tight crop", "stretched crop", "bilinear upscale", "noisy scan", "phone photo")


@pytest.fixture(scope="module")
def digits(mnist):
    indices = np.arange(COUNT) * (len(mnist.test_labels) // COUNT) + 3
    return mnist.test_images[indices] / np.float32(255), mnist.test_labels[indices], indices


def _accuracy(model, pictures, labels) -> float:
    inputs = np.stack([preprocess_digit(p) for p in pictures])
    return float(np.mean(model.predict_proba(inputs[:, None]).argmax(axis=1) == labels))


@pytest.mark.parametrize("kind", KINDS)
def test_each_set_reads_at_least_as_well_with_the_photo_steps_as_without(kind, digits, tiny_model, monkeypatch):
    images, labels, indices = digits
    pictures = [_picture(kind, d, int(i)) for d, i in zip(images, indices)]
    with_steps = _accuracy(tiny_model, pictures, labels)
    monkeypatch.setattr(drawing, "looks_like_photo", lambda values: False)  # the pipeline before the photo steps
    without = _accuracy(tiny_model, pictures, labels)
    assert with_steps >= without, (kind, with_steps, without)
    floor = {"stretched crop": 0.7, "phone photo": 0.8}.get(kind, 0.85)
    assert with_steps >= floor, (kind, with_steps)


def test_a_tight_crop_taken_for_a_photo_keeps_every_stroke(mnist, monkeypatch):
    # Bilinear greys leave no level on half of a tight crop's pixels: it may be taken for a photo. Its
    # strokes run to the crop's edges, and they are the digit, not clutter.
    for index in range(8):
        digit = mnist.test_images[index] / np.float32(255)
        picture = _picture("tight crop", digit, index)
        ink = np.clip((1 - picture - 0.15) / 0.85, 0, 1)
        assert drop_edge_clutter(ink).sum() == pytest.approx(ink.sum()), index
        monkeypatch.setattr(drawing, "looks_like_photo", lambda values: True)

        def cosine(a, b):
            return float((a * b).sum() / (np.linalg.norm(a) * np.linalg.norm(b)))

        assert cosine(preprocess_digit(picture), preprocess_digit(digit)) > 0.9, index
        monkeypatch.undo()


def test_evening_out_the_light_leaves_an_evenly_lit_bold_digit_alone():
    # A bold 8 whose strokes fill a third of the light-measuring blocks: the fit follows the paper, not the ink.
    rows, cols = np.mgrid[:96, :96]

    def ring(r0, c0, radius):
        return np.abs(np.hypot(rows - r0, cols - c0) - radius) < 9

    picture = np.where(ring(26, 48, 22) | ring(70, 48, 24), np.float32(0.1), np.float32(0.9))
    evened = even_out_lighting(picture)
    paper, ink = picture > 0.5, picture < 0.5

    def far(mask):
        return box_blur3(mask.astype(np.float32)) == 1

    assert np.abs(evened[far(paper)] - 0.9).max() < 0.02  # even light: left as it is
    assert np.abs(evened[far(ink)] - 0.1).max() < 0.02


def test_clutter_at_a_photos_edge_is_still_dropped_beside_a_digit_apart_from_it():
    ink = np.zeros((120, 160), np.float32)
    ink[40:80, 70:76] = 1.0  # a "1" in the middle
    ink[110:, :] = 1.0  # the table along the bottom edge
    ink[:30, :6] = 1.0  # a shadow in a corner
    kept = drop_edge_clutter(ink)
    assert kept[40:80, 70:76].min() == 1.0 and kept[100:].sum() == 0 and kept[:30, :6].sum() == 0


def test_component_labelling_gives_up_after_its_rounds(monkeypatch):
    """docs/security.md: the photo steps' labelling stops after MAX_LABEL_ROUNDS rounds (one per pixel of a
    component's longest path), so a pathological spiral costs no more than that; a short path is labelled."""
    snake = np.zeros((9, 9), bool)
    snake[::2, :] = True  # rows joined at alternating ends: one path of 49 pixels
    snake[1::4, -1] = True
    snake[3::4, 0] = True
    labels = photo.component_labels(snake)
    assert labels is not None and set(np.unique(labels[snake])) == {0}, "one component, labelled by its first pixel"
    monkeypatch.setattr(photo, "MAX_LABEL_ROUNDS", 10)
    assert photo.component_labels(snake) is None
