"""Desktop habits: Help > About (version, licence, credits with MNIST's attribution, where the models and the
log are), Help > Copy system info (cnnviz --info's text with this window's screen), the window's geometry
remembered, and File > Open recent."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu

from cnnviz import __version__
from cnnviz.gui import window_memory


def _menu_titles(window) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def test_the_help_menu_has_about_the_docs_and_system_info(window, qtbot):
    assert "&Help" in _menu_titles(window)
    help_menu = window.help.help_menu
    assert [a.text() for a in help_menu.actions()] == ["About cnnviz…", "Documentation…", "Copy system info"]
    box = window.help.show_about()
    text = box.text()
    assert f"cnnviz {__version__}" in text and "MIT" in text
    assert "CC BY-SA 3.0" in text and "Yann LeCun" in text, "MNIST's attribution"
    assert "LGPL" in text and "Models are saved in:" in text and "Log file:" in text
    box.close()


def test_copy_system_info_puts_the_info_text_with_the_screen_on_the_clipboard(window):
    text = window.help.copy_system_info()
    assert QGuiApplication.clipboard().text() == text
    assert text.startswith(f"cnnviz {__version__}\n")
    screen = window.screen().size()
    assert f"screen: {screen.width()}x{screen.height()}" in text
    assert "backend numpy: available" in text and "folder models: " in text


def test_the_window_comes_back_where_it_was(make_window, qtbot, monkeypatch):
    # The offscreen screen is 800x600, smaller than the window's least size: the fit is tested below.
    monkeypatch.setattr(window_memory, "fits_a_screen", lambda rect: True)
    first = make_window()
    area = QGuiApplication.primaryScreen().availableGeometry()
    size = (max(first.minimumWidth(), area.width() - 60), max(first.minimumHeight(), area.height() - 50))
    first.resize(*size)
    qtbot.waitUntil(lambda: (first.width(), first.height()) == size)
    window_memory.remember(first)
    second = make_window()
    assert (second.width(), second.height()) != size
    assert window_memory.restore(second)
    assert (second.width(), second.height()) == size


def test_a_geometry_that_fits_no_screen_is_not_restored(make_window, qtbot):
    first = make_window()
    window_memory.remember(first)
    area = QGuiApplication.primaryScreen().availableGeometry()
    assert window_memory.fits_a_screen(area.adjusted(10, 10, -10, -10))
    assert not window_memory.fits_a_screen(area.adjusted(0, 0, area.width(), 0)), "wider than any screen"
    assert not window_memory.fits_a_screen(area.translated(area.width() * 3, 0)), "on a screen unplugged since"


def test_open_recent_lists_what_was_opened_and_opens_it(window, tmp_path):
    lesson = tmp_path / "my lesson.json"
    lesson.write_text("{}", encoding="utf-8")
    model = tmp_path / "run & more.npz"
    model.write_bytes(b"x")
    gone = tmp_path / "deleted.npz"
    gone.write_bytes(b"x")
    window_memory.add_recent("lesson", lesson)
    window_memory.add_recent("model", gone)
    window_memory.add_recent("model", model)
    gone.unlink()
    opened = []
    window.help.open_recent = {kind: (lambda p, k=kind: opened.append((k, p))) for kind in window_memory.KINDS}
    menu: QMenu = window.help.recent_menu
    window.help.fill_recent()
    entries = {a.text(): a for a in menu.actions() if a.text() and not a.isSeparator()}
    assert "run && more.npz" in entries and "my lesson.json" in entries and "deleted.npz" not in entries
    entries["run && more.npz"].trigger()
    entries["my lesson.json"].trigger()
    assert opened == [("model", str(model.resolve())), ("lesson", str(lesson.resolve()))]
    entries["Clear the list"].trigger()
    assert window_memory.recent("model") == [] and window_memory.recent("lesson") == []


def test_a_compared_run_is_remembered(window, tiny_model_path):
    assert window.comparison.compare_with_file(str(tiny_model_path))
    assert window_memory.recent("compared") == [str(Path(tiny_model_path).resolve())]


def test_the_docs_link_opens_the_docs_shipped_beside_the_code(monkeypatch):
    from cnnviz.gui import help_menu

    folder = help_menu.docs_location()
    beside = Path(help_menu.__file__).resolve().parents[2] / "docs"
    if folder is None:  # cnnviz installed (CI's pip install .): no docs beside the code, and none are claimed
        assert not (beside / "install.md").is_file()
        folder = Path(__file__).resolve().parents[2] / "docs"  # this checkout's, to open
        monkeypatch.setattr(help_menu, "docs_location", lambda: folder)
    assert (folder / "install.md").is_file(), "a checkout or an unpacked sdist has docs/"
    opened = []
    monkeypatch.setattr(help_menu.QDesktopServices, "openUrl", staticmethod(lambda url: opened.append(url) or True))
    assert help_menu.HelpMenu.open_docs(type("W", (), {"window": None})()) is True
    assert opened and opened[0].toLocalFile() == str(folder)
