"""Zoom: the app's own sizes (its fonts, the plots' axis and label type, the smallest plot heights)
times a factor the user picks with Ctrl+= / Ctrl+- / Ctrl+0, on top of the system's scale factor
(Qt's devicePixelRatio and QT_SCALE_FACTOR are left alone).

The level is kept between sessions in a small JSON file (``view.json`` in platformdirs'
``user_config_dir``), written atomically and read through the one bounded reader; a file that is not
usable settings is set aside (``view.json.bad``), and a level out of :data:`LOWEST`..:data:`HIGHEST` is
ignored (100 %). ``--zoom PERCENT`` sets a level for one
session without storing it (screenshots, ``--check-layout``).

The storage functions are Qt-free; :func:`apply` restyles a window.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

STEPS = (80, 90, 100, 110, 125, 150, 175, 200)
"""The levels Ctrl+= and Ctrl+- step through, in percent."""
LOWEST, HIGHEST = 50, 300
"""A stored or given level outside this range is absurd: ignored."""
ACTUAL = 100
FILE_NAME = "view.json"


def settings_path() -> Path:
    """Where the level is kept (tests replace this function: never the user's file)."""
    from .. import user_folders

    return user_folders.settings() / FILE_NAME


def valid(level) -> int | None:
    """``level`` as an int percent if it is a sensible zoom level, else None."""
    if isinstance(level, bool) or not isinstance(level, (int, float)):
        return None
    if not math.isfinite(level) or not LOWEST <= level <= HIGHEST:
        return None
    return int(round(level))


MAX_SETTINGS_BYTES = 64 * 1024
"""The settings file holds a few keys (about 40 bytes); anything over this is not ours."""
MAX_SETTINGS_DEPTH = 4


def read_settings() -> dict:
    """The view settings (zoom, language), read through the one bounded reader (a size cap, regular files
    only, bounded nesting): ``{}`` when there are none. A file that is not usable settings (too big, nested,
    not JSON, not an object, a FIFO, a device, a symbolic link loop...) is set aside: renamed to
    ``view.json.bad`` (replacing an older one) with one line on stderr, and the app starts with the defaults;
    never an error."""
    from ..data.files import FileProblem, MissingFile, read_json_file, show_path

    path = settings_path()
    try:
        data = read_json_file(path, MAX_SETTINGS_BYTES, max_depth=MAX_SETTINGS_DEPTH)
        if isinstance(data, dict):
            return data
        problem = f"{show_path(path)}: not a JSON object"
    except MissingFile:
        return {}
    except FileProblem as exc:
        problem = str(exc)
    set_aside(path, problem)
    return {}


def set_aside(path: Path, problem: str) -> Path | None:
    """Rename a bad settings file out of the way (``<name>.bad``) and say so in one line on stderr; returns
    where it went (None if it could not be moved: it is then ignored at every start)."""
    import sys

    from ..data.files import describe_file_error, show_path
    from ..data.limits import one_line

    aside = path.with_name(path.name + ".bad")
    try:
        os.replace(path, aside)
        said = f"cnnviz: settings ignored, the defaults are used: {problem} (moved to {show_path(aside)})"
    except OSError as exc:
        aside = None
        said = f"cnnviz: settings ignored, the defaults are used: {problem} (not moved: {describe_file_error(exc)})"
    if sys.stderr is not None:
        try:
            print(one_line(said, 400), file=sys.stderr, flush=True)
        except (OSError, ValueError):
            pass
    return aside


def read_setting(key: str):
    """``key``'s value in the view settings file (zoom, language); None when the file or the key is missing
    or unreadable (never an error)."""
    return read_settings().get(key)


def store_setting(key: str, value) -> bool:
    """Store ``key`` in the view settings file, keeping its other keys (written atomically); False if it
    could not be written."""
    from ..data.file_writing import atomic_write_text

    path = settings_path()
    data = read_settings()
    data[key] = value
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(data, indent=1) + "\n")
    except OSError:
        return False
    return True


def load() -> int:
    """The stored level; 100 when there is none or it is unreadable or absurd (never an error)."""
    level = valid(read_setting("zoom"))
    return ACTUAL if level is None else level


def save(level: int) -> bool:
    """Store ``level`` (the other keys of the file are kept); False if it could not be written."""
    return store_setting("zoom", int(level))


def step(level: int, direction: int) -> int:
    """The next level of :data:`STEPS` above (``direction`` > 0) or below ``level``; the same at the ends."""
    if direction > 0:
        return next((s for s in STEPS if s > level), max(level, STEPS[-1]))
    return next((s for s in reversed(STEPS) if s < level), min(level, STEPS[0]))


FITS = ((1366, 150), (768, 150))
"""(screen side, the largest level at which every view fits it) for the width and the height: measured
with ``cnnviz gui --check-layout --size 1024x768 --zoom N --presenter`` (2026-11-28: at 150 % the tab bar
scrolls in both modes at 1024x768; at 200 % panels lie outside the window or overlap, Start, Pause and the
learning rate are clipped; 1366x768 fits at 150 %, docs/classroom.md). The width's is 1366 at 150 %, not
1024 at 125 %: at 125 % normal mode's tab bar needs ~1,150 px (the Draw panel takes a tab of its own there),
and on real X at 1024x768 (session 42) it cut "Rate" and hid "Drawings" (its scroll buttons are off) while
the status bar said 125 % was the largest that fit; 110 % fits (presenter mode looks the same at 110 % and
125 %: it is already larger, see ``presenter.zoom_factor``)."""


def largest_fitting(width: int, height: int) -> int:
    """The largest level of :data:`STEPS` at which the window's views fit a window of this size (never
    under 100 %: actual size is always offered), as far as the table says: the rows across the window are
    measured in the language shown besides (:func:`fitting_level`)."""
    (full_width, at_width), (full_height, at_height) = FITS
    limit = min(at_width * width / full_width, at_height * height / full_height)
    return max([s for s in STEPS if s <= limit + 1e-9] + [ACTUAL])


def text(level: int) -> str:
    """What the View menu and the status bar say (English: the window shows it translated)."""
    return f"Zoom {level}%"


# --- Qt --------------------------------------------------------------------------------------------
def apply(window, level: int) -> None:
    """Give ``window`` (a MainWindow) the sizes of ``level`` percent: the theme's point sizes, the
    window's style sheet (presenter mode's too) and its plots' axes and labels."""
    from . import presenter, theme

    theme.set_zoom(level / 100)
    presenter.style(window, window.state.presenter)
    # The sizes that were measured with the old type: the sidebar's width, the columns and splitters.
    window.workspace.fit_sidebar()
    if not window.workspace.arrange():  # (which panels stay beside the tabs depends on the zoom: arrangement)
        window.workspace.size_splitters(force=True)
    window.updateGeometry()


def rows_too_wide(window) -> list[str]:
    """The rows across ``window`` that need more than its width at the level in force, in the language shown: the
    tab bar with its titles as short as they go (it never scrolls), presenter mode's run toolbar. (The table of
    :data:`FITS` was measured in English: at 1024x768 and 110 % the German tab bar needed 1,030 px of 1,008.)"""
    from .tabs import titles_squeezed

    workspace = window.workspace
    for layout in (window.layout(), workspace.layout()):
        layout.activate()  # (the widths the rows have now: a zoom step changed the sidebar's and the type)
    workspace.fit_tab_titles()
    found = []
    bar = workspace.tabs.tabBar()
    if bar.isVisibleTo(window) and titles_squeezed(bar):
        found.append(f"the tab bar needs {bar.sizeHint().width()} px, has {bar.width()}")
    toolbar = workspace.toolbar
    if toolbar is not None and toolbar.isVisibleTo(window) and toolbar.minimumSizeHint().width() > toolbar.width() + 1:
        found.append(f"the run toolbar needs {toolbar.minimumSizeHint().width()} px, has {toolbar.width()}")
    return found


def try_level(window, level: int, now: int) -> bool:
    """``level`` applied to ``window`` if its rows fit at it (:func:`rows_too_wide`, measured); else ``now``, the
    level in force, applied back. Whether ``level`` is in force."""
    window.setUpdatesEnabled(False)
    try:
        apply(window, level)
        if not rows_too_wide(window):
            return True
        apply(window, now)
        return False
    finally:
        window.setUpdatesEnabled(True)


def fitting_level(window, level: int, now: int) -> int:
    """The largest level of ``level`` and the :data:`STEPS` under it at which the window's rows fit (measured:
    each applied in turn, down from ``level``; never under 100 % unless ``level`` is), left applied; ``now`` is the
    level in force (not applied again)."""
    candidates = [level] + [s for s in reversed(STEPS) if ACTUAL <= s < level]
    window.setUpdatesEnabled(False)
    try:
        for candidate in candidates:
            if candidate != now:
                apply(window, candidate)
                now = candidate
            if candidate <= ACTUAL or not rows_too_wide(window):
                return candidate
        return now
    finally:
        window.setUpdatesEnabled(True)
