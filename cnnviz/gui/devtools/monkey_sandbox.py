"""What the monkey (:mod:`.monkey`) may not touch while it runs: nothing outside the app opens
(:func:`outside_programs_refused`), and the user's own folders are a temporary one (:func:`private_user_folders`)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import webbrowser

OPENERS = frozenset(
    "xdg-open gio gvfs-open kde-open kde-open5 gnome-open exo-open open explorer explorer.exe start x-www-browser"
    " www-browser sensible-browser firefox chromium google-chrome nautilus dolphin thunar pcmanfm".split()
)
"""Programs that open a file, a folder or an address outside the app: the monkey never starts one."""


@contextlib.contextmanager
def outside_programs_refused(refused):
    """While the monkey runs, nothing outside the app opens (a browser, a file manager: they would take the
    machine's cores and the screen, and outlive the run): ``QDesktopServices.openUrl``,
    ``QProcess.startDetached``, ``webbrowser.open``, ``os.startfile`` and any subprocess of an opener
    (``OPENERS``: xdg-open, open, explorer...) are refused, each call passed to ``refused(what)``."""
    from PySide6.QtCore import QProcess
    from PySide6.QtGui import QDesktopServices

    real_popen_init = subprocess.Popen.__init__

    def popen_init(self, args, *rest, **kwargs):
        program = args if isinstance(args, (str, bytes, os.PathLike)) else (args[0] if args else "")
        text = os.fsdecode(program)
        name = os.path.basename((text.split() or [""])[0] if kwargs.get("shell") else text)
        if name.lower() in OPENERS:
            refused(f"subprocess {name}")
            raise OSError(f"the monkey test starts no outside program ({name})")
        real_popen_init(self, args, *rest, **kwargs)

    def open_url(url, *_args):
        refused(f"openUrl {url.toString() if hasattr(url, 'toString') else url}")
        return False

    def start_detached(*args, **_kwargs):
        refused(f"startDetached {args[0] if args and isinstance(args[0], str) else ''}")
        return False

    def web_open(url, *_args, **_kwargs):
        refused(f"webbrowser {url}")
        return False

    patches = [
        (QDesktopServices, "openUrl", staticmethod(open_url)),
        (QProcess, "startDetached", staticmethod(start_detached)),
        (webbrowser, "open", web_open),
        (webbrowser, "open_new", web_open),
        (webbrowser, "open_new_tab", web_open),
        (subprocess.Popen, "__init__", popen_init),
    ]
    if hasattr(os, "startfile"):  # Windows
        patches.append((os, "startfile", lambda path, *_a, **_k: refused(f"startfile {path}")))
    saved = [
        (owner, attribute, owner.__dict__[attribute] if attribute in owner.__dict__ else getattr(owner, attribute))
        for owner, attribute, _ in patches
    ]
    for owner, attribute, replacement in patches:
        setattr(owner, attribute, replacement)
    try:
        yield
    finally:
        for owner, attribute, original in saved:
            setattr(owner, attribute, original)


@contextlib.contextmanager
def private_user_folders():
    """The user's own files are not the monkey's to change: its clicks save and delete class drawings, save
    models, autosave, change the zoom and other settings. While it runs, the data and settings folders
    (``user_folders.data`` and ``.settings``: drawings, models, autosaves, window.ini) are a temporary folder,
    removed at the end; the cache (numba's compiled kernels) and the log stay the user's. Yields the folder."""
    import tempfile
    from pathlib import Path

    from ... import user_folders

    saved = user_folders.data, user_folders.settings
    with tempfile.TemporaryDirectory(prefix="cnnviz-monkey-", ignore_cleanup_errors=True) as folder:
        user_folders.data = lambda: Path(folder) / "data"
        user_folders.settings = lambda: Path(folder) / "settings"
        try:
            yield Path(folder)
        finally:
            user_folders.data, user_folders.settings = saved
