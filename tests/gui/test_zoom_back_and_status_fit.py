"""Zooming in and back at 1024x768 puts every view back exactly (the Time-lapse's titles kept the zoomed
size: presenter mode drew them small until a zoom restyled them), and the status bar's fields never push
the window past the screen (a long state in presenter mode's type made a 1024-pixel window 1200 wide: the
Time-lapse and the Draw panel ran off the screen's edge)."""

from dataclasses import replace

import pyqtgraph as pg
from PySide6.QtWidgets import QWidget

from cnnviz.gui import presenter
from cnnviz.gui.worker import Tag


def _at_1024x768_presenting(qtbot, window):
    window.set_presenter(True, full_screen=False)
    window.resize(1024, 768)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (1024, 768), timeout=5000)


def _layout(window) -> dict:
    """Every visible widget's place and type size, and every plot title's size."""
    shown = {
        id(w): (type(w).__name__, w.geometry().getRect(), w.font().pointSizeF())
        for w in window.findChildren(QWidget)
        if w.isVisible()
    }
    for view in window.findChildren(pg.GraphicsView):
        for item in view.scene().items():
            if isinstance(item, pg.LabelItem):
                shown[id(item)] = ("title", item.text, item.opts.get("size"), item.minimumWidth())
    return shown


def test_zooming_in_and_back_restores_every_view_exactly(qtbot, window):
    _at_1024x768_presenting(qtbot, window)
    window.show_tab("timelapse")
    panel = window.panels.timelapse
    snapshot = window.state.local.snapshot(None, window.state.dataset, 3, tag=Tag.TIMELAPSE_START)
    panel.record_snapshot(replace(snapshot, step=0), None)  # titles set after presenter mode was on
    qtbot.wait(100)
    before = _layout(window)
    assert panel.kernel_title.text and panel.kernel_title.opts["size"] == f"{presenter.zoomed(presenter.AXIS_PT)}pt"
    _zoom_in_and_back_changes_nothing(qtbot, window, before)
    window.set_presenter(False, full_screen=False)
    window.resize(1024, 768)
    qtbot.wait(100)
    _zoom_in_and_back_changes_nothing(qtbot, window, _layout(window))  # normal mode: the layer box kept its width


def _zoom_in_and_back_changes_nothing(qtbot, window, before):
    window.zoom_by(+1)
    window.zoom_by(+1)
    assert window.zoom_level > 100
    window.zoom_by(0)
    window.statusBar().clearMessage()  # "Zoom 100%" moves the fields aside for a while
    qtbot.wait(100)
    after = _layout(window)
    changed = {key: (value, after.get(key)) for key, value in before.items() if after.get(key) != value}
    assert not changed, changed


def test_the_status_fields_never_widen_the_window(qtbot, window):
    _at_1024x768_presenting(qtbot, window)
    status = window.status
    status.show(
        state="starting (loading data and compiling kernels)…",
        epoch="epoch 0.00",
        step="step 0",
        rate="– images/s",
        backend="backend numba",
        eta="ETA –",
        test="test accuracy –",
    )
    qtbot.wait(100)
    assert window.width() == 1024 and window.minimumSizeHint().width() <= 1024
    shown = [label for label in status.labels.values() if label.isVisible()]
    assert status.labels["test"] in shown and len(shown) < len(status.labels)
    assert all(label.width() >= label.sizeHint().width() for label in shown), "a field shows whole or not at all"
    status.show(state="running")
    qtbot.wait(100)
    assert len([label for label in status.labels.values() if label.isVisible()]) > len(shown), "room: fields back"
    window.set_presenter(False, full_screen=False)
