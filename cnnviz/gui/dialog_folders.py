"""Where a file dialog opens: the folder the user last chose in it, while that folder still exists, else the user's
documents folder when there is one, else the home folder. Never the working folder the app happened to be started
in (a bare file name, or a folder that does not exist, makes Qt's dialog open there: a fresh account has no
~/Documents)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths


def documents_folder() -> str:
    """The user's documents folder if it exists, else the home folder."""
    documents = QStandardPaths.writableLocation(QStandardPaths.DocumentsLocation)
    if documents and Path(documents).is_dir():
        return documents
    return str(Path.home())


class DialogFolder:
    """One dialog's folder: :meth:`start` where it opens (with a suggested file name), :meth:`chose` what the user
    picked (its folder is where it opens next time)."""

    def __init__(self) -> None:
        self.last: str | None = None

    def folder(self) -> str:
        if self.last and Path(self.last).is_dir():
            return self.last
        return documents_folder()

    def start(self, name: str = "") -> str:
        """The dialog's starting path: the folder, and ``name`` in it when given."""
        return str(Path(self.folder()) / name) if name else self.folder()

    def chose(self, path: str) -> None:
        """The user picked the file ``path``: its folder is remembered."""
        if path:
            self.last = str(Path(path).parent)

    def chose_folder(self, folder: str) -> None:
        """The user picked ``folder`` in a folder dialog: remembered."""
        if folder:
            self.last = str(folder)
