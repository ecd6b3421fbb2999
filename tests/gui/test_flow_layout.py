"""The panels' toolbar layout (panels/common.FlowLayout) under what crashed the monkey test (issue 33): its item
wrappers let go of by shiboken while the items live, items taken while a layout pass runs, an exception inside
a pass. Each of these used to end in a segfault inside Qt (shiboken re-raising the error through every
enclosing override) or in an exception escaping a Qt virtual."""

import shiboken6
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from cnnviz.gui.panels import common
from cnnviz.gui.panels.common import FlowLayout, Panel


class _Reported:
    def __init__(self):
        self.errors = []

    def __call__(self, kind, value, tb):
        self.errors.append(value)


def _panel_in_a_window(qtbot, *toolbar):
    host = QWidget()
    QVBoxLayout(host).addWidget(panel := Panel("A title", "a hint that may be elided"))
    panel.add_toolbar_widget(*toolbar)
    qtbot.addWidget(host)
    host.resize(400, 300)
    host.show()
    qtbot.waitExposed(host)
    return host, panel


def test_the_toolbar_lays_out_after_shiboken_lets_go_of_its_item_wrappers(qtbot, monkeypatch):
    # The panel's outer layout counts as the owner of the toolbar's first items (QBoxLayout.addLayout does
    # that); when shiboken lets go of it (its wrapper invalidated, as when an owner goes), it marks those
    # items' wrappers deleted, though Qt's items live on in the toolbar. The monkey test met this after a
    # few minutes; here it is at once. Before: SIGSEGV in the next layout pass.
    reported = _Reported()
    monkeypatch.setattr("sys.excepthook", reported)
    button = QLabel("toolbar")
    host, panel = _panel_in_a_window(qtbot, button)
    shiboken6.invalidate(panel.layout())
    host.resize(180, 300)  # narrower: the toolbar wraps
    QApplication.processEvents()
    assert panel.minimumSizeHint().isValid()
    assert panel.header.count() == 3 and panel.header.heightForWidth(120) > panel.header.heightForWidth(600)
    assert panel.title_label.geometry().width() > 0 and button.geometry().top() > panel.title_label.geometry().top(), (
        "the toolbar still places its widgets (the button on a second line)"
    )
    assert reported.errors == []


def test_items_taken_while_the_layout_asks_their_sizes_are_skipped(qtbot, monkeypatch):
    reported = _Reported()
    monkeypatch.setattr("sys.excepthook", reported)
    victim = QLabel("taken meanwhile")

    class Greedy(QLabel):
        """Asked its size, it takes another widget out of the layout (Qt deletes that one's item)."""

        def sizeHint(self):
            if victim.parentWidget() is not None and flow.indexOf(victim) >= 0:
                flow.removeWidget(victim)
                victim.setParent(None)
            return super().sizeHint()

    greedy = Greedy("greedy")
    host, panel = _panel_in_a_window(qtbot)
    flow = panel.header
    panel.add_toolbar_widget(greedy, victim)
    QApplication.processEvents()
    host.resize(300, 300)
    QApplication.processEvents()
    assert flow.count() == 3 and flow.indexOf(victim) < 0 and flow.indexOf(greedy) == 2
    assert reported.errors == []


def test_an_error_inside_a_layout_pass_is_reported_and_never_reaches_qt(qtbot, monkeypatch):
    reported = _Reported()
    monkeypatch.setattr("sys.excepthook", reported)
    host, panel = _panel_in_a_window(qtbot, QLabel("x"))

    def broken(self, rect, apply):
        raise ValueError("a planted bug")

    monkeypatch.setattr(FlowLayout, "_do_layout", broken)
    host.resize(250, 200)
    QApplication.processEvents()
    assert panel.minimumSizeHint().isValid()  # Qt asked the toolbar, got its fallback, went on
    assert reported.errors and all(isinstance(error, ValueError) for error in reported.errors)


def test_an_index_out_of_range_is_no_item():
    layout = FlowLayout()
    layout.addWidget(QLabel("only"))
    assert layout.itemAt(1) is None and layout.itemAt(-1) is None and layout.takeAt(5) is None
    assert layout.itemAt(0).widget().text() == "only" and layout.count() == 1


def test_never_raises_returns_the_fallback_and_reports(monkeypatch):
    reported = _Reported()
    monkeypatch.setattr("sys.excepthook", reported)

    class Thing:
        @common.never_raises(lambda: "fallback")
        def size(self):
            raise RuntimeError("Internal C++ object already deleted")

    assert Thing().size() == "fallback" and len(reported.errors) == 1
