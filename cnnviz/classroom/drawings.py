"""The class's own handwriting: a folder of labelled drawings.

Students draw digits on the canvas and say which digit they meant; the
drawings become a small test set ("does the network read *our* writing?")
and, mixed with MNIST, a fine-tuning set.

Layout of the folder (``<user data dir>/cnnviz/drawings`` by default)::

    7_alice_20240501-101502_3fa2c1.png      the 28x28 network input, 8-bit grey, ink white on black
    7_alice_20240501-101502_3fa2c1.raw.png  the canvas as drawn (optional)
    index.json                              who drew what, when (informative)

The file name carries the label, so drawings copied from another computer's
folder (or shared by a colleague) load without their index; the index adds
the student's name as typed and the time. Anything else found in the folder
-- a corrupt PNG, a holiday photo, a wrong-sized picture -- is skipped with a
warning, never a crash.
"""

from __future__ import annotations

import io
import json
import os
import re
import secrets
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, UnidentifiedImageError

from ..data.datasets import Dataset
from ..data.drawing import FIELD_SIZE, preprocess_digit
from ..data.file_writing import atomic_write_bytes, atomic_write_text
from ..data.files import FileProblem, read_json_file
from ..data.limits import shorten

__all__ = ["DrawingStore", "Drawing", "default_drawings_dir", "finetune_dataset", "FINETUNE_MNIST_SAMPLES"]

FINETUNE_MNIST_SAMPLES = 5000
"""MNIST training images mixed into "fine-tune on our drawings" (so that the network keeps reading MNIST)."""

INDEX_NAME = "index.json"
CLASSES_NAME = "classes.json"
HELD_BACK_FOLDER = "our-test"
"""A class's own test set, saved in a folder of its own inside its drawings' folder."""
"""The names of a class's own classes, when the labels are theirs (see :meth:`DrawingStore.save_class_names`)."""
INDEX_FORMAT = 1
NUM_CLASSES = 10
MAX_STUDENT_CHARS = 40
MAX_NAME_SHOWN = 200
"""A student's name as typed is kept up to this many characters."""
MAX_INDEX_BYTES = 16 * 2**20
"""About 100,000 drawings; a bigger index (a shared folder is untrusted) is ignored."""
MAX_INDEX_DEPTH = 8
MAX_WARNINGS = 20
"""Skipped files named one by one; beyond these a folder of 40,000 foreign files gets one summary line."""
_NAME = re.compile(r"^(\d)_([A-Za-z0-9-]*)_(\d{8}-\d{6})_([0-9a-f]{6,})\.png$")


def default_drawings_dir() -> Path:
    from .. import user_folders  # platformdirs: only needed when no folder is given

    return user_folders.drawings()


@dataclass(frozen=True)
class Drawing:
    path: Path
    label: int
    student: str
    created: str
    """Local time, ``YYYYmmdd-HHMMSS``."""
    raw_path: Path | None = None


def _safe_student(student: str) -> str:
    """The student's name as a file-name part: letters, digits and dashes only."""
    ascii_name = student.strip().encode("ascii", "ignore").decode()
    cleaned = re.sub(r"[^A-Za-z0-9]+", "-", ascii_name).strip("-")
    return cleaned[:MAX_STUDENT_CHARS]


def _display_name(name: str) -> str:
    """A name from the index as it may be shown: printable characters only, bounded."""
    return "".join(c for c in name[: 4 * MAX_NAME_SHOWN] if c.isprintable()).strip()[:MAX_NAME_SHOWN]


def _as_gray(image, what: str) -> np.ndarray:
    array = np.asarray(image)
    if array.ndim != 2 or min(array.shape) < 1:
        raise ValueError(f"{what} must be a 2-D grey image, got shape {array.shape}")
    if np.issubdtype(array.dtype, np.unsignedinteger):
        return array.astype(np.float32) / np.float32(np.iinfo(array.dtype).max)
    if not np.issubdtype(array.dtype, np.floating):
        raise ValueError(f"{what} must be floats in [0, 1] or unsigned integers, got dtype {array.dtype}")
    if not np.all(np.isfinite(array)):
        raise ValueError(f"{what} contains NaN or infinite values")
    return np.clip(array, 0.0, 1.0).astype(np.float32)


def _png(gray01: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    Image.fromarray(np.rint(gray01 * 255).astype(np.uint8), "L").save(buffer, format="PNG")
    return buffer.getvalue()


class DrawingStore:
    """Labelled student drawings in a folder; safe to use from one process at a time."""

    def __init__(self, folder: str | os.PathLike[str] | None = None):
        self.folder = Path(folder) if folder is not None else default_drawings_dir()
        self.warnings: list[str] = []
        """Problems met by the last :meth:`load` / :meth:`drawings` (skipped files, unreadable index),
        at most :data:`MAX_WARNINGS` of each kind and then one line counting the rest."""
        self._listed: dict[str, int] = {}
        self._summary_at: dict[str, int] = {}
        self._lock = threading.Lock()

    # --- writing ----------------------------------------------------------------------
    def add(self, image, label: int, student: str = "", raw: np.ndarray | None = None) -> Path:
        """Store one drawing and return the path of its 28x28 PNG.

        ``image`` is either the network's 28x28 input (floats in [0, 1], ink
        = 1, as :func:`~cnnviz.data.drawing.preprocess_digit` makes it) or
        the canvas at any other size, which is then preprocessed here and
        kept as the raw picture too. ``raw`` stores the canvas alongside a
        28x28 ``image`` (in whichever polarity it was drawn).
        """
        if isinstance(label, bool) or not isinstance(label, (int, np.integer)) or not 0 <= label < NUM_CLASSES:
            raise ValueError(f"label must be a digit from 0 to {NUM_CLASSES - 1}, got {label!r}")
        if not isinstance(student, str):
            raise ValueError(f"student must be text, got {type(student).__name__}")
        gray = _as_gray(image, "the drawing")
        if gray.shape != (FIELD_SIZE, FIELD_SIZE):
            if raw is not None:
                raise ValueError("pass either a 28x28 input with its raw canvas, or only the canvas")
            raw, gray = gray, preprocess_digit(gray)  # raises ImageError on a blank canvas
        elif not gray.any():
            raise ValueError("the drawing is blank: draw a digit first")
        raw_gray = None if raw is None else _as_gray(raw, "the raw canvas")

        stamp = time.strftime("%Y%m%d-%H%M%S")
        stem = f"{int(label)}_{_safe_student(student)}_{stamp}_{secrets.token_hex(3)}"
        with self._lock:
            self.folder.mkdir(parents=True, exist_ok=True)
            path = atomic_write_bytes(self.folder / f"{stem}.png", _png(gray))
            raw_path = None
            if raw_gray is not None:
                raw_path = atomic_write_bytes(self.folder / f"{stem}.raw.png", _png(raw_gray))
            index, _ = self._read_index()
            index[path.name] = {
                "label": int(label),
                "student": _display_name(student),
                "created": stamp,
                "raw": raw_path.name if raw_path else None,
            }
            self._write_index(index)
        return path

    def save_class_names(self, names) -> Path:
        """Name the labels: drawings of a class's own classes (circle, triangle...) are stored as their index,
        and ``classes.json`` beside them says what each index is (2 to 10 names)."""
        names = [str(n) for n in names]
        if not 2 <= len(names) <= NUM_CLASSES:
            raise ValueError(f"2 to {NUM_CLASSES} class names, got {len(names)}")
        with self._lock:
            self.folder.mkdir(parents=True, exist_ok=True)
            return atomic_write_text(
                self.folder / CLASSES_NAME, json.dumps({"classes": names}, ensure_ascii=False) + "\n"
            )

    def class_names(self) -> list[str] | None:
        """The names ``classes.json`` gives the labels (None: none, or not valid: the labels are digits)."""
        from ..nn.checkpoint_meta import clean_class_names  # (the same bounds as a checkpoint's names)

        path = self.folder / CLASSES_NAME
        if not path.is_file():
            return None
        try:
            data = read_json_file(path, 64 * 1024, max_depth=3, nonfinite="null")
        except (FileProblem, ValueError):
            return None
        return clean_class_names(data.get("classes")) if isinstance(data, dict) else None

    def remove(self, drawing: Drawing | str | os.PathLike[str]) -> None:
        """Delete a drawing (a wrong label, a scribble) and its raw canvas."""
        path = drawing.path if isinstance(drawing, Drawing) else self.folder / Path(drawing).name
        if not _NAME.match(path.name):
            raise ValueError(f"{path.name} is not a drawing of this store")
        with self._lock:
            path.unlink(missing_ok=True)
            path.with_suffix(".raw.png").unlink(missing_ok=True)
            index, _ = self._read_index()
            if index.pop(path.name, None) is not None:
                self._write_index(index)

    # --- reading ----------------------------------------------------------------------
    def _warn(self, message: str, kind: str = "problem") -> None:
        """Name the first :data:`MAX_WARNINGS` problems of each kind, then count the rest in one line."""
        listed = self._listed.get(kind, 0)
        self._listed[kind] = listed + 1
        if listed < MAX_WARNINGS:
            self.warnings.append(message)
            return
        summary = f"... and {listed + 1 - MAX_WARNINGS} more {kind}"
        at = self._summary_at.setdefault(kind, len(self.warnings))
        if at == len(self.warnings):
            self.warnings.append(summary)
        else:
            self.warnings[at] = summary

    def drawings(self) -> list[Drawing]:
        """Every valid drawing's description, oldest first (reads no pixels; linear in the folder's size)."""
        self.warnings = []
        self._listed, self._summary_at = {}, {}
        if not self.folder.is_dir():
            return []
        index, problem = self._read_index()
        if problem:
            self._warn(problem)
        found = []
        for path in sorted(self.folder.iterdir(), key=lambda p: p.name):
            name = path.name
            if (
                name in (INDEX_NAME, CLASSES_NAME, HELD_BACK_FOLDER)
                or name.startswith(".")
                or name.endswith(".raw.png")
            ):
                continue  # the index, temporary files of an interrupted save, raw canvases
            match = _NAME.match(name)
            if not match or not path.is_file():
                self._warn(
                    f"{name}: not a drawing of this store (skipped)", "files that are not drawings of this store"
                )
                continue
            found.append(_drawing(path, match, index))
        found.sort(key=lambda d: (d.created, d.path.name))
        return found

    def load(self) -> tuple[np.ndarray, np.ndarray]:
        """All drawings as ``(images (N, 28, 28) float32 in [0, 1], labels (N,) int64)``.

        Unreadable or foreign files are skipped; :attr:`warnings` says which and why.
        """
        _, images, labels = self.load_entries()
        return images, labels

    def load_entries(self) -> tuple[list[Drawing], np.ndarray, np.ndarray]:
        """``(drawings, images, labels)`` of every drawing that could be read, aligned, oldest first.

        Linear in the folder's size: a class's 20,000 drawings beside 40,000 other files take seconds.
        """
        entries, images, labels = [], [], []
        for drawing in self.drawings():
            try:
                pixels = read_drawing(drawing.path)
            except ValueError as error:
                self._warn(f"{drawing.path.name}: cannot be read ({error}); skipped", "unreadable drawings")
                continue
            entries.append(drawing)
            images.append(pixels)
            labels.append(drawing.label)
        if not images:
            return [], np.zeros((0, FIELD_SIZE, FIELD_SIZE), np.float32), np.zeros(0, np.int64)
        return entries, np.stack(images), np.asarray(labels, dtype=np.int64)

    def describe(self, path: Path) -> Drawing:
        """The :class:`Drawing` of a file this store wrote (e.g. the path :meth:`add` returned)."""
        match = _NAME.match(path.name)
        if not match:
            raise ValueError(f"{path.name} is not a drawing of this store")
        return _drawing(path, match, self._read_index()[0])

    def __len__(self) -> int:
        return len(self.drawings())

    def counts(self) -> np.ndarray:
        """How many drawings of each digit (10,), to show which digits still need examples."""
        labels = [d.label for d in self.drawings()]
        return np.bincount(np.asarray(labels, dtype=np.int64), minlength=NUM_CLASSES)

    # --- using them ---------------------------------------------------------------------
    def accuracy(self, model, batch_size: int = 500) -> float | None:
        """The model's accuracy on the drawings, or None when there are none yet."""
        images, labels = self.load()
        if len(labels) == 0:
            return None
        probs = model.predict_proba(images[:, None], batch_size=batch_size)
        return float((probs.argmax(axis=1) == labels).mean())

    def finetune_dataset(
        self, mnist: Dataset, ratio: float = 0.25, mnist_samples: int | None = FINETUNE_MNIST_SAMPLES, seed: int = 0
    ) -> Dataset:
        """MNIST mixed with these drawings; see :func:`finetune_dataset`."""
        images, labels = self.load()
        return finetune_dataset(mnist, images, labels, ratio=ratio, mnist_samples=mnist_samples, seed=seed)

    # --- index ------------------------------------------------------------------------
    def _read_index(self) -> tuple[dict, str | None]:
        path = self.folder / INDEX_NAME
        if not path.is_file():
            return {}, None
        try:
            # Bounded in size and depth: a deeply nested index must not stop the app from starting.
            data = read_json_file(path, MAX_INDEX_BYTES, max_depth=MAX_INDEX_DEPTH, nonfinite="null")
            entries = data["drawings"]
            if not isinstance(entries, dict):
                raise TypeError("'drawings' is not an object")
            return {k: v for k, v in entries.items() if isinstance(v, dict)}, None
        except (FileProblem, ValueError, KeyError, TypeError) as error:
            # The index is only informative: the file names carry the labels.
            reason = str(error).removeprefix(f"{path}: ")
            return {}, f"{INDEX_NAME}: unreadable ({shorten(reason, 160)}); names are taken from the file names"

    def _write_index(self, entries: dict) -> None:
        text = json.dumps({"format": INDEX_FORMAT, "drawings": entries}, indent=1, sort_keys=True)
        atomic_write_text(self.folder / INDEX_NAME, text + "\n")


def _drawing(path: Path, match: re.Match, index: dict) -> Drawing:
    """A stored file's description: label and time from its name, the student from the index (or the name)."""
    entry = index.get(path.name, {})
    student = _display_name(entry["student"]) if isinstance(entry.get("student"), str) else match[2]
    raw = path.with_name(path.name[:-4] + ".raw.png")
    return Drawing(path, int(match[1]), student, match[3], raw if raw.is_file() else None)


def read_drawing(path: Path) -> np.ndarray:
    """One stored drawing as (28, 28) float32 in [0, 1]; ValueError saying why it cannot be read."""
    try:
        with Image.open(path) as picture:
            # The size is in the header: a huge foreign picture is refused before decoding.
            if picture.size != (FIELD_SIZE, FIELD_SIZE):
                raise ValueError(f"is {picture.size[0]}x{picture.size[1]}, not 28x28")
            picture.load()
            return np.asarray(picture.convert("L"), dtype=np.float32) / np.float32(255.0)
    except (OSError, UnidentifiedImageError, SyntaxError, Image.DecompressionBombError) as error:
        # OSError covers truncated files and Pillow's decoder errors.
        raise ValueError(str(error)) from None


def finetune_dataset(
    mnist: Dataset,
    images: np.ndarray,
    labels: np.ndarray,
    ratio: float = 0.25,
    mnist_samples: int | None = FINETUNE_MNIST_SAMPLES,
    seed: int = 0,
) -> Dataset:
    """A training set for "fine-tune on our drawings": MNIST with the drawings oversampled.

    ``mnist_samples`` random MNIST training images (all when None) keep the
    network from forgetting the digits it already knows; the drawings are
    repeated (each about equally often) until they make up ``ratio`` of the
    set, since a class's 30 drawings would otherwise be lost among thousands
    of MNIST digits. The test split stays MNIST's, so test accuracy stays
    comparable with the run before; measure the drawings with
    :meth:`DrawingStore.accuracy`.
    """
    if not 0.0 < ratio < 1.0:
        raise ValueError(f"ratio (the share of drawings) must be between 0 and 1, got {ratio!r}")
    images = np.asarray(images)
    labels = np.asarray(labels, dtype=np.int64)
    if len(labels) == 0:
        raise ValueError("there are no drawings yet: draw and label some digits first")
    if images.shape != (len(labels), FIELD_SIZE, FIELD_SIZE):
        raise ValueError(f"expected drawings of shape ({len(labels)}, 28, 28), got {images.shape}")
    if labels.min() < 0 or labels.max() >= mnist.num_classes:
        raise ValueError(f"drawing labels must be from 0 to {mnist.num_classes - 1}")
    rng = np.random.default_rng(seed)
    available = len(mnist.train_labels)
    m = available if mnist_samples is None else min(int(mnist_samples), available)
    if m < 1:
        raise ValueError(f"mnist_samples must be at least 1, got {mnist_samples!r}")
    mnist_pick = rng.choice(available, size=m, replace=False) if m < available else np.arange(available)
    copies = max(len(labels), int(round(ratio / (1.0 - ratio) * m)))
    # Whole rounds of shuffled drawings: every drawing appears floor or ceil(copies / n) times.
    rounds = -(-copies // len(labels))
    drawing_pick = np.concatenate([rng.permutation(len(labels)) for _ in range(rounds)])[:copies]

    if np.issubdtype(images.dtype, np.floating):
        drawn = np.rint(np.clip(images, 0.0, 1.0) * 255).astype(np.uint8)
    else:
        drawn = images.astype(np.uint8)
    train_images = np.concatenate([mnist.train_images[mnist_pick], drawn[drawing_pick]])
    train_labels = np.concatenate([mnist.train_labels[mnist_pick].astype(np.int64), labels[drawing_pick]])
    order = rng.permutation(len(train_labels))
    train_images, train_labels = train_images[order], train_labels[order]
    for array in (train_images, train_labels):
        array.flags.writeable = False
    return Dataset(
        name=f"{mnist.name}+drawings",
        train_images=train_images,
        train_labels=train_labels,
        test_images=mnist.test_images,
        test_labels=mnist.test_labels,
        class_names=mnist.class_names,
        source=f"{mnist.source} + {len(labels)} drawings",
    )
