"""Where cnnviz keeps the user's files: one app folder per kind and OS, all named by one appname/appauthor.

=========  ===============================  =================================  ===================================
kind       Linux (XDG)                      Windows                            macOS
=========  ===============================  =================================  ===================================
data       ~/.local/share/cnnviz            %LOCALAPPDATA%\\cnnviz              ~/Library/Application Support/cnnviz
 models    <data>/models                    <data>\\models                      <data>/models
 drawings  <data>/drawings                  <data>\\drawings                    <data>/drawings
 autosave  <data>/autosave-*.npz            <data>\\autosave-*.npz              <data>/autosave-*.npz
settings   ~/.config/cnnviz                 %LOCALAPPDATA%\\cnnviz              ~/Library/Application Support/cnnviz
cache      ~/.cache/cnnviz                  %LOCALAPPDATA%\\cnnviz\\Cache        ~/Library/Caches/cnnviz
logs       ~/.local/state/cnnviz/log        %LOCALAPPDATA%\\cnnviz\\Logs         ~/Library/Logs/cnnviz
=========  ===============================  =================================  ===================================

(platformdirs with ``appauthor=False``; on Windows everything is under one ``%LOCALAPPDATA%\\cnnviz``.)
Versions up to 0.1 asked platformdirs for the data folder without ``appauthor=False``, which on Windows
is ``%LOCALAPPDATA%\\cnnviz\\cnnviz``: :func:`migrate` moves what is there into the data folder, losing
nothing (a name already taken keeps both files). No Qt, no cnnviz imports: every layer may use it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

APP_NAME = "cnnviz"
APP_AUTHOR = False
"""No author folder: ``%LOCALAPPDATA%\\cnnviz``, not ``%LOCALAPPDATA%\\cnnviz\\cnnviz``."""


def _platformdirs():
    import platformdirs  # imported here: the folders are asked for only when needed

    return platformdirs


def data() -> Path:
    return Path(_platformdirs().user_data_dir(APP_NAME, appauthor=APP_AUTHOR))


def models() -> Path:
    return data() / "models"


def drawings() -> Path:
    return data() / "drawings"


def autosave() -> Path:
    """Autosaves (``autosave-<pid>-<random>.npz``) live at the top of the data folder."""
    return data()


def settings() -> Path:
    return Path(_platformdirs().user_config_dir(APP_NAME, appauthor=APP_AUTHOR))


def cache() -> Path:
    return Path(_platformdirs().user_cache_dir(APP_NAME, appauthor=APP_AUTHOR))


def logs() -> Path:
    return Path(_platformdirs().user_log_dir(APP_NAME, appauthor=APP_AUTHOR))


def all_folders() -> dict[str, Path]:
    """Every folder by kind, for ``cnnviz --info`` and the About box."""
    return {
        "models": models(),
        "drawings": drawings(),
        "autosave": autosave(),
        "settings": settings(),
        "cache": cache(),
        "logs": logs(),
    }


def legacy_data() -> Path:
    """Where versions up to 0.1 kept models, drawings and autosaves (platformdirs' default appauthor)."""
    return Path(_platformdirs().user_data_dir(APP_NAME))


def migrate(old: Path | None = None, new: Path | None = None) -> list[str]:
    """Move everything from the old data folder into the new one, once; returns what was moved, as
    ``"old -> new"`` lines. Nothing is lost: a folder is merged into an existing one, a file whose name is
    taken keeps both (the old one gets ``-from-<old folder name>`` before its suffix); a file that cannot be
    moved (locked by a running older cnnviz, read-only) stays where it is and is tried again next time.
    Where old and new are the same folder (Linux, macOS) this does nothing."""
    try:
        old = legacy_data() if old is None else Path(old)
        new = data() if new is None else Path(new)
    except Exception:  # noqa: BLE001 - no home folder, no platformdirs: nothing to move
        return []
    if os.path.normcase(os.path.abspath(old)) == os.path.normcase(os.path.abspath(new)) or not old.is_dir():
        return []
    moved: list[str] = []
    _merge(old, new, moved)
    try:
        old.rmdir()  # only when empty: anything left behind stays in place
    except OSError:
        pass
    return moved


def _free_name(target: Path, tag: str) -> Path:
    candidate = target.with_name(f"{target.stem}-from-{tag}{target.suffix}")
    number = 2
    while candidate.exists():
        candidate = target.with_name(f"{target.stem}-from-{tag}-{number}{target.suffix}")
        number += 1
    return candidate


def _merge(source: Path, target: Path, moved: list[str]) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for entry in sorted(source.iterdir()):
        destination = target / entry.name
        try:
            if entry.is_dir() and not entry.is_symlink():
                if destination.exists():
                    _merge(entry, destination, moved)
                    entry.rmdir()
                    continue
            elif destination.exists():
                destination = _free_name(destination, source.name)
            shutil.move(str(entry), str(destination))
            moved.append(f"{entry} -> {destination}")
        except OSError:
            continue  # locked or not ours to move: left in place, tried again on the next start
