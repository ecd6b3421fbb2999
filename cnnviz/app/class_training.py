"""The class's own classes as a data set: a small net learns them from scratch, from the accepted drawings only.

The teacher names 2 to 10 classes on the class canvas (circle, triangle, star), the phones draw them and the
teacher accepts the drawings; :func:`class_dataset` makes those drawings a :class:`~cnnviz.data.datasets.Dataset`
the ordinary Trainer runs on (the window launches it as any run: curves, kernels and feature maps follow it,
and the phones' answers follow its weights). A class's 20-300 drawings are few for even the tiny net: the
training split repeats each one, moved by up to two pixels, so that one pass is a few hundred steps. The
test split is the class's own test set (the drawings held back, never trained on); with none held back it is
the training drawings themselves, as they were drawn (then it says how well the net learned them, not how
well it reads new ones: the window says so).
"""

from __future__ import annotations

import numpy as np

from ..data.datasets import DIGIT_CLASS_NAMES, FASHION_CLASS_NAMES, Dataset
from ..nn.model import PRESETS
from ..translatable import N_, Phrase
from .class_canvas import DIGIT_NAMES, ClassCanvas

MIN_PER_CLASS = 2
"""Accepted drawings of each class at least before a net is trained on them."""
TRAIN_IMAGES = 1920
"""The training split's size: the drawings repeated (and moved) up to it; 60 steps of 32 per pass."""
MAX_SHIFT = 2
"""Pixels a repeated drawing moves at most, each way (the class draws where it likes; MNIST is centred)."""
CLASS_NET_BASE = PRESETS["tiny"].rsplit(",", 1)[0]
"""The tiny net without its dense-10: the layers every net of the class's own classes starts with."""
RUN_SETTINGS = {
    "epochs": 3.0,
    "steps": None,
    "train_samples": None,
    "batch_size": 32,
    "lr": 3e-3,
    "optimizer": "adam",
    "schedule": "onecycle",
    "eval_every": 20,
}
"""The run the window launches: three passes over the repeated drawings (180 steps: seconds on a laptop)."""


class NotEnoughDrawings(ValueError):
    """Too few accepted drawings (or no classes named): the message says what to do, as a Phrase."""


def class_net(count: int) -> str:
    """The spec of the tiny net with one output per class."""
    return f"{CLASS_NET_BASE},dense-{int(count)}"


def own_classes(names) -> bool:
    """Whether ``names`` are the class's own classes (not a standard data set's: the digits, Fashion-MNIST's)."""
    names = tuple(names or ())
    return bool(names) and names not in (DIGIT_NAMES, DIGIT_CLASS_NAMES, FASHION_CLASS_NAMES)


def missing(canvas: ClassCanvas) -> list[str]:
    """The classes with fewer than :data:`MIN_PER_CLASS` accepted drawings, each as "name (count)"."""
    names = canvas.classes
    _images, labels = canvas.training_set()
    counts = np.bincount(labels, minlength=len(names)) if len(labels) else np.zeros(len(names), np.int64)
    return [f"{names[i]} ({int(counts[i])})" for i in range(len(names)) if counts[i] < MIN_PER_CLASS]


def check_enough(canvas: ClassCanvas) -> None:
    """Raise :class:`NotEnoughDrawings` saying what is missing; nothing when a net can be trained."""
    names = canvas.classes
    if not own_classes(names):
        raise NotEnoughDrawings(
            Phrase(N_("Name the class's own classes first (2 to 10 names), then collect drawings of them."))
        )
    short = missing(canvas)
    if short:
        raise NotEnoughDrawings(
            Phrase(
                N_(
                    "Too few drawings to train on: accept at least {least} drawings of each class. "
                    "Still missing: {classes}."
                ),
                least=MIN_PER_CLASS,
                classes=", ".join(short),
            )
        )


def _as_bytes(images: np.ndarray) -> np.ndarray:
    return np.rint(np.clip(np.asarray(images, np.float32), 0.0, 1.0) * 255).astype(np.uint8)


def shifted_copies(
    images: np.ndarray, labels: np.ndarray, total: int, seed: int = 0, max_shift: int = MAX_SHIFT
) -> tuple[np.ndarray, np.ndarray]:
    """``total`` images: each drawing about equally often (whole shuffled rounds), each copy moved by up to
    ``max_shift`` pixels in x and y (the first round unmoved)."""
    rng = np.random.default_rng(seed)
    n = len(labels)
    rounds = -(-total // n)
    pick = np.concatenate([rng.permutation(n) for _ in range(rounds)])[:total]
    shifts = rng.integers(-max_shift, max_shift + 1, size=(total, 2))
    shifts[:n] = 0
    pad = max_shift
    padded = np.pad(images, ((0, 0), (pad, pad), (pad, pad)))
    out = np.empty((total, *images.shape[1:]), images.dtype)
    h, w = images.shape[1:]
    for i, (k, (dy, dx)) in enumerate(zip(pick, shifts)):
        out[i] = padded[k, pad - dy : pad - dy + h, pad - dx : pad - dx + w]
    order = rng.permutation(total)
    return out[order], labels[pick][order]


def class_dataset(canvas: ClassCanvas, seed: int = 0, total: int = TRAIN_IMAGES) -> Dataset:
    """The class's accepted drawings with their class labels, as a data set (see the module's text).
    Raises :class:`NotEnoughDrawings`."""
    check_enough(canvas)
    images, labels = canvas.training_set()
    test_images, test_labels = canvas.test_set()
    held_back = len(test_labels) > 0
    if not held_back:
        test_images, test_labels = images, labels
    train_images, train_labels = shifted_copies(
        _as_bytes(images), labels.astype(np.int64), max(total, len(labels)), seed
    )
    arrays = (train_images, train_labels, _as_bytes(test_images), np.asarray(test_labels, np.int64))
    for array in arrays:
        array.flags.writeable = False
    source = f"{len(labels)} class drawings" + (f", {len(test_labels)} held back" if held_back else "")
    return Dataset(
        name="class",
        train_images=arrays[0],
        train_labels=arrays[1],
        test_images=arrays[2],
        test_labels=arrays[3],
        class_names=tuple(canvas.classes),
        source=source,
    )


def continue_dataset(canvas: ClassCanvas, names, seed: int = 0) -> Dataset:
    """What a net of the class's own classes ``names`` (a loaded file's, or a class run's) trains further on:
    the class canvas's accepted drawings of those classes, as :func:`class_dataset` (the same path a new class
    net trains on). A canvas that holds no drawings yet takes the net's classes (its phones then draw them).
    Raises :class:`NotEnoughDrawings` saying why not and what to do: the canvas collects other classes, or
    too few drawings of these."""
    names = tuple(names)
    if tuple(canvas.classes) != names:
        if canvas.live_drawings():
            raise NotEnoughDrawings(
                Phrase(
                    N_(
                        "This network knows {names}, but the class canvas holds drawings of {current}: it can only "
                        "train further on drawings of its own classes. Name the same classes on the class canvas "
                        "(F6), or choose a network of the data set under Network."
                    ),
                    names=", ".join(names),
                    current=", ".join(canvas.classes),
                )
            )
        canvas.set_classes(names)
    short = missing(canvas)
    if short:
        raise NotEnoughDrawings(
            Phrase(
                N_(
                    "This network knows {names}: it trains further on the class canvas's drawings of them, and "
                    "the class canvas (F6) now asks the phones for them. Accept at least {least} drawings of "
                    "each, then press Start. Still missing: {classes}."
                ),
                names=", ".join(names),
                least=MIN_PER_CLASS,
                classes=", ".join(short),
            )
        )
    return class_dataset(canvas, seed=seed)


def continue_settings(spec: str) -> dict:
    """The run settings of a class net trained further: those a new one trains with, on its own ``spec``."""
    return {**RUN_SETTINGS, "net": spec}


def run_settings(canvas: ClassCanvas) -> dict:
    """The changes to the window's run settings for a net of the class's own classes (its spec included)."""
    return {**RUN_SETTINGS, "net": class_net(len(canvas.classes))}


def fresh_weights(count: int, seed: int = 0) -> dict:
    """Random weights of the tiny net with ``count`` outputs: the run starts from scratch, never from the
    weights the window holds (a digit net's, whose last layer has ten outputs)."""
    from ..nn.model import Sequential

    return Sequential.from_spec(class_net(count), num_classes=count).initialise(seed).state_dict()


def save_drawings(canvas: ClassCanvas, folder) -> int:
    """The teacher saves the class's drawings of its own classes: the accepted ones in ``folder`` (the Class
    drawings format: one PNG each, the label in its name, who drew it in the index) with ``classes.json`` naming
    the labels, the held-back ones likewise in its ``our-test`` folder. Returns how many were written."""
    from pathlib import Path

    from ..classroom.drawings import HELD_BACK_FOLDER, DrawingStore

    if not own_classes(canvas.classes):
        raise NotEnoughDrawings(
            Phrase(N_("Name the class's own classes first (2 to 10 names), then collect drawings of them."))
        )
    written = 0
    for where, subs in (
        (Path(folder), list(canvas.accepted)),
        (Path(folder) / HELD_BACK_FOLDER, list(canvas.held_back)),
    ):
        if not subs:
            continue
        store = DrawingStore(where)
        store.save_class_names(canvas.classes)
        for sub in subs:
            store.add(sub.image, int(sub.label), sub.pseudonym)
            written += 1
    return written
