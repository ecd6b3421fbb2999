"""cnnviz as a desktop application: its icon files and, on Linux, a menu entry.

Qt-free (``cnnviz install-desktop`` runs it without a display). The icon is
drawn by ``packaging/make_icons.py`` into ``assets/icons`` (installed as
``cnnviz.assets/icons``).

``install_desktop`` writes, for the current user only (XDG base directories,
through platformdirs)::

    $XDG_DATA_HOME/applications/cnnviz.desktop
    $XDG_DATA_HOME/icons/hicolor/<n>x<n>/apps/cnnviz.png   (16..256)
    $XDG_DATA_HOME/icons/hicolor/scalable/apps/cnnviz.svg

The entry's ``StartupWMClass`` is ``cnnviz``, the X11 class the app's windows
carry (``theme.application``), so the dock groups the window under the icon.
"""

from __future__ import annotations

import importlib.resources
import os
import shutil
import sys
from pathlib import Path

APP_ID = "cnnviz"
"""The application's name everywhere: Qt application name, desktop file name, WM_CLASS, icon name."""
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


def icon_folder() -> Path:
    """``cnnviz.assets/icons`` when installed (or bundled); the repository's ``assets/icons`` in a checkout."""
    candidates = []
    try:
        candidates.append(Path(os.fspath(importlib.resources.files("cnnviz.assets") / "icons")))
    except (ModuleNotFoundError, TypeError, NotADirectoryError, FileNotFoundError):
        pass
    candidates.append(Path(__file__).resolve().parents[2] / "assets" / "icons")
    for folder in candidates:
        if (folder / f"{APP_ID}.svg").is_file():
            return folder
    raise FileNotFoundError(
        f"cnnviz's icon files are missing (looked in {', '.join(map(str, candidates))}); reinstall cnnviz"
    )


def icon_files() -> dict[int, Path]:
    """{size in pixels: PNG} of every icon size there is (0: the SVG)."""
    folder = icon_folder()
    files = {0: folder / f"{APP_ID}.svg"}
    for size in ICON_SIZES:
        path = folder / f"{APP_ID}-{size}.png"
        if path.is_file():
            files[size] = path
    return files


def launch_command() -> list[str]:
    """The command that opens the app as this installation runs it: the bundle's executable, the
    ``cnnviz-app`` script next to this Python (a venv, pipx), else ``python -m cnnviz gui``."""
    if getattr(sys, "frozen", False):  # PyInstaller bundle
        return [sys.executable, "gui"]
    scripts = Path(sys.executable).parent
    for name in ("cnnviz-app", "cnnviz"):
        script = scripts / name
        if script.is_file() and os.access(script, os.X_OK):
            return [str(script)] if name == "cnnviz-app" else [str(script), "gui"]
    return [sys.executable, "-m", "cnnviz", "gui"]


def _exec_quote(argument: str) -> str:
    """One argument of a desktop entry's Exec key (Desktop Entry Specification, "The Exec key")."""
    if argument and not any(c in argument for c in " \t\n\"'\\><~|&;$*?#()`%="):
        return argument
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in argument)
    return '"' + escaped.replace("%", "%%") + '"'


def desktop_entry(command: list[str]) -> str:
    """The text of cnnviz.desktop for ``command``."""
    # The value of a desktop entry key escapes backslashes once more (the Exec rules come on top).
    exec_line = " ".join(_exec_quote(a) for a in command).replace("\\", "\\\\")
    return "\n".join(
        [
            "[Desktop Entry]",
            "Type=Application",
            "Version=1.0",
            "Name=cnnviz",
            "GenericName=CNN visualiser",
            "Comment=Watch a convolutional network learn to read handwritten digits",
            f"Exec={exec_line}",
            f"Icon={APP_ID}",
            "Terminal=false",
            "Categories=Education;ArtificialIntelligence;",
            "Keywords=neural network;CNN;MNIST;machine learning;deep learning;",
            f"StartupWMClass={APP_ID}",
            "StartupNotify=true",
            "",
        ]
    )


def data_home() -> Path:
    """$XDG_DATA_HOME (~/.local/share unless set)."""
    import platformdirs

    return Path(platformdirs.user_data_dir())


def install_desktop(home: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Install the menu entry and the icons for the current user (Linux and other freedesktop.org
    desktops); returns the files written. ValueError on Windows and macOS, which have no such menu."""
    if sys.platform in ("win32", "cygwin", "darwin"):
        raise ValueError(
            "install-desktop is for Linux desktops (freedesktop.org menus); on Windows and macOS "
            "start 'cnnviz-app', or use the standalone bundle (docs/packaging.md)"
        )
    home = Path(home) if home is not None else data_home()
    written = []
    for size, source in icon_files().items():
        folder = home / "icons" / "hicolor" / ("scalable" if size == 0 else f"{size}x{size}") / "apps"
        target = folder / f"{APP_ID}{source.suffix}"
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        written.append(target)
    applications = home / "applications"
    applications.mkdir(parents=True, exist_ok=True)
    entry = applications / f"{APP_ID}.desktop"
    temporary = entry.with_suffix(".desktop.tmp")
    temporary.write_text(desktop_entry(command or launch_command()), encoding="utf-8")
    os.replace(temporary, entry)
    written.append(entry)
    return written
