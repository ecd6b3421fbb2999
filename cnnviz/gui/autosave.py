"""The last run, kept on disk so that nothing trained is lost silently. No Qt.

The training worker writes the run's host state (:meth:`Trainer.host_state`:
weights and optimizer arrays of one step) to ``autosave.npz`` in the user data
folder every ``EVERY_S`` seconds of training and when the run ends (a closing
window ends it too), through :func:`cnnviz.nn.checkpoint.save`, which writes
atomically. The next start offers it back (:class:`cnnviz.gui.checkpoints.Checkpoints`).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from pathlib import Path

from ..nn import checkpoint

FILE_NAME = "autosave.npz"
EVERY_S = 180.0
"""Seconds of training between two autosaves (plus one at the end of every run)."""


def default_folder() -> Path:
    """The user data folder (``~/.local/share/cnnviz`` on Linux); tests point it elsewhere."""
    import platformdirs

    return Path(platformdirs.user_data_dir("cnnviz"))


def default_path() -> Path:
    return default_folder() / FILE_NAME


@dataclass(frozen=True)
class Plan:
    """Where and how often a run autosaves, and what its metadata says besides the state."""
    path: Path
    every_s: float = EVERY_S
    meta: dict | None = None
    """dataset, backend... (the step, epoch and test accuracy are the run's own)."""


def write(path: Path, state, meta: dict) -> Path:
    """``state`` (a HostState) and ``meta`` as a checkpoint at ``path``, atomically; the folder is made."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    full = {**meta, "step": int(state.step), "epoch": round(float(state.epoch), 4), "saved_at": time.time()}
    return checkpoint.save(path, state.spec, state.weights, full, state.optimizer_arrays)


@dataclass(frozen=True)
class Offer:
    """What an autosave file says about itself (read without loading its weights)."""
    path: Path
    spec: str
    step: int
    test_accuracy: float | None
    saved_at: float | None

    def describe(self) -> str:
        accuracy = "" if self.test_accuracy is None else f", {100 * self.test_accuracy:.1f} %"
        return f"step {self.step:,}{accuracy}"


def read_offer(path: Path | None = None) -> Offer | None:
    """The autosave at ``path`` (default: :func:`default_path`), or None when there is none worth
    offering (missing, unreadable, or no step trained)."""
    path = Path(path) if path is not None else default_path()
    try:
        if not path.is_file():
            return None
        # The bounded reader, as for every checkpoint: a file declaring a gigabyte of
        # metadata is refused from its headers, not read (this runs at every start).
        meta = checkpoint.read_meta(path)
    except Exception:  # noqa: BLE001 - a damaged autosave is simply not offered
        return None
    if not isinstance(meta, dict) or not isinstance(meta.get("spec"), str):
        return None
    step = meta.get("step")
    if not isinstance(step, (int, float)) or not math.isfinite(step) or step < 1:
        return None
    accuracy = meta.get("test_accuracy")
    if not isinstance(accuracy, (int, float)) or not math.isfinite(accuracy):
        accuracy = None
    saved_at = meta.get("saved_at")
    return Offer(path, meta["spec"], int(step), accuracy,
                 float(saved_at) if isinstance(saved_at, (int, float)) and math.isfinite(saved_at) else None)
