"""The Help menu (About, the documentation, Copy system info) and File > Open recent.

About says the version, the licence, the credits (MNIST's CC BY-SA 3.0 attribution, Qt's LGPL) and where the
log file and the models are; Copy system info puts ``cnnviz --info``'s text on the clipboard (with this
window's screen)."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QMessageBox

from .. import __version__, user_folders
from ..app import about, logfile
from . import window_memory
from .language import tr
from .wrapped_label import WrappedMessageBox


def docs_location() -> Path | None:
    """The documentation shipped beside the code (a checkout or the unpacked sdist), or None (a wheel, the
    bundle: the docs are in the release's sdist, and the README in the wheel's metadata)."""
    folder = Path(__file__).resolve().parents[2] / "docs"
    return folder if (folder / "install.md").is_file() else None


def screen_text(window) -> str:
    screen = window.screen()
    if screen is None:
        return "unknown"
    size = screen.size()
    return (
        f"{size.width()}x{size.height()} at {screen.devicePixelRatio():g}x, {screen.name()}; "
        f"{len(QGuiApplication.screens())} screen(s); Qt platform {QGuiApplication.platformName()}"
    )


def about_html() -> str:
    try:
        models = str(user_folders.models())
    except Exception:  # noqa: BLE001 - no home folder
        models = "?"
    log = logfile.current_path() or logfile.default_path()
    rows = [
        f"<h3>cnnviz {html.escape(__version__)}</h3>",
        "<p>" + html.escape(tr("Watch a convolutional network learn, live.")) + "</p>",
        "<p>" + html.escape(tr(about.LICENCE)) + "</p>",
        "<p>" + html.escape(tr(about.MNIST_CREDIT)) + "</p>",
        "<p>" + html.escape(tr(about.QT_CREDIT)) + "</p>",
        "<p>"
        + html.escape(tr("Models are saved in: {folder}").format(folder=models))
        + "<br>"
        + html.escape(tr("Log file: {path}").format(path=log or tr("none")))
        + "</p>",
    ]
    return "".join(rows)


class HelpMenu:
    """Adds Help to the menu bar and Open recent to ``file_menu``; ``open_recent`` maps each kind of
    :data:`window_memory.KINDS` to the callable that opens such a file."""

    def __init__(self, window, file_menu, open_recent: dict):
        self.window, self.open_recent = window, open_recent
        self.recent_menu = file_menu.addMenu(tr("Open recent"))
        self.recent_menu.aboutToShow.connect(self.fill_recent)
        help_menu = window.menuBar().addMenu(tr("&Help"))
        self.about_action = help_menu.addAction(tr("About cnnviz…"), self.show_about)
        self.docs_action = help_menu.addAction(tr("Documentation…"), self.open_docs)
        self.copy_action = help_menu.addAction(tr("Copy system info"), self.copy_system_info)
        self.copy_action.setStatusTip(
            tr("Versions, backends, screen and folders, to paste into a message when asking for help")
        )
        self.help_menu = help_menu

    def fill_recent(self) -> None:
        menu = self.recent_menu
        menu.clear()
        titles = {"model": tr("Models"), "lesson": tr("Lessons"), "compared": tr("Compared runs")}
        found = False
        for kind in window_memory.KINDS:
            paths = window_memory.recent(kind)
            if not paths:
                continue
            if found:
                menu.addSeparator()
            menu.addSection(titles[kind])
            for path in paths:
                name = Path(path).name.replace("&", "&&")
                action = menu.addAction(name, lambda k=kind, p=path: self.open_recent[k](p))
                action.setStatusTip(path)
                action.setToolTip(path)
            found = True
        if not found:
            menu.addAction(tr("(nothing opened yet)")).setEnabled(False)
        else:
            menu.addSeparator()
            menu.addAction(tr("Clear the list"), window_memory.clear_recent)

    def system_info(self) -> str:
        return about.system_info(screen=screen_text(self.window))

    def copy_system_info(self) -> str:
        text = self.system_info()
        QGuiApplication.clipboard().setText(text)
        self.window.statusBar().showMessage(tr("System info copied: paste it into your message."), 6000)
        return text

    def show_about(self) -> QMessageBox:
        box = WrappedMessageBox(QMessageBox.Information, tr("About cnnviz"), about_html(), QMessageBox.Ok, self.window)
        box.setTextFormat(Qt.RichText)
        box.open()  # not exec(): the window (and a training run) carries on
        self.about_box = box
        return box

    def open_docs(self) -> bool:
        folder = docs_location()
        if folder is not None:
            return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))
        QMessageBox.information(
            self.window,
            tr("Documentation"),
            tr(
                "The documentation (the docs folder and README.md) is in the release's "
                "source archive, cnnviz-{version}.tar.gz, beside the file you installed "
                "cnnviz from."
            ).format(version=__version__),
        )
        return False
