"""Start, pause, step, reset and stop as the window shows them: the view of the run's intents.

What a start, a step, a reset or a launch does to the state and the session, what a run's end or failure
does, the run's config and the data set switch are decided without Qt by :class:`~cnnviz.app.run_control.RunIntents`
(``tests/app/test_run_control.py``). :class:`RunControl` takes the run buttons (and the keys, the lessons, the
drawing pad) to those intents and shows what they did: the banner, the status bar's texts, the buttons, the busy
indicator, the panels starting over (:func:`~.panels.registry.start_over`). It is given the few objects it uses,
not the window.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..app import class_training
from ..app.class_training import own_classes
from ..app.run_control import NoDataSet, RunIntents
from ..app.state import AppState
from ..train.events import RunPhase
from ..translatable import in_language
from .language import grouped, percent, tr
from .panels import observed, registry
from .status import STILL_WAITING, WAITING

if TYPE_CHECKING:
    from .checkpoints import Checkpoints
    from .layout import Workspace
    from .live_view import LiveView
    from .panels.controls import ControlsPanel
    from .session import TrainingSession
    from .status import StatusFields


def data_note(train_used: int | None, train_total: int, test_used: int | None = None, test_total: int = 0) -> str:
    """What the sidebar says when training or testing uses fewer images than the data set has
    ("training on 200 of 60,000 images"); empty when all of them are used."""
    parts = []
    if train_used is not None and train_used < train_total:
        parts.append(
            tr("training on {train_used:,} of {train_total:,} images").format(
                train_used=grouped(train_used), train_total=grouped(train_total)
            )
        )
    if test_used is not None and test_used < test_total:
        parts.append(
            tr("testing on {test_used:,} of {test_total:,}").format(
                test_used=grouped(test_used), test_total=grouped(test_total)
            )
        )
    text = ", ".join(parts)
    return text[:1].upper() + text[1:] if text else ""


@dataclass
class RunParts:
    """What RunControl works with: the state, the session and the parts that show the run."""

    state: AppState
    session: TrainingSession
    """The Trainer on its QThread."""
    controls: ControlsPanel
    panels: registry.Panels
    status: StatusFields
    workspace: Workspace
    """Its banner and its busy indicator."""
    live_view: LiveView
    checkpoints: Checkpoints
    """Asked before trained weights go; where a loaded model's run was; how a run autosaves. The run
    control observes their loads (it stops the run a load replaces and shows the model loaded)."""


class RunControl:
    def __init__(self, parts: RunParts):
        self.parts = parts
        self.state = parts.state
        self.intents = RunIntents(parts.state, parts.session)
        """The run's intents without Qt (:mod:`cnnviz.app.run_control`): this adds what is shown."""
        self.banner = parts.workspace.banner
        self._own_classes_shown = False
        """The panels name the class's own classes (a run on the class canvas's drawings), not the data set's."""
        self.state.events.history.connect(self.show_history)
        self.state.events.evaluated.connect(lambda event: registry.tell(parts.panels, observed.EVALUATED, event))
        parts.checkpoints.replacing.connect(self.stop_run)
        self.starting_text = "starting (loading data)…"
        """What the state field says while the run launched last starts (its thread began)."""
        parts.session.started.connect(self._show_starting)
        parts.session.waitedLong.connect(lambda: parts.status.show(state=STILL_WAITING))
        parts.checkpoints.loaded.connect(self.show_loaded)

    @property
    def training_backend(self) -> str | None:
        """The backend the run trains on (None before the first launch): the intents' (:meth:`share_cores`)."""
        return self.intents.training_backend

    @training_backend.setter
    def training_backend(self, name: str | None) -> None:
        self.intents.training_backend = name

    def _show_starting(self) -> None:
        """The run's thread began (it may have waited for a stopped run's step)."""
        if self.parts.status.text("state") in (WAITING, STILL_WAITING):
            self.parts.status.show(state=self.starting_text)

    def show_loaded(self, loaded) -> None:
        """A checkpoint's model replaced the NumPy copy (a :class:`~.checkpoint_reading.Loaded`): shown as itself."""
        self.show_new_model(
            accuracy=loaded.test_accuracy,
            epoch=loaded.epoch,
            settings={**loaded.settings, "net": loaded.spec},
            class_names=loaded.class_names,
        )

    def show_history(self) -> None:
        """The run's history was replaced as a whole (forgotten, a loaded file's curves, a run put back): the
        curves, the confusion matrix and the status bar's figures show it (a history forgotten: the panels
        forget theirs through the registry, :meth:`start_over`)."""
        p, run = self.parts, self.state.run
        if not (run.last_step or run.evaluations or run.saved_curves):
            return
        accuracy = self.state.test_accuracy
        registry.tell(p.panels, observed.HISTORY, run, accuracy)
        if run.last_step is not None:
            p.status.show(epoch=f"epoch {run.last_step.epoch:.2f}", step=f"step {run.last_step.step:,}")
        if accuracy is not None:
            p.status.show(test=f"test accuracy {100 * accuracy:.1f}%")

    def show_known_epoch(self) -> None:
        """A loaded model not trained since: the epoch its file gives, beside its step (a run put back by a
        closed lesson said "epoch 0.00" beside "step 883")."""
        run = self.state.run
        if run.last_step is None and run.known_epoch is not None:
            self.parts.status.show(epoch=f"epoch {run.known_epoch:.2f}")

    def put_back(self, aside) -> None:
        """The run a lesson set aside is the run again (its weights, settings, curves, matrix, figures)."""
        p = self.parts
        self.stop_run()
        registry.start_over(p.panels)  # nothing of the lesson's run stays
        p.live_view.invalidate()
        p.status.show_start()
        self.state.put_back(aside)
        # The phase of the run put back, not the lesson's ("stopped" or "finished" beside "step 0" read as if
        # the untrained run from before the lesson had been stopped).
        phase = self.state.run.state
        p.status.show(state="ready" if phase in (RunPhase.IDLE, RunPhase.STARTING) else phase.value)
        local = self.state.local
        if local.model is not None:
            p.controls.describe_parameters(local.model.parameter_count())
            p.status.show(step=f"step {local.step:,}")
            registry.tell(p.panels, observed.MODEL, local.model)
        self.show_history()
        self.show_known_epoch()
        self.update_buttons()

    # --- the model Start trains from ------------------------------------------------------------
    def new_random_model(self) -> None:
        """Fresh random weights for the chosen network (what Start trains from): a net of the class's own classes
        when the sidebar shows one of the run's (a loaded one's, Reset: the same outputs, the same classes)."""
        controls = self.parts.controls
        try:
            names = self.intents.new_random_model(controls.spec, controls.class_outputs)
        except Exception as exc:  # an invalid spec never gets here, but never crash
            self.banner.show_message(tr("Cannot build the network: {exc}").format(exc=exc), "error")
            return
        self.show_new_model(class_names=names)

    def show_new_model(
        self,
        accuracy: float | None = None,
        epoch: float | None = None,
        settings: dict | None = None,
        class_names: tuple[str, ...] | None = None,
    ) -> None:
        """The state's NumPy copy holds other weights (random ones, a checkpoint's, with the ``accuracy``,
        ``epoch`` and training ``settings`` the file gives): the panels start over from them, and the
        status bar and the Draw panel describe them."""
        p, local, status = self.parts, self.state.local, self.parts.status
        self.intents.new_model(settings, class_names, accuracy, epoch)
        own = own_classes(class_names)
        p.controls.allow_class_outputs(len(class_names) if own else None)  # (the sidebar shows their net: Reset)
        p.controls.describe_parameters(local.model.parameter_count())
        self.show_start_over()
        if class_names:  # a file's net of a class's own classes (``class_names``: theirs, checked on reading)
            registry.tell(p.panels, observed.CLASSES, class_names, None)
            self._own_classes_shown = True
        elif self.state.dataset is not None:
            self.show_classes_of(self.state.dataset)
        status.show(step=f"step {local.step:,}")
        if epoch is not None:
            status.show(epoch=f"epoch {epoch:.2f}")
        if accuracy is not None:
            status.show(test=f"test accuracy {100 * accuracy:.1f}%")
        registry.tell(p.panels, observed.KNOWN_ACCURACY, accuracy)
        self.state.weights_replaced()  # (the live view observes it: the feature maps of these weights)
        registry.tell(p.panels, observed.MODEL, local.model)

    def start_over(self) -> None:
        """The weights start over (a new run, new weights, a loaded checkpoint or lesson, another network,
        a reset mid-run): forget everything derived from the old run, the status bar's figures too."""
        self.intents.start_over()
        self.show_start_over()

    def show_start_over(self) -> None:
        """The run started over (:meth:`RunIntents.start_over <cnnviz.app.run_control.RunIntents.start_over>`): the
        panels forget the old run, the status bar its figures; without an active run it is ready."""
        p = self.parts
        registry.start_over(p.panels)
        p.live_view.invalidate()
        p.status.show_start()
        if not p.session.active:
            p.status.show(state="ready")
            p.workspace.busy.stop()

    # --- the run buttons -------------------------------------------------------------------------
    def start(self) -> None:
        self.parts.controls.flush_pending()  # a rate typed just before resumes with the run
        if not self.intents.resume():
            self.launch()

    def start_or_pause(self) -> None:
        self.toggle_pause() if self.parts.session.active else self.launch()

    def toggle_pause(self) -> None:
        self.parts.controls.flush_pending()  # settings changed while paused apply from the next step
        self.intents.toggle_pause()

    def step(self) -> None:
        if not self.intents.step():
            self.launch(paused=True)

    def reset(self) -> None:
        if not self.parts.checkpoints.ask_before_discard(tr("starting over with new random weights")):
            return
        seed, taken = self.intents.reset()
        if taken:
            return
        self.new_random_model()
        self.parts.status.show_start()
        self.banner.show_message(tr("New random weights (seed {seed}).").format(seed=seed), "info", auto_hide_ms=4000)

    def settings(self) -> dict:
        """The sidebar's run settings (what Start trains with, before the command line's and the lesson's)."""
        c = self.parts.controls
        return dict(net=c.spec, backend=c.backend, epochs=c.epochs, dataset=c.dataset, **c.hyperparameters())

    def make_config(self):
        return self.state.make_config(self.settings())

    def launch(
        self,
        paused: bool = False,
        dataset=None,
        initial_weights: dict | None = None,
        label: str = "",
        config_changes: dict | None = None,
    ) -> bool:
        """A new run with the controls' settings (``config_changes`` on top), from ``initial_weights``
        (default: the loaded checkpoint's, or fresh ones) on ``dataset`` (default: the one loaded)."""
        p, state = self.parts, self.state
        p.controls.flush_pending()
        try:
            run = self.intents.prepare_launch(self.settings(), dataset, initial_weights, config_changes)
            if run.continued_classes:
                label = label or tr("Learning our {count} classes further").format(count=run.continued_classes)
            self.intents.launch(
                run.config,
                run.dataset,
                state.shown_input(),
                paused=paused,
                initial_weights=run.initial_weights,
                resume_for=p.checkpoints.resume_for,
                autosave=p.checkpoints.autosave_plan,
                label=label,
            )
        except NoDataSet:
            self.banner.show_message(
                tr("No data set is loaded: choose one that is installed, or start with --data DIR."), "error"
            )
            return False
        except class_training.NotEnoughDrawings as exc:  # (its words say what to do)
            self.banner.show_message(in_language(exc.args[0], tr), "warning")
            return False
        except ValueError as exc:
            self.banner.show_message(tr("Cannot start: {exc}").format(exc=exc), "error")
            return False
        config, dataset = run.config, run.dataset
        self.start_over()
        self.show_classes_of(dataset)
        names = state.run.class_names
        if names:  # a net of the class's own classes: the sidebar shows the run's network (Reset rebuilds it)
            p.controls.set_network(config.net, emit=False, class_outputs=len(names))
        registry.tell(p.panels, observed.PLANNED, run.planned_epochs)
        info = self.intents.starting()
        note = " and compiling kernels" if info.compiles else ""
        self.starting_text = f"starting (loading data{note})…"
        p.status.show(state=self.starting_text, backend=f"backend {config.backend}")
        if p.session.waiting:  # a stopped run's thread is still in its last step: this run starts after it
            p.status.show(state=WAITING)
        if self.banner.isVisible() and self.banner.kind != "error":
            self.banner.hide()
        self.update_buttons()
        p.live_view.timer.start()
        return True

    def stop_run(self, reason: str = "", wait: bool = False) -> None:
        """Stop the active run without its final full evaluation."""
        p = self.parts
        if not self.intents.stop(wait):
            return
        p.live_view.timer.stop()
        p.workspace.busy.stop()
        p.status.show(state=RunPhase.STOPPED.value)
        p.status.show_stopped()
        if reason:
            self.banner.show_message(reason, "info", auto_hide_ms=8000)
        self.update_buttons()

    # --- live changes from the controls -----------------------------------------------------------
    def on_hyperparameters(self, changes: dict) -> None:
        self.intents.change_hyperparameters(changes)

    def on_backend(self, name: str) -> None:
        self.parts.status.show(backend=f"backend {name}")
        self.intents.switch_backend(name)

    def on_network(self, _spec: str) -> None:
        self.stop_run(tr("The network changed, so the run was stopped. Press Start to train the new network."))
        self.new_random_model()

    def load_dataset(self, name: str) -> bool:
        error = self.intents.load_dataset(name)
        if error is not None:  # DatasetError, OSError: tell the user, keep going
            self.banner.show_message(tr("Cannot load the {name} data set: {exc}").format(name=name, exc=error), "error")
        return error is None

    def on_dataset(self, name: str) -> None:
        self.stop_run(tr("The data set changed, so the run was stopped. Press Start to train on it."))
        if self.load_dataset(name):
            self.banner.hide()
        # (the curves forget the old data set's run: they observe the data set)
        self.parts.live_view.show_local()
        self.update_buttons()

    def on_dataset_folder(self, folder: str) -> None:
        self.state.set_data_dir(folder)
        self.on_dataset(self.parts.controls.dataset)

    def show_dataset(self, dataset) -> None:
        """The state's data set changed: the panels that show it, the sidebar's note, the buttons."""
        p = self.parts
        registry.tell(p.panels, observed.DATASET, dataset)
        if dataset is not None:
            p.live_view.show_test_image()
        self.describe_data()
        self.update_buttons()

    def show_classes_of(self, dataset) -> None:
        """The panels that name the classes (the Draw panel's bars and its "not sure", the confusion matrix) name
        those of the run launched on ``dataset``: the class's own classes for a run on the class canvas's drawings,
        the loaded data set's again after one."""
        own = own_classes(dataset.class_names)
        if own or self._own_classes_shown:  # "not sure" calibrates on the images the run learns
            registry.tell(self.parts.panels, observed.CLASSES, dataset.class_names, dataset)
        self._own_classes_shown = own

    def describe_data(self, *_changed) -> None:
        """The sidebar says so whenever training (or testing) uses fewer images than the data set has."""
        state = self.state
        self.parts.controls.set_data_note(
            ""
            if state.dataset is None
            else data_note(
                state.train_samples, len(state.dataset.train_labels), state.test_samples, len(state.dataset.test_labels)
            )
        )

    # --- the session's news ----------------------------------------------------------------------
    def on_run_ended(self, result, final_weights) -> None:
        p, state, local = self.parts, self.state, self.state.local
        p.live_view.timer.stop()
        p.workspace.busy.stop()
        p.status.show_stopped()
        # (the final weights' view: the live view observes the weights event, computed here)
        error = self.intents.ended(result, final_weights)
        if error is not None:
            self.banner.show_message(tr("Could not copy the final weights: {exc}").format(exc=error), "error")
        if final_weights is None:
            p.live_view.show_local()  # the last snapshot's weights' view, computed here
        self._record_final_frame()
        registry.tell(p.panels, observed.MODEL, local.model)
        drawings = p.panels.drawings
        label = state.take_label()
        if label:
            ours = "–" if drawings.accuracy is None else percent(drawings.accuracy, 0)
            self.banner.show_message(
                tr("{label} finished. Our drawings: {ours} (see the Class drawings tab).").format(
                    label=label, ours=ours
                ),
                "info",
                auto_hide_ms=15000,
            )
        self.update_buttons()

    def _record_final_frame(self) -> None:
        """The time-lapse's last frame: the final weights (the last evaluation had no snapshot)."""
        snapshot = self.parts.live_view.last_snapshot
        frame = self.intents.final_frame(have_view=snapshot is not None)
        if frame is None:
            return
        step, epoch, accuracy = frame
        registry.tell(self.parts.panels, observed.FINAL_FRAME, replace(snapshot, step=step, epoch=epoch), accuracy)

    def on_run_failed(self, message: str, details: str) -> None:
        self.intents.failed()
        self.parts.workspace.busy.stop()
        self.parts.status.show(state="stopped by an error")
        self.parts.status.show_stopped()
        self.banner.show_message(
            tr(
                "Training stopped by an error: {message}. The app is still running; change a setting and press "
                "Start to try again."
            ).format(message=message),
            "error",
            details,
        )

    def share_cores(self, *_changed) -> None:
        """The window's own work beside a training run takes little of the cores: its NumPy work (predictions,
        analyses) on one BLAS thread while a backend other than the NumPy reference trains, on all the
        process started with otherwise (OpenBLAS' pool threads spin ~100 ms after each call, taken from the
        training workers), and the "not sure" calibrations at most a small share of a core while training
        (docs/performance.md)."""
        registry.tell(self.parts.panels, observed.RUNNING, self.intents.share_cores())

    def backend_switched(self, name: str) -> None:
        registry.tell(self.parts.panels, observed.RUNNING, self.intents.backend_switched(name))

    def update_buttons(self, *_changed) -> None:
        buttons = self.intents.buttons()
        self.parts.controls.show_run(active=buttons.active, paused=buttons.paused, has_data=buttons.has_data)
