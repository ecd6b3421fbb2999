"""The main window: controls on the left, live panels, a status bar.

Threading: the Trainer runs in a QThread (:mod:`.worker`) and never waits for
this window. Its events are buffered on the training thread and taken here
all at once by a single-shot QTimer, at most ``FLUSH_HZ`` times a second,
whatever the step rate. Commands (pause, step, new learning rate, another
backend, a snapshot) go to the trainer's own thread-safe queue and apply
between two steps. Feature maps, kernels and the weights for the drawing
canvas come from Snapshots asked for every ``SNAPSHOT_MS`` while training;
without a run they are computed here on a NumPy copy of the model.
"""

from __future__ import annotations

import time
import traceback
from dataclasses import replace
from pathlib import Path

import numpy as np
from PySide6.QtCore import QEvent, Qt, QThread, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QShortcut
from PySide6.QtWidgets import (QFileDialog, QFrame, QHBoxLayout, QLabel, QMainWindow, QMenu, QPushButton,
                               QScrollArea, QSplitter, QTabWidget, QVBoxLayout, QWidget)

from ..analysis import presets as lesson_presets
from ..analysis import report
from ..analysis.confusion import confusion_matrix
from ..analysis.drawings import DrawingStore
from ..backends import registry
from ..data.datasets import load_dataset
from ..data.drawing import preprocess_digit
from ..nn import checkpoint
from ..train import events as ev
from ..train.trainer import TrainConfig, Trainer
from . import theme
from .inference import LocalModel
from . import presenter
from .panels.classify import ClassifyPanel
from .panels.confusion import ConfusionPanel
from .panels.controls import ControlsPanel
from .panels.curves import CurvesPanel
from .panels.drawings import DrawingsPanel
from .panels.feature_maps import FeatureMapsPanel
from .panels.kernels import KernelsPanel
from .panels.stats import StatsPanel
from .panels.timelapse import START_TAG, TAG as TIMELAPSE_TAG, TimeLapsePanel
from .panels.timings import TimingsPanel
from .panels.why import WhyPanel
from .worker import EventBatch, TrainingWorker

FLUSH_HZ = 15
"""Panels are fed at most this often, whatever the step rate: painting is the
GUI's main cost and it shares the CPU (and the GIL) with the trainer."""
CURVES_HZ = 5
SNAPSHOT_MS = 300
STOP_WAIT_MS = 5000
_STILL_STOPPING: list = []
"""Training threads that outlived ``STOP_WAIT_MS`` at shutdown, kept alive until they end."""
GUI_TRAIN_DEFAULTS = {"eval_every": 100, "eval_samples": 500, "stats_every": 10}
"""Test accuracy on 500 images every 100 steps gives the curve points (and the
confusion matrix, and a time-lapse frame) while training; the trainer still
evaluates the whole test set at each epoch end. Weight and gradient statistics
every 10 steps feed the Statistics tab."""
LARGE_NET_PARAMETERS = 100_000
LARGE_NET_STATS_EVERY = 50
"""Statistics cost the trainer about 40-70 ms for the seed net's 1.7M weights
(copies, percentiles): every 10 steps that is 10-30% of its speed, every 50
a few percent. Small nets keep 10 (their statistics cost almost nothing)."""
MAX_STEP_EVENTS = 200_000
"""Steps kept for the CSV export; beyond this every other one is dropped."""
MAX_TIMING_EVENTS = 5_000
_NO_LABELS = np.zeros(0, np.int64)
_NO_LABELS.flags.writeable = False
_NO_CONFIDENCES = np.zeros(0, np.float32)
_NO_CONFIDENCES.flags.writeable = False


def _scalars_only(event: ev.EvaluationFinished) -> ev.EvaluationFinished:
    """An evaluation for the run's history (CSV, report): its numbers without the per-image
    arrays, which only the latest evaluation needs (up to 200 kB each for a full test set,
    so a long run would otherwise keep growing)."""
    return replace(event, labels=_NO_LABELS, predictions=_NO_LABELS, confidences=_NO_CONFIDENCES)

TABS = ("training", "mistakes", "why", "timelapse", "statistics", "drawings")
TAB_TITLES = {"training": "Training", "mistakes": "Mistakes", "why": "Why?", "timelapse": "Time-lapse",
              "statistics": "Statistics", "drawings": "Class drawings"}
PANEL_TITLES = {"loss": "Loss curve", "accuracy": "Accuracy curve", "feature_maps": "Feature maps",
                "kernels": "Kernels", "timings": "Time per layer", "draw": "Draw and classify, class drawings",
                "confusion": "Mistakes (confusion matrix)", "saliency": "Why? (saliency, occlusion)",
                "timelapse": "Time-lapse", "stats": "Weight and gradient statistics"}


def _format_eta(seconds: float | None) -> str:
    if seconds is None or not np.isfinite(seconds):
        return "–"
    seconds = int(seconds)
    if seconds >= 3600:
        return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"
    if seconds >= 60:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds} s"


class Banner(QFrame):
    """A closable message across the top of the window (errors never need a dialog)."""

    STYLES = {
        "error": ("#fde7e9", "#b3261e", "#8c1d18"),
        "warning": ("#fff4e0", "#c77700", "#6b4100"),
        "info": ("#e8f0fe", "#1f6feb", "#0b3d91"),
    }

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("banner")
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 6, 6, 6)
        self.label = QLabel("")
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        row.addWidget(self.label, 1)
        self.close_button = QPushButton("✕")
        self.close_button.setFixedWidth(32)
        self.close_button.setToolTip("Hide this message")
        self.close_button.clicked.connect(self.hide)
        row.addWidget(self.close_button)
        self.kind = "info"
        self._hide_timer = QTimer(self)
        self._hide_timer.setSingleShot(True)
        self._hide_timer.timeout.connect(self.hide)
        self.hide()

    def show_message(self, text: str, kind: str = "info", details: str = "", auto_hide_ms: int = 0) -> None:
        background, border, colour = self.STYLES.get(kind, self.STYLES["info"])
        self.setStyleSheet(f"QFrame#banner {{ background: {background}; border: 1px solid {border}; }}"
                           f"QFrame#banner QLabel {{ color: {colour}; font-weight: 600; }}")
        self.kind = kind
        self.label.setText(text)
        self.setToolTip(details[-3000:] if details else "")
        self.show()
        if auto_hide_ms:
            self._hide_timer.start(auto_hide_ms)
        else:
            self._hide_timer.stop()


class MainWindow(QMainWindow):
    flushed = Signal()
    """Emitted after each flush of trainer events into the panels (tests, latency report)."""

    def __init__(self, net: str = "tiny", backend: str | None = None, dataset: str = "mnist",
                 data_dir: str | None = None, config_overrides: dict | None = None,
                 drawings_dir: str | None = None):
        super().__init__()
        self.setWindowTitle("cnnviz — watch a CNN learn")
        self.data_dir = data_dir
        self._stats_every_given = "stats_every" in (config_overrides or {})
        self.config_overrides = dict(GUI_TRAIN_DEFAULTS, **(config_overrides or {}))
        self.seed = int(self.config_overrides.pop("seed", 0))
        self.dataset = None
        self.local = LocalModel()
        self.loaded_weights: dict | None = None
        self.trainer: Trainer | None = None
        self.worker: TrainingWorker | None = None
        self.thread: QThread | None = None
        self._old_threads: list[tuple[QThread, TrainingWorker]] = []
        self.state = "idle"
        self.last_step: ev.StepFinished | None = None
        self.last_eval: ev.EvaluationFinished | None = None
        self.run_result: ev.RunFinished | None = None
        self._snapshot_pending = False
        self._snapshot_requested_at = 0.0
        self._view_dirty = True
        self._last_flush = 0.0
        self.flush_count = 0
        self.step_events: list[ev.StepFinished] = []
        self.eval_events: list[ev.EvaluationFinished] = []
        self.timing_events: list[ev.TimingMeasured] = []
        self.run_label = ""
        self.presenter_mode = False
        self.current_preset = None
        self.visible_panels: set[str] = set(lesson_presets.PANELS)

        self.banner = Banner()
        self.controls = ControlsPanel(registry.available(), net=net, backend=backend, dataset=dataset)
        self.curves = CurvesPanel()
        self.feature_maps = FeatureMapsPanel()
        self.kernels = KernelsPanel()
        self.timings = TimingsPanel()
        self.classify = ClassifyPanel()
        self.canvas = self.classify.canvas
        self.confusion = ConfusionPanel()
        self.why = WhyPanel()
        self.timelapse = TimeLapsePanel()
        self.stats = StatsPanel()
        try:
            store = DrawingStore(drawings_dir)
        except Exception:  # no platformdirs / no home folder: a folder next to the working directory
            store = DrawingStore(Path("cnnviz-drawings"))
        self.drawings = DrawingsPanel(store)
        self._build_layout()
        self._build_status_bar()
        self._build_menus()
        self._connect()
        self._load_dataset(dataset)
        self._new_local_model()
        self._update_buttons()

    # ------------------------------------------------------------------
    # construction
    def _build_layout(self) -> None:
        scroll = QScrollArea()
        scroll.setWidget(self.controls)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        scroll.setVerticalScrollBarPolicy(Qt.ScrollBarAsNeeded)
        self.sidebar = scroll
        self._fit_sidebar()

        middle = QSplitter(Qt.Vertical)
        middle.addWidget(self.curves)
        middle.addWidget(self.feature_maps)
        middle.setStretchFactor(0, 4)
        middle.setStretchFactor(1, 5)
        right = QSplitter(Qt.Vertical)
        right.addWidget(self.classify)
        right.addWidget(self.kernels)
        right.addWidget(self.timings)
        right.setStretchFactor(0, 4)
        right.setStretchFactor(1, 3)
        right.setStretchFactor(2, 4)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tab_pages: dict[str, QWidget] = {}
        for key, page in (("training", middle), ("mistakes", self.confusion), ("why", self.why),
                          ("timelapse", self.timelapse), ("statistics", self.stats), ("drawings", self.drawings)):
            self.tabs.addTab(page, TAB_TITLES[key])
            self.tab_pages[key] = page
        self.training_splitter = middle
        self.right_splitter = right
        main = QSplitter(Qt.Horizontal)
        main.addWidget(scroll)
        main.addWidget(self.tabs)
        main.addWidget(right)
        main.setStretchFactor(0, 0)
        main.setStretchFactor(1, 5)
        main.setStretchFactor(2, 4)
        main.setChildrenCollapsible(False)
        for splitter in (middle, right):
            splitter.setChildrenCollapsible(False)
            splitter.setHandleWidth(6)
        self.splitters = (main, middle, right)
        self.panels = {"curves": self.curves, "feature_maps": self.feature_maps, "kernels": self.kernels,
                       "timings": self.timings, "classify": self.classify, "mistakes": self.confusion,
                       "why": self.why, "timelapse": self.timelapse, "statistics": self.stats,
                       "drawings": self.drawings}
        for name, panel in self.panels.items():
            panel.setContextMenuPolicy(Qt.CustomContextMenu)
            panel.customContextMenuRequested.connect(lambda pos, n=name: self._panel_menu(n, pos))
        self._user_sized = False
        for splitter in self.splitters:
            splitter.splitterMoved.connect(lambda *_: setattr(self, "_user_sized", True))

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(6, 6, 6, 2)
        layout.setSpacing(6)
        layout.addWidget(self.banner)
        layout.addWidget(main, 1)
        self.setCentralWidget(central)
        self.resize(1600, 1000)
        self._size_splitters(1600, 1000)

    def _fit_sidebar(self) -> None:
        scroll = self.sidebar
        width = self.controls.minimumSizeHint().width() + scroll.verticalScrollBar().sizeHint().width() + 4
        scroll.setMinimumWidth(width)
        scroll.setMaximumWidth(width + 40)

    def _size_splitters(self, width: int, height: int) -> None:
        main, middle, right = self.splitters
        side = main.widget(0).minimumWidth()
        rest = max(width - side - 30, 600)
        main.setSizes([side, int(rest * 0.58), rest - int(rest * 0.58)])
        h = max(height - 80, 500)
        middle.setSizes([int(h * 0.44), h - int(h * 0.44)])
        right.setSizes([int(h * 0.40), int(h * 0.27), h - int(h * 0.40) - int(h * 0.27)])

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if not self._user_sized:
            self._size_splitters(event.size().width(), event.size().height())

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        self.status_labels = {}
        for key in ("state", "epoch", "step", "rate", "backend", "eta", "test"):
            label = QLabel("")
            bar.addPermanentWidget(label)
            self.status_labels[key] = label
        self._set_status(state="ready", epoch="epoch 0.00", step="step 0", rate="– images/s",
                         backend=f"backend {self.controls.backend}", eta="ETA –", test="test accuracy –")

    def _set_status(self, **texts) -> None:
        for key, text in texts.items():
            self.status_labels[key].setText(text)

    def _connect(self) -> None:
        c = self.controls
        c.start_button.clicked.connect(self.start)
        c.pause_button.clicked.connect(self.toggle_pause)
        c.step_button.clicked.connect(self.step)
        c.reset_button.clicked.connect(self.reset)
        c.save_button.clicked.connect(self._save_dialog)
        c.load_button.clicked.connect(self._load_dialog)
        c.hyperparametersChanged.connect(self._on_hyperparameters)
        c.backendChanged.connect(self._on_backend)
        c.networkChanged.connect(self._on_network)
        c.datasetChanged.connect(self._on_dataset)
        self.feature_maps.inputChanged.connect(self._on_view_input_changed)
        self.canvas.changed.connect(self._on_canvas_changed)
        self.confusion.imageChosen.connect(self.choose_test_image)
        self.timelapse.message.connect(self._show_message)
        self.drawings.message.connect(self._show_message)
        self.drawings.saveRequested.connect(self.save_drawing)
        self.drawings.finetuneRequested.connect(self.finetune_on_drawings)
        self.stats.diagnosisChanged.connect(self._on_diagnosis)
        self.tabs.currentChanged.connect(self._on_tab_changed)
        self.flush_timer = QTimer(self)
        self.flush_timer.setSingleShot(True)
        self.flush_timer.timeout.connect(self._flush)
        self.snapshot_timer = QTimer(self)
        self.snapshot_timer.setInterval(SNAPSHOT_MS)
        self.snapshot_timer.timeout.connect(self._request_view)
        # Curves redraw at most CURVES_HZ (painting them is the costliest thing
        # here); the single-shot timer also draws the last points after a pause.
        self.curves_timer = QTimer(self)
        self.curves_timer.setSingleShot(True)
        self.curves_timer.setInterval(int(1000 / CURVES_HZ))
        self.curves_timer.timeout.connect(self._refresh_curves)
        self.classify_timer = QTimer(self)
        self.classify_timer.setSingleShot(True)
        self.classify_timer.setInterval(0)
        self.classify_timer.timeout.connect(self.classify_drawing)
        shortcuts = [("Space", self.start_or_pause), ("S", self.step), ("Right", self.step),
                     ("C", self.canvas.clear)]
        self.shortcuts = []
        for key, slot in shortcuts:
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.WindowShortcut)
            shortcut.activated.connect(slot)
            self.shortcuts.append(shortcut)

    # ------------------------------------------------------------------
    # data and local model
    def _load_dataset(self, name: str) -> bool:
        try:
            self.dataset = load_dataset(name, self.data_dir)
        except Exception as exc:  # DatasetError, OSError: tell the user, keep going
            self.dataset = None
            self.banner.show_message(f"Cannot load the {name} data set: {exc}", "error")
            self._update_buttons()
            return False
        self.feature_maps.set_test_count(len(self.dataset.test_images))
        self.classify.set_class_names(self.dataset.class_names)
        self.confusion.set_dataset(self.dataset.test_images, self.dataset.class_names)
        self._update_why_test_image()
        return True

    def _new_local_model(self) -> None:
        """Fresh random weights for the chosen network (what Start trains from)."""
        try:
            self.local.set_spec(self.controls.spec, self.seed)
        except Exception as exc:  # an invalid spec never gets here, but never crash
            self.banner.show_message(f"Cannot build the network: {exc}", "error")
            return
        self.loaded_weights = None
        self._show_new_model()

    def _show_new_model(self) -> None:
        """``self.local`` holds other weights (new random ones, a loaded checkpoint): what the
        panels show belongs to the old ones, so they start over from this model."""
        self.controls.describe_parameters(self.local.model.parameter_count())
        self.curves.clear()
        self.timings.clear_rates()
        self.last_step = self.last_eval = None
        self._clear_run_history()
        self._view_dirty = True
        self._show_local_view()
        self.classify_drawing()
        self.drawings.set_model(self.local.model)

    # ------------------------------------------------------------------
    # run control
    def run_active(self) -> bool:
        return self.thread is not None

    def start(self) -> None:
        if self.run_active():
            if self.state == "paused" and self.trainer is not None:
                self.trainer.resume()
            return
        self._launch(paused=False)

    def start_or_pause(self) -> None:
        if not self.run_active():
            self._launch(paused=False)
        else:
            self.toggle_pause()

    def toggle_pause(self) -> None:
        if self.trainer is None:
            return
        if self.state == "paused":
            self.trainer.resume()
        else:
            self.trainer.pause()

    def step(self) -> None:
        if self.run_active():
            self.trainer.step_once()
        else:
            self._launch(paused=True)

    def reset(self) -> None:
        self.seed += 1
        if self.run_active():
            self.loaded_weights = None
            self.trainer.reset(self.seed)
            return
        self._new_local_model()
        self._set_status(epoch="epoch 0.00", step="step 0", eta="ETA –", test="test accuracy –")
        self.banner.show_message(f"New random weights (seed {self.seed}).", "info", auto_hide_ms=4000)

    def make_config(self) -> TrainConfig:
        hp = self.controls.hyperparameters()
        fields = dict(net=self.controls.spec, backend=self.controls.backend, epochs=self.controls.epochs,
                      seed=self.seed, dataset=self.controls.dataset, data_dir=self.data_dir, **hp)
        fields.update(self.config_overrides)
        if not self._stats_every_given and self.local.model is not None \
                and self.local.model.parameter_count() > LARGE_NET_PARAMETERS:
            fields["stats_every"] = LARGE_NET_STATS_EVERY
        return TrainConfig(**fields).validate()

    def _launch(self, paused: bool, dataset=None, initial_weights: dict | None = None, label: str = "",
                config_changes: dict | None = None) -> bool:
        self._reap_old_threads(wait=True)
        if self.dataset is None:
            self.banner.show_message("No data set is loaded: choose one that is installed, or start with --data DIR.",
                                     "error")
            return False
        self.controls.flush_pending()
        try:
            config = self.make_config()
            if config_changes:
                config = replace(config, **config_changes).validate()
            weights = self.loaded_weights if initial_weights is None else initial_weights
            trainer = Trainer(config, dataset if dataset is not None else self.dataset, initial_weights=weights)
        except ValueError as exc:
            self.banner.show_message(f"Cannot start: {exc}", "error")
            return False
        self.run_label = label
        if paused:
            trainer.pause()
            trainer.step_once()
        worker = TrainingWorker(trainer)
        thread = QThread(self)
        thread.setObjectName("cnnviz-trainer")
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        image, index = self._view_input()
        worker.view_input = (image, index)
        worker.eventsReady.connect(self._schedule_flush)
        worker.failed.connect(self._on_worker_failed)
        worker.finished.connect(thread.quit)
        thread.finished.connect(lambda t=thread: self._on_thread_finished(t))
        self.trainer, self.worker, self.thread = trainer, worker, thread
        self.curves.clear()
        self.curves.set_epochs(config.epochs if config.steps is None else 0.0)
        self.timings.clear_rates()
        self.last_step = self.last_eval = self.run_result = None
        self._clear_run_history()
        self._snapshot_pending = False
        self._view_dirty = True
        self.state = "starting"
        note = " and compiling kernels" if self.controls.backend in ("numba", "cuda") else ""
        self._set_status(state=f"starting (loading data{note})…", backend=f"backend {config.backend}")
        if self.banner.isVisible() and self.banner.kind != "error":
            self.banner.hide()
        self._update_buttons()
        thread.start()
        self.snapshot_timer.start()
        return True

    def stop_run(self, reason: str = "", wait: bool = False) -> None:
        """Stop the active run without its final full evaluation."""
        if not self.run_active():
            return
        trainer, thread, worker = self.trainer, self.thread, self.worker
        trainer.stop(final_evaluation=False)
        self._old_threads.append((thread, worker))
        self._flush()
        self.trainer = self.worker = self.thread = None
        self.snapshot_timer.stop()
        self.state = "stopped"
        self._set_status(state="stopped")
        if reason:
            self.banner.show_message(reason, "info", auto_hide_ms=8000)
        if wait:
            self._reap_old_threads(wait=True)
        self._update_buttons()

    def _reap_old_threads(self, wait: bool) -> None:
        for thread, worker in list(self._old_threads):
            if wait:
                thread.quit()
                thread.wait(STOP_WAIT_MS)
            if not thread.isRunning():
                self._old_threads.remove((thread, worker))
                thread.deleteLater()
                worker.deleteLater()

    def _on_thread_finished(self, thread: QThread) -> None:
        if thread is not self.thread:
            self._reap_old_threads(wait=False)
            return
        self._flush()
        self._refresh_curves()
        self.snapshot_timer.stop()
        worker = self.worker
        if worker is not None and worker.result is not None:
            self.run_result = worker.result
        if worker is not None and worker.final_weights is not None:
            spec, weights, step = worker.final_weights
            try:
                self.local.load(spec, weights, step)
            except Exception as exc:  # never lose the window over a display copy
                self.banner.show_message(f"Could not copy the final weights: {exc}", "error")
            if not self.canvas.is_empty:
                self.classify_drawing()
        self.trainer = self.worker = self.thread = None
        thread.deleteLater()
        if worker is not None:
            worker.deleteLater()
        if self.state not in ("finished", "stopped", "failed"):
            self.state = "finished"
        # Show the final weights' view (computed here, no trainer any more).
        self._view_dirty = True
        self._show_local_view()
        self._record_final_frame()
        self.drawings.set_model(self.local.model)
        if self.run_label:
            self.banner.show_message(f"{self.run_label} finished. Our drawings: "
                                     f"{'–' if self.drawings.accuracy is None else f'{100 * self.drawings.accuracy:.0f}%'}"
                                     " (see the Class drawings tab).", "info", auto_hide_ms=15000)
            self.run_label = ""
        self._update_buttons()

    def _on_worker_failed(self, message: str, details: str) -> None:
        self.state = "failed"
        self._set_status(state="stopped by an error")
        self.banner.show_message(f"Training stopped by an error: {message}. The app is still running; "
                                 "change a setting and press Start to try again.", "error", details)

    # ------------------------------------------------------------------
    # live changes
    def _on_hyperparameters(self, changes: dict) -> None:
        if self.run_active():
            self.trainer.set_hyperparameters(**changes)

    def _on_backend(self, name: str) -> None:
        self._set_status(backend=f"backend {name}")
        if self.run_active():
            self.trainer.switch_backend(name)

    def _on_network(self, spec: str) -> None:
        if self.run_active():
            self.stop_run("The network changed, so the run was stopped. Press Start to train the new network.")
        self._new_local_model()

    def _on_dataset(self, name: str) -> None:
        if self.run_active():
            self.stop_run("The data set changed, so the run was stopped. Press Start to train on it.")
        if self._load_dataset(name):
            self.banner.hide()
        self.curves.clear()
        self._view_dirty = True
        self._show_local_view()
        self._update_buttons()

    # ------------------------------------------------------------------
    # events from the trainer
    def _schedule_flush(self) -> None:
        if self.flush_timer.isActive():
            return
        wait_ms = 1000.0 / FLUSH_HZ - (time.perf_counter() - self._last_flush) * 1000.0
        self.flush_timer.start(max(0, int(wait_ms)))

    def _flush(self) -> None:
        self._last_flush = time.perf_counter()
        worker = self.worker
        if worker is None:
            return
        batch = worker.buffer.take()
        if batch:
            try:
                self._apply(batch)
            except Exception as exc:  # a panel bug must not take the app down
                self.banner.show_message(f"Display error: {type(exc).__name__}: {exc}", "error",
                                         traceback.format_exc())
        self.flush_count += 1
        self.flushed.emit()

    def _apply(self, batch: EventBatch) -> None:
        if batch.reset:
            self.curves.clear()
            self.timings.clear_rates()
            self._clear_run_history()
            self.last_step = self.last_eval = None
            self._view_dirty = True
            self._snapshot_pending = False
        for event in batch.others:
            self._apply_event(event)
        if batch.steps:
            self.step_events.extend(e for _, e in batch.steps)
            if len(self.step_events) > MAX_STEP_EVENTS:
                self.step_events = self.step_events[::2]
            self.curves.add_steps([e for _, e in batch.steps])
            t, last = batch.steps[-1]
            self.timings.add_rate(t, last.backend, last.images_per_s)
            self.last_step = last
            self._view_dirty = True
            self._set_status(epoch=f"epoch {last.epoch:.2f}", step=f"step {last.step}",
                             rate=f"{last.images_per_s:,.0f} images/s", backend=f"backend {last.backend}",
                             eta=f"ETA {_format_eta(last.eta_s)}")
        for timing in batch.timings.values():
            self.timings.add_timing(timing)
            self.timing_events.append(timing)
        if len(self.timing_events) > MAX_TIMING_EVENTS:
            del self.timing_events[:len(self.timing_events) - MAX_TIMING_EVENTS]
        snapshot = batch.snapshots.get("view")
        if snapshot is not None:
            self._snapshot_pending = False
            self._show_snapshot(snapshot, from_trainer=True)
        if len(batch.steps) == 1 and self.state != "running" or batch.reset:
            self._refresh_curves()  # a single Step shows at once
        elif not self.curves_timer.isActive():
            self.curves_timer.start()

    def _refresh_curves(self) -> None:
        self.curves_timer.stop()
        self.curves.refresh()
        self.timings.refresh_rates(every_s=0.0 if self.state != "running" else 1.0)

    def _apply_event(self, event) -> None:
        if isinstance(event, ev.EvaluationFinished):
            self.curves.add_evaluation(event)
            self.last_eval = event
            self.eval_events.append(_scalars_only(event))
            self.confusion.show_evaluation(event)
            self.timelapse.observe(event)
            self.drawings.set_mnist_accuracy(event.test_accuracy)
            self.drawings.set_model(self.local.model)
            self._set_status(test=f"test accuracy {100 * event.test_accuracy:.1f}% ({event.samples} images)")
        elif isinstance(event, ev.ParameterStatsMeasured):
            self.stats.add_stats(event, self.controls.optimizer_combo.currentText())
        elif isinstance(event, ev.Snapshot):
            if event.tag == START_TAG:
                self.timelapse.record_snapshot(event, None)
            elif event.tag == TIMELAPSE_TAG:
                self.timelapse.observe(event)
        elif isinstance(event, ev.StateChanged):
            if event.state == "reset":
                self.timelapse.observe(event)
            if event.state != "reset":
                self.state = event.state
                self._set_status(state=event.state)
            self._update_buttons()
        elif isinstance(event, ev.RunStarted):
            self._set_status(backend=f"backend {event.backend}")
            self.controls.describe_parameters(event.parameter_count)
        elif isinstance(event, ev.BackendSwitched):
            self.curves.add_marker(event.epoch, f"→ {event.new}", theme.BACKEND_MARK)
            self._set_status(backend=f"backend {event.new}")
            if event.reason:
                self.banner.show_message(event.reason, "warning")
                self.controls._select_backend(event.new)
        elif isinstance(event, ev.HyperparametersChanged):
            text = ", ".join(f"{k.replace('batch_size', 'batch')} {v:g}" if isinstance(v, float) else f"{k} {v}"
                             for k, v in event.changes.items())
            self.curves.add_marker(event.epoch, text, theme.HYPER_MARK)
        elif isinstance(event, ev.WarmupFinished):
            self.statusBar().showMessage(event.message, 8000)
        elif isinstance(event, ev.Diverged):
            self.banner.show_message(f"Training diverged: {event.message}", "warning")
        elif isinstance(event, ev.TrainerError):
            kind = "error" if event.fatal else "warning"
            self.banner.show_message(f"{'Training stopped: ' if event.fatal else ''}{event.message}", kind,
                                     event.details)
        elif isinstance(event, ev.RunFinished):
            self.run_result = event
            if event.test_accuracy is not None:
                self._set_status(test=f"test accuracy {100 * event.test_accuracy:.1f}% (all test images)")
            self._set_status(state="stopped" if event.stopped else "finished", eta="ETA –")

    # ------------------------------------------------------------------
    # snapshots: feature maps, kernels, canvas weights
    def _view_input(self) -> tuple[np.ndarray | None, int | None]:
        if self.feature_maps.use_drawing:
            return self.classify.network_input.copy(), None
        return None, self.feature_maps.test_index

    def _request_view(self, force: bool = False) -> None:
        if not (self._view_dirty or force):
            return
        if self.run_active():
            now = time.perf_counter()
            if self._snapshot_pending and now - self._snapshot_requested_at < 2.0:
                return
            image, index = self._view_input()
            if self.worker is not None:
                self.worker.view_input = (image, index)
            self.trainer.request_snapshot(image=image, test_index=index, tag="view")
            self._snapshot_pending = True
            self._snapshot_requested_at = now
            self._view_dirty = False
        else:
            self._show_local_view()

    def _show_local_view(self) -> None:
        if self.local.model is None:
            return
        image, index = self._view_input()
        label = None
        if image is None:
            if self.dataset is None:
                image = np.zeros((28, 28), np.float32)
            else:
                image = self.dataset.test_images[index].astype(np.float32) / 255.0
                label = int(self.dataset.test_labels[index])
        try:
            snapshot = self.local.snapshot(image, label, tag="view")
        except Exception as exc:
            self.banner.show_message(f"Cannot compute the feature maps: {exc}", "error", traceback.format_exc())
            return
        self._view_dirty = False
        self._show_snapshot(snapshot, from_trainer=False)

    def _show_snapshot(self, snapshot: ev.Snapshot, from_trainer: bool) -> None:
        names = self.dataset.class_names if self.dataset is not None else None
        self.feature_maps.show_snapshot(snapshot, names)
        self.kernels.show_kernels(snapshot.kernels)
        if from_trainer:
            self.local.load(snapshot.spec, snapshot.weights, snapshot.step)
            if not self.canvas.is_empty:
                self.classify_drawing()
        self.why.set_weights(snapshot.spec, snapshot.weights, snapshot.step)

    def _on_view_input_changed(self) -> None:
        self._view_dirty = True
        self._request_view(force=True)
        self._update_why_test_image()
        if self.feature_maps.use_drawing:
            self.why.use_drawing(True)

    # ------------------------------------------------------------------
    # drawing
    def _on_canvas_changed(self) -> None:
        # Coalesce the many mouse moves of one event-loop pass into one inference.
        if not self.classify_timer.isActive():
            self.classify_timer.start()

    def classify_drawing(self) -> None:
        if self.canvas.is_empty:
            self.classify.show_input(np.zeros((28, 28), np.float32))
            self.classify.show_probabilities(None)
            self.why.set_drawing(None)
        else:
            image = preprocess_digit(self.canvas.to_array(), allow_blank=True)
            self.classify.show_input(image)
            self.why.set_drawing(image)
            if self.local.model is not None:
                probs = self.local.predict(image)
                note = f"weights of step {self.local.step}" if self.local.trained else "untrained weights"
                self.classify.show_probabilities(probs, note)
        if self.feature_maps.use_drawing:
            self._view_dirty = True
            if not self.run_active():
                self._show_local_view()

    # ------------------------------------------------------------------
    # save and load
    def _save_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save model", "cnnviz-model.npz", "cnnviz checkpoint (*.npz)")
        if path:
            if not path.endswith(".npz"):
                path += ".npz"
            self.save_model(path)

    def _load_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Load model", "", "cnnviz checkpoint (*.npz);;All files (*)")
        if path:
            self.load_model(path)

    def save_model(self, path: str) -> bool:
        if self.local.model is None:
            self.banner.show_message("There is no model to save yet.", "error")
            return False
        try:
            meta = {"step": int(self.local.step), "dataset": self.controls.dataset,
                    "backend": self.controls.backend}
            checkpoint.save(path, self.local.spec, self.local.weights(), meta)
        except Exception as exc:  # CheckpointError, OSError
            self.banner.show_message(f"Could not save the model: {exc}", "error", traceback.format_exc())
            return False
        self.banner.show_message(f"Saved the weights of step {self.local.step} to {path}", "info",
                                 auto_hide_ms=6000)
        return True

    def load_model(self, path: str) -> bool:
        try:
            model, ckpt = checkpoint.load_model(path)
        except Exception as exc:  # CheckpointError, OSError...
            self.banner.show_message(f"Could not load the model: {exc}", "error", traceback.format_exc())
            return False
        if self.run_active():
            self.stop_run()
        self.controls.set_network(ckpt.spec, emit=False)
        step = int(ckpt.meta.get("step", 0)) if isinstance(ckpt.meta.get("step", 0), (int, float)) else 0
        self.local.set_model(model, step)
        self.loaded_weights = {k: np.array(v) for k, v in ckpt.weights.items()}
        self._show_new_model()
        self.banner.show_message(f"Loaded {Path(path).name} (network {ckpt.spec}). Start continues training "
                                 "from these weights.", "info", auto_hide_ms=8000)
        return True

    # ------------------------------------------------------------------
    # teaching panels
    def _clear_run_history(self) -> None:
        self.step_events = []
        self.eval_events = []
        self.timing_events = []
        self.timelapse.clear()
        self.stats.clear()

    def _record_final_frame(self) -> None:
        """The time-lapse's last frame: the final weights (the last evaluation had no snapshot)."""
        snapshot = self.feature_maps.last_snapshot
        if snapshot is None or not self.local.trained:
            return
        accuracy = None
        if self.last_eval is not None and self.last_eval.step == self.local.step:
            accuracy = self.last_eval.test_accuracy
        epoch = self.last_step.epoch if self.last_step is not None else 0.0
        self.timelapse.record_snapshot(replace(snapshot, step=self.local.step, epoch=epoch), accuracy)

    def _update_why_test_image(self) -> None:
        if self.dataset is None:
            return
        index = self.feature_maps.test_index % len(self.dataset.test_images)
        self.why.set_test_image(self.dataset.test_images[index].astype(np.float32) / 255.0,
                                int(self.dataset.test_labels[index]), index)

    def choose_test_image(self, index: int) -> None:
        """A test image picked in a gallery: the feature maps and the Why? tab show it."""
        self.feature_maps.test_radio.setChecked(True)
        self.feature_maps.index_spin.setValue(int(index))
        self.why.use_drawing(False)
        self._update_why_test_image()
        self.statusBar().showMessage(f"Test image #{index}: see inside it in Training (feature maps) and Why?", 8000)

    def _show_message(self, text: str, kind: str) -> None:
        self.banner.show_message(text, kind, auto_hide_ms=0 if kind == "error" else 8000)

    def _on_diagnosis(self, findings: list) -> None:
        index = self.tabs.indexOf(self.stats)
        self.tabs.setTabText(index, "Statistics ⚠" if findings else "Statistics")
        self.tabs.setTabToolTip(index, "\n".join(findings))

    def _on_tab_changed(self, _index: int) -> None:
        if self.presenter_mode:
            presenter.apply(self, True)  # plot items created since (new curves) get the big style too

    def show_tab(self, name: str) -> None:
        page = self.tab_pages[name]
        self.tabs.setTabVisible(self.tabs.indexOf(page), True)
        self.tabs.setCurrentWidget(page)

    def save_drawing(self, label: int) -> bool:
        if self.canvas.is_empty:
            self.banner.show_message("Draw a digit on the pad first, then click which digit it is.", "warning",
                                     auto_hide_ms=6000)
            return False
        raw = self.canvas.to_array()
        image = preprocess_digit(raw, allow_blank=True)
        if not self.drawings.save(image, raw, label):
            return False
        self.drawings.set_model(self.local.model)
        self.canvas.clear()
        return True

    def finetune_on_drawings(self) -> bool:
        """Train on MNIST mixed with the class's drawings, from the current weights."""
        if self.dataset is None:
            self.banner.show_message("No data set is loaded.", "error")
            return False
        if self.dataset.num_classes != 10 or self.controls.dataset != "mnist":
            self.banner.show_message("Fine-tuning on drawings needs the MNIST digits data set.", "warning")
            return False
        if self.run_active():
            self.stop_run(wait=True)
        try:
            dataset = self.drawings.store.finetune_dataset(self.dataset, seed=self.seed)
        except Exception as exc:  # ValueError: no drawings yet
            self.banner.show_message(f"Cannot fine-tune: {exc}", "warning")
            return False
        weights = self.local.weights()
        label = f"Fine-tuning on {len(self.drawings.labels)} class drawings"
        if not self._launch(paused=False, dataset=dataset, initial_weights=weights, label=label,
                            config_changes={"epochs": 1.0, "steps": None, "train_samples": None}):
            return False
        self.banner.show_message(f"{label} mixed with MNIST ({len(dataset.train_labels):,} images, one pass), "
                                 "continuing from the current weights.", "info", auto_hide_ms=10000)
        return True

    # ------------------------------------------------------------------
    # menus: export, view, lessons
    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        export_panel = file_menu.addMenu("Export panel as PNG")
        for name, title in (("curves", "Training curves"), ("feature_maps", "Feature maps"), ("kernels", "Kernels"),
                            ("timings", "Time per layer"), ("classify", "Draw and classify"),
                            ("mistakes", "Mistakes"), ("why", "Why?"), ("timelapse", "Time-lapse"),
                            ("statistics", "Statistics"), ("drawings", "Class drawings"), ("window", "Whole window")):
            export_panel.addAction(title, lambda n=name: self._export_panel_dialog(n))
        file_menu.addAction("Export metrics as CSV…", self._export_metrics_dialog)
        file_menu.addAction("Export per-layer timings as CSV…", self._export_timings_dialog)
        file_menu.addAction("Export HTML report…", self._export_report_dialog)
        file_menu.addSeparator()
        file_menu.addAction("Save model…", self._save_dialog)
        file_menu.addAction("Load model…", self._load_dialog)
        file_menu.addSeparator()
        quit_action = file_menu.addAction("Quit", self.close)
        quit_action.setShortcut(QKeySequence.Quit)

        view = bar.addMenu("&View")
        self.presenter_action = view.addAction("Presenter mode (big, high contrast, full screen)")
        self.presenter_action.setCheckable(True)
        self.presenter_action.setShortcut(QKeySequence("F5"))
        self.presenter_action.toggled.connect(lambda on: self.set_presenter(on))
        self.fullscreen_action = view.addAction("Full screen")
        self.fullscreen_action.setCheckable(True)
        self.fullscreen_action.setShortcut(QKeySequence("F11"))
        self.fullscreen_action.toggled.connect(self.set_full_screen)
        view.addSeparator()
        self.panel_actions: dict[str, QAction] = {}
        for name in lesson_presets.PANELS:
            action = view.addAction(PANEL_TITLES.get(name, name))
            action.setCheckable(True)
            action.setChecked(True)
            action.toggled.connect(lambda on, n=name: self.set_panel_visible(n, on))
            self.panel_actions[name] = action
        view.addSeparator()
        view.addAction("Show every panel", lambda: self.set_visible_panels(lesson_presets.PANELS))

        lessons = bar.addMenu("&Lessons")
        try:
            self.lesson_presets = lesson_presets.bundled_presets()
        except Exception as exc:  # a broken installation: the app still runs
            self.lesson_presets = []
            lessons.addAction(f"(lesson presets unavailable: {exc})").setEnabled(False)
        for preset in self.lesson_presets:
            action = lessons.addAction(preset.title, lambda p=preset: self.apply_preset(p))
            action.setToolTip(preset.description)
            action.setStatusTip(preset.description[:160])
        lessons.setToolTipsVisible(True)
        lessons.addSeparator()
        lessons.addAction("Open a lesson file…", self._open_preset_dialog)

    def _panel_menu(self, name: str, pos) -> None:
        menu = QMenu(self)
        menu.addAction("Export this panel as PNG…", lambda: self._export_panel_dialog(name))
        menu.exec(self.panels[name].mapToGlobal(pos))

    # --- presenter and visibility -------------------------------------------------------
    def set_presenter(self, on: bool, full_screen: bool = True) -> None:
        self.presenter_mode = bool(on)
        if self.presenter_action.isChecked() != self.presenter_mode:
            self.presenter_action.blockSignals(True)
            self.presenter_action.setChecked(self.presenter_mode)
            self.presenter_action.blockSignals(False)
        presenter.apply(self, self.presenter_mode)
        # Bigger type needs a wider sidebar (its controls would be clipped otherwise).
        self.controls.setMaximumWidth(460 if self.presenter_mode else 360)
        self.controls.ensurePolished()
        for child in self.controls.findChildren(QWidget):
            child.ensurePolished()
        self._fit_sidebar()
        if not self._user_sized:
            self._size_splitters(self.width(), self.height())
        if full_screen:
            self.set_full_screen(self.presenter_mode)

    def set_full_screen(self, on: bool) -> None:
        if self.fullscreen_action.isChecked() != bool(on):
            self.fullscreen_action.blockSignals(True)
            self.fullscreen_action.setChecked(bool(on))
            self.fullscreen_action.blockSignals(False)
        if on and not self.isFullScreen():
            self.showFullScreen()
        elif not on and self.isFullScreen():
            self.showNormal()

    def set_panel_visible(self, name: str, on: bool) -> None:
        if on:
            self.visible_panels.add(name)
        else:
            self.visible_panels.discard(name)
        self._apply_visibility()

    def set_visible_panels(self, names) -> None:
        self.visible_panels = {n for n in names if n in lesson_presets.PANELS}
        for name, action in self.panel_actions.items():
            action.blockSignals(True)
            action.setChecked(name in self.visible_panels)
            action.blockSignals(False)
        self._apply_visibility()

    def _apply_visibility(self) -> None:
        v = self.visible_panels
        self._show_curve_plots("loss" in v, "accuracy" in v)
        self.curves.setVisible("loss" in v or "accuracy" in v)
        self.feature_maps.setVisible("feature_maps" in v)
        self.kernels.setVisible("kernels" in v)
        self.timings.setVisible("timings" in v)
        self.classify.setVisible("draw" in v)
        self.right_splitter.setVisible(bool(v & {"kernels", "timings", "draw"}))
        tab_shown = {"training": bool(v & {"loss", "accuracy", "feature_maps"}), "mistakes": "confusion" in v,
                     "why": "saliency" in v, "timelapse": "timelapse" in v, "statistics": "stats" in v,
                     "drawings": "draw" in v}
        for key, shown in tab_shown.items():
            self.tabs.setTabVisible(self.tabs.indexOf(self.tab_pages[key]), shown)
        self.tabs.setVisible(any(tab_shown.values()))
        if not self.tabs.isTabVisible(self.tabs.currentIndex()):
            for key in TABS:
                if tab_shown[key]:
                    self.tabs.setCurrentWidget(self.tab_pages[key])
                    break

    def _show_curve_plots(self, loss: bool, accuracy: bool) -> None:
        layout = self.curves.graphics.ci
        for row, (plot, shown) in enumerate(((self.curves.loss_plot, loss), (self.curves.acc_plot, accuracy))):
            present = plot in layout.items
            if shown and not present:
                layout.addItem(plot, row=row, col=0)
            elif not shown and present:
                layout.removeItem(plot)
                plot.setParentItem(None)
                if plot.scene() is not None:
                    plot.scene().removeItem(plot)
            plot.setVisible(shown)

    # --- lesson presets ---------------------------------------------------------------------
    def _open_preset_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a lesson preset", "", "Lesson preset (*.json)")
        if not path:
            return
        try:
            preset = lesson_presets.load_preset(path)
        except Exception as exc:
            self.banner.show_message(f"Cannot use this lesson file: {exc}", "error")
            return
        self.apply_preset(preset)

    def apply_preset(self, preset, full_screen: bool = True) -> None:
        """Network, hyperparameters, backend, visible panels and presenter mode of a lesson, in one go."""
        if self.run_active():
            self.stop_run(wait=True)
        c = self.controls
        notes = []
        backend = preset.backend
        if backend == "auto":
            from .app import _choose_backend
            backend = _choose_backend("auto")
        if not c.backend_available.get(backend):
            fallback = c._default_backend(None)
            why = getattr(c._infos.get(backend), "detail", "not installed")
            notes.append(f"The lesson asks for the {backend} backend, which is not available here ({why}); "
                         f"using {fallback} instead.")
            backend = fallback
        c._select_backend(backend)
        self._set_status(backend=f"backend {backend}")
        c.optimizer_combo.setCurrentText(preset.optimizer)
        c.schedule_combo.setCurrentText(preset.schedule)
        c._set_lr(preset.lr)
        c.momentum_spin.setValue(preset.momentum)
        c.batch_spin.setValue(preset.batch_size)
        c.epochs_spin.setValue(preset.epochs)
        c.flush_pending()
        if preset.train_samples is None:
            self.config_overrides.pop("train_samples", None)
        else:
            self.config_overrides["train_samples"] = int(preset.train_samples)
        c.set_network(preset.net, emit=False)
        self._new_local_model()
        self.set_visible_panels(preset.visible_panels)
        self.set_presenter(preset.presenter, full_screen=full_screen)
        self.current_preset = preset
        samples = f" on {preset.train_samples:,} training images" if preset.train_samples else ""
        text = f"Lesson: {preset.title}{samples}. {preset.description}"
        if notes:
            self.banner.show_message(" ".join(notes) + " " + text, "warning")
        else:
            self.banner.show_message(text + " Press Start (Space).", "info")

    # --- export -------------------------------------------------------------------------------
    def export_panel_png(self, name: str, path: str) -> bool:
        widget = self if name == "window" else self.panels[name]
        if not str(path).lower().endswith(".png"):
            path = f"{path}.png"
        try:
            ok = widget.grab().save(str(path), "PNG")
            if not ok:
                raise OSError("Qt could not write the file")
        except Exception as exc:
            self.banner.show_message(f"Could not export the panel: {exc}", "error")
            return False
        self.banner.show_message(f"Saved {path}", "info", auto_hide_ms=6000)
        return True

    def _export_panel_dialog(self, name: str) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export panel as PNG", f"cnnviz-{name}.png", "PNG image (*.png)")
        if path:
            self.export_panel_png(name, path)

    def _export(self, what: str, write) -> bool:
        try:
            path = write()
        except Exception as exc:  # OSError (disk, permissions), ValueError
            self.banner.show_message(f"Could not export the {what}: {exc}", "error", traceback.format_exc())
            return False
        self.banner.show_message(f"Saved the {what} to {path}", "info", auto_hide_ms=8000)
        return True

    def export_metrics_csv(self, path: str) -> bool:
        return self._export("metrics", lambda: report.metrics_csv(self.step_events, self.eval_events, path))

    def export_timings_csv(self, path: str) -> bool:
        return self._export("timings", lambda: report.timings_csv(self.timing_events, path))

    def report_settings(self) -> dict:
        hp = self.controls.hyperparameters()
        settings = {"network": self.local.spec or self.controls.spec, "data set": self.controls.dataset,
                    "backend": self.controls.backend, "optimizer": hp["optimizer"], "learning rate": hp["lr"],
                    "momentum": hp["momentum"], "batch size": hp["batch_size"], "schedule": hp["schedule"],
                    "epochs": self.controls.epochs, "seed": self.seed}
        if self.local.model is not None:
            settings["parameters"] = f"{self.local.model.parameter_count():,}"
        if self.config_overrides.get("train_samples"):
            settings["training images"] = self.config_overrides["train_samples"]
        if self.last_step is not None:
            settings["steps trained"] = self.last_step.step
        if self.drawings.accuracy is not None:
            settings["accuracy on the class's drawings"] = f"{100 * self.drawings.accuracy:.1f}%"
        return settings

    def export_html_report(self, path: str) -> bool:
        def write():
            matrix = None
            if self.last_eval is not None:
                e = self.last_eval
                matrix = confusion_matrix(e.labels, e.predictions, len(self.confusion.class_names))
            kernels = None
            if self.local.model is not None:
                weights = self.local.weights()
                kernels = {layer.name: weights[f"{layer.name}.weight"] for layer in self.local.model.layers
                           if layer.kind == "conv"}
            return report.html_report(path, settings=self.report_settings(), steps=self.step_events,
                                      evals=self.eval_events, confusion=matrix, kernels=kernels,
                                      timings=self.timing_events)
        return self._export("report", write)

    def _export_metrics_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export metrics", "cnnviz-metrics.csv", "CSV (*.csv)")
        if path:
            self.export_metrics_csv(path)

    def _export_timings_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export per-layer timings", "cnnviz-timings.csv", "CSV (*.csv)")
        if path:
            self.export_timings_csv(path)

    def _export_report_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export HTML report", "cnnviz-report.html", "HTML (*.html)")
        if path:
            if not path.lower().endswith((".html", ".htm")):
                path += ".html"
            self.export_html_report(path)

    # ------------------------------------------------------------------
    def _update_buttons(self) -> None:
        c = self.controls
        active = self.run_active()
        c.start_button.setEnabled(not active and self.dataset is not None)
        c.pause_button.setEnabled(active)
        c.pause_button.setText("▶  Resume" if active and self.state == "paused" else "❚❚  Pause")
        c.step_button.setEnabled(self.dataset is not None)
        c.epochs_spin.setEnabled(not active)

    def shutdown(self) -> None:
        """Stop the training thread (no final evaluation) and wait for it."""
        self.snapshot_timer.stop()
        self.flush_timer.stop()
        if self.trainer is not None:
            self.trainer.stop(final_evaluation=False)
        if self.thread is not None:
            self._old_threads.append((self.thread, self.worker))
            self.trainer = self.worker = self.thread = None
        for thread, worker in self._old_threads:
            thread.quit()
            if not thread.wait(STOP_WAIT_MS):
                # Still inside a long step (e.g. a JIT compile): Qt aborts the process if a running
                # QThread is destroyed, so let it finish on its own, owned by nobody but this list.
                thread.setParent(None)
                _STILL_STOPPING.append((thread, worker))
                thread.finished.connect(lambda pair=(thread, worker): _STILL_STOPPING.remove(pair))
        self._old_threads.clear()

    def closeEvent(self, event) -> None:
        self.shutdown()
        super().closeEvent(event)
