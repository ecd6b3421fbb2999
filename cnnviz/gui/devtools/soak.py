"""``cnnviz gui --soak SECONDS``: train with every panel live, drawing and switching tabs; memory samples."""

from __future__ import annotations

import json
import sys
import time

from ..panels.sidebar_groups import MAX_EPOCHS
from .driving import EXIT_OK, process_for, unattended_window, wait_for
from .memory import rss_mb

SOAK_SAMPLE_S = 30.0
SOAK_TAB_S = 7.0


def soak(net: str, backend: str, dataset_name: str, data_dir, seconds: float, seed: int = 0, out=None) -> int:
    """Train for ``seconds`` with every panel live, a stroke drawn and classified each second and
    the tabs cycled; print the resident memory every ``SOAK_SAMPLE_S`` and a JSON summary.

    The summary's ``growth_after_warmup_mb`` is the last sample less the one at the end of the
    warm-up (the first quarter of the run, at most two minutes): what a long lesson would leak.
    """
    import gc

    from PySide6.QtCore import QPointF, QTimer

    from ..panels import registry
    from ..theme import application
    from ..window import MainWindow

    out = out or sys.stdout
    app = application()
    import tempfile

    window = MainWindow(
        net=net, backend=backend, dataset=dataset_name, data_dir=data_dir, config_overrides={"seed": seed}
    )
    autosave_folder = tempfile.mkdtemp(prefix="cnnviz-soak-")  # autosaves are part of the soak
    unattended_window(window, autosave_folder)
    window.controls.set_values(epochs=MAX_EPOCHS)
    window.resize(1600, 1000)
    window.show()
    window.panels.feature_maps.select_drawing()  # the drawing goes through the trainer too
    process_for(app, 0.3)
    tick = {"i": 0}

    def draw_stroke():
        i = tick["i"]
        tick["i"] += 1
        pad = window.panels.classify
        if i % 20 == 0:
            pad.clear_drawing()  # a student starts a new digit
        a = QPointF(60 + (i * 37) % 160, 60 + (i * 53) % 160)
        pad.draw_segment(a, QPointF(a.x() + 20, a.y() + 15))
        window.pad.classify()

    tabs = list(registry.TABS)

    def next_tab():
        window.show_tab(tabs[next_tab.i % len(tabs)])
        next_tab.i += 1

    next_tab.i = 0
    stroke_timer, tab_timer = QTimer(), QTimer()
    stroke_timer.timeout.connect(draw_stroke)
    tab_timer.timeout.connect(next_tab)
    window.start()
    wait_for(app, lambda: window.state.run.last_step is not None or not window.session.active, 300.0)
    stroke_timer.start(1000)
    tab_timer.start(int(SOAK_TAB_S * 1000))
    warmup_s = min(120.0, seconds / 4)
    start = time.perf_counter()
    samples = []
    restarts = 0
    while True:
        elapsed = time.perf_counter() - start
        gc.collect()
        history = window.state.run.history
        sample = {
            "t_s": round(elapsed, 1),
            "rss_mb": round(rss_mb(), 1),
            "step": window.state.run.last_step.step if window.state.run.last_step else 0,
            "history_steps": len(history),
            "history_mb": round(history.nbytes() / 2**20, 2),
            "timelapse_frames": len(window.panels.timelapse.timelapse),
        }
        samples.append(sample)
        print(json.dumps(sample), file=out, flush=True)
        if elapsed >= seconds:
            break
        if not window.session.active:  # the run ended (or failed): keep going, as a class would
            restarts += 1
            window.start()
        process_for(app, min(SOAK_SAMPLE_S, seconds - elapsed))
    stroke_timer.stop()
    tab_timer.stop()
    window.shutdown()
    window.close()
    warm = next((s for s in samples if s["t_s"] >= warmup_s), samples[0])
    summary = {
        "soak_seconds": round(samples[-1]["t_s"], 1),
        "net": net,
        "steps": samples[-1]["step"],
        "warmup_s": round(warmup_s, 1),
        "rss_start_mb": samples[0]["rss_mb"],
        "rss_warm_mb": warm["rss_mb"],
        "rss_end_mb": samples[-1]["rss_mb"],
        "rss_max_mb": max(s["rss_mb"] for s in samples),
        "growth_after_warmup_mb": round(samples[-1]["rss_mb"] - warm["rss_mb"], 1),
        "restarts": restarts,
    }
    print(json.dumps(summary), file=out, flush=True)
    return EXIT_OK
