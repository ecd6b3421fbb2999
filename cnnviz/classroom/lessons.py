"""Lessons: a whole classroom set-up in one small JSON file (a lesson "preset").

A preset names the network, the backend, the optimizer settings, how long to
train, which panels to show and whether to start in presenter mode::

    {
      "title": "First look (tiny net)",
      "description": "...",
      "net": "tiny",
      "backend": "auto",
      "optimizer": "adam",
      "lr": 0.002,
      "momentum": 0.9,
      "batch_size": 64,
      "epochs": 1,
      "schedule": "onecycle",
      "train_samples": null,
      "test_samples": null,
      "visible_panels": ["loss", "accuracy", "feature_maps", "kernels"],
      "presenter": true,
      "steps": ["Press Start (Space) and watch the loss fall.", "..."]
    }

``train_samples`` and ``test_samples`` may be left out (all training, all test
images); ``test_samples`` tests on the first N test images only, so that a
lesson with many short epochs does not spend its minute evaluating. ``steps``
(optional) are the lesson's instructions, shown one at a time beside the
panels while the class works through them; a step may be an object
``{"text": "...", "show": "kernels"}`` naming the view it sends the class to,
which the app brings up when the step is shown (when the view in force shows
it); ``"part"`` names the part of that view the step talks about, where the view
has parts (:data:`PANEL_PARTS`: ``{"text": "...", "show": "statistics", "part":
"gradient_norm"}``). ``visible_panels`` and
``presenter`` are the lesson's suggested view: the app offers it, never forces
it. Every field is checked, and unknown keys are refused (a typo such as ``"learning_rate"``
would otherwise be silently ignored and the lesson would run with the
default). The presets shipped with cnnviz live in ``assets/presets``
(installed as ``cnnviz.assets/presets``).
"""

from __future__ import annotations

import difflib
import importlib.resources
import json
import math
import os
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..backends import registry
from ..data import limits
from ..data.file_writing import atomic_write_text
from ..data.files import FileProblem, read_json_file
from ..data.limits import megabytes, shorten
from ..nn.layers import SpecError
from ..nn.model import Sequential, network_size
from ..nn.optim import OPTIMIZERS, SCHEDULES
from ..train.config import MAX_BATCH, MAX_EPOCHS, TrainConfig
from ..translatable import N_

__all__ = [
    "Lesson",
    "LessonError",
    "PANELS",
    "VIEW_ALIASES",
    "PANEL_TITLES",
    "load_lesson",
    "save_lesson",
    "bundled_lessons",
    "bundled_lessons_dir",
    "load_lessons_in",
    "first_test_images",
]

PANEL_TITLES: dict[str, str] = {
    "loss": N_("Loss curve"),
    "accuracy": N_("Accuracy curve"),
    "feature_maps": N_("Feature maps"),
    "kernels": N_("Kernels"),
    "timings": N_("Time per layer"),
    "draw": N_("Draw and classify, class drawings"),
    "mistakes": N_("Mistakes (confusion matrix)"),
    "why": N_("Why? (saliency, occlusion)"),
    "filters": N_("What each filter wants to see"),
    "map": N_("Map of what it learned"),
    "fool": N_("Fool the network"),
    "timelapse": N_("Time-lapse"),
    "statistics": N_("Weight and gradient statistics"),
}
"""The views a lesson can show or hide (``visible_panels``) and their titles in the app's View menu.
The names are part of the lesson file format; the app's panel registry
(``cnnviz/gui/panels/registry.py``) says which panels each one shows."""
PANELS: tuple[str, ...] = tuple(PANEL_TITLES)
PANEL_PARTS: dict[str, tuple[str, ...]] = {"statistics": ("update_size", "gradient_norm", "weights")}
"""The parts of a view a step may name (``"part"``), in the order the view shows them: where a short panel
shows one at a time, the step's part comes up (Statistics opened on "Update size" while the step spoke of the
gradient lines)."""
VIEW_ALIASES: dict[str, str] = {"confusion": "mistakes", "saliency": "why", "embedding": "map", "stats": "statistics"}
"""The names these views had before they took their panels' keys: lesson files written then still load."""
BACKENDS: tuple[str, ...] = ("auto", *registry.NAMES)
MAX_TITLE = 80
MAX_DESCRIPTION = 2000
MAX_STEPS = 12
MAX_STEP = 600
MAX_LR = 10.0
MAX_LESSON_BYTES = 256 * 1024
"""A preset is a few hundred bytes; a bigger file is refused before it is parsed."""
MAX_LESSON_DEPTH = 4
"""A preset is an object holding lists (a step may be an object): deeper nesting is refused before parsing."""
MAX_PROBLEMS_SHOWN = 10


def first_test_images(dataset, samples: int | None):
    """``dataset`` tested on its first ``samples`` test images only (all of them for None)."""
    if samples is None or samples >= len(dataset.test_labels):
        return dataset
    return replace(dataset, test_images=dataset.test_images[:samples], test_labels=dataset.test_labels[:samples])


class LessonError(ValueError):
    """A preset file that cannot be used; the message names the file and every problem."""


@dataclass(frozen=True)
class Lesson:
    title: str
    description: str
    net: str
    backend: str
    optimizer: str
    lr: float
    momentum: float
    batch_size: int
    epochs: float
    schedule: str
    visible_panels: tuple[str, ...]
    presenter: bool
    train_samples: int | None = None
    test_samples: int | None = None
    """Evaluate on the first N test images only (None: all of them)."""
    steps: tuple[str, ...] = ()
    """The instructions, in order."""
    step_views: tuple[str | None, ...] = ()
    """For each step, the view (a name of :data:`PANELS`) it sends the class to, brought up when the step is
    shown; None (or a shorter tuple): the step names none."""
    step_parts: tuple[str | None, ...] = ()
    """For each step, the part of its view (:data:`PANEL_PARTS`) it talks about; None: the view as it is."""
    source: Path | None = field(default=None, compare=False)
    """The file it was loaded from (not saved)."""

    def view_of_step(self, index: int) -> str | None:
        """The view step ``index`` (0: the first step) sends the class to; None: none."""
        return self.step_views[index] if 0 <= index < len(self.step_views) else None

    def part_of_step(self, index: int) -> str | None:
        """The part of its view step ``index`` talks about (``"gradient_norm"``); None: none."""
        return self.step_parts[index] if 0 <= index < len(self.step_parts) else None

    def _step_json(self, index: int):
        view, part = self.view_of_step(index), self.part_of_step(index)
        if not view:
            return self.steps[index]
        return {"text": self.steps[index], "show": view} | ({"part": part} if part else {})

    def to_train_config(self, **overrides) -> TrainConfig:
        """The trainer settings of this lesson (``overrides``: e.g. ``eval_every``, ``seed``)."""
        config = TrainConfig(
            net=self.net,
            backend=self.backend,
            optimizer=self.optimizer,
            lr=self.lr,
            momentum=self.momentum,
            batch_size=self.batch_size,
            epochs=self.epochs,
            schedule=self.schedule,
            train_samples=self.train_samples,
        )
        return replace(config, **overrides).validate()

    def tested_on(self, dataset):
        """``dataset`` with only the test images this lesson evaluates on (all of them without ``test_samples``)."""
        return first_test_images(dataset, self.test_samples)

    def to_json(self) -> dict:
        return {
            "title": self.title,
            "description": self.description,
            "net": self.net,
            "backend": self.backend,
            "optimizer": self.optimizer,
            "lr": self.lr,
            "momentum": self.momentum,
            "batch_size": self.batch_size,
            "epochs": self.epochs,
            "schedule": self.schedule,
            "train_samples": self.train_samples,
            "test_samples": self.test_samples,
            "visible_panels": list(self.visible_panels),
            "presenter": self.presenter,
            "steps": [self._step_json(i) for i in range(len(self.steps))],
        }


_REQUIRED = (
    "title",
    "description",
    "net",
    "backend",
    "optimizer",
    "lr",
    "batch_size",
    "epochs",
    "schedule",
    "visible_panels",
    "presenter",
)
_OPTIONAL = {"momentum": 0.9, "train_samples": None, "test_samples": None, "steps": []}
_KNOWN = _REQUIRED + tuple(_OPTIONAL)


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _is_whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def lesson_from_dict(data, where: str = "preset") -> Lesson:
    """Validate a decoded JSON object; raises :class:`LessonError` listing every problem."""
    if not isinstance(data, dict):
        raise LessonError(f"{where}: a preset must be a JSON object {{...}}, got {type(data).__name__}")
    problems: list[str] = []

    for key in data:
        if key not in _KNOWN:
            close = difflib.get_close_matches(str(key)[:100], _KNOWN, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            problems.append(f"unknown key {shorten(repr(key), 60)}{hint}; allowed keys: {', '.join(_KNOWN)}")
    for key in _REQUIRED:
        if key not in data:
            problems.append(f"missing {key!r}")
    value = {**_OPTIONAL, **data}

    def check(key: str, ok, message: str) -> None:
        if key in value and not ok(value[key]):
            problems.append(f"{key!r} {message}, got {shorten(repr(value[key]), 60)}")

    check(
        "title",
        lambda v: isinstance(v, str) and 0 < len(v.strip()) <= MAX_TITLE,
        f"must be text of 1 to {MAX_TITLE} characters",
    )
    check(
        "title",
        lambda v: not isinstance(v, str) or v.isprintable(),
        "must not hold control characters (line breaks, escape sequences)",
    )
    check(
        "description",
        lambda v: isinstance(v, str) and len(v) <= MAX_DESCRIPTION,
        f"must be text of at most {MAX_DESCRIPTION} characters",
    )
    check("backend", lambda v: v in BACKENDS, f"must be one of {', '.join(BACKENDS)}")
    check("optimizer", lambda v: v in OPTIMIZERS, f"must be one of {', '.join(OPTIMIZERS)}")
    check("schedule", lambda v: v in SCHEDULES, f"must be one of {', '.join(SCHEDULES)}")
    check("lr", lambda v: _is_number(v) and 0 < v <= MAX_LR, f"must be a number in (0, {MAX_LR:g}]")
    check("momentum", lambda v: _is_number(v) and 0 <= v < 1, "must be a number in [0, 1)")
    check("batch_size", lambda v: _is_whole(v) and 1 <= v <= MAX_BATCH, f"must be a whole number from 1 to {MAX_BATCH}")
    check("epochs", lambda v: _is_number(v) and 0 < v <= MAX_EPOCHS, f"must be a number in (0, {MAX_EPOCHS}]")
    check(
        "train_samples",
        lambda v: v is None or (_is_whole(v) and v >= 1),
        "must be a whole number of at least 1, or null for all training images",
    )
    check(
        "test_samples",
        lambda v: v is None or (_is_whole(v) and v >= 1),
        "must be a whole number of at least 1, or null for all test images",
    )
    check("presenter", lambda v: isinstance(v, bool), "must be true or false")
    check(
        "steps",
        lambda v: isinstance(v, list) and len(v) <= MAX_STEPS and all(_step_text(t) is not None for t in v),
        f"must be a list of at most {MAX_STEPS} steps, each a text of 1 to {MAX_STEP} characters "
        f'or an object {{"text": ..., "show": a panel name, "part": one of its parts}}',
    )
    step_views: list[str | None] = []
    step_parts: list[str | None] = []
    if isinstance(value.get("steps"), list):
        for number, step in enumerate(value["steps"][:MAX_STEPS], start=1):
            show = step.get("show") if isinstance(step, dict) else None
            if isinstance(show, str):
                show = VIEW_ALIASES.get(show, show)
            if show is not None and show not in PANELS:
                problems.append(
                    f"step {number}: 'show' must be a panel name, got {shorten(repr(show), 60)}; "
                    f"known panels: {', '.join(PANELS)}"
                )
            step_views.append(show)
            part = step.get("part") if isinstance(step, dict) else None
            parts = PANEL_PARTS.get(show, ()) if isinstance(show, str) else ()
            if part is not None and part not in parts:
                known = f"{show!r} has the parts {', '.join(parts)}" if parts else f"{show!r} has no parts"
                problems.append(f"step {number}: 'part' {shorten(repr(part), 60)} is not a part of its view; {known}")
                part = None
            step_parts.append(part)
    if "visible_panels" in value:
        panels = value["visible_panels"]
        if isinstance(panels, list):
            panels = [VIEW_ALIASES.get(p, p) if isinstance(p, str) else p for p in panels]
        if not isinstance(panels, list) or not panels:
            problems.append(f"'visible_panels' must be a non-empty list of panel names, got {panels!r}")
        else:
            unknown = [p for p in panels if p not in PANELS]
            if unknown:
                problems.append(
                    f"'visible_panels' has unknown panel(s) {', '.join(map(repr, unknown))}; "
                    f"known panels: {', '.join(PANELS)}"
                )
            repeated = sorted({p for p in panels if isinstance(p, str) and panels.count(p) > 1})
            if repeated:
                problems.append(f"'visible_panels' lists {', '.join(map(repr, repeated))} more than once")
    if "net" in value:
        net = value["net"]
        if not isinstance(net, str) or not net.strip():
            problems.append(f"'net' must be a preset name or a network spec, got {shorten(repr(net), 60)}")
        else:
            try:
                Sequential.from_spec(net)
            except SpecError as error:
                problems.append(f"'net' is not a valid network: {error}")
            else:
                problems.extend(_training_memory_problems(net, value.get("batch_size")))

    if problems:
        shown = [shorten(p, 300) for p in problems[:MAX_PROBLEMS_SHOWN]]
        if len(problems) > MAX_PROBLEMS_SHOWN:
            shown.append(f"and {len(problems) - MAX_PROBLEMS_SHOWN:,d} more")
        listing = "".join(f"\n  - {p}" for p in shown)
        raise LessonError(f"{where}: {len(problems)} problem{'s' if len(problems) > 1 else ''}:{listing}")
    return Lesson(
        title=value["title"].strip(),
        description=value["description"],
        net=value["net"].strip(),
        backend=value["backend"],
        optimizer=value["optimizer"],
        lr=float(value["lr"]),
        momentum=float(value["momentum"]),
        batch_size=value["batch_size"],
        epochs=float(value["epochs"]),
        schedule=value["schedule"],
        visible_panels=tuple(VIEW_ALIASES.get(p, p) for p in value["visible_panels"]),
        presenter=value["presenter"],
        train_samples=value["train_samples"],
        test_samples=value["test_samples"],
        steps=tuple(_step_text(t).strip() for t in value["steps"]),
        step_views=tuple(step_views),
        step_parts=tuple(step_parts) if any(step_parts) else (),
    )


_STEP_KEYS = ("text", "show", "part")


def _step_text(step) -> str | None:
    """A step's text (a text, or an object's ``"text"``); None when it is not a valid step (the
    object's ``"show"`` is checked on its own)."""
    if isinstance(step, dict):
        if not set(step) <= set(_STEP_KEYS) or "text" not in step:
            return None
        step = step["text"]
    if isinstance(step, str) and 0 < len(step.strip()) <= MAX_STEP:
        return step
    return None


def _training_memory_problems(net: str, batch_size) -> list[str]:
    """A preset must not ask training for more than ``limits.MAX_TRAINING_BYTES``."""
    if not (_is_whole(batch_size) and 1 <= batch_size <= MAX_BATCH):
        return []  # reported on its own
    size = network_size(net)
    needed = limits.training_bytes(batch_size, size.values_per_image, size.parameters)
    if needed <= limits.MAX_TRAINING_BYTES:
        return []
    return [
        f"'batch_size' {batch_size} with this network needs about {megabytes(needed)} to train; "
        f"a lesson may use at most {megabytes(limits.MAX_TRAINING_BYTES)} (use a smaller batch or network)"
    ]


def load_lesson(path: str | os.PathLike[str]) -> Lesson:
    """Read and validate a preset file (untrusted: size, nesting and every field are checked)."""
    path = Path(path)
    if not os.path.lexists(path):
        raise LessonError(f"{path}: no such preset file")
    try:
        data = read_json_file(path, MAX_LESSON_BYTES, max_depth=MAX_LESSON_DEPTH, nonfinite="keep")
    except FileProblem as error:
        message = str(error).replace("expected UTF-8 JSON", "a preset is UTF-8 JSON")
        raise LessonError(message) from None
    return replace(lesson_from_dict(data, str(path)), source=path)


def save_lesson(preset: Lesson, path: str | os.PathLike[str]) -> Path:
    """Write ``preset`` as pretty JSON (atomically), validating it first."""
    data = preset.to_json()
    lesson_from_dict(data, str(path))  # never write a file load_lesson would refuse
    return atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def bundled_lessons_dir() -> Path:
    """``cnnviz.assets/presets`` when installed; the repository's ``assets/presets`` in a checkout."""
    candidates: list[Path] = []
    try:
        resource = importlib.resources.files("cnnviz.assets") / "presets"
        candidates.append(Path(os.fspath(resource)))  # type: ignore[arg-type]
    except (ModuleNotFoundError, TypeError, NotADirectoryError, FileNotFoundError):
        pass  # not installed, or installed somewhere that is not a plain folder
    candidates.append(Path(__file__).resolve().parents[2] / "assets" / "presets")
    for folder in candidates:
        if folder.is_dir():
            return folder
    raise LessonError(
        "the bundled lesson presets are missing from this installation "
        f"(looked in {', '.join(str(c) for c in candidates)}); reinstall cnnviz"
    )


def bundled_lessons() -> list[Lesson]:
    """The lesson presets shipped with cnnviz, in file-name order (they are numbered)."""
    presets, problems = load_lessons_in(bundled_lessons_dir())
    if problems:
        # A broken shipped preset is a packaging bug; the tests keep this from happening.
        raise LessonError("; ".join(problems))
    return presets


def load_lessons_in(folder: str | os.PathLike[str]) -> tuple[list[Lesson], list[str]]:
    """Every ``*.json`` preset in ``folder`` (e.g. a teacher's own), plus one message per file that failed."""
    folder = Path(folder)
    presets, problems = [], []
    for path in sorted(folder.glob("*.json")):
        try:
            presets.append(load_lesson(path))
        except LessonError as error:
            problems.append(str(error))
    return presets, problems
