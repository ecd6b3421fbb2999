import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

FAST = {"eval_samples": 200, "eval_every": 25}
"""Small periodic evaluations keep the GUI tests quick on two cores."""


@pytest.fixture
def make_window(qtbot):
    from cnnviz.gui import theme
    from cnnviz.gui.window import MainWindow

    from PySide6.QtWidgets import QApplication

    theme.apply(QApplication.instance())
    windows = []

    def make(net="tiny", backend="numpy", **overrides):
        window = MainWindow(net=net, backend=backend, config_overrides={**FAST, **overrides})
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.shutdown()


@pytest.fixture
def window(make_window):
    return make_window()
