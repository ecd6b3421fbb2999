"""Saving and loading the model, asking before a trained model is thrown away, the autosave's offer.

- :meth:`Checkpoints.save`: while a run is going on, its trainer's own host state is
  written between two steps by the training thread (:meth:`TrainingSession.save`);
  otherwise the window's copy of the weights, at once.
- :meth:`Checkpoints.load`: the file is read and checked by a background job
  (:mod:`.jobs`); only a model that loaded completely replaces the current one.
- :meth:`Checkpoints.ask_before_discard`: Save / Discard / Cancel when the weights
  trained since the last save would be lost (closing, Reset, a checkpoint or a
  lesson replacing them).
- :meth:`Checkpoints.offer_restore`: on start, the autosaves of apps that have
  ended (:mod:`.autosave`: one per app instance), newest first.

Under tests and in the unattended modes nobody answers dialogs: ``auto_answer``
("save", "discard" or "cancel"; for the restore offer "yes" restores, "delete" discards, anything else
is "later") and
``auto_save_path`` answer them instead.
"""

from __future__ import annotations

import traceback
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from ..app import autosave, comparison
from ..app.class_training import own_classes
from ..app.events import Event
from ..nn import checkpoint
from ..train.resume import Resume
from ..translatable import N_, in_language
from . import restore_question, window_memory
from .checkpoint_reading import Loaded, read_checkpoint
from .jobs import Job, run_in_background
from .language import ALL_FILES, file_filter, grouped, number, sentences, tr
from .wrapped_label import WrappedMessageBox

MODEL_FILES = (N_("cnnviz checkpoint"), "*.npz")


class Checkpoints:
    auto_answer: str | None = None
    """Answers every dialog when set (tests, unattended modes): save, discard, cancel; yes or no."""
    auto_save_path: str | None = None
    """The file a "save" answer saves to when ``auto_answer`` is set."""

    def __init__(self, state, controls, banner, session, status_bar, window, close_lesson):
        """Given the app state, the sidebar (the settings a save keeps and a load puts back), the banner, the
        training session (it writes saves), the status bar's message line, the window (a widget: the
        dialogs' parent, shown again when a save on closing failed) and ``close_lesson()`` (a loaded model
        ends the lesson in force). The run control observes :attr:`replacing` and :attr:`loaded` (it stops
        the run a load replaces and starts the panels over): it is made after these, with them."""
        self.state, self.controls, self.banner, self.session = state, controls, banner, session
        self.status_bar, self.window, self.close_lesson = status_bar, window, close_lesson
        self.replacing = Event("replacing")
        """A loaded model is about to replace the run's (the run stops)."""
        self.loaded = Event("loaded")
        """(a :class:`Loaded`) It replaced the NumPy copy of the model: what shows the weights starts over."""
        self.load_job: Job | None = None
        self.last_folder: Path | None = None
        """The folder of the last model saved or loaded through a dialog (the next dialog opens there)."""
        self.autosave_instance: autosave.Instance | None = self._autosave_instance()
        """This window's own autosave file, locked while the app runs (None: no user data folder)."""
        self.autosave_path: Path | None = self.autosave_instance.path if self.autosave_instance else None
        """Where runs autosave; None: they do not."""
        self.launches = 0
        """How many runs this window has launched (each autosaves to the same file): a lesson's run wrote the
        autosave when this grew while the lesson was open."""
        self._forget = False
        """The run the autosave holds was answered for (discarded, kept, saved): never offered again, even when its
        last autosave is written after the answer (a run stopped by the answer writes one as it ends)."""
        self._loaded_run: tuple[dict, Resume] | None = None
        """(weights, where their run was) of the last checkpoint loaded that says so."""
        session.saved.connect(self._on_saved)
        # The run's autosaves say what it trains with now and carry its curves (a restore draws them).
        for event in (state.events.settings, state.events.evaluated):
            event.connect(lambda *_changed: session.set_autosave_meta(self.autosave_meta()))

    def leave_autosave(self) -> None:
        """The window closes (its run has stopped): its autosave stays, offered at the next start, unless the
        weights it would give back were saved to a file and not trained since."""
        instance, self.autosave_instance, self.autosave_path = self.autosave_instance, None, None
        if instance is None:
            return
        if self.state.run.in_a_file or self._forget:
            instance.discard()
        else:
            instance.release()

    @staticmethod
    def _autosave_instance() -> autosave.Instance | None:
        try:
            return autosave.Instance()
        except Exception:  # noqa: BLE001 - no platformdirs, no home folder, read-only: no autosave, the app runs
            return None

    def meta(self) -> dict:
        """What a save says besides the weights: the data, the backend and the optimiser settings the run
        trained with (the app model's record, never the sidebar's settings for a run not yet started; the
        sidebar's only for weights no run trained), which a load puts back in the sidebar."""
        controls = self.controls
        sidebar = {
            "dataset": controls.dataset,
            "backend": controls.backend,
            "epochs": controls.epochs,
            **controls.hyperparameters(),
        }
        trained = self.state.run.trained_with()
        meta = {key: trained.get(key, value) for key, value in sidebar.items()}
        if self.state.run.class_names:  # a net of the class's own classes: predict and a load name them
            meta["class_names"] = list(self.state.run.class_names)
        return meta

    def history(self) -> dict:
        """The run's curves, thinned, and its last per-layer timing, for a saved model to carry (it can then be
        compared with: empty when nothing was trained)."""
        return comparison.run_meta(self.state.run)

    # --- where the dialogs open ---------------------------------------------------------------------
    def dialog_folder(self) -> str:
        """The folder the last Save or Load dialog used, else the models folder (where ``cnnviz train``
        saves; made if missing), else the working folder."""
        if self.last_folder is not None and self.last_folder.is_dir():
            return str(self.last_folder)
        try:
            folder = checkpoint.default_models_dir()
            folder.mkdir(parents=True, exist_ok=True)
            return str(folder)
        except Exception:  # noqa: BLE001 - no platformdirs, no home folder, read-only: the working folder
            return ""

    def _suggested_name(self) -> str:
        try:
            return checkpoint.default_model_path(self.controls.spec).name
        except Exception:  # noqa: BLE001 - only a suggestion
            return "cnnviz-model.npz"

    def _ask_path(self, save: bool) -> str:
        """A Save or Load dialog, opening in :meth:`dialog_folder`; the folder chosen is remembered."""
        folder = self.dialog_folder()
        if save:
            start = str(Path(folder) / self._suggested_name()) if folder else self._suggested_name()
            path, _ = QFileDialog.getSaveFileName(self.window, tr("Save model"), start, file_filter(MODEL_FILES))
            path = path if not path or path.endswith(".npz") else path + ".npz"
        else:
            path, _ = QFileDialog.getOpenFileName(
                self.window, tr("Load model"), folder, file_filter(MODEL_FILES, ALL_FILES)
            )
        if path:
            self.last_folder = Path(path).parent
        return path

    def autosave_plan(self) -> autosave.Plan | None:
        """How the next run autosaves (the window passes it to the session)."""
        self.launches += 1
        self._forget = False  # a new run: its autosaves are offered again
        if self.autosave_path is None:
            return None
        return autosave.Plan(self.autosave_path, autosave.EVERY_S, self.autosave_meta())

    def forget_autosave(self) -> None:
        """The run the autosave holds is answered for (discarded, kept to compare or saved on purpose): it is not
        offered as "Restore an autosaved run?" at the next start (after "Keep it to compare" it was). The file goes
        now, and again if the stopped run writes its last autosave after this."""
        self._forget = True
        if self.autosave_instance is not None and not self.session.active:
            self.autosave_instance.forget()

    def autosave_meta(self) -> dict:
        """What the run's autosaves say besides its state: its settings and its curves so far."""
        return {**self.meta(), **self.history()}

    # --- saving ---------------------------------------------------------------------------------
    def save(self, path: str) -> bool:
        """Save the model to ``path``: True when it was saved, or (a run going on) will be between two steps."""
        state, banner, local = self.state, self.banner, self.state.local
        if local.model is None:
            banner.show_message(tr("There is no model to save yet."), "error")
            return False
        meta = {**self.meta(), **self.history()}
        if self.session.save(path, meta):
            state.saved(None)  # unsaved again if the write fails (and by the next step)
            self.status_bar.showMessage(tr("Saving the model to {path}…").format(path=path), 4000)
            return True
        try:
            checkpoint.save(path, local.spec, local.weights(), {**meta, **state.run.figures()})
        except Exception as exc:  # CheckpointError, OSError
            banner.show_message(tr("Could not save the model: {exc}").format(exc=exc), "error", traceback.format_exc())
            return False
        state.saved(path)
        banner.show_message(
            tr("Saved the weights of step {step} to {path}").format(step=local.step, path=path),
            "info",
            auto_hide_ms=6000,
        )
        return True

    def _on_saved(self, result) -> None:
        banner, session = self.banner, self.session
        request = result.request
        if request.autosave:
            if self._forget and not session.active:
                self.forget_autosave()  # the last autosave of a run answered for
                return
            if result.ok:
                self.status_bar.showMessage(tr("Autosaved the model (step {step:,})").format(step=result.step), 4000)
            else:
                banner.show_message(
                    tr("Could not autosave the model to {path}: {error}").format(path=request.path, error=result.error),
                    "warning",
                    result.details,
                )
            return
        if result.ok:
            self.state.saved(request.path)
            banner.show_message(
                tr("Saved the weights of step {step} to {path}").format(step=result.step, path=request.path),
                "info",
                auto_hide_ms=6000,
            )
            return
        self.state.save_failed()
        banner.show_message(tr("Could not save the model: {error}").format(error=result.error), "error", result.details)
        if session.closing:  # the save asked for on closing failed: stay open, nothing lost
            session.cancel_close()
            self.window.show()

    def save_dialog(self) -> None:
        path = self._ask_path(save=True)
        if path:
            self.save(path)

    # --- before the trained weights are replaced -------------------------------------------------
    def would_ask(self) -> bool:
        """:meth:`ask_before_discard` would ask (steps trained since the last save)."""
        return bool(self.state.run.unsaved) and self.state.local.model is not None

    def ask_before_discard(self, what: str | None = None) -> bool:
        """Ask Save / Discard / Cancel when steps were trained since the last save; True to go on
        (saved, or discarded), False when the user cancelled or the save could not be made.
        ``what`` finishes "Save it before ...?" (closing, starting over, loading ...), in the GUI's language
        (``tr("closing")`` when None)."""
        if not self.would_ask():
            return True
        answer = self._ask_save_discard_cancel(tr("closing") if what is None else what)
        if answer == "discard":
            if not self.auto_answer:  # a person's answer (not a signal's quit, not an unattended mode's)
                self.forget_autosave()
            return True
        if answer != "save":
            return False
        path = self.choose_save_path()
        return bool(path) and self.save(path)

    def choose_save_path(self) -> str:
        """Where to save the trained model: the user's choice in the save dialog (empty: cancelled), or
        :attr:`auto_save_path` when the dialogs are answered automatically."""
        return (self.auto_save_path or "") if self.auto_answer else self._save_path()

    def _describe_unsaved(self) -> str:
        run = self.state.run
        step = run.last_step.step if run.last_step is not None else self.state.local.step
        if run.last_eval is None:
            if step == 1:  # (one S press: "trained for 1 steps" was said)
                return tr("The model was trained for one step and is not saved.")
            return tr("The model was trained for {step} steps and is not saved.").format(step=f"{grouped(step):,}")
        accuracy = f"{number(100 * run.last_eval.test_accuracy):.1f}"
        if step == 1:
            return tr("The model was trained for one step, {accuracy}% on the test images, and is not saved.").format(
                accuracy=accuracy
            )
        return tr("The model was trained for {step} steps, {accuracy}% on the test images, and is not saved.").format(
            step=f"{grouped(step):,}", accuracy=accuracy
        )

    def _ask_save_discard_cancel(self, what: str) -> str:
        if self.auto_answer:
            return self.auto_answer
        box = WrappedMessageBox(
            QMessageBox.Question,
            tr("Save the trained model?"),
            tr("{describe_unsaved}\nSave it before {what}?").format(
                describe_unsaved=self._describe_unsaved(), what=what
            ),
            QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel,
            self.window,
        )
        box.setDefaultButton(QMessageBox.Save)
        box.setInformativeText(tr("Discard deletes it, its autosave too."))
        answer = box.exec()
        box.deleteLater()  # a child of the window: else every question asked stays with it
        return {QMessageBox.Save: "save", QMessageBox.Discard: "discard"}.get(answer, "cancel")

    def _save_path(self) -> str:
        return self._ask_path(save=True)

    # --- loading --------------------------------------------------------------------------------
    def load(self, path: str, message: str = "") -> Job:
        """Read ``path`` in the background; if it is a good checkpoint (and the trained weights may go),
        it replaces the model: Start then continues from it. Returns the job (tests wait for it)."""
        if self.load_job is not None:
            self.load_job.cancel()
        self.status_bar.showMessage(tr("Loading {name}…").format(name=Path(path).name), 4000)
        job = run_in_background(read_checkpoint, path)
        job.succeeded.connect(lambda loaded: self._apply(loaded, message))
        job.succeeded.connect(lambda _loaded: window_memory.add_recent("model", path))  # File > Open recent
        job.failed.connect(
            lambda error, details: self.banner.show_message(
                tr("Could not load the model: {error}").format(error=error), "error", details
            )
        )
        self.load_job = job
        return job

    def _apply(self, loaded: Loaded, message: str = "") -> bool:
        controls, banner = self.controls, self.banner
        if not self.ask_before_discard(tr("loading {name}").format(name=loaded.path.name)):
            return False
        self.close_lesson()  # a lesson's settings never outlive it into a model
        self.replacing.emit()
        # The sidebar shows the loaded network, and Reset rebuilds it: a net of the class's own classes too (2 to 10
        # outputs, one per class; Start trains it further on the class's drawings: run_control.launch).
        own = own_classes(loaded.class_names or ())
        outputs = len(loaded.class_names) if own else None
        if not controls.set_network(loaded.spec, emit=False, class_outputs=outputs):  # never for a model that built
            banner.show_message(
                tr("Could not load the model: its network {spec!r} is not valid here").format(spec=loaded.spec), "error"
            )
            names = self.state.run.class_names
            controls.set_network(self.state.local.spec, emit=False, class_outputs=len(names) if names else None)
            return False
        controls.set_values(**loaded.settings)
        self.state.loaded_weights(loaded.model, loaded.step, loaded.weights, loaded.test_accuracy)
        self.loaded.emit(loaded)
        self.state.show_saved_history(loaded.history)  # its curves, as the file carries them
        self._loaded_run = (loaded.weights, loaded.resume) if loaded.resume is not None else None
        text = message or tr("Loaded {name} (network {spec}).").format(name=loaded.path.name, spec=loaded.spec)
        # (The second sentence stayed English in the Japanese window: seen on real X, session 38.)
        text = sentences([text, tr("Start continues training from these weights.")])
        if loaded.note:
            banner.show_message(sentences([text, tr("Note: {note}.").format(note=loaded.note)]), "warning")
        else:
            banner.show_message(text, "info", auto_hide_ms=8000)
        return True

    def resume_for(self, weights: dict | None) -> Resume | None:
        """Where the run that trained ``weights`` was, when they are a loaded checkpoint's that says so
        (:meth:`RunControl.launch <.run_control.RunControl.launch>` then continues that run: step, optimizer,
        schedule, data order)."""
        if weights is None or self._loaded_run is None or weights is not self._loaded_run[0]:
            return None
        return self._loaded_run[1]

    def load_dialog(self) -> None:
        path = self._ask_path(save=False)
        if path:
            self.load(path)

    # --- the autosaves of apps that have ended ---------------------------------------------------------
    def offer_restore(self) -> Job | None:
        """Offer the orphaned autosaves (their apps have ended; never a running app's) in one question: the
        newest few (:data:`~cnnviz.app.autosave.MAX_OFFERED`), newest first, with network, step, accuracy and
        time: Restore the one chosen (it becomes this window's model and autosave; the others stay for the next
        start), Discard all (the files listed are deleted) or Later (offered again at the next start). Older
        ones are only counted (never read nor held open) and deleted when the user leaves "delete the older
        autosaves" ticked. No file stays open for a run that is not restored. Returns the restore's load job,
        if one was chosen."""
        if self.autosave_path is None:
            return None
        folder, own = self.autosave_path.parent, self.autosave_path
        try:
            found = autosave.orphans(folder, own=own)
            older = (
                autosave.older_orphans(folder, own=own, offered=[o.offer.path for o in found])
                if len(found) >= autosave.MAX_OFFERED
                else []
            )
        except Exception:  # noqa: BLE001 - an unreadable folder: nothing to offer
            return None
        if not found:
            return None
        try:
            answer, index, clean_older = self._ask_restore(found, len(older))
        except BaseException:
            for orphan in found:
                orphan.leave()
            raise
        if clean_older:
            autosave.discard_paths(older)
        chosen = found[index] if answer == "restore" else None
        for orphan in found:
            if orphan is chosen:
                continue
            try:
                orphan.discard() if answer == "discard" else orphan.leave()
            except OSError as exc:
                orphan.leave()
                self.banner.show_message(
                    tr("Could not delete the autosave {path}: {exc}").format(path=orphan.offer.path, exc=exc), "warning"
                )
        return self._restore(chosen) if chosen is not None else None

    def _ask_restore(self, found: list, older: int) -> tuple[str, int, bool]:
        """(restore, discard or later; which of ``found`` to restore; whether to delete the ``older`` ones)."""
        if self.auto_answer:
            answer = {"yes": "restore", "save": "restore", "delete": "discard"}.get(self.auto_answer, "later")
            return answer, 0, answer == "discard"
        return restore_question.ask(self.window, found, older)

    def _restore(self, orphan: autosave.Orphan) -> Job:
        offer = orphan.offer
        message = tr("Restored the autosaved run ({run}, {when}).").format(
            run=offer.describe().text(tr), when=in_language(offer.when(), tr)
        )
        job = run_in_background(read_checkpoint, offer.path)

        def restored(loaded: Loaded) -> None:
            if not self._apply(loaded, message):
                orphan.leave()
                return
            try:
                if self.autosave_instance is not None:
                    orphan.adopt(self.autosave_instance)  # it stays on disk as this window's autosave
                else:
                    orphan.leave()
            except OSError:
                orphan.leave()

        def failed(error: str, details: str) -> None:
            orphan.leave()
            self.banner.show_message(
                tr("Could not restore the autosave {path}: {error}").format(path=offer.path, error=error),
                "error",
                details,
            )

        job.succeeded.connect(restored)
        job.failed.connect(failed)
        self.load_job = job
        return job
