"""The window is built from the top down (issue 35: the suite stays fast): under the application's style sheet
a widget that moves to another parent is restyled with everything in it (a StyleChange for each polished one),
so the panels, placed level by level into containers that then moved themselves, were restyled about four
times each while the window was built (1,566 restyles of 371 widgets, ~0.1 s of a core per window)."""

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

from cnnviz.gui.panels import registry


class Restyles(QObject):
    def __init__(self):
        super().__init__()
        self.counts: dict[int, int] = {}

    def eventFilter(self, watched, event):
        if event.type() == QEvent.StyleChange:
            self.counts[id(watched)] = self.counts.get(id(watched), 0) + 1
        return False


def test_panels_are_restyled_about_once_while_the_window_is_built(make_window, monkeypatch):
    restyles = Restyles()
    create_panels = registry.create_panels

    def watched_panels(**arguments):
        panels = create_panels(**arguments)
        for panel in panels.values():
            for widget in (panel, *panel.findChildren(QWidget)):
                widget.installEventFilter(restyles)
        return panels

    monkeypatch.setattr(registry, "create_panels", watched_panels)
    make_window()
    restyled, times = len(restyles.counts), sum(restyles.counts.values())
    assert restyled > 50, "the count sees the panels' widgets restyled"
    assert times <= 1.5 * restyled, f"{restyled} of the panels' widgets restyled {times} times"
