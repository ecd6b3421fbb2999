"""Files in, once for the whole package (files out, the atomic write: :mod:`cnnviz.data.file_writing`).

* :func:`open_regular` opens a file for reading only if it is a regular file:
  a folder, a FIFO (which would block forever), a device or a socket is
  refused with the reason, before anything waits on it.
* :func:`describe_file_error` turns an ``OSError`` into ``"<path>: <cause>"``
  in words a student can act on ("is a folder", "permission denied", "the disk
  is full"); every reader and writer uses it, so a message means the same
  everywhere.
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
import stat
from pathlib import Path
from typing import BinaryIO

import numpy as np

from . import limits
from .limits import megabytes, shorten

__all__ = [
    "FileProblem",
    "NotARegularFile",
    "open_regular",
    "open_for_append",
    "describe_file_error",
    "show_path",
    "parse_json",
    "read_json_file",
    "read_bytes_file",
    "read_text_file",
    "MissingFile",
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


def file_kind(mode: int) -> str | None:
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
    kind = file_kind(os.stat(path).st_mode)
    if kind:
        raise NotARegularFile(path, kind)
    fd = os.open(
        path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    )
    try:
        kind = file_kind(os.fstat(fd).st_mode)
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
        raise NotARegularFile(path, file_kind(mode))
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
            raise NotARegularFile(path, file_kind(mode))
        if not stat.S_ISREG(mode) and hasattr(os, "O_NONBLOCK"):
            os.set_blocking(fd, True)  # a pipe with a reader: wait for it as a shell pipe would
        return os.fdopen(fd, "a", encoding="utf-8")
    except BaseException:
        os.close(fd)
        raise


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
