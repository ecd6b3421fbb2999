"""The main window: it builds the parts and wires them to the app model; the parts do the work.

``state`` (:class:`cnnviz.app.state.AppState`, Qt-free) is the app model: the data set, the settings
in force, the views shown, the presenter flag and the run; the parts observe its events.
``session`` (:mod:`.session`) runs the Trainer on its own QThread and hands its events over at most
10 times a second; ``router`` (:mod:`.router`) feeds them to the run's history and to ``panels``
(built from :mod:`.panels.registry`, placed by :mod:`.layout`); ``controls``, the sidebar, is built from
the parts :mod:`.panels.sidebar` names; ``runs`` (:mod:`.run_control`)
starts, pauses, steps, resets and stops; ``live_view`` keeps the feature maps and kernels current;
``menus``, ``exports``, ``lessons``, ``checkpoints`` and ``pad`` (the drawing pad) are what their
names say.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QMenuBar, QStatusBar

from ..app.state import AppState
from ..backends import registry as backends
from ..classroom.drawings import DrawingStore
from ..train import heap
from . import accessibility, focus_rings, language, presenter, shortcuts, tab_order, theme, window_memory, zoom
from .checkpoints import Checkpoints
from .class_canvas import ClassCanvasWindow
from .comparison import Comparison
from .drawing_pad import DrawingPad
from .exports import Exports
from .help_menu import HelpMenu
from .language import tr
from .layout import Workspace, initial_geometry
from .lessons import LessonParts, Lessons
from .live_view import LiveView
from .menus import Menus
from .panels import registry, sidebar
from .panels.observed import OWN_INPUT
from .questions import RunQuestions
from .router import EventRouter
from .run_control import RunControl, RunParts
from .session import TrainingSession
from .status import StatusFields

HEAP_CHECK_MS = 5000
"""How often the window asks whether malloc keeps much freed memory (one ``mallinfo2``: microseconds)."""


class MainWindow(QMainWindow):
    def __init__(
        self,
        net: str = "tiny",
        backend: str | None = None,
        dataset: str = "mnist",
        data_dir: str | None = None,
        config_overrides: dict | None = None,
        drawings_dir: str | None = None,
        zoom_level: int | None = None,
    ):
        super().__init__()
        # The zoom first: the panels are built with its sizes. None: the level stored by the last session.
        self.zoom_level = zoom.load() if zoom_level is None else (zoom.valid(zoom_level) or zoom.ACTUAL)
        theme.set_zoom(self.zoom_level / 100)
        self.setWindowTitle(tr("cnnviz — watch a CNN learn"))
        self.state = AppState(data_dir, config_overrides)
        """The app model (data set, settings in force, views, presenter flag, the run): the parts observe it."""
        self.screen_states = presenter.ScreenStates()
        self.controls = sidebar.create_sidebar(backends.available(), net=net, backend=backend, dataset=dataset)
        try:
            store = DrawingStore(drawings_dir)
        except Exception:  # no platformdirs / no home folder: a folder next to the working directory
            store = DrawingStore(Path("cnnviz-drawings"))
        self.panels = registry.create_panels(drawings={"store": store})
        self.workspace = Workspace(self.controls, self.panels, self)  # (parented first: see Workspace)
        self.banner = self.workspace.banner
        self.setCentralWidget(self.workspace)
        # Made here, not by Qt on first use: shiboken can mark the wrapper of a bar Qt made deleted while the
        # bar lives on (issue 33: the monkey test's status bar "already deleted"); one made in Python stays.
        self.setStatusBar(QStatusBar())
        self.setMenuBar(QMenuBar())
        self.status = StatusFields(self.statusBar())
        self.status.show(state="ready", backend=f"backend {self.controls.backend}")
        self.status.show_start()
        self.session = TrainingSession(self)
        self.live_view = LiveView(self.state, self.panels, self.session, self.banner, self)
        # Memory freed where no run ends (a fine-tune's data set, a background job's arrays, a finished run's
        # Trainer once collected) stayed with glibc: up to 130 MB under the monkey (issue 33). Given back
        # every few seconds, when much was freed (``heap.KeptMemory``: glibc only, nothing elsewhere).
        self.kept_memory = heap.KeptMemory()
        self.heap_timer = QTimer(self)
        self.heap_timer.setInterval(HEAP_CHECK_MS)
        self.heap_timer.timeout.connect(self.kept_memory.check)
        self.heap_timer.start()
        self.exports = Exports(self.state, self.controls, self.panels, self.banner, self)
        self.checkpoints = Checkpoints(
            self.state,
            self.controls,
            self.banner,
            self.session,
            self.statusBar(),
            self,
            close_lesson=lambda: self.lessons.close(ask=False, model_loaded=True),
        )
        self.runs = RunControl(
            RunParts(
                self.state,
                self.session,
                self.controls,
                self.panels,
                self.status,
                self.workspace,
                self.live_view,
                self.checkpoints,
            )
        )
        self.router = EventRouter(self.runs, self.statusBar(), self)
        self.questions = RunQuestions(self.state, self.session, self.checkpoints, self)
        self.pad = DrawingPad(self.state, self.panels, self.controls, self.banner, self.runs, self)
        self.comparison = Comparison(
            self.state, self.controls, self.panels, self.banner, self.checkpoints, dialog_parent=self
        )
        self.lessons = Lessons(
            LessonParts(
                self.state,
                self.controls,
                self.runs,
                self.session,
                self.status,
                self.workspace,
                self.confirm_discard,
                self.set_presenter,
                self.leave_text_field,
                dialog_parent=self,
                open_question=self.questions.confirm_lesson_over_run,
                close_question=self.questions.ask_closing_lesson,
                checkpoints=self.checkpoints,
            )
        )
        self.state.class_canvas.set_language(language.current())
        self.class_canvas = ClassCanvasWindow(self.state, self.panels, self.banner, self, self.runs, self.workspace)
        self.menus = Menus(
            self.menuBar(),
            self.state,
            self.panels,
            self.exports,
            self.checkpoints,
            self.lessons,
            {
                "quit": self.close,
                "presenter": self.switch_presenter,
                "full_screen": self.set_full_screen,
                "keys": self.show_keys,
                "open_image": self.pad.open_image_dialog,
                "keep": self.comparison.keep_current,
                "compare": self.comparison.compare_dialog,
                "stop_comparing": self.comparison.stop,
                "zoom_in": lambda: self.zoom_by(+1),
                "zoom_out": lambda: self.zoom_by(-1),
                "zoom_reset": lambda: self.zoom_by(0),
                "language": self.choose_language,
                "class_canvas": self.class_canvas.toggle,
            },
        )
        self.class_canvas_button = self.class_canvas.corner_button(self.menuBar())
        self.class_canvas.changed.connect(self.menus.show_class_canvas)
        self.help = HelpMenu(
            self,
            self.menus.file_menu,
            {
                "model": self.checkpoints.load,
                "lesson": self.lessons.open_file,
                "compared": self.comparison.compare_with_file,
            },
        )
        self._connect()
        self._observe()
        self.resize(1280, 720)
        self.runs.load_dataset(dataset)
        self.runs.new_random_model()
        self.runs.update_buttons()
        focus_rings.install_focus_rings(QApplication.instance())
        self.announcer = accessibility.install(self)  # screen-reader names and announcements
        self.set_zoom(self.zoom_level, remember=False)

    def _connect(self) -> None:
        c, p = self.controls, self.panels
        c.startRequested.connect(self.start)
        c.pauseRequested.connect(self.toggle_pause)
        c.stepRequested.connect(self.step)
        c.resetRequested.connect(self.reset)
        c.saveRequested.connect(self.checkpoints.save_dialog)
        c.loadRequested.connect(self.checkpoints.load_dialog)
        r = self.runs
        c.hyperparametersChanged.connect(r.on_hyperparameters)
        c.backendChanged.connect(r.on_backend)
        c.networkChanged.connect(r.on_network)
        c.datasetChanged.connect(r.on_dataset)
        c.datasetFolderChosen.connect(r.on_dataset_folder)
        s = self.session
        s.batchReady.connect(self.router.apply)
        s.ended.connect(lambda *_: self.router.refresh_curves())
        s.ended.connect(self.runs.on_run_ended)
        s.failed.connect(self.runs.on_run_failed)
        self.live_view.weightsCopied.connect(self.pad.reclassify)
        p.feature_maps.testImageChosen.connect(self.state.choose_test_image)
        p.feature_maps.drawingChosen.connect(self.state.choose_drawing)
        for spec in registry.PANELS:  # Why? and Fool: their own choice of input is asked of the model
            if OWN_INPUT in spec.observes:
                p[spec.key].inputChosen.connect(partial(self.state.choose_view_input, spec.key))
        p.mistakes.imageChosen.connect(self.choose_test_image)
        p.timelapse.message.connect(self.banner.show_notice)
        p.timelapse.frameChosen.connect(p.map.show_step)  # scrubbing the time-lapse moves the map too
        p.drawings.message.connect(self.banner.show_notice)
        p.drawings.saveRequested.connect(self.pad.save)
        p.drawings.finetuneRequested.connect(self.pad.finetune)
        c.epochsChanged.connect(p.curves.plan_epochs)
        self.banner.shown.connect(p.statistics.give_way)  # (one warning at a time: the banner's)
        p.statistics.diagnosisChanged.connect(
            lambda findings: self.workspace.set_tab_note(
                "statistics", "⚠" if findings else "", "\n".join(p.statistics.findings_in_language())
            )
        )
        self.workspace.tabs.currentChanged.connect(self._on_tab_changed)
        self._install_keys()

    def _observe(self) -> None:
        """The parts follow the app model."""
        events = self.state.events
        events.dataset.connect(self.runs.show_dataset)
        events.lesson_data.connect(self.runs.describe_data)
        events.phase.connect(self.runs.update_buttons)
        events.phase.connect(self.runs.share_cores)
        events.views.connect(self.menus.show_views)
        events.views.connect(self.workspace.show_views)
        presenter.follow_accuracy(self.state, self.controls)
        # Presenter mode, once the window has its look (presenter.set_mode): the sidebar shrinks to the run
        # buttons (the workspace says so: a class canvas on a narrow screen does too), one layer's feature maps,
        # the canvas beside the tabs, a compact lesson strip.
        for part in (
            self.panels.feature_maps.set_single_layer,
            self.workspace.set_presenter,
            self.lessons.strip.set_presenter,
            self.panels.classify.rearrange,
        ):
            events.presenter.connect(part)

    # --- keys ---------------------------------------------------------------------------------
    def _install_keys(self) -> None:
        """The keys of :data:`shortcuts.SHORTCUTS`, working wherever the focus is but in a field being
        typed in; the workspace is where the focus goes when it leaves a field (a click on a panel
        takes it there too)."""
        lessons, menus = self.lessons, self.menus
        self.shortcuts = shortcuts.install(
            self,
            {
                "start_or_pause": self.start_or_pause,
                "step": self.step,
                "clear_drawing": self.panels.classify.clear_drawing,
                "save_model": menus.save_action,
                "open_image": menus.open_image_action,
                "previous_test_image": lambda: self.step_test_image(-1),
                "next_test_image": lambda: self.step_test_image(+1),
                "lesson_next": lessons.next_step,
                "lesson_back": lessons.previous_step,
                "next_tab": lambda: self.workspace.switch_tab(1),
                "previous_tab": lambda: self.workspace.switch_tab(-1),
                "presenter": menus.presenter_action,
                "full_screen": menus.fullscreen_action,
                "help": self.show_keys,
                "keep_for_comparison": self.comparison.keep_current,
                "zoom_in": menus.zoom_in_action,
                "zoom_out": menus.zoom_out_action,
                "zoom_reset": menus.zoom_reset_action,
                "class_canvas": menus.class_canvas_action,
                "accept_drawing": self.class_canvas.accept_key,
                "hold_back_drawing": self.class_canvas.hold_back_key,
                "reject_drawing": self.class_canvas.reject_key,
            },
        )
        self.workspace.setFocusPolicy(Qt.ClickFocus)
        self.typing = shortcuts.TypingGuard(self.workspace, applied=self.controls.flush_pending)
        self.typing.watch(self)
        self.keys_dialog = None
        self.leave_text_field()

    def focusNextPrevChild(self, forward: bool) -> bool:
        """Tab and Shift+Tab go the workspace's way (:meth:`Workspace.tab_order`): the run buttons, the
        settings, the tab bar, the open tab top to bottom, the right column."""
        focus = QApplication.focusWidget()
        # (Qt asks this too while it hides the widget with the focus, a tab page being switched: its way then)
        stop = (
            tab_order.next_tab_stop(self.workspace.tab_order(), focus, forward)
            if focus is not None and focus.isVisible()
            else None
        )
        if stop is None:
            return super().focusNextPrevChild(forward)
        tab_order.give_focus(stop, forward)
        return True

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
        self.choose_test_image((self.state.input_choice.test_index + delta) % self.state.test_count)

    # --- zoom -----------------------------------------------------------------------------------
    def set_zoom(self, level: int, remember: bool = True, applied: bool = False) -> None:
        """The app's sizes at ``level`` percent (:mod:`.zoom`); ``remember``: kept for the next session; ``applied``:
        the sizes are already in force (measured at that level)."""
        before, self.zoom_level = self.zoom_level, zoom.valid(level) or zoom.ACTUAL
        if not applied:
            zoom.apply(self, self.zoom_level)
        self.menus.show_zoom(self.zoom_level)
        if remember:
            plain = tr("Zoom {level}%").format(level=self.zoom_level)
            said = self._zoom_said(before, plain)
            self.statusBar().showMessage(said, 4000 if said == plain else 8000)
            if not zoom.save(self.zoom_level):
                self.statusBar().showMessage(tr("{zoom} (could not be stored)").format(zoom=plain), 6000)

    def _zoom_said(self, before: int, said: str) -> str:
        """The status bar's ``said`` ("Zoom 110 %"), and in presenter mode, where the step left its type as it was (it
        is already larger than normal mode's up to 136 %: Ctrl++ to 125 % at 1280x720 changed nothing the class could
        see), why."""
        factor = presenter.zoom_factor
        if (
            not self.state.presenter
            or factor(self.zoom_level / 100) != factor(before / 100)
            or before == self.zoom_level
        ):
            return said
        grows = next((s for s in zoom.STEPS if factor(s / 100) > 1), zoom.HIGHEST)
        if self.zoom_level > before and grows > zoom.largest_fitting(self.width(), self.height()):
            return tr(
                "{zoom}: presenter mode's type is already the largest that fits this window ({width}×{height})"
            ).format(zoom=said, width=self.width(), height=self.height())
        return tr("{zoom}: presenter mode's type stays as it is (it grows from {level}%)").format(
            zoom=said, level=grows
        )

    def choose_language(self, code: str) -> None:
        """View > Language: stored for the next start, which shows it (said in the language chosen)."""
        self.menus.show_language(language.current())  # the tick stays on the language shown until then
        stored = language.save(code)
        self.banner.show_message(language.restart_note(code, stored), "info", auto_hide_ms=10000)

    def fit_zoom(self) -> bool:
        """A level asked for that does not fit this window (``--zoom 175`` or a level stored on a larger screen,
        at 1024x768: panels overlapped, the tab bar and the test accuracy were cut): the largest level at which
        every view fits, and the banner says so. True when the level was lowered."""
        asked = self.zoom_level
        largest = zoom.fitting_level(self, min(asked, zoom.largest_fitting(self.width(), self.height())), asked)
        if largest >= asked:
            return False
        self.set_zoom(largest, remember=False, applied=True)
        self.banner.show_message(
            tr(
                "Zoom {asked}% does not fit this window ({width}×{height}): showing {level}%, the largest at "
                "which every view fits."
            ).format(asked=asked, level=largest, width=self.width(), height=self.height()),
            "info",  # no time limit: at start the restore question may cover the window for longer
        )
        return True

    def zoom_by(self, direction: int) -> None:
        """Ctrl+= (+1), Ctrl+- (-1): the next step of :data:`zoom.STEPS`, up to the largest at which the views
        fit this window (it says so: past it panels overlapped and Start was clipped); Ctrl+0 (0): actual size."""
        largest = zoom.largest_fitting(self.width(), self.height())
        wanted = zoom.step(self.zoom_level, direction) if direction else zoom.ACTUAL
        # (what the table allows, then the rows across the window measured at it: the German tab bar at 110 %)
        if wanted > self.zoom_level and (wanted > largest or not zoom.try_level(self, wanted, self.zoom_level)):
            self.statusBar().showMessage(
                tr("Zoom {level}% is the largest at which every view fits this window ({width}×{height})").format(
                    level=largest if wanted > largest else self.zoom_level, width=self.width(), height=self.height()
                ),
                8000,
            )
            return
        self.set_zoom(wanted, applied=wanted > self.zoom_level)

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

    # --- the run's intents (tests and the command line's developer modes call these) ----------------
    def start(self) -> None:
        if self.questions.confirm_new_run():
            self.runs.start()

    def start_or_pause(self) -> None:
        if self.questions.confirm_new_run():
            self.runs.start_or_pause()

    def toggle_pause(self) -> None:
        self.runs.toggle_pause()

    def step(self) -> None:
        if self.questions.confirm_new_run():
            self.runs.step()

    def reset(self) -> None:
        """New random weights, asked about unsaved ones with the run paused (it went on behind Save / Discard /
        Cancel, which named 354 steps while 384 were trained); a running run goes on, with the new weights."""
        resume = self.questions.pause_for_question()
        try:
            self.runs.reset()
        finally:
            self.questions.resume_after_question(resume)

    def stop_run(self, reason: str = "", wait: bool = False) -> None:
        self.runs.stop_run(reason, wait)

    # --- the chosen input ----------------------------------------------------------------------
    def choose_test_image(self, index: int) -> None:
        """A test image picked in a gallery: the feature maps and the Why? tab show it (the app model's
        ``pick_test_image``)."""
        self.state.pick_test_image(int(index))
        self.statusBar().showMessage(
            tr("Test image #{index}: see inside it in Training (feature maps) and Why?").format(index=index), 8000
        )

    # --- before something replaces the run: the one place that asks (:mod:`.questions`) ----------------
    def confirm_discard(self, action: str) -> bool:
        return self.questions.confirm_discard(action)

    # --- what is shown: presenter mode, panels, tabs ---------------------------------------------------
    def set_presenter(self, on: bool, full_screen: bool = True) -> None:
        if not on and self.state.presenter and self.lessons.view_on:
            # Leaving presenter mode (F5) leaves the lesson's view too: every panel shown before it comes back.
            self.lessons.use_lesson_view(False, mode=False)
        presenter.set_mode(self, on, full_screen)

    def switch_presenter(self, on: bool, full_screen: bool = True) -> None:
        """F5, View > Presenter mode: the mode, at a zoom level at which its rows fit (the level is the modes' one: the
        German tab bar fits 110 % at 1024x768 in presenter mode, not in normal mode; the banner says so)."""
        self.set_presenter(on, full_screen)
        self.fit_zoom()

    def set_full_screen(self, on: bool) -> None:
        presenter.set_full_screen(self, on)

    def show_tab(self, key: str) -> None:
        self.workspace.show_tab(key)

    def _on_tab_changed(self, _index: int) -> None:
        if self.state.presenter:
            presenter.style(self, True)  # plot items created since (new curves) get the big style too

    # --- closing ----------------------------------------------------------------------------------
    def shutdown(self) -> None:
        """Stop the training thread (no final evaluation) and wait for it."""
        self.live_view.timer.stop()
        self.heap_timer.stop()
        self.class_canvas.close()  # nothing listens once the window has gone
        self.session.shutdown()
        self.checkpoints.leave_autosave()  # after the run's thread: no autosave is written after this

    def closeEvent(self, event) -> None:
        # Save / Discard / Cancel first; a thread inside a long step hides the window and closes it later.
        if self.session.shutdown_or_ask(self, self.questions.ask_before_closing):
            window_memory.remember(self)  # size, position and state for the next start
            self.shutdown()
            super().closeEvent(event)
        else:
            event.ignore()
