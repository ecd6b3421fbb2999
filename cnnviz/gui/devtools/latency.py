"""``cnnviz gui --latency-report``: how smooth the window stays while training (how late a 10 ms timer
fires) and what the GUI costs the trainer next to a plain Trainer, printed as one JSON object."""

from __future__ import annotations

import json
import sys
import threading
import time

import numpy as np

from .driving import EXIT_OK, draw_demo_digit, process_for, unattended_window, wait_for


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
    return {"train_images_per_s": result.train_images_per_s,
            "wall_images_per_s": (clock.get("images", 0) - clock.get("images0", 0)) / wall if wall > 0 else 0.0,
            "steps": result.steps}


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
        window.panels.classify.canvas.draw_segment(a, QPointF(a.x() + 20, a.y() + 15))
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
    cpu0 = time.thread_time()
    clock.start()
    timer.start()
    draw_timer.start()
    process_for(app, seconds)
    timer.stop()
    draw_timer.stop()
    gui_cpu = time.thread_time() - cpu0
    gui_wall = time.perf_counter() - gui_first
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
    return {"rate": result.train_images_per_s if result else 0.0,
            "wall_rate": ((last_step.step - first_step) * batch / gui_wall) if last_step and gui_wall > 0 else 0.0,
            "lateness": lateness, "canvas_ms": canvas_ms, "wall": gui_wall, "cpu": gui_cpu, "flushes": flushes,
            "period_ms": period_ms}


def latency_report(net: str, backend: str, dataset_name: str, data_dir, seconds: float, seed: int = 0,
                   out=None, rounds: int = 2) -> int:
    """Train with every panel live; print one JSON object with UI stalls and throughputs.

    Headless and GUI runs alternate, ``seconds`` each (H G H G H for two ``rounds``), so that a
    machine whose load drifts favours neither; ``gui_vs_headless`` is the median over the rounds
    of the GUI run's rate over the mean of the headless runs on either side of it.

    ``ui_stall_*``: how late a 10 ms QTimer fired while training (what a user feels as jank),
    over every GUI run. ``train_images_per_s``: the trainer's own figure (images over time spent
    in training steps) with the window live and a drawing being classified once a second;
    ``headless_images_per_s``: the same for a plain Trainer without GUI. ``gui_thread_cpu_ms_per_s``:
    CPU time the GUI thread used per second (what the window takes from the trainer, whatever the
    machine's load), and per flush of events.
    """
    from ...data.datasets import load_dataset
    from ..theme import application
    from ..window import MainWindow

    out = out or sys.stdout
    rounds = max(1, int(rounds))
    dataset = load_dataset(dataset_name, data_dir)
    app = application()
    window = unattended_window(MainWindow(net=net, backend=backend, dataset=dataset_name, data_dir=data_dir,
                                          config_overrides={"seed": seed}))
    window.resize(1600, 1000)
    window.show()
    draw_demo_digit(window)
    process_for(app, 0.3)
    config = window.runs.make_config()
    backend = config.backend

    # The first headless run also compiles a JIT backend (compile time is not counted).
    headless = [_headless_rate(config, dataset, seconds)]
    gui = []
    for _ in range(rounds):
        gui.append(_gui_segment(app, window, seconds))
        headless.append(_headless_rate(config, dataset, seconds))
    window.shutdown()
    window.close()

    ratios = [g["rate"] / ((a["train_images_per_s"] + b["train_images_per_s"]) / 2)
              for g, a, b in zip(gui, headless, headless[1:])
              if a["train_images_per_s"] > 0 and b["train_images_per_s"] > 0]
    lateness = [v for g in gui for v in g["lateness"]]
    canvas_ms = [v for g in gui for v in g["canvas_ms"]]
    stalls = np.array(lateness) if lateness else np.zeros(1)
    gui_rate = float(np.mean([g["rate"] for g in gui]))
    headless_rate = float(np.mean([h["train_images_per_s"] for h in headless]))
    cpu, wall, flushes = (sum(g[k] for g in gui) for k in ("cpu", "wall", "flushes"))
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
    }
    print(json.dumps(report), file=out)
    return EXIT_OK
