"""``cnnviz gui --size WxH`` on Qt's offscreen platform: a virtual screen of that size, described in a JSON file
whose path Qt can take in its platform argument (``QT_QPA_PLATFORM=offscreen:configfile=...``)."""

from __future__ import annotations

import os


def use_size(size: tuple[int, int]) -> None:
    """On the offscreen platform, a virtual screen of ``size`` (Qt reads the file when it starts).

    Qt splits QT_QPA_PLATFORM at every ':' (plugin arguments) and ';' (fallback plugins), with no
    escape: a ``C:\\...`` path, or a temp folder with a colon in its name, made Qt abort. The
    config file's path goes in without either: absolute where that is clean (Linux, macOS),
    else relative to the working directory, which Qt resolves it against.
    """
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform.split(":")[0] != "offscreen":
        return
    import json

    width, height = size
    config = {
        "screens": [
            {
                "name": f"screen {width}x{height}",
                "x": 0,
                "y": 0,
                "width": width,
                "height": height,
                "logicalDpi": 96,
                "logicalBaseDpi": 96,
                "dpr": 1,
            }
        ]
    }
    reference = write_config(json.dumps(config))
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={reference}"


def write_config(text: str) -> str:
    """Write ``text`` to a new file and return a reference to it that Qt's argument split leaves
    whole; ValueError when no writable folder gives one."""
    import atexit
    import tempfile

    cwd = os.getcwd()
    folders = [tempfile.gettempdir()]
    try:
        from .. import user_folders

        folders.append(str(user_folders.cache()))
    except Exception:  # noqa: BLE001 - no home folder: the other two
        pass
    folders.append(cwd)
    tried = []
    for folder in folders:
        try:
            os.makedirs(folder, exist_ok=True)
            handle, path = tempfile.mkstemp(prefix="cnnviz-screen-", suffix=".json", dir=folder)
        except OSError:
            tried.append(folder)
            continue
        reference = qt_argument_path(path, cwd)
        if reference is None:
            os.close(handle)
            remove_quietly(path)
            tried.append(folder)
            continue
        with os.fdopen(handle, "w") as file:
            file.write(text)
        atexit.register(remove_quietly, path)
        return reference
    raise ValueError(
        "--size: no folder to put the screen configuration in whose path Qt can take "
        f"(no ':' or ';', writable): tried {', '.join(tried)}"
    )


def qt_argument_path(path: str, cwd: str, pathmod=os.path) -> str | None:
    """``path`` as Qt can take it in a platform argument (no ':' or ';'): absolute if that is
    clean, else relative to ``cwd``; None if neither is (Windows: another drive)."""

    def clean(text: str) -> bool:
        return ":" not in text and ";" not in text

    if clean(path):
        return path
    try:
        relative = pathmod.relpath(path, cwd)
    except ValueError:  # Windows: path and cwd on different drives
        return None
    return relative if clean(relative) else None


def remove_quietly(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass
