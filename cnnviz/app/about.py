"""What the About box and ``cnnviz --info`` say: the version, the licence and credits, and the system
information a teacher sends when a laptop misbehaves (versions, backends, GPU, screen, folders). Qt-free:
the window passes its screen in words."""

from __future__ import annotations

import importlib
import platform
import sys
from importlib import metadata

from .. import __version__, user_folders
from ..translatable import N_

LICENCE = N_("cnnviz is free software under the MIT licence.")
MNIST_CREDIT = N_(
    "The bundled MNIST database of handwritten digits is by Yann LeCun, Corinna Cortes and "
    "Christopher J.C. Burges, used under the Creative Commons Attribution-Share Alike 3.0 "
    "licence (CC BY-SA 3.0)."
)
QT_CREDIT = N_(
    "The window is made with Qt and PySide6 (LGPL-3.0), pyqtgraph (MIT); the computations with "
    "NumPy, numba and llvmlite (BSD), Pillow (MIT-CMU). The standalone bundle lists every licence "
    "in THIRD-PARTY-NOTICES.txt."
)
DOCS_NAME = "docs"


_MODULES = {
    "numpy": "numpy",
    "numba": "numba",
    "llvmlite": "llvmlite",
    "Pillow": "PIL",
    "platformdirs": "platformdirs",
    "numba-cuda": "numba_cuda",
    "PySide6-Essentials": "PySide6",
    "pyqtgraph": "pyqtgraph",
}
_QT = ("PySide6", "pyqtgraph")
"""Never imported here (only cnnviz.gui imports Qt): their version is read only when the window loaded them."""


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except Exception:  # noqa: BLE001 - not installed, or the bundle, which keeps no metadata for most
        pass
    module_name = _MODULES.get(distribution)
    if module_name is None:
        return "not installed"
    module = sys.modules.get(module_name)
    if module is None and module_name not in _QT:
        try:
            module = importlib.import_module(module_name)
        except Exception:  # noqa: BLE001 - not installed
            return "not installed"
    if module is None:
        return "not loaded (no window)"
    return str(getattr(module, "__version__", "unknown"))


def how_installed() -> str:
    """A checkout, a wheel, the bundle or another source, in a few words."""
    from ..backends import gpu_probe

    location, editable = gpu_probe.installed_from()
    if location == gpu_probe.BUNDLE:
        return "the standalone bundle"
    if location is None:
        return "a package (no local source recorded)"
    if location.lower().endswith(gpu_probe.ARCHIVES):
        return f"the file {location}"
    return f"{'an editable install of ' if editable else ''}the source folder {location}"


def folders() -> dict[str, str]:
    """Where the user's files are, by kind (models, drawings, autosave, settings, cache, logs)."""
    try:
        return {kind: str(path) for kind, path in user_folders.all_folders().items()}
    except Exception as exc:  # noqa: BLE001 - no home folder
        return {"folders": f"unknown ({exc})"}


def system_info(screen: str | None = None, backends: bool = True) -> str:
    """The text of ``cnnviz --info`` and Help > Copy system info (English, for whoever helps)."""
    lines = [
        f"cnnviz {__version__}",
        f"installed from: {how_installed()}",
        f"Python {platform.python_version()} ({platform.python_implementation()}, {sys.executable})",
        f"system: {platform.platform()} ({platform.machine()})",
    ]
    for name in (
        "numpy",
        "numba",
        "llvmlite",
        "PySide6-Essentials",
        "pyqtgraph",
        "Pillow",
        "platformdirs",
        "numba-cuda",
        "cupy-cuda12x",
        "cupy-cuda13x",
    ):
        lines.append(f"{name}: {_version(name)}")
    lines.append(f"screen: {screen or 'no window (command line)'}")
    if backends:
        from ..backends import registry

        try:
            for row in registry.available():
                lines.append(
                    f"backend {row.name}: {'available' if row.available else 'not available'}: "
                    f"{row.title}; {row.detail}"
                )
        except Exception as exc:  # noqa: BLE001 - a broken backend must not hide the rest
            lines.append(f"backends: could not be listed ({type(exc).__name__}: {exc})")
    for kind, path in folders().items():
        lines.append(f"folder {kind}: {path}")
    from . import logfile

    lines.append(f"log file: {logfile.current_path() or logfile.default_path() or 'none'}")
    return "\n".join(lines)
