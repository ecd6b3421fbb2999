"""Lesson presets in the app: a classroom set-up (network, settings) and its instructions.

Loading a lesson asks first when a run would be stopped (``LessonParts.confirm_discard``), notes what
was in force (:class:`Before`), sets the network and the settings, and shows the lesson's text and
steps in a strip above the panels (:class:`~.lesson_strip.LessonStrip`), where they stay while the
class works. Closing the strip closes the lesson and puts back what it changed (asking once, when its
run would be lost, what becomes of it: ``LessonParts.close_question``). The lesson's view (presenter
mode, only its panels) is a suggestion the strip offers, never forced. Lesson files come from outside:
every text is shown as plain text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QWidget

from ..app import comparison
from ..app.comparison import KeptRun
from ..app.run import Run
from ..classroom import lessons as lesson_presets
from .dialog_folders import DialogFolder
from .language import sentences, tr
from .lesson_strip import LessonStrip
from .panels import registry
from .questions import LessonClosing

if TYPE_CHECKING:
    from ..app.state import AppState
    from .checkpoints import Checkpoints
    from .layout import Workspace
    from .panels.controls import ControlsPanel
    from .run_control import RunControl
    from .session import TrainingSession
    from .status import StatusFields


@dataclass(frozen=True)
class Before:
    """What was in force before a lesson changed it (no Qt): closing the lesson puts it back."""

    controls: dict
    """The sidebar's settings (:meth:`ControlsPanel.settings`): network, backend, optimiser, length; and
    ``class_outputs`` (:attr:`ControlsPanel.class_outputs`: a net of the class's own classes, put back as theirs)."""
    lesson_overrides: dict
    """Trainer settings on top (the training images used, the evaluation's size)."""
    test_samples: int | None
    views: frozenset[str]
    presenter: bool
    run: Run | None = None
    """The run set aside (:meth:`AppState.set_run_aside <cnnviz.app.state.AppState.set_run_aside>`): its
    weights, settings, curves and figures come back with it."""
    kept: KeptRun | None = None
    """The run kept for comparison then (None: none)."""
    tab: str | None = None
    """The tab open then."""


@dataclass
class LessonParts:
    """What :class:`Lessons` works with: the state it changes, the parts that carry out and show the change,
    and the window's three questions and acts (it is given these, not the window)."""

    state: AppState
    """The lesson's data (training and test images), the views shown, presenter mode, the run set aside."""
    controls: ControlsPanel
    """The network and settings a lesson sets and closing puts back."""
    runs: RunControl
    """Stops the run a lesson replaces, makes the lesson network's random weights, puts the run back."""
    session: TrainingSession
    status: StatusFields
    workspace: Workspace
    """Where the strip goes, and its banner; the tab open."""
    confirm_discard: Callable[[str], bool]
    """Ask before ``action`` stops the run or loses an unsaved model; True to go ahead."""
    set_presenter: Callable[..., None]
    """``set_presenter(on, full_screen=...)``."""
    leave_text_field: Callable[[], None]
    dialog_parent: QWidget | None = None
    open_question: Callable[[str], bool] | None = None
    """The one question before a lesson (its title given) opens over the run, which it sets aside
    (:meth:`RunQuestions.confirm_lesson_over_run`; True to go ahead); None: ``confirm_discard`` is asked instead."""
    close_question: Callable[[bool], LessonClosing | None] | None = None
    """The one question before a lesson closes (:meth:`RunQuestions.ask_closing_lesson`: given whether its run
    can be kept to compare; None: the lesson stays); None: ``confirm_discard`` is asked instead."""
    checkpoints: Checkpoints | None = None
    """Counts the runs launched; forgets the autosave of a lesson's run once its closing is answered."""


class Lessons:
    def __init__(self, parts: LessonParts):
        self.parts = parts
        self.banner = parts.workspace.banner
        self.open_folder = DialogFolder()
        self.problem = ""
        """Why the bundled presets could not be read (a broken installation: the app still runs)."""
        try:
            self.presets = lesson_presets.bundled_lessons()
        except Exception as exc:
            self.presets = []
            self.problem = str(exc)
        self.current = None
        """The lesson open (its strip on screen); None when there is none."""
        self.before: Before | None = None
        """The settings, panels and mode before the first lesson opened (kept across lessons opened in a row)."""
        self.launches_before: int | None = None
        """The window's run launches when the first lesson opened (its runs are the lesson's from then)."""
        self.before_view: tuple[set[str], bool] | None = None
        """(visible views, presenter mode) before the lesson's view was taken: restored when it is left."""
        self.strip = LessonStrip()
        self.strip.view_button.toggled.connect(self._on_view_button)
        self.strip.close_button.clicked.connect(lambda: self.close())
        self.strip.page_shown.connect(self.bring_up_step)
        self.banner.shown.connect(self.strip.give_way)
        self.strip.wants_room.connect(self._step_over_message)
        self.strip.give_way(not self.banner.isHidden())
        parts.workspace.add_strip(self.strip)

    @property
    def view_on(self) -> bool:
        return self.before_view is not None

    def snapshot(self) -> Before:
        """What is in force now, the run set aside with it (call it once the run has stopped)."""
        p = self.parts
        return Before(
            {**p.controls.settings(), "class_outputs": p.controls.class_outputs},
            dict(p.state.lesson_overrides),
            p.state.test_samples,
            frozenset(p.state.visible_views),
            p.state.presenter,
            p.state.set_run_aside(),
            p.state.kept,
            p.workspace.current_tab(),
        )

    def apply(self, preset, ask: bool = True) -> bool:
        """Network, settings and instructions of a lesson; False when the user kept the run instead.
        The panels and the mode stay (presenter mode stays on); with the lesson view on, the new
        lesson's panels are shown."""
        p = self.parts
        title = tr(preset.title)
        if ask:
            if self.before is None and p.open_question is not None:
                go_ahead = p.open_question(title)  # (the run is set aside: closing the lesson gives it back)
            else:
                go_ahead = p.confirm_discard(tr("load the lesson “{title}”").format(title=title))
            if not go_ahead:
                return False
        if p.session.active:
            p.runs.stop_run(wait=True)
        if ask:
            p.state.answered_unsaved()  # saved or discarded: answered once, never asked again (at quit)
        if self.before is None:
            self.before = self.snapshot()
            self.launches_before = p.checkpoints.launches if p.checkpoints is not None else None
        notes = p.controls.apply(preset)
        p.status.show(backend=f"backend {p.controls.backend}")
        p.state.set_lesson_data(preset.train_samples, preset.test_samples)
        p.runs.new_random_model()
        self.current = preset
        view_on = self.view_on
        self.strip.show_lesson(preset, notes)
        self._set_view_button(view_on)
        if view_on:
            p.state.set_visible_views(preset.visible_panels)
        if notes:
            self.banner.show_message(sentences(notes), "warning")
        elif self.banner.isVisible() and self.banner.kind != "error":
            self.banner.hide()
        p.leave_text_field()
        return True

    def close(self, ask: bool = True, model_loaded: bool = False) -> bool:
        """Close the lesson: the run, settings, tab, panels and mode from before it come back (the run
        with its weights, curves, figures and comparison). ``model_loaded``: a model replaces the
        lesson's, so its network stays, and so do the mode and the panels (but the lesson's view).
        False when the user kept the lesson (its run going on, or its trained model unsaved)."""
        p, before = self.parts, self.before
        if self.current is None and before is None:
            self.strip.hide()
            return True
        closing = LessonClosing()
        if ask and not model_loaded:
            closing = self._ask_closing()
            if closing is None:
                return False
        if p.session.active:
            p.runs.stop_run(wait=True)
        if closing.save is not None and not closing.save():
            return False  # (why, in the banner) the lesson and its stopped run stay: nothing is lost
        if self.launches_before is not None and p.checkpoints.launches > self.launches_before:
            # The autosave holds the lesson's run, answered for (kept, saved, discarded or nothing to lose): never
            # offered as "Restore an autosaved run?" (the run from before the lesson keeps its own if untouched).
            p.checkpoints.forget_autosave()
        kept = self._lessons_run_kept() if closing.keep else None
        if self.view_on:
            self.use_lesson_view(False, full_screen=False, mode=not model_loaded)
        if before is not None:
            p.controls.restore(before.controls)
            p.status.show(backend=f"backend {p.controls.backend}")
            p.state.restore_lesson_data(before.lesson_overrides, before.test_samples)
            if not model_loaded:
                if before.run is not None:
                    p.runs.put_back(before.run)
                else:
                    p.runs.new_random_model()
                if kept is not None:
                    p.state.keep_for_comparison(kept)
                elif before.kept is not p.state.kept:
                    p.state.keep_for_comparison(before.kept)
                if before.tab is not None:
                    p.workspace.show_tab(before.tab)
            if not model_loaded and set(before.views) != p.state.visible_views:
                p.state.set_visible_views(before.views)
            if not model_loaded and before.presenter != p.state.presenter:
                p.set_presenter(before.presenter, full_screen=before.presenter)
        self.current = self.before = self.launches_before = None
        self.strip.hide()
        p.workspace.show_run_buttons()  # (the sidebar left scrolled down to a setting: Start off screen)
        if self.banner.isVisible() and self.banner.kind != "error":
            self.banner.hide()  # (a warning about the lesson's run, "Training diverged", is the lesson's)
        if kept is not None:
            self.banner.show_message(
                tr("Kept the lesson's run for comparison (grey, dashed); the run from before the lesson is back."),
                "info",
                auto_hide_ms=10000,
            )
        return True

    def _ask_closing(self) -> LessonClosing | None:
        """The one question before the lesson closes (what becomes of its run); None: the lesson stays."""
        p = self.parts
        can_keep = bool(comparison.curves_of(p.state.run))
        if p.close_question is not None:
            return p.close_question(can_keep)
        return LessonClosing() if p.confirm_discard(tr("close the lesson")) else None

    def _lessons_run_kept(self) -> KeptRun | None:
        """The lesson's run (stopped) as a run kept for comparison; None when it has nothing to compare."""
        p = self.parts
        local = p.state.local
        sidebar = {**p.controls.settings(), "dataset": p.controls.dataset}
        try:
            return comparison.keep(
                p.state.run,
                comparison.settings_now(p.state, sidebar),
                local.spec or "",
                local.weights() if local.model is not None else None,
            )
        except ValueError:
            return None

    def _set_view_button(self, on: bool) -> None:
        button = self.strip.view_button
        button.blockSignals(True)
        button.setChecked(bool(on))
        button.blockSignals(False)

    def _on_view_button(self, on: bool) -> None:
        """The button answers at once (disabled, "Applying…", a busy cursor) and takes no second click
        while the view changes (1-2 s for presenter mode's restyle on a slow machine)."""
        button = self.strip.view_button
        text = button.text()
        button.setEnabled(False)
        button.setText(tr("Applying…"))
        button.repaint()
        QApplication.setOverrideCursor(Qt.WaitCursor)
        try:
            self.use_lesson_view(on)
        finally:
            QApplication.restoreOverrideCursor()
            QApplication.processEvents()  # clicks made meanwhile reach the disabled button, which drops them
            button.setText(text)
            button.setEnabled(True)

    def use_lesson_view(self, on: bool, full_screen: bool = True, mode: bool = True) -> None:
        """The lesson's suggested view (presenter mode, only its panels), or back to the one before
        (``mode`` False: the panels only, presenter mode is being left anyway)."""
        p, preset = self.parts, self.current
        self._set_view_button(bool(on and preset))
        if on and preset is not None:
            if self.before_view is None:
                self.before_view = (set(p.state.visible_views), p.state.presenter)
            p.state.set_visible_views(preset.visible_panels)
            p.set_presenter(preset.presenter or p.state.presenter, full_screen=full_screen)
        elif not on and self.before_view is not None:
            views, presenter = self.before_view
            self.before_view = None
            p.state.set_visible_views(views)
            if mode:
                p.set_presenter(presenter, full_screen=full_screen)

    def bring_up_step(self, page: int) -> None:
        """Step ``page`` is on screen: the panel it sends the class to comes up (its tab opens), in whichever
        view is in force, when that view shows it; a panel the view hides stays hidden, a panel beside the
        tabs (the right column) is on screen already. The lesson's steps say which (``"show"``), and which of its
        parts (``"part"``)."""
        p, preset = self.parts, self.current
        step = page - self.strip.first_step
        if preset is None or step < 0:
            return  # (the description)
        view = preset.view_of_step(step)
        key = registry.panel_of_view(view) if view else None
        if key is None or view not in p.state.visible_views:
            return
        tab = p.workspace.tab_key_of(key)
        beside = registry.BY_KEY[key].place == registry.RIGHT and tab == registry.TRAINING  # (whichever tab is open)
        if not beside and p.workspace.current_tab() != tab:
            p.workspace.show_tab(tab)
        part = preset.part_of_step(step)
        if part is not None:
            # The part the step talks about (Statistics' "Gradient norm" where it shows one plot at a time), once
            # its panel is on screen: chosen before, the plots' tab bar showed over the panel's title.
            p.workspace.panels[key].show_part(part)

    def _step_over_message(self) -> None:
        """The teacher turned to another step while the message above the panels had the strip's room (presenter
        mode): the message was read, the new step is the news now; it gives way (an error stays, over the text)."""
        if self.banner.kind != "error":
            self.banner.hide()

    def next_step(self) -> None:
        """PgDown: the lesson's next step (when a lesson is on screen)."""
        if self.strip.isVisible():
            self.strip.set_page(self.strip.page + 1)

    def previous_step(self) -> None:
        if self.strip.isVisible():
            self.strip.set_page(self.strip.page - 1)

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.parts.dialog_parent,
            tr("Open a lesson preset"),
            self.open_folder.start(),
            tr("Lesson preset") + " (*.json)",
        )
        if path:
            self.open_folder.chose(path)
            self.open_file(path)

    def open_file(self, path: str) -> bool:
        """Open a lesson preset file (the dialog's choice, or File > Open recent)."""
        try:
            preset = lesson_presets.load_lesson(path)
        except Exception as exc:
            self.banner.show_message(tr("Cannot use this lesson file: {exc}").format(exc=exc), "error")
            return False
        from . import window_memory

        window_memory.add_recent("lesson", path)
        return self.apply(preset)
