"""Every window the app opens dies with it (issue 33 item 2): with the F1 "Keys" window (or any dialog the window
owns) open, closing the window, Ctrl+Q -> Discard, Alt+F4 -> Discard, SIGTERM, SIGHUP and Ctrl-C all end the
process; the owned windows close with it and the autosave is released for the next start."""

import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from cnnviz.app import autosave
from cnnviz.gui import session as session_module

TIMEOUT_MS = 30_000
REPO = Path(__file__).resolve().parents[2]


def open_tool_windows(qtbot, window):
    """The F1 keys window (what F1 calls; tests/gui/test_keys.py presses the key) and a message box left open
    (non-modal) beside it."""
    keys = window.show_keys()
    assert isinstance(keys, QDialog) and keys.isVisible()
    note = QMessageBox(QMessageBox.Information, "note", "a message left open", QMessageBox.Ok, window)
    note.setModal(False)
    note.show()
    qtbot.waitUntil(note.isVisible)
    return [keys, note]


def gone(widget) -> bool:
    import shiboken6

    return not shiboken6.isValid(widget) or not widget.isVisible()


def train_into_a_long_step(qtbot, window, slow_step):
    go, inside, _release = slow_step
    window.start()
    qtbot.waitUntil(lambda: window.state.run.last_step is not None, timeout=TIMEOUT_MS)
    go.set()
    qtbot.waitUntil(inside.is_set, timeout=TIMEOUT_MS)


@pytest.mark.parametrize("how", ["close", "ctrl+q"])
def test_owned_windows_close_with_the_window_and_the_app_quits(qtbot, make_window, slow_step, quits, how):
    window = make_window()
    train_into_a_long_step(qtbot, window, slow_step)
    owned = open_tool_windows(qtbot, window)
    if how == "close":  # the close button, Alt+F4: closeEvent, answered Discard (conftest)
        window.close()
    else:
        next(a for a in window.findChildren(QAction) if a.text() == "Quit").trigger()
    assert not window.isVisible() and all(gone(w) for w in owned), "a window of the app stayed on screen"
    slow_step[2].set()  # the step ends, the thread with it
    qtbot.waitUntil(lambda: bool(quits), timeout=TIMEOUT_MS)  # nothing kept the app alive


def test_closing_an_idle_window_closes_its_keys_window(qtbot, make_window):
    window = make_window()
    owned = open_tool_windows(qtbot, window)
    window.close()
    assert not window.isVisible() and all(gone(w) for w in owned)


def test_an_owned_window_keeps_no_app_alive(qtbot, make_window):
    window = make_window()
    keys = open_tool_windows(qtbot, window)[0]
    assert session_module.owner_of(keys, window) and not session_module.owner_of(window, keys)
    others = [
        w for w in QApplication.topLevelWidgets() if w.isVisible() and w.parentWidget() is None and w is not window
    ]
    window.hide()
    assert keys.isVisible()
    assert session_module.primary_windows_shown() == bool(others)  # the keys window does not count


SCRIPT = """
import sys
from PySide6.QtCore import QTimer
from cnnviz import cli
from cnnviz.gui.window import MainWindow

show_fitted = MainWindow.show_fitted

def show_keys_and_train(self):
    show_fitted(self)
    self.show_keys()
    def report(batch):
        if batch.steps and self.keys_dialog is not None and self.keys_dialog.isVisible():
            print("step", batch.steps[-1][1].step, flush=True)
    self.session.batchReady.connect(report)
    self.start()

MainWindow.show_fitted = show_keys_and_train
sys.exit(cli.main(["gui", "--net", "tiny", "--backend", "numpy"]))
"""


def signalled_while_open(tmp_path, script_text: str, what: str, signum) -> None:
    """Run ``script_text`` (it prints "step N" while training with ``what`` open), send ``signum`` after its first
    step, and check that the process ends by the signal without a traceback and that the run's autosave was
    written and released (the next start offers it)."""
    script = tmp_path / "gui_with_window_open.py"
    script.write_text(textwrap.dedent(script_text))
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        PYTHONPATH=str(REPO),
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        OMP_NUM_THREADS="1",
        OPENBLAS_NUM_THREADS="1",
    )
    process = subprocess.Popen(
        [sys.executable, str(script)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    stepped = threading.Event()

    def read():
        for line in process.stdout:
            if line.startswith("step"):
                stepped.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        assert stepped.wait(120), f"no training step with {what} open"
        process.send_signal(signum)
        code = process.wait(60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    stderr = process.stderr.read()
    assert code == 128 + signum, (code, stderr[-2000:])
    assert "Traceback" not in stderr, stderr[-2000:]
    orphans = autosave.orphans(tmp_path / "data" / "cnnviz")
    assert len(orphans) == 1 and orphans[0].offer.step >= 1, orphans


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals sent with os.kill")
# (Ctrl-C takes the same path as these two: tests/gui/test_signals_autosave_and_quit.py; each run is ~18 s)
@pytest.mark.parametrize(
    "signum",
    [signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else []),
    ids=lambda s: signal.Signals(s).name,
)
def test_a_signal_with_the_keys_window_open_ends_the_process(tmp_path, signum):
    signalled_while_open(tmp_path, SCRIPT, "the keys window", signum)


EXPORT_SCRIPT = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog
from cnnviz import cli
from cnnviz.gui.window import MainWindow

show_fitted = MainWindow.show_fitted

def train_with_an_export_dialog_open(self):
    show_fitted(self)
    opened = []
    def report(batch):
        if not batch.steps:
            return
        if not opened:  # the report's "Save as" dialog, opened from the event loop as the menu does
            opened.append(True)
            QTimer.singleShot(0, self.exports.export_report_dialog)
        elif isinstance(QApplication.activeModalWidget(), QFileDialog):
            print("step", batch.steps[-1][1].step, flush=True)
    self.session.batchReady.connect(report)
    self.start()

MainWindow.show_fitted = train_with_an_export_dialog_open
sys.exit(cli.main(["gui", "--net", "tiny", "--backend", "numpy"]))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals sent with os.kill")
def test_sigterm_with_an_export_dialog_open_ends_the_process(tmp_path):
    """An export's file dialog is modal and runs its own event loop (QFileDialog.getSaveFileName): a signal
    while it is open still saves the run and ends the process (issue 33: "whatever tool windows (Keys,
    dialogs, exports) are open")."""
    signalled_while_open(tmp_path, EXPORT_SCRIPT, "the export dialog", signal.SIGTERM)
