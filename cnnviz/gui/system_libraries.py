"""Before Qt starts: are the system libraries its window needs installed?

PySide6's wheels bring Qt but not the X11 libraries Qt's ``xcb`` platform
plugin links against. On a fresh Debian or Ubuntu some are missing (typically
``libxcb-icccm4`` and ``libxcb-keysyms1``), and Qt then aborts the whole
process (exit code 134) with a hint about ``xcb-cursor`` that is often not the
library that is missing. This module tries to load each library the way the
dynamic loader will (``ctypes.CDLL``: the same search path, ``LD_LIBRARY_PATH``
included) and, if any is missing, names the exact packages to install.

No Qt here: it runs before the first Qt import. The lists were read from
``ldd .../PySide6/Qt/plugins/platforms/libqxcb.so`` and from the NEEDED entries
of ``libQt6Gui``, ``libQt6Widgets`` and ``libQt6DBus`` (PySide6 6.11);
``tests/gui/test_system_libraries.py`` checks them against the installed
plugin whenever ``ldd`` is available.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Library:
    soname: str
    debian: str
    """Debian/Ubuntu package (``apt-get install``)."""
    fedora: str = ""
    """Fedora package (``dnf install``), where known."""


QT_GUI_LIBRARIES: tuple[Library, ...] = (
    Library("libGL.so.1", "libgl1", "libglvnd-glx"),
    Library("libEGL.so.1", "libegl1", "libglvnd-egl"),
    Library("libfontconfig.so.1", "libfontconfig1", "fontconfig"),
    Library("libfreetype.so.6", "libfreetype6", "freetype"),
    Library("libglib-2.0.so.0", "libglib2.0-0", "glib2"),
    Library("libgthread-2.0.so.0", "libglib2.0-0", "glib2"),
    Library("libX11.so.6", "libx11-6", "libX11"),
    Library("libxkbcommon.so.0", "libxkbcommon0", "libxkbcommon"),
    Library("libdbus-1.so.3", "libdbus-1-3", "dbus-libs"),
)
"""What every Qt window needs, whichever platform plugin draws it (QtGui, QtWidgets, QtDBus)."""

XCB_LIBRARIES: tuple[Library, ...] = (
    Library("libxcb.so.1", "libxcb1", "libxcb"),
    Library("libX11-xcb.so.1", "libx11-xcb1", "libX11-xcb"),
    Library("libxkbcommon-x11.so.0", "libxkbcommon-x11-0", "libxkbcommon-x11"),
    Library("libxcb-cursor.so.0", "libxcb-cursor0", "xcb-util-cursor"),
    Library("libxcb-icccm.so.4", "libxcb-icccm4", "xcb-util-wm"),
    Library("libxcb-keysyms.so.1", "libxcb-keysyms1", "xcb-util-keysyms"),
    Library("libxcb-image.so.0", "libxcb-image0", "xcb-util-image"),
    Library("libxcb-util.so.1", "libxcb-util1", "xcb-util"),
    Library("libxcb-render-util.so.0", "libxcb-render-util0", "xcb-util-renderutil"),
    Library("libxcb-randr.so.0", "libxcb-randr0", "libxcb"),
    Library("libxcb-render.so.0", "libxcb-render0", "libxcb"),
    Library("libxcb-shape.so.0", "libxcb-shape0", "libxcb"),
    Library("libxcb-shm.so.0", "libxcb-shm0", "libxcb"),
    Library("libxcb-sync.so.1", "libxcb-sync1", "libxcb"),
    Library("libxcb-xfixes.so.0", "libxcb-xfixes0", "libxcb"),
    Library("libxcb-xkb.so.1", "libxcb-xkb1", "libxcb"),
)
"""What Qt's xcb platform plugin (the window on an X11 desktop) needs on top."""


def debian_packages() -> list[str]:
    """Every Debian/Ubuntu package above, once (the README's list for minimal systems)."""
    return list(dict.fromkeys(lib.debian for lib in QT_GUI_LIBRARIES + XCB_LIBRARIES))


def loads_library(soname: str) -> bool:
    """Whether the dynamic loader finds ``soname`` (and what it needs in turn)."""
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def uses_xcb(environ: Mapping[str, str]) -> bool:
    """Whether Qt will try its xcb plugin: no other platform asked for, and an X display
    (on a Wayland session Qt tries Wayland first)."""
    platform = environ.get("QT_QPA_PLATFORM", "").split(":", 1)[0].split(";", 1)[0].strip()
    if platform:
        return platform == "xcb"
    if environ.get("WAYLAND_DISPLAY") and environ.get("XDG_SESSION_TYPE") == "wayland":
        return False
    return bool(environ.get("DISPLAY"))


def missing(environ: Mapping[str, str] | None = None, loads: Callable[[str], bool] | None = None) -> list[Library]:
    """The libraries Qt will need here and cannot load (empty off Linux)."""
    environ = os.environ if environ is None else environ
    loads = loads or loads_library
    if not sys.platform.startswith("linux"):
        return []
    needed = QT_GUI_LIBRARIES + (XCB_LIBRARIES if uses_xcb(environ) else ())
    return [lib for lib in needed if not loads(lib.soname)]


def install_hint(libraries: list[Library]) -> str:
    """One line: what is missing and the exact command that installs it."""
    debian = " ".join(dict.fromkeys(lib.debian for lib in libraries))
    fedora = " ".join(dict.fromkeys(lib.fedora for lib in libraries if lib.fedora))
    names = ", ".join(lib.soname for lib in libraries)
    line = (
        f"the window needs system libraries that are missing here ({names}). "
        f"Install them with: sudo apt-get install {debian}"
    )
    if fedora:
        line += f" (Fedora: sudo dnf install {fedora})"
    return line + ", then start cnnviz again."


def check(environ: Mapping[str, str] | None = None, loads: Callable[[str], bool] | None = None) -> str | None:
    """None when Qt can start here, else the one-line message to print instead of Qt's abort."""
    libraries = missing(environ, loads)
    return install_hint(libraries) if libraries else None
