"""What the window remembers between sessions: its size, position and state (QSettings, in the settings
folder beside view.json: never the registry or a second place), and the recently opened models, lessons and
compared runs (File > Open recent)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QRect, QSettings
from PySide6.QtGui import QGuiApplication

from . import zoom

FILE_NAME = "window.ini"
KINDS = ("model", "lesson", "compared")
"""The recent lists: models loaded, lesson files opened, saved runs compared with."""
RECENT_MAX = 8


MAX_WINDOW_BYTES = 64 * 1024
"""The file holds a geometry, a state and three lists of at most eight paths (a few KB); over this it is not ours."""


def settings() -> QSettings:
    """The window's settings file: beside the zoom level's (so a test's private settings folder holds both).

    Qt reads the file itself, unbounded, and waits forever on a FIFO: the file is first checked through the
    one bounded reader (a regular file of at most :data:`MAX_WINDOW_BYTES`), and one that fails is set aside
    as ``window.ini.bad`` with one line on stderr, as ``view.json`` is (:func:`zoom.set_aside`)."""
    from ..data.files import FileProblem, MissingFile, read_bytes_file

    path = zoom.settings_path().with_name(FILE_NAME)
    try:
        read_bytes_file(path, MAX_WINDOW_BYTES)
    except MissingFile:
        pass
    except FileProblem as exc:
        zoom.set_aside(path, str(exc))
    return QSettings(str(path), QSettings.IniFormat)


# --- geometry ------------------------------------------------------------------------------------
def remember(window) -> None:
    """Store the window's geometry and state (called as it closes)."""
    store = settings()
    store.setValue("window/geometry", window.saveGeometry())
    store.setValue("window/state", window.saveState())
    store.sync()


def fits_a_screen(rect: QRect) -> bool:
    """True when ``rect`` (a frame geometry) is no larger than some screen's available area and mostly on it."""
    for screen in QGuiApplication.screens():
        area = screen.availableGeometry()
        if rect.width() > area.width() or rect.height() > area.height():
            continue
        shared = area.intersected(rect)
        if shared.width() * shared.height() >= 0.75 * rect.width() * rect.height():
            return True
    return False


def restore(window) -> bool:
    """Put the window where it was, if that still fits a screen (a projector unplugged, a smaller laptop:
    no); True when it did. The caller then shows it as restored (maximised stays maximised)."""
    geometry = settings().value("window/geometry")
    if not isinstance(geometry, QByteArray) or geometry.isEmpty():
        return False
    before = window.saveGeometry()
    if not window.restoreGeometry(geometry):
        return False
    if not window.isMaximized() and not window.isFullScreen() and not fits_a_screen(window.frameGeometry()):
        window.restoreGeometry(before)
        return False
    state = settings().value("window/state")
    if isinstance(state, QByteArray) and not state.isEmpty():
        window.restoreState(state)
    return True


def show(window) -> None:
    """Show the window where it was last time, or fitted to the screen as on a first start."""
    if restore(window):
        window.showMaximized() if window.isMaximized() else window.show()
    else:
        window.show_fitted()


# --- recent files --------------------------------------------------------------------------------
def recent(kind: str) -> list[str]:
    """The recent files of ``kind``, newest first, that still exist."""
    value = settings().value(f"recent/{kind}", [])
    paths = [value] if isinstance(value, str) else list(value or [])
    return [p for p in paths if isinstance(p, str) and Path(p).is_file()]


def add_recent(kind: str, path: str | Path) -> None:
    """Put ``path`` first in the ``kind`` list (once; at most RECENT_MAX)."""
    text = str(Path(path).resolve())
    store = settings()
    value = store.value(f"recent/{kind}", [])
    paths = [value] if isinstance(value, str) else list(value or [])
    store.setValue(f"recent/{kind}", [text, *[p for p in paths if p != text]][:RECENT_MAX])
    store.sync()


def clear_recent() -> None:
    store = settings()
    for kind in KINDS:
        store.remove(f"recent/{kind}")
    store.sync()
