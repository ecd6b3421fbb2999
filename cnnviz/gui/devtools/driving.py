"""What the developer modes share: running the event loop until something happens, a demo digit on the
pad, a window nobody answers."""

from __future__ import annotations

import time

EXIT_OK = 0


def wait_for(app, condition, timeout_s: float, step_s: float = 0.02) -> bool:
    """Run the event loop until ``condition()`` or the timeout."""
    deadline = time.perf_counter() + timeout_s
    while time.perf_counter() < deadline:
        if condition():
            return True
        app.processEvents()
        time.sleep(step_s)
    return condition()


def process_for(app, seconds: float) -> None:
    """Run the event loop for ``seconds``, as app.exec() would (no polling: what is measured
    meanwhile is the app's own work)."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(max(0, int(1000 * seconds)), loop.quit)
    loop.exec()


def draw_demo_digit(window, digit: int | str = 3) -> None:
    """``digit``: 3, 7 or 1, or "face" or "hash" (no digit)."""
    from ..canvas import demo_digit_strokes, demo_not_digit_strokes

    window.panels.classify.draw_strokes(
        demo_not_digit_strokes(digit) if isinstance(digit, str) else demo_digit_strokes(digit)
    )
    window.pad.classify()


def train_for(app, window, seconds: float, compile_timeout_s: float = 300.0) -> None:
    """Start training; count ``seconds`` from the first finished step (not the compile)."""
    window.start()
    wait_for(app, lambda: window.state.run.last_step is not None or not window.session.active, compile_timeout_s)
    process_for(app, seconds)


def unattended_window(window, autosave_folder=None):
    """Nobody answers dialogs here, and the user's autosave is not overwritten (``autosave_folder``: use that one)."""
    from pathlib import Path

    from ...app.autosave import FILE_NAME

    window.checkpoints.auto_answer = "discard"
    window.checkpoints.autosave_path = Path(autosave_folder) / FILE_NAME if autosave_folder else None
    return window
