"""Files in and out, once for the whole package.

* :func:`open_regular` opens a file for reading only if it is a regular file:
  a folder, a FIFO (which would block forever), a device or a socket is
  refused with the reason, before anything waits on it.
* :func:`describe_file_error` turns an ``OSError`` into ``"<path>: <cause>"``
  in words a student can act on ("is a folder", "permission denied", "the disk
  is full"); every reader and writer uses it, so a message means the same
  everywhere.
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
* :func:`read_bytes_file` / :func:`read_text_file` / :func:`read_json_file`:
  the one bounded reader of every small file (settings, records, metadata,
  lessons): regular files only, size checked before reading; JSON with
  bounded nesting depth (no ``RecursionError`` from a deeply nested file)
  and no ``NaN``/``Infinity`` (:func:`parse_json`).

No Qt and nothing from the rest of cnnviz except :mod:`cnnviz.data.limits`,
so every layer (data, nn, classroom, cli, gui) can use it.
"""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import shutil
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

import numpy as np

from . import limits
from .limits import megabytes, shorten

try:  # POSIX: a live writer holds a lock on its temporary file
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None

__all__ = [
    "FileProblem",
    "NotARegularFile",
    "open_regular",
    "open_for_append",
    "describe_file_error",
    "show_path",
    "atomic_write",
    "atomic_write_bytes",
    "atomic_write_text",
    "remove_stale_temps",
    "check_save_target",
    "parse_json",
    "read_json_file",
    "read_bytes_file",
    "read_text_file",
    "MissingFile",
    "TEMP_NAME",
    "temp_name",
]


class FileProblem(ValueError):
    """A file that cannot be used; the message names it and says why."""


class NotARegularFile(OSError):
    """A path that is a folder, FIFO, device or socket where a file was expected."""

    def __init__(self, path, kind: str):
        super().__init__(errno.EISDIR if kind == "a folder" else None, f"is {kind}, not a file", str(path))
        self.kind = kind


def show_path(path) -> str:
    """A path as shown in messages: control characters escaped, at most 160 characters."""
    return shorten(os.fspath(path), 160)


def _kind(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """Open ``path`` for binary reading, refusing anything but a regular file.

    The kind is checked before opening (opening a device can have effects;
    opening a FIFO would wait for a writer) and again on the open file, so a
    swap in between changes nothing. Raises ``OSError`` (``FileNotFoundError``,
    ``PermissionError``, :class:`NotARegularFile`...): pass it to
    :func:`describe_file_error`.
    """
    kind = _kind(os.stat(path).st_mode)
    if kind:
        raise NotARegularFile(path, kind)
    fd = os.open(
        path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    )
    try:
        kind = _kind(os.fstat(fd).st_mode)
        if kind:
            raise NotARegularFile(path, kind)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


_CAUSES = {
    errno.ENOENT: "file not found",
    errno.EISDIR: "is a folder, not a file",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted",
    errno.ENOSPC: "the disk is full",
    errno.EROFS: "the file system is read-only",
    errno.ENAMETOOLONG: "the file name is too long",
    errno.ELOOP: "too many levels of symbolic links",
    errno.EIO: "input/output error (a failing disk or a removed drive?)",
    errno.EFBIG: "the file is too large for this file system",
    errno.EMFILE: "too many open files",
    errno.EXDEV: "cannot move a file across file systems",
}
if hasattr(errno, "EDQUOT"):
    _CAUSES[errno.EDQUOT] = "the disk quota is exceeded"


def describe_file_error(exc: BaseException, path: str | os.PathLike[str] | None = None) -> str:
    """``"<path>: <cause>"`` for an error met reading or writing ``path``.

    ``path`` is the file the user named (a temporary file in ``exc`` is not
    shown); without it, the error's own file name is used. Bounded and with
    control characters escaped.
    """
    if path is None:
        path = getattr(exc, "filename", None)
    where = f"{show_path(path)}: " if path is not None else ""
    if isinstance(exc, NotARegularFile):
        return f"{where}{exc.strerror}"
    if isinstance(exc, FileNotFoundError) and path is not None:
        folder = Path(path).parent
        if str(folder) not in ("", ".") and not folder.exists():
            return f"{where}folder {show_path(folder)} does not exist"
    if isinstance(exc, OSError):
        cause = _CAUSES.get(exc.errno) or exc.strerror or str(exc) or type(exc).__name__
    elif isinstance(exc, MemoryError):
        cause = "out of memory"
    else:
        cause = str(exc) or type(exc).__name__
    return f"{where}{shorten(cause, 200)}"


def open_for_append(path: str | os.PathLike[str]):
    """Open ``path`` to append UTF-8 text (a log such as ``--metrics``), never waiting.

    A regular file is created or appended to; a character device (``/dev/null``,
    ``/dev/stdout`` on a terminal) and a named pipe that something reads from
    (``/dev/stdout`` in a pipe) are written to. Refused with the reason, before
    anything waits: a named pipe nobody reads (opening it would block until a
    reader came), a disk device, a socket, a folder. Raises ``OSError`` (pass it
    to :func:`describe_file_error`).
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    fifo = mode is not None and stat.S_ISFIFO(mode)
    if mode is not None and not (stat.S_ISREG(mode) or stat.S_ISCHR(mode) or fifo):
        raise NotARegularFile(path, _kind(mode))
    flags = (
        os.O_WRONLY
        | os.O_APPEND
        | os.O_CREAT
        | getattr(os, "O_NONBLOCK", 0)
        | getattr(os, "O_CLOEXEC", 0)
        | getattr(os, "O_BINARY", 0)
    )  # Windows: Python's text layer writes the line ends, as open() does
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as exc:
        if exc.errno == errno.ENXIO and fifo:
            raise NotARegularFile(
                path, "a named pipe (FIFO) that nothing reads (writing would wait for a reader)"
            ) from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISBLK(mode) or stat.S_ISSOCK(mode) or stat.S_ISDIR(mode):
            raise NotARegularFile(path, _kind(mode))
        if not stat.S_ISREG(mode) and hasattr(os, "O_NONBLOCK"):
            os.set_blocking(fd, True)  # a pipe with a reader: wait for it as a shell pipe would
        return os.fdopen(fd, "a", encoding="utf-8")
    except BaseException:
        os.close(fd)
        raise


# ---------------------------------------------------------------------------
# writing
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
            kind = _kind(os.stat(path).st_mode)
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
    if mode is not None and _kind(mode):
        raise FileProblem(f"{shown}: is {_kind(mode)}; give {_a(what)} name")
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


# ---------------------------------------------------------------------------
# JSON
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)


def json_depth(text: str) -> int:
    """Deepest nesting of ``[`` / ``{`` in JSON text, without parsing it (no recursion)."""
    skeleton = _JSON_STRING.sub("", text).encode("utf-8", "replace")
    if not skeleton:
        return 0
    codes = np.frombuffer(skeleton, dtype=np.uint8)
    steps = np.isin(codes, (ord("["), ord("{"))).astype(np.int32) - np.isin(codes, (ord("]"), ord("}")))
    return int(np.cumsum(steps).max(initial=0))


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a number JSON allows")


def parse_json(text: str, *, max_depth: int | None = None, nonfinite: str = "error"):
    """``json.loads`` without recursion errors or NaN/Infinity; raises ``ValueError`` saying why.

    ``nonfinite="null"`` reads ``NaN``/``Infinity`` as ``None`` instead of refusing them,
    ``nonfinite="keep"`` as floats (for callers that check every number themselves).
    """
    max_depth = limits.MAX_JSON_DEPTH if max_depth is None else max_depth
    depth = json_depth(text)
    if depth > max_depth:
        raise ValueError(f"nested {depth} levels deep; at most {max_depth} are allowed")
    constant = {"error": _refuse_constant, "null": lambda name: None, "keep": None}[nonfinite]
    try:
        return json.loads(text, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    except RecursionError:  # only if max_depth was set beyond the interpreter's limit
        raise ValueError("nested too deeply") from None


class MissingFile(FileProblem):
    """The file (or its folder) does not exist: for settings and records, the same as an empty one."""


def read_bytes_file(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``: the one bounded reader of small files.

    The kind is checked before opening (a FIFO would block, a device such as ``/dev/zero`` would never end:
    both refused, through symbolic links too) and the size before reading (an 800 MB file costs nothing);
    at most ``max_bytes + 1`` bytes are ever read, so a file growing meanwhile is refused too. Raises
    :class:`FileProblem` naming the file (:class:`MissingFile` when it does not exist); a symbolic link loop
    is said to be one.
    """
    try:
        with open_regular(path) as fh:
            size = os.fstat(fh.fileno()).st_size
            if size > max_bytes:
                raise FileProblem(
                    f"{show_path(path)}: is {megabytes(size)}; at most {megabytes(max_bytes)} "
                    "is accepted for this kind of file"
                )
            data = fh.read(max_bytes + 1)
    except FileNotFoundError as exc:
        raise MissingFile(describe_file_error(exc, path)) from None
    except OSError as exc:
        raise FileProblem(describe_file_error(exc, path)) from None
    if len(data) > max_bytes:  # grew while read
        raise FileProblem(f"{show_path(path)}: is more than {megabytes(max_bytes)}")
    return data


def read_text_file(path: str | os.PathLike[str], max_bytes: int, what: str = "text") -> str:
    """A UTF-8 text file (an INI, a record, a list) through :func:`read_bytes_file`'s bounds; raises
    :class:`FileProblem` naming the file."""
    data = read_bytes_file(path, max_bytes)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem(f"{show_path(path)}: not a text file (expected UTF-8 {what})") from None


def read_json_file(
    path: str | os.PathLike[str], max_bytes: int, *, max_depth: int | None = None, nonfinite: str = "error"
):
    """A JSON file of at most ``max_bytes`` (:func:`read_bytes_file`), nested at most ``max_depth`` deep
    (:func:`parse_json`); raises :class:`FileProblem` naming the file."""
    text = read_text_file(path, max_bytes, "JSON")
    try:
        return parse_json(text, max_depth=max_depth, nonfinite=nonfinite)
    except ValueError as exc:
        raise FileProblem(f"{show_path(path)}: {exc}") from None
