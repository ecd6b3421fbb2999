"""Checkpoints: one ``.npz`` of named arrays plus a JSON metadata entry.

Arrays are named like PyTorch's state dict (``conv1.weight``), so a saved
model loads into an equivalent ``torch.nn.Module`` with ``torch.from_numpy``.
Files are written atomically (:func:`cnnviz.data.file_writing.atomic_write`), so a
crash mid-save never leaves a half-written checkpoint behind.

A checkpoint is untrusted input (students share them). :func:`load` reads
only what it has checked: the zip directory first (member count, names,
declared and compressed sizes against the memory budget of
:mod:`cnnviz.data.limits`), then every member's ``.npy`` header (dtype: no
pickled objects; shape), then the metadata (bounded JSON) and the network
spec it names (parameter count and depth, without building anything), and
only when every array's declared shape is the one that network needs, the
array data.
"""

from __future__ import annotations

import errno
import json
import math
import os
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .. import __version__
from ..data import limits
from ..data.file_writing import atomic_write
from ..data.files import describe_file_error, open_regular, parse_json, show_path
from ..data.limits import listing, megabytes, shorten
from .checkpoint_meta import clean_meta
from .layers import SpecError
from .model import check_network_size, network_size, resolve_spec

META_KEY = "cnnviz_meta"
FORMAT = 1
OPTIMIZER_SLOTS = ("m", "v", "velocity")
MAX_MEMBERS = 1024
"""64 layers x 2 parameters x (weights + 2 optimizer slots) is 384 arrays."""
MAX_META_CHARS = 1_000_000
MAX_MEMBER_NAME = 200
MAX_NPY_HEADER = 10_000
COMPRESSION_SLACK = 2**20
"""A compressed member may expand to ``GROWTH_FACTOR`` x its stored size plus this much."""


class CheckpointError(ValueError):
    """A checkpoint that cannot be read or does not fit (the message says why)."""


@dataclass
class Checkpoint:
    spec: str
    weights: dict[str, np.ndarray]
    meta: dict = field(default_factory=dict)
    """The metadata, with ``step``/``steps``/``seed`` (whole numbers >= 0) and ``epoch``/
    ``test_accuracy`` (finite numbers) only when valid, and text values shortened and escaped."""
    optimizer_state: dict[str, np.ndarray] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    """What was wrong with the metadata and how it is read instead (empty when nothing)."""

    @property
    def step(self) -> int:
        """The training step the weights are from (0 when the file does not say)."""
        return int(self.meta.get("step", self.meta.get("steps", 0)))


# ---------------------------------------------------------------------------
# saving
def expected_bytes(net: str, optimizer: str | None = "adam", itemsize: int = 4) -> int:
    """About how large the checkpoint of ``net`` will be (for a free-space check before training)."""
    size = network_size(net)
    slots = 0 if optimizer is None else (2 if optimizer == "adam" else 1 if optimizer == "momentum" else 0)
    members = len(size.parameter_shapes) * (1 + slots) + 1
    return size.parameters * itemsize * (1 + slots) + members * 200 + 4096


def _clean_for_json(value):
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): _clean_for_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean_for_json(v) for v in value]
    return value


def check_name(path: str | os.PathLike) -> Path:
    """``path`` as a checkpoint file name (``<name>.npz``; ``dir/.npz`` is none); raises CheckpointError.
    The one check of the name, before training (``cnnviz train --save``) and when saving."""
    raw = os.fspath(path)
    path = Path(raw)
    if path.suffix != ".npz" or raw.endswith(("/", os.sep)):
        raise CheckpointError(
            f"{show_path(path)}: a checkpoint file name must end in .npz, after a name (such as model.npz)"
        )
    return path


def save(
    path: str | os.PathLike,
    spec: str,
    weights: dict[str, np.ndarray],
    meta: dict | None = None,
    optimizer_state: dict[str, np.ndarray] | None = None,
) -> Path:
    """Write a checkpoint atomically; raises CheckpointError or ``FileWriteError`` (an OSError
    naming ``path``)."""
    path = Path(path)
    check_name(path)
    full_meta = _clean_for_json({"format": FORMAT, "cnnviz_version": __version__, "spec": spec, **(meta or {})})
    arrays = dict(weights)
    arrays.update(optimizer_state or {})
    arrays[META_KEY] = np.array(json.dumps(full_meta, allow_nan=False))
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise CheckpointError(f"{show_path(path)}: folder {show_path(folder)} does not exist")
    return atomic_write(path, lambda fh: np.savez(fh, **arrays))


# ---------------------------------------------------------------------------
# loading
def _member(info: zipfile.ZipInfo) -> str:
    return shorten(repr(info.filename[:-4] if info.filename.endswith(".npy") else info.filename), 60)


def _read_header(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> tuple[tuple[int, ...], np.dtype, int]:
    """(shape, dtype, header length) of one ``.npy`` member, reading only its header."""
    with zf.open(info) as member:
        version = np.lib.format.read_magic(member)
        if version == (1, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_1_0(member, max_header_size=MAX_NPY_HEADER)
        elif version == (2, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_2_0(member, max_header_size=MAX_NPY_HEADER)
        else:
            raise ValueError(f"unsupported .npy format version {version}")
        return tuple(int(d) for d in shape), np.dtype(dtype), member.tell()


def _check_directory(infos: list[zipfile.ZipInfo], file_size: int, where: str) -> None:
    if len(infos) > MAX_MEMBERS:
        raise CheckpointError(
            f"{where}: holds {len(infos):,d} arrays; a cnnviz checkpoint has at most {MAX_MEMBERS:,d}"
        )
    names = [i.filename for i in infos]
    bad = [n for n in names if not n.endswith(".npy") or len(n) > MAX_MEMBER_NAME or not n[:-4].isprintable()]
    if bad:
        raise CheckpointError(f"{where}: not a cnnviz checkpoint: unexpected entries {listing(bad, 3)}")
    if len(set(names)) != len(names):
        raise CheckpointError(f"{where}: corrupt: an array name appears twice")
    for info in infos:
        if (
            info.compress_type != zipfile.ZIP_STORED
            and info.file_size > limits.GROWTH_FACTOR * info.compress_size + COMPRESSION_SLACK
        ):
            raise CheckpointError(
                f"{where}: array {_member(info)} would expand from {megabytes(info.compress_size)} to "
                f"{megabytes(info.file_size)}, more than {limits.GROWTH_FACTOR}x: refused (a zip bomb?)"
            )
    declared = sum(i.file_size for i in infos)
    if declared > limits.allowed_bytes(file_size):
        raise CheckpointError(
            f"{where}: declares {megabytes(declared)} of arrays in a {megabytes(file_size)} "
            f"file, more than cnnviz reads from one file ({megabytes(limits.allowed_bytes(file_size))})"
        )


def _check_array_header(info, shape, dtype, header_len, where: str) -> None:
    name = _member(info)
    if dtype.hasobject:
        raise CheckpointError(
            f"{where}: refused to load array {name}: it holds Python objects, which would need pickle (unsafe)"
        )
    if info.filename == META_KEY + ".npy":
        if dtype.kind != "U" or shape != () or dtype.itemsize > 4 * MAX_META_CHARS:
            raise CheckpointError(
                f"{where}: corrupt metadata (expected one text entry of at most {MAX_META_CHARS:,d} characters)"
            )
    elif dtype.kind != "f" or dtype.fields is not None:
        raise CheckpointError(f"{where}: array {name} is {dtype}, not floating point")
    count = math.prod(shape)
    if header_len + count * dtype.itemsize != info.file_size:
        raise CheckpointError(
            f"{where}: corrupt array {name}: its header declares shape {shorten(str(shape), 60)} "
            f"({megabytes(count * dtype.itemsize)}) but the file holds {megabytes(max(0, info.file_size - header_len))}"
        )


def load(path: str | os.PathLike) -> Checkpoint:
    """Read and check a checkpoint; raises CheckpointError naming the file and the cause."""
    return _read_checked(path, _load_from_zip)


def read_meta(path: str | os.PathLike) -> dict:
    """A checkpoint's metadata (cleaned as :attr:`Checkpoint.meta`, with ``spec`` as stored) without
    reading its weights, within the same bounds as :func:`load` (zip directory, array headers,
    metadata size): what the autosave offer shows. Raises CheckpointError."""

    def meta_only(zf, file_size, where):
        meta, _, _ = _read_meta(zf, file_size, where)
        clean, _ = clean_meta(meta)
        return clean

    return _read_checked(path, meta_only)


def _read_checked(path: str | os.PathLike, read):
    """``read(zipfile, file size, shown name)`` on the checkpoint at ``path``, every failure a CheckpointError."""
    path = Path(path)
    where = show_path(path)
    try:
        fh = open_regular(path)
    except OSError as exc:
        raise CheckpointError(describe_file_error(exc, path)) from None
    with fh:
        try:
            file_size = os.fstat(fh.fileno()).st_size
            zf = zipfile.ZipFile(fh)
        except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError):
            raise CheckpointError(
                f"{where}: not a readable .npz checkpoint (not a zip archive; truncated or another format?)"
            ) from None
        except OSError as exc:
            raise CheckpointError(describe_file_error(exc, path)) from None
        with zf:
            try:
                return read(zf, file_size, where)
            except (
                zipfile.BadZipFile,
                EOFError,
                ValueError,
                NotImplementedError,
                RuntimeError,
                KeyError,
                OverflowError,
            ) as exc:
                if isinstance(exc, CheckpointError):
                    raise
                raise CheckpointError(f"{where}: not a readable .npz checkpoint ({shorten(str(exc), 120)})") from None
            except OSError as exc:
                raise CheckpointError(describe_file_error(exc, path)) from None


def _read_meta(zf: zipfile.ZipFile, file_size: int, where: str):
    """(metadata, every array's (shape, dtype), the members by name), after checking the
    directory and every header; only the metadata's data is read."""
    infos = zf.infolist()
    _check_directory(infos, file_size, where)
    by_name = {i.filename[:-4]: i for i in infos}
    if META_KEY not in by_name:
        raise CheckpointError(f"{where}: not a cnnviz checkpoint (no {META_KEY} entry)")
    headers = {}
    for name, info in by_name.items():
        try:
            shape, dtype, header_len = _read_header(zf, info)
        except ValueError as exc:
            raise CheckpointError(f"{where}: corrupt array {_member(info)} ({shorten(str(exc), 100)})") from None
        _check_array_header(info, shape, dtype, header_len, where)
        headers[name] = (shape, dtype)

    with zf.open(by_name[META_KEY]) as member:
        text = str(np.lib.format.read_array(member, allow_pickle=False, max_header_size=MAX_NPY_HEADER))
    try:
        meta = parse_json(text, nonfinite="null")
        if not isinstance(meta, dict):
            raise ValueError("not a JSON object")
        spec = meta["spec"]
    except (ValueError, KeyError) as exc:
        raise CheckpointError(f"{where}: corrupt metadata ({shorten(str(exc), 120)})") from None
    if not isinstance(spec, str):
        raise CheckpointError(f"{where}: corrupt metadata (spec is not text)")
    if isinstance(meta.get("format"), int) and meta["format"] > FORMAT:
        raise CheckpointError(f"{where}: written by a newer cnnviz (format {meta['format']}); update cnnviz")
    return meta, headers, by_name


def _load_from_zip(zf: zipfile.ZipFile, file_size: int, where: str) -> Checkpoint:
    meta, headers, by_name = _read_meta(zf, file_size, where)
    by_name.pop(META_KEY)
    spec = meta["spec"]
    try:
        size = network_size(spec)
        check_network_size(size)
    except SpecError as exc:
        raise CheckpointError(f"{where}: stored network spec is invalid: {exc}") from None

    expected = size.parameter_shapes
    weights_names = [n for n in by_name if not n.startswith("optim.")]
    missing = [n for n in expected if n not in by_name]
    extra = [n for n in weights_names if n not in expected]
    bad_optim = []
    for name in by_name:
        if name.startswith("optim."):
            param, _, slot = name[len("optim.") :].rpartition(".")
            if param not in expected or slot not in OPTIMIZER_SLOTS or headers[name][0] != expected[param]:
                bad_optim.append(name)
    if missing or extra or bad_optim:
        raise CheckpointError(
            f"{where}: weights do not fit its network {shorten(size.spec, 80)} (missing: {listing(missing, 3)}; "
            f"unexpected: {listing(extra + bad_optim, 3)})"
        )
    for name in weights_names:
        if headers[name][0] != expected[name]:
            raise CheckpointError(
                f"{where}: array {shorten(repr(name), 60)} has shape {headers[name][0]} but "
                f"the network needs {expected[name]}"
            )

    arrays = {}
    for name, info in by_name.items():
        with zf.open(info) as member:
            arrays[name] = np.lib.format.read_array(member, allow_pickle=False, max_header_size=MAX_NPY_HEADER)
    weights = {name: arrays[name] for name in expected}
    for name, arr in weights.items():
        if not np.isfinite(arr).all():
            raise CheckpointError(
                f"{where}: array {shorten(repr(name), 60)} is not finite floating point (it holds NaN or infinity)"
            )
    optim = {k: v for k, v in arrays.items() if k.startswith("optim.")}
    meta, notes = clean_meta(meta)
    meta["spec"] = size.spec
    names = meta.get("class_names")
    if names is not None and len(names) != _output_width(size.spec):
        del meta["class_names"]
        notes.append("its class names do not fit its network's outputs and are ignored")
    return Checkpoint(spec=size.spec, weights=weights, meta=meta, optimizer_state=optim, notes=notes)


def _output_width(spec: str) -> int | None:
    from .model import Sequential

    try:
        return Sequential.from_spec(spec, num_classes=None).shapes[-1][0]
    except SpecError:
        return None


def class_names(ckpt: Checkpoint) -> list[str] | None:
    """The names of a net of the class's own classes (None: the data set's, the digits)."""
    return ckpt.meta.get("class_names")


def load_model(path: str | os.PathLike, expected_spec: str | None = None):
    """A ``Sequential`` with the checkpoint's weights (on the host until moved)."""
    from .model import Sequential

    ckpt = load(path)
    if expected_spec is not None and ckpt.spec != network_size(resolve_spec(expected_spec)).spec:
        raise CheckpointError(
            f"{show_path(path)}: checkpoint is for network {ckpt.spec!r}, not {shorten(repr(expected_spec), 80)}"
        )
    try:
        # A net of the class's own classes has as many outputs as it has names (checked on loading).
        model = Sequential.from_spec(ckpt.spec, num_classes=len(class_names(ckpt) or ()) or None)
        model.load_state_dict(ckpt.weights)  # no random initialisation first
    except SpecError as exc:
        raise CheckpointError(f"{show_path(path)}: {exc}") from None
    return model, ckpt


# ---------------------------------------------------------------------------
# where models go by default
def default_models_dir() -> Path:
    """``<user data dir>/cnnviz/models``: where ``cnnviz train`` saves unless told otherwise."""
    from .. import user_folders

    return user_folders.models()


def reserve_model_path(net: str, folder: str | os.PathLike | None = None, when: float | None = None) -> Path:
    """A new, empty file ``<folder>/<net>-<YYYYmmdd-HHMMSS>[-N].npz`` (``custom`` for a spec that
    is no preset name; ``folder`` defaults to :func:`default_models_dir`), created exclusively, so
    that two runs started in the same second never choose the same name. The save later replaces
    it atomically; :func:`release_reserved` removes it when nothing was saved. Raises OSError."""
    from .model import PRESETS

    name = net.strip().lower() if net.strip().lower() in PRESETS else "custom"
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    folder = Path(folder) if folder is not None else default_models_dir()
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    for n in range(1, 10_000):
        path = folder / (f"{name}-{stamp}.npz" if n == 1 else f"{name}-{stamp}-{n}.npz")
        try:
            os.close(os.open(path, flags, 0o666))
            return path
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free name for a new model", str(folder))


def release_reserved(path: str | os.PathLike) -> None:
    """Remove a file made by :func:`reserve_model_path` if it is still empty (nothing saved)."""
    try:
        if os.stat(path).st_size == 0:
            os.unlink(path)
    except OSError:
        pass


def _last_model_record() -> Path:
    return default_models_dir().parent / "last-model.json"


def remember_saved(path: str | os.PathLike) -> None:
    """Note ``path`` as the last saved model (for ``cnnviz predict`` without ``--model``).
    Never raises: this is a convenience, not part of the save."""
    from ..data.file_writing import atomic_write_text

    try:
        record = _last_model_record()
        record.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(record, json.dumps({"path": str(Path(path).resolve())}) + "\n")
    except (OSError, ValueError):
        pass


def last_saved() -> Path | None:
    """The last model saved (by :func:`remember_saved`) that still exists, else the newest
    checkpoint in :func:`default_models_dir`, else None."""
    from ..data.files import FileProblem, read_json_file

    try:
        recorded = read_json_file(_last_model_record(), 64 * 1024).get("path")
        if isinstance(recorded, str) and Path(recorded).is_file() and Path(recorded).stat().st_size > 0:
            return Path(recorded)
    except (FileProblem, AttributeError):
        pass
    try:
        # An empty file is a name reserved by a run still training (or killed): no model.
        candidates = [p for p in default_models_dir().glob("*.npz") if p.is_file() and p.stat().st_size > 0]
    except OSError:
        return None
    return max(candidates, key=lambda p: p.stat().st_mtime, default=None)
