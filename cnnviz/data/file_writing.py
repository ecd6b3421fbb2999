"""Files out, once for the whole package: the one atomic write and the check of a save target.

* :func:`atomic_write` and friends write to a temporary file in the target's
  folder and rename it over the target (``os.replace``): a crash, a full disk,
  ``kill -9`` or a USB stick pulled mid-save never leave a half-written file
  where a good one was. Errors name the target, never the temporary file.
  Temporary files that a killed save left behind are removed by the next save
  to that folder (:func:`remove_stale_temps`: only our own names
  ``.cnnviz-<target>.<pid>-<random>.tmp``, only files whose writer is gone and
  that no live writer holds, only older ones).
* :func:`check_save_target` checks before a long job that its result can be
  saved as it will be written (a real file name, not a folder, folder
  writable, enough free space).

Reading, opening and the file-error ladder are :mod:`cnnviz.data.files`. No Qt and nothing from the rest of
cnnviz except :mod:`cnnviz.data.limits` and :mod:`cnnviz.data.files`, so every layer can use it.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import shutil
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from .files import FileProblem, NotARegularFile, describe_file_error, file_kind, show_path
from .limits import megabytes

try:  # POSIX: a live writer holds a lock on its temporary file
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None

__all__ = [
    "FileWriteError",
    "atomic_write",
    "atomic_write_bytes",
    "atomic_write_text",
    "remove_stale_temps",
    "check_save_target",
    "TEMP_NAME",
    "temp_name",
]


TEMP_PREFIX = ".cnnviz-"
TEMP_NAME = re.compile(r"^\.cnnviz-.{1,100}\.([0-9]{1,10})-[0-9a-f]{16}\.tmp$", re.DOTALL)
"""Our temporary files: ``.cnnviz-<target name>.<writer's pid>-<16 hex digits>.tmp``. Only
cnnviz makes such names: other programs' temporary files (``.notes.txt.1234567890.tmp``
from Go's ``os.CreateTemp``, say) are never touched."""
STALE_TEMP_SECONDS = 30.0
"""A temporary file no writer holds is removed once it is this old (a lock taken right
after creating it closes the gap; this only covers that instant)."""
STALE_TEMP_SECONDS_UNLOCKED = 24 * 3600.0
"""Where locks are not available (Windows), a temporary file is only removed after a day
(and an open one cannot be deleted there anyway: that is retried at the next save)."""


def temp_name(target: str | os.PathLike[str]) -> Path:
    """A fresh temporary file name next to ``target``, in :data:`TEMP_NAME`'s pattern."""
    target = Path(target)
    folder = target.parent if str(target.parent) else Path(".")
    return folder / f"{TEMP_PREFIX}{target.name[:100]}.{os.getpid()}-{secrets.token_hex(8)}.tmp"


class FileWriteError(OSError):
    """Writing a file failed; the message names the target (never the temporary file)."""

    def __init__(self, code: int | None, message: str):
        super().__init__(code, message)
        self.message = message

    def __str__(self) -> str:
        return self.message


def _lock(fd: int) -> bool:
    """Try to lock ``fd`` without waiting; True when locked (or locks are unavailable)."""
    if fcntl is None:  # pragma: no cover - Windows
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


def _process_alive(pid: int) -> bool:
    """Whether process ``pid`` may still be running (True when that cannot be told)."""
    if pid == os.getpid():
        return True
    if os.name != "posix":  # pragma: no cover - os.kill(pid, 0) would end the process on Windows
        return False  # an open file cannot be deleted there: the live writer is safe anyway
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def remove_stale_temps(folder: str | os.PathLike[str], now: float | None = None) -> list[Path]:
    """Remove the temporary files that killed saves left in ``folder``; returns what was removed.

    Only names matching :data:`TEMP_NAME` (cnnviz's own), only regular files,
    only those whose writer process is gone, that no live writer holds locked
    and that are older than :data:`STALE_TEMP_SECONDS`. Never raises: cleaning
    up must not cost a save (on Windows a file still open elsewhere cannot be
    deleted; it is left for the next save).
    """
    removed: list[Path] = []
    now = time.time() if now is None else now
    min_age = STALE_TEMP_SECONDS if fcntl is not None else STALE_TEMP_SECONDS_UNLOCKED
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = TEMP_NAME.match(entry.name)
        if not match or _process_alive(int(match[1])):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < min_age:
                continue
            if fcntl is None:  # pragma: no cover - Windows: no locks; deleting an open file fails
                os.unlink(entry.path)
                removed.append(Path(entry.path))
                continue
            fd = os.open(entry.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        except OSError:  # PermissionError on Windows: in use; tried again at the next save
            continue
        try:
            if _lock(fd):  # no live writer holds it
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


def atomic_write(path: str | os.PathLike[str], write: Callable[[BinaryIO], None]) -> Path:
    """Write a file through ``write(fh)`` into a temporary file, then rename it over ``path``.

    The temporary file gets the mode ``open()`` would give (0666 less the
    umask; ``mkstemp``'s 0600 would make the result private) and is locked
    while written, so that :func:`remove_stale_temps` leaves it alone. Raises
    :class:`FileWriteError` (an ``OSError``) naming ``path`` when anything
    fails; ``path`` is then unchanged and no temporary file is left.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        try:
            kind = file_kind(os.stat(path).st_mode)
        except FileNotFoundError:
            kind = None
        if kind:  # renaming over a device node (as root) would replace it
            raise NotARegularFile(path, kind)
        if not folder.is_dir():
            raise FileNotFoundError(errno.ENOENT, "no such folder", str(path))
    except OSError as exc:
        raise FileWriteError(exc.errno, describe_file_error(exc, path)) from None
    remove_stale_temps(folder)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    while True:
        tmp = temp_name(path)
        try:
            fd = os.open(tmp, flags, 0o666)
            break
        except FileExistsError:
            continue
        except OSError as exc:
            raise FileWriteError(exc.errno, describe_file_error(exc, path)) from None
    try:
        _lock(fd)
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError) and not isinstance(exc, FileWriteError):
            raise FileWriteError(exc.errno, describe_file_error(exc, path)) from exc
        raise
    return path


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    return atomic_write(path, lambda fh: fh.write(data))


def atomic_write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` as UTF-8, byte for byte (no newline translation)."""
    return atomic_write_bytes(path, text.encode("utf-8"))


MAX_NAME_BYTES = 255
"""Longest file name (one path component) the common file systems take (ext4, APFS, NTFS)."""


def _a(noun: str) -> str:
    """``noun`` with its indefinite article: "an image", "a checkpoint"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def check_save_target(path: str | os.PathLike[str], expected_bytes: int = 0, what: str = "file") -> Path:
    """Check, before a long job, that ``path`` can be written; raises :class:`FileProblem`.

    Checks the file as it will be written: refuses a name that is no file
    name (empty, ``.``, too long), a folder, a FIFO or device, a missing or
    unwritable folder, and a disk without room for ``expected_bytes`` (the
    temporary file needs it all even when an older file of the same name will
    be replaced). Proves the folder writable by creating and removing a
    temporary file, which is what the save will do, and, when ``path`` does
    not exist yet, that a file of that very name can be created.
    """
    raw = os.fspath(path)
    path = Path(raw)
    shown = show_path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if path.name in ("", ".", "..") or raw.endswith(("/", os.sep)):
        raise FileProblem(f"{shown}: is not a file name; give {_a(what)} name")
    if len(os.fsencode(path.name)) > MAX_NAME_BYTES:
        raise FileProblem(f"{shown}: the file name is too long (at most {MAX_NAME_BYTES} bytes)")
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise FileProblem(describe_file_error(exc, path)) from None
    if mode is not None and file_kind(mode):
        raise FileProblem(f"{shown}: is {file_kind(mode)}; give {_a(what)} name")
    if not folder.is_dir():
        raise FileProblem(f"{shown}: folder {show_path(folder)} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise FileProblem(f"{shown}: folder {show_path(folder)} is not writable")
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        free = None
    needed = int(expected_bytes * 1.05) + 2**20 if expected_bytes else 0
    if free is not None and needed and free < needed:
        raise FileProblem(
            f"{shown}: not enough free space: the {what} needs about {megabytes(expected_bytes)} "
            f"but {show_path(folder)} has {megabytes(free)} free"
        )
    probe = temp_name(path)
    try:
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        probe.unlink()
    except OSError as exc:
        raise FileProblem(describe_file_error(exc, path)) from None
    if mode is None:
        _probe_new_name(path)
    return path


def _probe_new_name(path: Path) -> None:
    """Create ``path`` (which does not exist) and remove it again: proves that the file system
    takes that very name (length, characters Windows refuses, reserved names such as ``NUL``).
    Removes only the file it made (a save finishing into ``path`` meanwhile is left alone)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
    except FileExistsError:
        return  # someone else's file appeared: the name is fine
    except OSError as exc:
        raise FileProblem(describe_file_error(exc, path)) from None
    try:
        ours = os.fstat(fd)
    finally:
        os.close(fd)
    try:
        if os.path.samestat(ours, os.stat(path)):
            os.unlink(path)
    except OSError:
        pass
