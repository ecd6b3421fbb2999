"""Checkpoints: one ``.npz`` of named arrays plus a JSON metadata entry.

Arrays are named like PyTorch's state dict (``conv1.weight``), so a saved
model loads into an equivalent ``torch.nn.Module`` with ``torch.from_numpy``.
Files are read with ``allow_pickle=False`` and written atomically (a
temporary file in the same folder, then ``os.replace``), so a crash mid-save
never leaves a half-written checkpoint behind.
"""

from __future__ import annotations

import json
import os
import secrets
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .. import __version__

META_KEY = "cnnviz_meta"
FORMAT = 1


class CheckpointError(ValueError):
    """A checkpoint that cannot be read or does not fit (the message says why)."""


@dataclass
class Checkpoint:
    spec: str
    weights: dict[str, np.ndarray]
    meta: dict = field(default_factory=dict)
    optimizer_state: dict[str, np.ndarray] = field(default_factory=dict)


def save(path: str | os.PathLike, spec: str, weights: dict[str, np.ndarray], meta: dict | None = None,
         optimizer_state: dict[str, np.ndarray] | None = None) -> Path:
    path = Path(path)
    if path.suffix != ".npz":
        raise CheckpointError(f"{path}: a checkpoint file name must end in .npz")
    full_meta = {"format": FORMAT, "cnnviz_version": __version__, "spec": spec, **(meta or {})}
    arrays = dict(weights)
    arrays.update(optimizer_state or {})
    arrays[META_KEY] = np.array(json.dumps(full_meta))
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise CheckpointError(f"{path}: folder {folder} does not exist")
    # Not tempfile.mkstemp: its 0600 would make the checkpoint private; this
    # gets the mode open() gives (0666 less the umask).
    tmp = folder / f".{path.name}.{secrets.token_hex(8)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as fh:
            np.savez(fh, **arrays)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def load(path: str | os.PathLike) -> Checkpoint:
    path = Path(path)
    if not path.is_file():
        raise CheckpointError(f"{path}: no such checkpoint file")
    if not zipfile.is_zipfile(path):
        raise CheckpointError(f"{path}: not a readable .npz checkpoint (not a zip archive; truncated or another format?)")
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
    except (zipfile.BadZipFile, OSError, EOFError, KeyError) as exc:
        raise CheckpointError(f"{path}: not a readable .npz checkpoint ({exc})") from None
    except ValueError as exc:  # e.g. an object array, which would need pickle
        raise CheckpointError(f"{path}: refused to load ({exc})") from None
    if META_KEY not in arrays:
        raise CheckpointError(f"{path}: not a cnnviz checkpoint (no {META_KEY} entry)")
    try:
        meta = json.loads(str(arrays.pop(META_KEY)))
        spec = meta["spec"]
    except (ValueError, KeyError, TypeError) as exc:
        raise CheckpointError(f"{path}: corrupt metadata ({exc})") from None
    if not isinstance(spec, str):
        raise CheckpointError(f"{path}: corrupt metadata (spec is not text)")
    optim = {k: v for k, v in arrays.items() if k.startswith("optim.")}
    weights = {k: v for k, v in arrays.items() if not k.startswith("optim.")}
    for name, arr in weights.items():
        if arr.dtype.kind != "f" or not np.all(np.isfinite(arr)):
            raise CheckpointError(f"{path}: array {name} is not finite floating point")
    return Checkpoint(spec=spec, weights=weights, meta=meta, optimizer_state=optim)


def load_model(path: str | os.PathLike, expected_spec: str | None = None):
    """A ``Sequential`` with the checkpoint's weights (on the host until moved)."""
    from .layers import SpecError
    from .model import Sequential

    ckpt = load(path)
    try:
        model = Sequential.from_spec(ckpt.spec).initialise(0)
    except SpecError as exc:
        raise CheckpointError(f"{path}: stored network spec is invalid: {exc}") from None
    if expected_spec is not None and model.spec != Sequential.from_spec(expected_spec).spec:
        raise CheckpointError(f"{path}: checkpoint is for network {ckpt.spec!r}, not {expected_spec!r}")
    try:
        model.load_state_dict(ckpt.weights)
    except SpecError as exc:
        raise CheckpointError(f"{path}: {exc}") from None
    return model, ckpt
