import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import threading  # noqa: E402
import time  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from cnnviz.train.trainer import Trainer  # noqa: E402

FAST = {"eval_samples": 200, "eval_every": 25}
"""Small periodic evaluations keep the GUI tests quick on two cores."""


def private_user_data(monkeypatch, tmp_path_factory):
    """Nobody answers dialogs (Discard, unless a test says otherwise), and the user's data folder (autosaves,
    models, class drawings, the last model's record), settings and the stored zoom level are a fresh folder, never
    the user's; returns that folder."""
    from cnnviz import user_folders
    from cnnviz.app import autosave
    from cnnviz.gui import checkpoints, zoom
    from cnnviz.nn import checkpoint

    folder = tmp_path_factory.mktemp("user-data")
    monkeypatch.setattr(user_folders, "data", lambda: folder)
    monkeypatch.setattr(user_folders, "settings", lambda: folder / "config")
    monkeypatch.setattr(zoom, "settings_path", lambda: folder / "config" / zoom.FILE_NAME)
    monkeypatch.setattr(autosave, "default_folder", lambda: folder)
    monkeypatch.setattr(checkpoint, "default_models_dir", lambda: folder / "models")
    monkeypatch.setattr(checkpoints.Checkpoints, "auto_answer", "discard")
    return folder


@pytest.fixture(autouse=True)
def no_dialogs_and_a_private_autosave(monkeypatch, tmp_path_factory):
    """:func:`private_user_data` for every test."""
    return private_user_data(monkeypatch, tmp_path_factory)


@pytest.fixture(scope="session", autouse=True)
def imports_left_out_of_collections(qapp):
    """What is alive once the window's modules are imported (modules, classes, functions: ~90,000 objects) goes
    to the collector's permanent generation (gc.freeze): every GUI test ends with a full collection in the GUI
    thread (below), which took ~0.2 s of a core with them and ~0.1 s without (2026-11-28, one window open).
    Frozen objects are still freed when their last reference goes; only a cycle among them would stay."""
    import gc

    from cnnviz.gui.window import MainWindow  # noqa: F401 - imported first: its modules are frozen too

    gc.collect()
    gc.freeze()
    yield
    gc.unfreeze()


@pytest.fixture(autouse=True)
def garbage_collected_in_the_gui_thread(qapp):
    """As in the app (``theme.application``): only the GUI thread collects cyclic garbage while a test
    runs; afterwards Python collects automatically again (the next test file in this process may not be
    a GUI one)."""
    from cnnviz.gui import garbage

    garbage.collect_in_gui_thread()
    yield
    garbage.give_back()


@pytest.fixture(autouse=True)
def actual_size():
    """Every test starts at 100 % (a zoomed test left the theme's sizes, and so the application's type, at its
    zoom: the next test in the process then laid out a window at 150 %)."""
    from cnnviz.gui import theme

    theme.set_zoom(1.0)
    yield
    theme.set_zoom(1.0)


def new_window(
    tmp_path_factory, net="tiny", backend="numpy", drawings_dir=None, zoom_level=None, test_samples=None, **overrides
):
    """A shown main window with :data:`FAST` evaluations. ``test_samples``: its runs test on the first that many
    test images (as a lesson's do): a finished run's final evaluation over all 10,000 costs ~4 s of a core."""
    from PySide6.QtWidgets import QApplication

    from cnnviz.gui import theme
    from cnnviz.gui.window import MainWindow

    theme.apply(QApplication.instance())
    # Never the user's real drawings folder.
    drawings_dir = drawings_dir or tmp_path_factory.mktemp("drawings")
    window = MainWindow(
        net=net,
        backend=backend,
        config_overrides={**FAST, **overrides},
        drawings_dir=str(drawings_dir),
        zoom_level=zoom_level,
    )
    window.resize(1280, 800)
    window.show()
    if test_samples is not None:
        window.state.set_lesson_data(None, test_samples)
    return window


@pytest.fixture
def make_window(qtbot, tmp_path_factory):
    windows = []

    def make(**kwargs):
        window = new_window(tmp_path_factory, **kwargs)
        qtbot.addWidget(window)
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.shutdown()


@pytest.fixture
def window(make_window):
    return make_window()


@pytest.fixture(scope="module")
def windows_by_net(qapp, tmp_path_factory):
    """``windows_by_net(net)``: one window per net for the whole test module, made on first use (a window takes
    2-3 s of a core to make, 10-30 s on a busy machine: the layout tests walk one window through the screen sizes
    instead of making one per size). A test that uses one must leave it as it found it: in normal mode, at 100 %
    (``normal_mode_after`` does). Its user data is private for the whole module, as
    ``no_dialogs_and_a_private_autosave`` makes each test's."""
    from cnnviz.gui import theme

    windows = {}
    with pytest.MonkeyPatch.context() as patch:
        private_user_data(patch, tmp_path_factory)

        def make(net="tiny"):
            if net not in windows:
                theme.set_zoom(1.0)
                windows[net] = new_window(tmp_path_factory, net=net)
            return windows[net]

        yield make
        for window in windows.values():
            window.shutdown()
            window.close()
            window.deleteLater()
        QApplication.processEvents()


@pytest.fixture(scope="module")
def module_window(windows_by_net):
    """One window (the tiny net's) for the tests of a module that each leave it as they found it."""
    return windows_by_net()


@pytest.fixture(scope="module")
def filled_window(windows_by_net):
    """The module's window for a net, filled once as a run leaves it (``test_fit.fill``): the layout tests
    only look at it, at each screen size in turn, and leave it as they found it."""
    from test_fit import fill

    filled = set()

    def get(net="tiny"):
        window = windows_by_net(net)
        if net not in filled:
            fill(window)
            filled.add(net)
        return window

    return get


@pytest.fixture
def shared(filled_window, normal_mode_after):
    """``shared(net)``: the module's filled window in normal mode on its Training tab (as a new one opens),
    back in normal mode after the test whatever happened."""

    def get(net="tiny"):
        window = filled_window(net)
        normal_mode_after(window)
        window.set_presenter(False, full_screen=False)
        window.show_tab("training")
        return window

    return get


@pytest.fixture
def normal_mode_after():
    """``normal_mode_after(window)``: a shared window goes back to normal mode after the test, passed or not
    (a failed presenter-mode test must not fail the next one too)."""
    used = []
    yield used.append
    for window in used:
        window.set_presenter(False, full_screen=False)


@pytest.fixture
def in_language(qapp):
    """``in_language("de")``: the app's translator for that language for this test; English afterwards."""
    from cnnviz.gui import language

    def install(code):
        assert language.install(qapp, code) is None

    yield install
    language.install(qapp, language.ENGLISH)


# Shared by the closing tests (test_closing.py, test_tool_windows_die_with_the_app.py).
@pytest.fixture
def quits(monkeypatch):
    """QApplication.quit calls (the app quits when its last window closed, even a hidden one)."""
    calls = []
    monkeypatch.setattr(QApplication, "quit", lambda *args: calls.append(time.perf_counter()))
    return calls


@pytest.fixture
def slow_step(monkeypatch):
    """Once ``go`` is set, the next training step blocks until ``release`` (at most 20 s)."""
    go, inside, release = threading.Event(), threading.Event(), threading.Event()
    original = Trainer._train_step

    def train_step(self):
        if go.is_set() and not inside.is_set():
            inside.set()
            release.wait(20)
        return original(self)

    monkeypatch.setattr(Trainer, "_train_step", train_step)
    return go, inside, release


@pytest.fixture(scope="module")
def windows_by_language(qapp, tmp_path_factory):
    """``windows_by_language(code)``: one tiny-net window per language for the whole test module, made in that
    language on first use (a window takes its language when it is made; install it again with ``in_language``
    before each test: texts made later are translated as they are made). Private user data, as
    :func:`windows_by_net`'s; ``forget(code)`` closes one, for a test that needs a new one."""
    from cnnviz.gui import language, theme

    windows = {}
    with pytest.MonkeyPatch.context() as patch:
        private_user_data(patch, tmp_path_factory)

        def close(window):
            window.shutdown()
            window.close()
            window.deleteLater()

        def make(code):
            if code not in windows:
                theme.set_zoom(1.0)
                assert language.install(qapp, code) is None
                windows[code] = new_window(tmp_path_factory)
            return windows[code]

        make.forget = lambda code: close(windows.pop(code))
        yield make
        for window in windows.values():
            close(window)
        QApplication.processEvents()
