"""Atomic file writes shared by the exporters.

Every export goes to a temporary file in the destination folder and is then
renamed over the target with ``os.replace``: a crash, a full disk or a USB
stick pulled mid-save never leaves a half-written file where a good one was
(the same rule as ``cnnviz.nn.checkpoint``).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise FileNotFoundError(f"{path}: folder {folder} does not exist")
    # os.open with mode 0o666 (not mkstemp's 0o600): the user's umask applies,
    # so an exported report is as readable as any file they save themselves.
    while True:
        tmp = folder / f".{path.name}.{secrets.token_hex(4)}.tmp"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
            break
        except FileExistsError:
            continue
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def atomic_write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` as UTF-8, byte for byte (no newline translation)."""
    return atomic_write_bytes(path, text.encode("utf-8"))
