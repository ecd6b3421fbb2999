"""The app's unattended modes: a screenshot (optionally after some training) and the latency report.

``screenshot`` (``--screenshot PATH``) opens the window, trains, freezes the picture on a consistent state and
saves a PNG; ``latency_report`` (``--latency-report``) measures how smooth the window stays while training (how
late a 10 ms timer fires) and what the GUI costs the trainer next to a plain Trainer. Both drive the window
through its public surface."""

from __future__ import annotations

import json
import sys
import threading
import time

import numpy as np

from .. import jobs
from .driving import EXIT_OK, draw_demo_digit, process_for, train_for, unattended_window, wait_for


def demo_drawings(folder: str) -> None:
    """Digits drawn with the demo strokes at a few pen widths and offsets (for --screenshot --tab drawings)."""
    from PySide6.QtCore import QPointF

    from ...classroom.drawings import DrawingStore
    from ...data.drawing import preprocess_digit
    from ..canvas import DrawingCanvas, demo_digit_strokes

    store = DrawingStore(folder)
    canvas = DrawingCanvas()
    for i, (digit, width, shift) in enumerate(
        [
            (3, 18, 0.0),
            (7, 22, 0.05),
            (1, 26, -0.05),
            (3, 30, 0.08),
            (7, 16, -0.08),
            (1, 20, 0.1),
            (3, 24, -0.1),
            (7, 28, 0.0),
        ]
    ):
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
        from ...classroom.confusion import most_confused_pairs

        pairs = most_confused_pairs(panels.mistakes.matrix, 1)
        if pairs:
            panels.mistakes.select_cell(pairs[0][0], pairs[0][1])
    elif tab in ("why", "fool", "map"):  # (Fool: the test image, with the weights trained so far)
        if tab == "why":
            window.state.choose_view_input("why", True)  # (the app model's choice: the panel shows it)
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


def screenshot(
    app,
    window,
    path: str,
    train_seconds: float,
    tab: str | None = None,
    presenter: bool = False,
    fitted: bool = False,
    lesson: int | None = None,
    not_a_digit: bool = False,
) -> int:
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
        wait_for(app, lambda: window.panels.classify.calibration is not None, 60.0)
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


WARM_UP_S = 10.0
"""The latency report's uncounted first headless run."""


def _headless_rate(config, dataset, seconds: float) -> dict:
    """A plain Trainer (no GUI, no listeners but the clock) for ``seconds`` of training."""
    from ...train import events as ev
    from ...train.trainer import Trainer

    trainer = Trainer(config, dataset)
    clock = {}

    def listener(event):
        if isinstance(event, ev.StepFinished) and "first" not in clock:
            clock["first"] = time.perf_counter()
            clock["images0"] = event.step * event.batch_size
            timer = threading.Timer(seconds, lambda: trainer.stop(final_evaluation=False))
            timer.daemon = True
            timer.start()
        if isinstance(event, ev.StepFinished):
            clock["last"] = time.perf_counter()
            clock["images"] = event.step * event.batch_size

    trainer.add_listener(listener)
    result = trainer.run()
    wall = clock.get("last", 0) - clock.get("first", 0)
    return {
        "train_images_per_s": result.train_images_per_s,
        "wall_images_per_s": (clock.get("images", 0) - clock.get("images0", 0)) / wall if wall > 0 else 0.0,
        "steps": result.steps,
    }


def _gui_segment(app, window, seconds: float) -> dict:
    """One GUI run of ``seconds`` (counted from its first step): every panel live, a stroke drawn and
    classified once a second, a 10 ms timer's lateness and the GUI thread's CPU time measured."""
    import shiboken6
    from PySide6.QtCore import QElapsedTimer, QPointF, Qt, QTimer

    period_ms = 10
    lateness: list[float] = []
    clock = QElapsedTimer()
    timer = QTimer()
    timer.setTimerType(Qt.PreciseTimer)
    timer.setInterval(period_ms)
    last = {"t": None}

    def tick():
        now = clock.nsecsElapsed() / 1e6
        if last["t"] is not None:
            lateness.append(max(0.0, now - last["t"] - period_ms))
        last["t"] = now

    timer.timeout.connect(tick)
    canvas_ms: list[float] = []
    stroke = {"i": 0}

    def draw_stroke():
        # A student drawing while the network trains: stroke -> probabilities on screen.
        i = stroke["i"]
        stroke["i"] += 1
        t0 = time.perf_counter()
        a = QPointF(60 + (i * 37) % 160, 60 + (i * 53) % 160)
        window.panels.classify.draw_segment(a, QPointF(a.x() + 20, a.y() + 15))
        window.pad.classify()
        canvas_ms.append((time.perf_counter() - t0) * 1e3)

    draw_timer = QTimer()
    draw_timer.setInterval(1000)
    draw_timer.timeout.connect(draw_stroke)

    run, session = window.state.run, window.session
    window.start()
    wait_for(app, lambda: run.last_step is not None or not session.active, 300.0)
    first_step = run.last_step.step if run.last_step else 0
    flushes0 = session.flush_count
    gui_first = time.perf_counter()
    cpu0, jobs_cpu0 = time.thread_time(), jobs.cpu_seconds()
    clock.start()
    timer.start()
    draw_timer.start()
    process_for(app, seconds)
    timer.stop()
    draw_timer.stop()
    gui_cpu = time.thread_time() - cpu0
    gui_wall = time.perf_counter() - gui_first
    jobs_cpu = jobs.cpu_seconds() - jobs_cpu0  # (the jobs that ended meanwhile)
    flushes = session.flush_count - flushes0
    last_step = run.last_step
    result = None
    if session.active:
        worker, thread = session.worker, session.thread
        session.trainer.stop(final_evaluation=False)
        # The session deletes a thread once it has ended (deleteLater): gone counts as ended.
        wait_for(app, lambda: not shiboken6.isValid(thread) or not thread.isRunning(), 60.0)
        result = worker.result
    process_for(app, 0.1)
    result = result or run.result
    batch = window.runs.make_config().batch_size
    return {
        "rate": result.train_images_per_s if result else 0.0,
        "wall_rate": ((last_step.step - first_step) * batch / gui_wall) if last_step and gui_wall > 0 else 0.0,
        "lateness": lateness,
        "canvas_ms": canvas_ms,
        "wall": gui_wall,
        "cpu": gui_cpu,
        "jobs_cpu": jobs_cpu,
        "flushes": flushes,
        "period_ms": period_ms,
    }


def _start_phones(window, count: int, seed: int):
    """The class canvas open on 127.0.0.1 (limits sized for ``count`` phones behind one address), the
    simulated phones started (paused), a simulated teacher that rejects the wall every 3 s."""
    from PySide6.QtCore import QTimer

    from ...web.server import Limits
    from .phones import SimulatedPhones

    cc = window.class_canvas
    limits = Limits(
        requests_per_second=10.0 * count,
        request_burst=20 * count,
        connections_per_address=2 * count + 8,
        connections=4 * count + 64,
    )
    if cc.open("127.0.0.1", 0, limits=limits) is None:
        raise ValueError(f"--phones: the class canvas could not start: {cc.last_error}")
    model = cc.model
    cc.queued = {}
    model.events.queue.connect(lambda queue: cc.queued.update((s.id, s.queued_at) for s in queue))
    cc.teacher = QTimer(window)
    cc.teacher.timeout.connect(lambda: model.reject([s.id for s in model.queue]))
    cc.teacher.start(3000)
    phones = SimulatedPhones(count, model.host, model.port, model.token, seed)
    phones.start()
    return phones


def _stop_phones(window, phones) -> dict:
    phones.stop()
    cc = window.class_canvas
    cc.teacher.stop()
    cc.close()
    times = [1000 * (cc.queued[n] - sent) for n, sent in phones.sent.items() if n in cc.queued]
    return {
        "phones": phones.count,
        "phones_sent": len(phones.sent),
        "phones_queued": len(times),
        "phones_refused": {str(k): v for k, v in sorted(phones.refused.items())},
        "phones_errors": sum(phones.errors.values()),
        "phones_errors_by_kind": dict(sorted(phones.errors.items())),
        "phone_send_to_queue_ms_p50": round(float(np.percentile(times, 50)), 1) if times else None,
        "phone_send_to_queue_ms_p95": round(float(np.percentile(times, 95)), 1) if times else None,
    }


def latency_report(
    net: str,
    backend: str,
    dataset_name: str,
    data_dir,
    seconds: float,
    seed: int = 0,
    out=None,
    rounds: int = 2,
    phones: int = 0,
) -> int:
    """Train with every panel live; print one JSON object with UI stalls and throughputs.

    Headless and GUI runs alternate, ``seconds`` each (H G H G H for two ``rounds``), so that a
    machine whose load drifts favours neither; ``gui_vs_headless`` is the median over the rounds
    of the GUI run's rate over the mean of the headless runs on either side of it.

    ``ui_stall_*``: how late a 10 ms QTimer fired while training (what a user feels as jank),
    over every GUI run. ``train_images_per_s``: the trainer's own figure (images over time spent
    in training steps) with the window live and a drawing being classified once a second;
    ``headless_images_per_s``: the same for a plain Trainer without GUI. ``gui_thread_cpu_ms_per_s``:
    CPU time the GUI thread used per second (what the window takes from the trainer, whatever the
    machine's load), and per flush of events; ``background_jobs_cpu_ms_per_s``: the same for the window's
    background jobs (the "not sure" calibrations, the analyses of a tab in view), on their own threads.

    ``phones``: that many simulated phones (:mod:`.phones`) send a drawing every 2 s to the class canvas
    during the GUI runs, and a simulated teacher rejects the wall every 3 s; the report adds ``phones_sent``,
    ``phones_queued`` and ``phone_send_to_queue_ms_p50`` / ``_p95`` (from the send to the teacher's wall),
    ``phones_refused`` (by HTTP status) and ``phones_errors`` (with ``phones_errors_by_kind``: what the phone was
    doing, "send" or "answers", and the client's error). The phones run in a process of their own.
    """
    from ...data.datasets import load_dataset
    from ..theme import application
    from ..window import MainWindow

    out = out or sys.stdout
    rounds = max(1, int(rounds))
    dataset = load_dataset(dataset_name, data_dir)
    app = application()
    window = unattended_window(
        MainWindow(net=net, backend=backend, dataset=dataset_name, data_dir=data_dir, config_overrides={"seed": seed})
    )
    window.resize(1600, 1000)
    window.show()
    draw_demo_digit(window)
    process_for(app, 0.3)
    config = window.runs.make_config()
    backend = config.backend

    # An uncounted headless run first: it compiles a JIT backend, and the first counted run after it was
    # still ~8 % slower than the later ones (which flattered the first round's ratio).
    _headless_rate(config, dataset, min(seconds, WARM_UP_S))
    headless = [_headless_rate(config, dataset, seconds)]
    gui = []
    simulated = _start_phones(window, phones, seed) if phones else None
    for _ in range(rounds):
        if simulated is not None:
            simulated.go()
        gui.append(_gui_segment(app, window, seconds))
        if simulated is not None:
            simulated.pause()
            process_for(app, 1.0)  # the drawings in flight reach the wall before the window stops looking
        headless.append(_headless_rate(config, dataset, seconds))
    phone_figures = _stop_phones(window, simulated) if simulated is not None else {}
    window.shutdown()
    window.close()

    ratios = [
        g["rate"] / ((a["train_images_per_s"] + b["train_images_per_s"]) / 2)
        for g, a, b in zip(gui, headless, headless[1:])
        if a["train_images_per_s"] > 0 and b["train_images_per_s"] > 0
    ]
    lateness = [v for g in gui for v in g["lateness"]]
    canvas_ms = [v for g in gui for v in g["canvas_ms"]]
    stalls = np.array(lateness) if lateness else np.zeros(1)
    gui_rate = float(np.mean([g["rate"] for g in gui]))
    headless_rate = float(np.mean([h["train_images_per_s"] for h in headless]))
    cpu, jobs_cpu, wall, flushes = (sum(g[k] for g in gui) for k in ("cpu", "jobs_cpu", "wall", "flushes"))
    report = {
        "net": net,
        "backend": backend,
        "seconds": seconds,
        "rounds": rounds,
        "ui_timer_period_ms": gui[0]["period_ms"],
        "ui_stall_p50_ms": round(float(np.percentile(stalls, 50)), 2),
        "ui_stall_p99_ms": round(float(np.percentile(stalls, 99)), 2),
        "ui_stall_max_ms": round(float(stalls.max()), 2),
        "ui_ticks": len(lateness),
        "train_images_per_s": round(gui_rate, 1),
        "headless_images_per_s": round(headless_rate, 1),
        "gui_vs_headless": round(float(np.median(ratios)), 3) if ratios else None,
        "gui_vs_headless_per_round": [round(r, 3) for r in ratios],
        "headless_per_run_images_per_s": [round(h["train_images_per_s"], 1) for h in headless],
        "gui_per_run_images_per_s": [round(g["rate"], 1) for g in gui],
        "train_wall_images_per_s": round(float(np.mean([g["wall_rate"] for g in gui])), 1),
        "headless_wall_images_per_s": round(float(np.mean([h["wall_images_per_s"] for h in headless])), 1),
        "canvas_stroke_to_probabilities_p50_ms": round(float(np.percentile(canvas_ms, 50)), 2) if canvas_ms else None,
        "canvas_stroke_to_probabilities_max_ms": round(float(np.max(canvas_ms)), 2) if canvas_ms else None,
        "gui_flushes_per_s": round(flushes / max(wall, 1e-9), 1),
        "gui_thread_cpu_ms_per_s": round(1000 * cpu / max(wall, 1e-9), 1),
        "gui_thread_cpu_ms_per_flush": round(1000 * cpu / max(flushes, 1), 2),
        "background_jobs_cpu_ms_per_s": round(1000 * jobs_cpu / max(wall, 1e-9), 1),
        **phone_figures,
    }
    print(json.dumps(report), file=out)
    return EXIT_OK
