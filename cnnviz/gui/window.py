"""The main window: it builds the parts and wires them; the parts do the work.

``session`` (:mod:`.session`) runs the Trainer on its own QThread and hands its
events over at most 10 times a second; ``router`` (:mod:`.router`) feeds them
to ``run`` (:mod:`.run_state`, the run's state and history) and to
``panels`` (built from :mod:`.panels.registry`, placed by :mod:`.layout`);
``live_view`` keeps the feature maps and kernels current; ``menus``,
``exports`` and ``lessons`` are what their names say. What is left here:
starting, stopping and starting over, the data set and the NumPy copy of the
model, the drawing pad, checkpoints.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox

from ..analysis.drawings import DrawingStore
from ..analysis.presets import first_test_images
from ..backends import registry as backends
from ..data.datasets import load_dataset
from ..train.trainer import TrainConfig, Trainer
from ..train.events import RunPhase
from . import accessibility, presenter, shortcuts
from .checkpoints import Checkpoints
from .drawing_pad import DrawingPad
from .exports import Exports
from .inference import LocalModel
from .layout import Workspace, initial_geometry
from .lessons import Lessons, data_note
from .live_view import LiveView
from .menus import Menus
from .panels import registry
from .panels.controls import ControlsPanel
from .router import EventRouter
from .run_state import RunState
from .session import TrainingSession
from .status import StatusFields

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


class MainWindow(QMainWindow):
    def __init__(self, net: str = "tiny", backend: str | None = None, dataset: str = "mnist",
                 data_dir: str | None = None, config_overrides: dict | None = None,
                 drawings_dir: str | None = None):
        super().__init__()
        self.setWindowTitle("cnnviz — watch a CNN learn")
        self.data_dir = data_dir
        self._stats_every_given = "stats_every" in (config_overrides or {})
        self.config_overrides = dict(GUI_TRAIN_DEFAULTS, **(config_overrides or {}))
        self.seed = int(self.config_overrides.pop("seed", 0))
        self.lesson_overrides: dict = {}
        """A lesson's own trainer settings on top (its training and test images)."""
        self.test_samples: int | None = None
        self.dataset = None
        self.local = LocalModel()
        self.loaded_weights: dict | None = None
        self.model_accuracy: float | None = None
        """The test accuracy a loaded checkpoint says its weights have (None: not known)."""
        self.run = RunState()
        self.run_label = ""
        self.presenter_mode = False
        self.state_before_presenter = None
        """(window state, normal geometry) when presenter mode was entered: restored when it is left."""
        self.visible_views: set[str] = set(registry.VIEWS)

        self.controls = ControlsPanel(backends.available(), net=net, backend=backend, dataset=dataset)
        try:
            store = DrawingStore(drawings_dir)
        except Exception:  # no platformdirs / no home folder: a folder next to the working directory
            store = DrawingStore(Path("cnnviz-drawings"))
        self.panels = registry.create_panels(drawings={"store": store})
        self.workspace = Workspace(self.controls, self.panels)
        self.banner = self.workspace.banner
        self.setCentralWidget(self.workspace)
        self.status = StatusFields(self.statusBar())
        self.status.show(state="ready", backend=f"backend {self.controls.backend}")
        self.status.show_start()
        self.session = TrainingSession(self)
        self.live_view = LiveView(self)
        self.router = EventRouter(self)
        self.exports = Exports(self)
        self.checkpoints = Checkpoints(self)
        self.pad = DrawingPad(self)
        self.lessons = Lessons(self)
        self.menus = Menus(self)
        self._connect()
        self.resize(1280, 720)
        self.load_dataset(dataset)
        self.new_random_model()
        self.update_buttons()
        self.announcer = accessibility.install(self)  # screen-reader names, announcements, focus rings

    def _connect(self) -> None:
        c, p = self.controls, self.panels
        c.start_button.clicked.connect(self.start)
        c.pause_button.clicked.connect(self.toggle_pause)
        c.step_button.clicked.connect(self.step)
        c.reset_button.clicked.connect(self.reset)
        c.save_button.clicked.connect(self.checkpoints.save_dialog)
        c.load_button.clicked.connect(self.checkpoints.load_dialog)
        c.hyperparametersChanged.connect(self._on_hyperparameters)
        c.backendChanged.connect(self._on_backend)
        c.networkChanged.connect(self._on_network)
        c.datasetChanged.connect(self._on_dataset)
        c.datasetFolderChosen.connect(self._on_dataset_folder)
        s = self.session
        s.batchReady.connect(self.router.apply)
        s.ended.connect(self._on_run_ended)
        s.failed.connect(self._on_run_failed)
        p.feature_maps.inputChanged.connect(self._on_view_input_changed)
        p.mistakes.imageChosen.connect(self.choose_test_image)
        p.timelapse.message.connect(self.banner.show_notice)
        p.drawings.message.connect(self.banner.show_notice)
        p.drawings.saveRequested.connect(self.pad.save)
        p.drawings.finetuneRequested.connect(self.pad.finetune)
        p.statistics.diagnosisChanged.connect(
            lambda findings: self.workspace.set_tab_note("statistics", "⚠" if findings else "", "\n".join(findings)))
        self.workspace.tabs.currentChanged.connect(self._on_tab_changed)
        self._install_keys()

    # --- keys ---------------------------------------------------------------------------------
    def _install_keys(self) -> None:
        """The keys of :data:`shortcuts.SHORTCUTS`, working wherever the focus is but in a field being
        typed in; the workspace is where the focus goes when it leaves a field (a click on a panel
        takes it there too)."""
        lessons, menus = self.lessons, self.menus
        self.shortcuts = shortcuts.install(self, {
            "start_or_pause": self.start_or_pause, "step": self.step,
            "clear_drawing": self.panels.classify.canvas.clear,
            "previous_test_image": lambda: self.step_test_image(-1),
            "next_test_image": lambda: self.step_test_image(+1),
            "lesson_next": lessons.next_step, "lesson_back": lessons.previous_step,
            "presenter": menus.presenter_action, "full_screen": menus.fullscreen_action,
            "help": self.show_keys,
        })
        self.workspace.setFocusPolicy(Qt.ClickFocus)
        self.typing = shortcuts.TypingGuard(self.workspace, applied=self.controls.flush_pending)
        self.typing.watch(self)
        self.keys_dialog = None
        self.leave_text_field()

    def leave_text_field(self) -> None:
        """The focus out of any input (entering presenter mode, a lesson): the keys act at once."""
        self.typing.leave()

    def show_keys(self):
        """F1: every key, from the one table that installs them."""
        if self.keys_dialog is not None and self.keys_dialog.isVisible():
            self.keys_dialog.raise_()
            return self.keys_dialog
        self.keys_dialog = shortcuts.show_help(self)
        self.keys_dialog.finished.connect(lambda _result: setattr(self, "keys_dialog", None))
        return self.keys_dialog

    def step_test_image(self, delta: int) -> None:
        """Left/Right: the previous or next test image in the feature maps and Why?."""
        self.choose_test_image((self.panels.feature_maps.test_index + delta) % self.panels.feature_maps.test_count)

    # --- the screen ---------------------------------------------------------------------------
    def fit_to_screen(self, screen=None) -> bool:
        """Size the window for the screen it opens on: maximised below 1600x1000 (projectors, school
        laptops), else a centred 1600x1000 window. Returns whether it should be shown maximised."""
        screen = screen or self.screen() or QApplication.primaryScreen()
        geometry, maximise = initial_geometry(screen.availableGeometry())
        self.setGeometry(geometry)  # also right without a window manager to maximise it
        return maximise

    def show_fitted(self, screen=None) -> None:
        self.showMaximized() if self.fit_to_screen(screen) else self.show()

    # --- the data set and the NumPy copy of the model ------------------------------------------
    def tested_on(self, dataset):
        """``dataset`` with the test images the lesson evaluates on (all of them without a lesson)."""
        return first_test_images(dataset, self.test_samples)

    def set_lesson_data(self, train_samples: int | None, test_samples: int | None) -> None:
        """Train on the first ``train_samples`` images and test on the first ``test_samples`` (None: all)."""
        self.lesson_overrides = {}
        if train_samples is not None:
            self.lesson_overrides["train_samples"] = int(train_samples)
        self.test_samples = test_samples
        if test_samples is not None:
            self.lesson_overrides["eval_samples"] = None  # every evaluation on the same test images
        self.describe_data()

    def describe_data(self) -> None:
        """The sidebar says so whenever training (or testing) uses fewer images than the data set has."""
        if self.dataset is None:
            self.controls.set_data_note("")
            return
        train = {**self.config_overrides, **self.lesson_overrides}.get("train_samples")
        self.controls.set_data_note(data_note(train, len(self.dataset.train_labels), self.test_samples,
                                              len(self.dataset.test_labels)))

    def load_dataset(self, name: str) -> bool:
        try:
            self.dataset = load_dataset(name, self.data_dir)
        except Exception as exc:  # DatasetError, OSError: tell the user, keep going
            self.dataset = None
            self.banner.show_message(f"Cannot load the {name} data set: {exc}", "error")
            self.update_buttons()
            return False
        p = self.panels
        p.feature_maps.set_test_count(len(self.dataset.test_images))
        p.classify.set_class_names(self.dataset.class_names)
        p.mistakes.set_dataset(self.dataset.test_images, self.dataset.class_names)
        self.live_view.show_test_image_in_why()
        self.describe_data()
        return True

    def new_random_model(self) -> None:
        """Fresh random weights for the chosen network (what Start trains from)."""
        try:
            self.local.set_spec(self.controls.spec, self.seed)
        except Exception as exc:  # an invalid spec never gets here, but never crash
            self.banner.show_message(f"Cannot build the network: {exc}", "error")
            return
        self.show_new_model(loaded_weights=None)

    def show_new_model(self, loaded_weights: dict | None, accuracy: float | None = None,
                       epoch: float | None = None) -> None:
        """``local`` holds other weights (random ones, a checkpoint's: ``loaded_weights``, which Start
        then trains from, with the ``accuracy`` and ``epoch`` the file gives): the panels start over
        from them, and the status bar and the Draw panel describe them."""
        self.loaded_weights = loaded_weights
        self.controls.describe_parameters(self.local.model.parameter_count())
        self.start_over()
        self.model_accuracy = accuracy
        self.status.show(step=f"step {self.local.step:,}")
        if epoch is not None:
            self.status.show(epoch=f"epoch {epoch:.2f}")
        if accuracy is not None:
            self.status.show(test=f"test accuracy {100 * accuracy:.1f}%")
        self.panels.drawings.set_mnist_accuracy(accuracy)
        self.live_view.show_local()
        self.pad.classify()
        self.panels.drawings.set_model(self.local.model)

    def model_figures(self) -> dict:
        """What a save of the window's model says about it: its step and, when known, its epoch and test accuracy."""
        figures = {"step": int(self.local.step)}
        if self.run.last_step is not None and self.run.last_step.step == self.local.step:
            figures["epoch"] = round(float(self.run.last_step.epoch), 4)
        last = self.run.last_eval
        if last is not None and last.step == self.local.step:
            figures["test_accuracy"] = float(last.test_accuracy)
        elif self.model_accuracy is not None:
            figures["test_accuracy"] = float(self.model_accuracy)  # a loaded model, not trained since
        return figures

    def start_over(self) -> None:
        """The weights start over (a new run, new weights, a loaded checkpoint or lesson, another network,
        a reset mid-run): forget everything derived from the old run, the status bar's figures too."""
        self.run.clear()
        self.model_accuracy = None
        p = self.panels
        p.curves.clear()
        p.timings.clear()
        p.timelapse.clear()
        p.statistics.clear()
        p.mistakes.clear()
        p.why.clear_result()
        p.drawings.set_mnist_accuracy(None)
        self.live_view.invalidate()
        self.status.show_start()
        if not self.session.active:
            self.run.state = RunPhase.IDLE
            self.status.show(state="ready")
            self.workspace.busy.stop()

    # --- run control ---------------------------------------------------------------------------
    def start(self) -> None:
        if not self.session.active:
            self.launch()
        elif self.run.state == RunPhase.PAUSED:
            self.controls.flush_pending()  # a rate typed just before resumes with the run
            self.session.trainer.resume()

    def start_or_pause(self) -> None:
        if self.session.active:
            self.toggle_pause()
        else:
            self.launch()

    def toggle_pause(self) -> None:
        trainer = self.session.trainer
        if trainer is not None:
            self.controls.flush_pending()  # settings changed while paused apply from the next step
            trainer.resume() if self.run.state == RunPhase.PAUSED else trainer.pause()

    def step(self) -> None:
        if self.session.active:
            self.session.trainer.step_once()
        else:
            self.launch(paused=True)

    def reset(self) -> None:
        if not self.checkpoints.ask_before_discard("starting over with new random weights"):
            return
        self.seed += 1
        if self.session.active:
            self.loaded_weights = None
            self.session.trainer.reset(self.seed)
            return
        self.new_random_model()
        self.status.show_start()
        self.banner.show_message(f"New random weights (seed {self.seed}).", "info", auto_hide_ms=4000)

    def make_config(self) -> TrainConfig:
        c = self.controls
        fields = dict(net=c.spec, backend=c.backend, epochs=c.epochs, seed=self.seed, dataset=c.dataset,
                      data_dir=self.data_dir, **c.hyperparameters())
        fields.update(self.config_overrides)
        fields.update(self.lesson_overrides)
        if not self._stats_every_given and self.local.model is not None \
                and self.local.model.parameter_count() > LARGE_NET_PARAMETERS:
            fields["stats_every"] = LARGE_NET_STATS_EVERY
        return TrainConfig(**fields).validate()

    def launch(self, paused: bool = False, dataset=None, initial_weights: dict | None = None, label: str = "",
               config_changes: dict | None = None) -> bool:
        """A new run with the controls' settings (``config_changes`` on top), from ``initial_weights``
        (default: the loaded checkpoint's, or fresh ones) on ``dataset`` (default: the one loaded)."""
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
            if dataset is None:
                dataset = self.tested_on(self.dataset)
            trainer = Trainer(config, dataset, initial_weights=weights, resume=self.checkpoints.resume_for(weights))
        except ValueError as exc:
            self.banner.show_message(f"Cannot start: {exc}", "error")
            return False
        self.run_label = label
        self.session.start(trainer, self.live_view.input(), paused=paused, autosave=self.checkpoints.autosave_plan())
        self.start_over()
        self.panels.curves.set_epochs(config.epochs if config.steps is None else 0.0)
        self.run.state = RunPhase.STARTING
        note = " and compiling kernels" if backends.info(config.backend).compiles else ""
        self.status.show(state=f"starting (loading data{note})…", backend=f"backend {config.backend}")
        if self.banner.isVisible() and self.banner.kind != "error":
            self.banner.hide()
        self.update_buttons()
        self.live_view.timer.start()
        return True

    def stop_run(self, reason: str = "", wait: bool = False) -> None:
        """Stop the active run without its final full evaluation."""
        if not self.session.active:
            return
        self.session.stop(wait=wait)
        self.live_view.timer.stop()
        self.workspace.busy.stop()
        self.run.state = RunPhase.STOPPED
        self.status.show(state="stopped")
        self.status.show_stopped()
        if reason:
            self.banner.show_message(reason, "info", auto_hide_ms=8000)
        self.update_buttons()

    def _on_run_ended(self, result, final_weights) -> None:
        self.router.refresh_curves()
        self.live_view.timer.stop()
        self.workspace.busy.stop()
        self.status.show_stopped()
        if result is not None:
            self.run.result = result
        if final_weights is not None:
            try:
                self.local.load(*final_weights)
            except Exception as exc:  # never lose the window over a display copy
                self.banner.show_message(f"Could not copy the final weights: {exc}", "error")
            if not self.panels.classify.canvas.is_empty:
                self.pad.classify()
        if self.run.state not in (RunPhase.FINISHED, RunPhase.STOPPED, RunPhase.FAILED):
            self.run.state = RunPhase.FINISHED
        self.live_view.dirty = True
        self.live_view.show_local()  # the final weights' view, computed here
        self._record_final_frame()
        drawings = self.panels.drawings
        drawings.set_model(self.local.model)
        if self.run_label:
            ours = "–" if drawings.accuracy is None else f"{100 * drawings.accuracy:.0f}%"
            self.banner.show_message(f"{self.run_label} finished. Our drawings: {ours} (see the Class drawings tab).",
                                     "info", auto_hide_ms=15000)
            self.run_label = ""
        self.update_buttons()

    def _record_final_frame(self) -> None:
        """The time-lapse's last frame: the final weights (the last evaluation had no snapshot)."""
        snapshot = self.panels.feature_maps.last_snapshot
        if snapshot is None or not self.local.trained:
            return
        last_eval, last_step = self.run.last_eval, self.run.last_step
        accuracy = last_eval.test_accuracy if last_eval is not None and last_eval.step == self.local.step else None
        epoch = last_step.epoch if last_step is not None else 0.0
        self.panels.timelapse.record_snapshot(replace(snapshot, step=self.local.step, epoch=epoch), accuracy)

    def _on_run_failed(self, message: str, details: str) -> None:
        self.run.state = RunPhase.FAILED
        self.workspace.busy.stop()
        self.status.show(state="stopped by an error")
        self.status.show_stopped()
        self.banner.show_message(f"Training stopped by an error: {message}. The app is still running; "
                                 "change a setting and press Start to try again.", "error", details)

    def update_buttons(self) -> None:
        c, active = self.controls, self.session.active
        c.start_button.setEnabled(not active and self.dataset is not None)
        c.pause_button.setEnabled(active)
        c.pause_button.setText("▶  Resume" if active and self.run.state == RunPhase.PAUSED else "❚❚  Pause")
        c.step_button.setEnabled(self.dataset is not None)
        c.epochs_spin.setEnabled(not active)

    # --- live changes from the controls ----------------------------------------------------------
    def _on_hyperparameters(self, changes: dict) -> None:
        if self.session.active:
            self.session.trainer.set_hyperparameters(**changes)

    def _on_backend(self, name: str) -> None:
        self.status.show(backend=f"backend {name}")
        if self.session.active:
            self.session.trainer.switch_backend(name)

    def _on_network(self, _spec: str) -> None:
        self.stop_run("The network changed, so the run was stopped. Press Start to train the new network.")
        self.new_random_model()

    def _on_dataset(self, name: str) -> None:
        self.stop_run("The data set changed, so the run was stopped. Press Start to train on it.")
        if self.load_dataset(name):
            self.banner.hide()
        self.panels.curves.clear()
        self.live_view.dirty = True
        self.live_view.show_local()
        self.update_buttons()

    def _on_dataset_folder(self, folder: str) -> None:
        self.data_dir = folder
        self._on_dataset(self.controls.dataset)

    # --- the chosen input ----------------------------------------------------------------------
    def _on_view_input_changed(self) -> None:
        self.live_view.dirty = True
        self.live_view.request(force=True)
        self.live_view.show_test_image_in_why()
        if self.panels.feature_maps.use_drawing:
            self.panels.why.use_drawing(True)

    def choose_test_image(self, index: int) -> None:
        """A test image picked in a gallery: the feature maps and the Why? tab show it."""
        self.panels.feature_maps.select_test_image(int(index))
        self.panels.why.use_drawing(False)
        self.live_view.show_test_image_in_why()
        self.statusBar().showMessage(f"Test image #{index}: see inside it in Training (feature maps) and Why?", 8000)

    # --- before something replaces the run -------------------------------------------------------------
    def confirm_discard(self, action: str) -> bool:
        """Ask before ``action`` (e.g. "load the lesson ...") stops the training run or replaces a trained
        model that is not saved; True to go ahead. The one place that asks: nothing is stopped or replaced
        without it (a running run: stop it?; unsaved weights: Save / Discard / Cancel)."""
        if self.session.active and not self._confirm_stop(action):
            return False
        return self.checkpoints.ask_before_discard(f"you {action}")

    def _confirm_stop(self, action: str) -> bool:
        box = QMessageBox(QMessageBox.Question, "Training is running",
                          f"A training run is going on. To {action}, it has to stop (the weights trained so far "
                          "are replaced).\n\nStop the run and go ahead?", QMessageBox.Yes | QMessageBox.Cancel, self)
        box.setTextFormat(Qt.PlainText)  # the action may name a lesson file's title
        box.setDefaultButton(QMessageBox.Cancel)
        box.button(QMessageBox.Yes).setText("Stop and go ahead")
        box.button(QMessageBox.Cancel).setText("Keep training")
        answer = box.exec()
        box.deleteLater()  # a child of the window: else every question asked stays with it
        return answer == QMessageBox.Yes

    # --- what is shown: presenter mode, panels, tabs ---------------------------------------------------
    def set_presenter(self, on: bool, full_screen: bool = True) -> None:
        if not on and self.presenter_mode and self.lessons.view_on:
            # Leaving presenter mode (F5) leaves the lesson's view too: every panel shown before it comes back.
            self.lessons.use_lesson_view(False, mode=False)
        presenter.set_mode(self, on, full_screen)

    def set_full_screen(self, on: bool) -> None:
        presenter.set_full_screen(self, on)

    def set_view_visible(self, name: str, on: bool) -> None:
        """Show or hide one lesson view (``analysis.presets.PANELS``)."""
        views = self.visible_views | {name} if on else self.visible_views - {name}
        self.set_visible_views(views)

    def set_visible_views(self, names) -> None:
        self.visible_views = {n for n in names if n in registry.VIEWS}
        self.menus.show_views(self.visible_views)
        self.workspace.show_views(self.visible_views)

    def show_tab(self, key: str) -> None:
        self.workspace.show_tab(key)

    def _on_tab_changed(self, _index: int) -> None:
        if self.presenter_mode:
            presenter.style(self, True)  # plot items created since (new curves) get the big style too

    # --- closing ----------------------------------------------------------------------------------
    def shutdown(self) -> None:
        """Stop the training thread (no final evaluation) and wait for it."""
        self.live_view.timer.stop()
        self.session.shutdown()

    def closeEvent(self, event) -> None:
        # Save / Discard / Cancel first; a thread inside a long step hides the window and closes it later.
        if self.session.shutdown_or_ask(self, lambda: self.checkpoints.ask_before_discard("closing")):
            self.shutdown()
            super().closeEvent(event)
        else:
            event.ignore()
