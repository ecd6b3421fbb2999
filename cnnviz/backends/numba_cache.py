"""Where numba keeps the CPU kernels it compiled: a ``numba`` folder in the user's cache directory.

numba's own default is a ``__pycache__`` next to the source, which an installation
in a system or read-only location (a bundle, a school image) cannot write; numba
then raised "no locator available" when the kernels were defined, the numba
backend was unavailable and ``auto`` trained on NumPy. :func:`configure` runs when
``cnnviz.backends`` is imported, before numba is: it points ``NUMBA_CACHE_DIR`` at
``<user cache dir>/cnnviz/numba`` (platformdirs: ~/.cache on Linux, ~/Library/Caches
on macOS, %LOCALAPPDATA% on Windows) unless the user has set it. Where no folder is
writable the kernels compile without a disk cache (each start compiles them again)
and :func:`note` says so (the numba backend's description carries it).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ENV = "NUMBA_CACHE_DIR"
_STATE: dict = {"enabled": True, "note": ""}


def user_folder() -> Path | None:
    """``<user cache dir>/cnnviz/numba``; None where there is no home folder."""
    try:
        from .. import user_folders

        return user_folders.cache() / "numba"
    except Exception:  # noqa: BLE001 - no home folder, no platformdirs
        return None


def _in_tree_folder() -> Path:
    """numba's default: the ``__pycache__`` next to the kernels' source."""
    return Path(__file__).resolve().parent / "__pycache__"


def _writable(folder: Path) -> bool:
    """Whether a file can be created in ``folder`` (made if missing). Tried, not os.access: that
    says yes to root on a read-only file system and knows nothing of Windows ACLs."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
        return True
    except OSError:
        return False


def configure() -> bool:
    """Choose numba's cache folder (before numba is imported); returns whether kernels are cached."""
    tried: list[Path] = []
    chosen = None
    given = os.environ.get(ENV, "").strip()
    if given:
        tried.append(Path(given))
        if _writable(Path(given)):
            chosen = Path(given)
    else:
        folder = user_folder()
        if folder is not None:
            tried.append(folder)
            if _writable(folder):
                chosen = folder
                os.environ[ENV] = str(folder)
                _tell_numba(folder)
    if chosen is None:
        tried.append(_in_tree_folder())
        if _writable(_in_tree_folder()):
            chosen = _in_tree_folder()
    _STATE["enabled"] = chosen is not None
    _STATE["note"] = (
        ""
        if chosen is not None
        else (
            "kernels not cached on disk, every start compiles them again (no writable folder: "
            + ", ".join(str(p) for p in tried)
            + f"; set {ENV} to one)"
        )
    )
    return _STATE["enabled"]


def _tell_numba(folder: Path) -> None:
    """numba reads NUMBA_CACHE_DIR when it is imported: if it already was, set its setting too."""
    if "numba" in sys.modules:
        try:
            from numba.core import config

            config.CACHE_DIR = str(folder)
        except Exception:  # noqa: BLE001 - an old or odd numba: the in-tree cache then
            pass


def enabled() -> bool:
    """Whether the numba CPU kernels are compiled with ``cache=True``."""
    return bool(_STATE["enabled"])


def note() -> str:
    """Why the kernels are not cached ("" when they are)."""
    return str(_STATE["note"])
