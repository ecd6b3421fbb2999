"""``cnnviz gui --screenshot PATH``: open the window, optionally train, freeze the picture on a consistent
state and save a PNG; the window is driven through its public surface."""

from __future__ import annotations

import sys

from .driving import EXIT_OK, draw_demo_digit, process_for, train_for, unattended_window, wait_for


def demo_drawings(folder: str) -> None:
    """Digits drawn with the demo strokes at a few pen widths and offsets (for --screenshot --tab drawings)."""
    from PySide6.QtCore import QPointF

    from ...analysis.drawings import DrawingStore
    from ...data.drawing import preprocess_digit
    from ..canvas import DrawingCanvas, demo_digit_strokes

    store = DrawingStore(folder)
    canvas = DrawingCanvas()
    for i, (digit, width, shift) in enumerate([(3, 18, 0.0), (7, 22, 0.05), (1, 26, -0.05), (3, 30, 0.08),
                                              (7, 16, -0.08), (1, 20, 0.1), (3, 24, -0.1), (7, 28, 0.0)]):
        canvas.clear()
        canvas.set_stroke_width(width)
        strokes = [[(x + shift, y + shift * 0.5) for x, y in stroke] for stroke in demo_digit_strokes(digit)]
        canvas.draw_strokes(strokes)
        if i % 3 == 2:  # a quick extra tick, as children draw them
            canvas.draw_segment(QPointF(120, 60), QPointF(150, 55))
        raw = canvas.to_array()
        store.add(preprocess_digit(raw), digit, ["Ada", "Ben", "Chloé"][i % 3], raw=raw)


def _prepare_tab(app, window, tab: str | None) -> None:
    """Switch to ``tab`` and let it finish what it computes on demand."""
    if not tab or tab == "training":
        return
    window.show_tab(tab)
    process_for(app, 0.3)
    panels = window.panels
    if tab == "mistakes" and panels.mistakes.matrix is not None:
        from ...analysis.confusion import most_confused_pairs

        pairs = most_confused_pairs(panels.mistakes.matrix, 1)
        if pairs:
            panels.mistakes.select_cell(pairs[0][0], pairs[0][1])
    elif tab in ("why", "fool", "map"):  # (Fool: the test image, with the weights trained so far)
        if tab == "why":
            panels.why.use_drawing(True)
        panels[tab].request(force=True)
        wait_for(app, lambda: not panels[tab].busy, 60.0)
        if tab == "map":
            panels.map.show_first_mistake()
    elif tab == "filters":  # computing since the tab was shown: wait for its tiles
        wait_for(app, lambda: panels.filters.result is not None and not panels.filters.busy, 60.0)
    elif tab == "statistics":
        panels.statistics.update_diagnosis()
        panels.statistics.refresh()
    process_for(app, 0.3)


def screenshot(app, window, path: str, train_seconds: float, tab: str | None = None,
               presenter: bool = False, fitted: bool = False, lesson: int | None = None,
               not_a_digit: bool = False) -> int:
    """``fitted``: the window as it opens on this screen (maximised on a small one; presenter mode full
    screen), for the per-resolution screenshots; else a 1600x1000 window. ``lesson``: the Nth bundled
    lesson (1-based), open in its lesson view. ``not_a_digit``: a face drawn on the pad instead of a 3,
    the Draw panel shown with its "not sure" threshold calibrated."""
    from ...train.events import RunPhase

    unattended_window(window)
    if fitted:
        window.show_fitted()
    else:
        window.resize(1600, 1000)
        window.show()
    if presenter:
        window.set_presenter(True, full_screen=fitted)
    if lesson is not None:
        window.lessons.apply(window.lessons.presets[lesson - 1], ask=False)
        window.lessons.use_lesson_view(True, full_screen=fitted)
    window.panels.feature_maps.select_test_image(0)
    draw_demo_digit(window)
    process_for(app, 0.3)
    if train_seconds > 0:
        train_for(app, window, train_seconds)
        session = window.session
        if session.active:
            # Freeze the picture on a consistent state: pause (unless the run paused itself, e.g. after
            # diverging: toggling would resume it), then one fresh snapshot.
            if window.state.run.state != RunPhase.PAUSED:
                window.toggle_pause()
            wait_for(app, lambda: window.state.run.state == RunPhase.PAUSED or not session.active, 10.0)
            window.live_view.request(force=True)
            wait_for(app, lambda: not window.live_view.pending or not session.active, 10.0)
            process_for(app, 0.3)
    process_for(app, 0.2)
    _prepare_tab(app, window, tab)
    if not_a_digit:  # once the "not sure" threshold is calibrated (after the run's last evaluation)
        window.pad.calibrate_now()
        wait_for(app, lambda: window.panels.classify.not_sure.calibration is not None, 60.0)
        draw_demo_digit(window, "face")
        window.show_tab("classify")
        process_for(app, 0.5)
    ok = window.grab().save(path)
    window.shutdown()
    window.close()
    if not ok:
        print(f"cnnviz gui: could not write {path}", file=sys.stderr)
        return 1
    print(f"saved {path}")
    return EXIT_OK


