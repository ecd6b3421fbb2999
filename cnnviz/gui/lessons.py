"""Lesson presets in the app: a classroom set-up (network, settings) and its instructions.

Loading a lesson asks first when a run would be stopped (``window.confirm_discard``), sets the
network and the settings, and shows the lesson's text and steps in a strip above the panels, where
they stay while the class works. The lesson's view (presenter mode, only its panels) is a
suggestion the strip offers, never forced. Lesson files come from outside: every text is shown as
plain text.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout

from ..analysis import presets as lesson_presets
from ..analysis.presets import PANEL_TITLES
from .status import plain_label, plain_tooltip


class LessonStrip(QFrame):
    """The lesson's title and text, one step at a time, above the panels; collapsible, closable."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("lessonStrip")
        self.setStyleSheet("QFrame#lessonStrip { background: #fffbe6; border: 1px solid #c77700; border-radius: 6px; }")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 4, 6, 6)
        outer.setSpacing(2)
        header = QHBoxLayout()
        header.setSpacing(6)
        self.title_label = plain_label()
        self.title_label.setStyleSheet("font-weight: 700; color: #6b4100;")
        self.title_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        header.addWidget(self.title_label, 1)
        self.page_label = QLabel("")
        header.addWidget(self.page_label)
        self.prev_button = QPushButton("◀")
        self.prev_button.setToolTip("The previous step")
        self.next_button = QPushButton("Next ▶")
        self.next_button.setToolTip("The next step")
        self.view_button = QPushButton("Lesson view")
        self.view_button.setCheckable(True)
        self.collapse_button = QPushButton("▴")
        self.collapse_button.setToolTip("Hide the text (the title stays)")
        self.close_button = QPushButton("✕")
        self.close_button.setToolTip("Close the lesson's instructions (the settings stay)")
        for button in (self.prev_button, self.next_button, self.view_button, self.collapse_button, self.close_button):
            header.addWidget(button)
        outer.addLayout(header)
        self.text_label = plain_label()
        self.text_label.setWordWrap(True)
        self.text_label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.text_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        outer.addWidget(self.text_label)
        self.pages: list[str] = []
        self.page = 0
        self.title = ""
        self.prev_button.clicked.connect(lambda: self.set_page(self.page - 1))
        self.next_button.clicked.connect(lambda: self.set_page(self.page + 1))
        self.collapse_button.clicked.connect(lambda: self.set_collapsed(self.text_label.isVisible()))
        self.close_button.clicked.connect(self.hide)
        self.hide()

    def show_lesson(self, preset, notes: list[str]) -> None:
        self.title = preset.title
        self.pages = [" ".join([*notes, preset.description]).strip(), *preset.steps]
        self.pages = [page for page in self.pages if page] or [preset.title]
        self.title_label.setText(f"Lesson: {preset.title}")
        self.title_label.setToolTip(plain_tooltip(preset.title))
        views = ", ".join(PANEL_TITLES[v] for v in preset.visible_panels)
        self.view_button.setToolTip(plain_tooltip(
            "The lesson's suggested view: " + ("presenter mode, " if preset.presenter else "") + f"only {views}. "
            "Click again for every panel."))
        self.view_button.setChecked(False)
        self.set_collapsed(False)
        self.set_page(0)
        self.show()

    def set_page(self, page: int) -> None:
        self.page = max(0, min(page, len(self.pages) - 1))
        self.text_label.setText(self.pages[self.page] if self.pages else "")
        last = len(self.pages) - 1
        self.page_label.setText(f"step {self.page} of {last}" if self.page and last else
                                (f"{last} steps" if last else ""))
        self.prev_button.setEnabled(self.page > 0)
        self.next_button.setEnabled(self.page < last)

    def set_collapsed(self, collapsed: bool) -> None:
        self.text_label.setVisible(not collapsed)
        self.collapse_button.setText("▾" if collapsed else "▴")
        self.collapse_button.setToolTip("Show the text" if collapsed else "Hide the text (the title stays)")


class Lessons:
    def __init__(self, window):
        self.window = window
        self.problem = ""
        """Why the bundled presets could not be read (a broken installation: the app still runs)."""
        try:
            self.presets = lesson_presets.bundled_presets()
        except Exception as exc:
            self.presets = []
            self.problem = str(exc)
        self.current = None
        """The lesson loaded last."""
        self.before_view: tuple[set[str], bool] | None = None
        """(visible views, presenter mode) before the lesson's view was taken: restored when it is left."""
        self.strip = LessonStrip()
        self.strip.view_button.toggled.connect(lambda on: self.use_lesson_view(on))
        window.workspace.add_strip(self.strip)

    def apply(self, preset, ask: bool = True) -> bool:
        """Network, settings and instructions of a lesson; False when the user kept the run instead."""
        window = self.window
        if ask and not window.confirm_discard(f"load the lesson “{preset.title}”"):
            return False
        if self.strip.view_button.isChecked():
            self.strip.view_button.setChecked(False)  # back to the view from before the last lesson
        if window.session.active:
            window.stop_run(wait=True)
        notes = window.controls.apply(preset)
        window.status.show(backend=f"backend {window.controls.backend}")
        window.set_lesson_data(preset.train_samples, preset.test_samples)
        window.new_random_model()
        self.current = preset
        self.strip.show_lesson(preset, notes)
        if notes:
            window.banner.show_message(" ".join(notes), "warning")
        elif window.banner.isVisible() and window.banner.kind != "error":
            window.banner.hide()
        return True

    def use_lesson_view(self, on: bool, full_screen: bool = True) -> None:
        """The lesson's suggested view (presenter mode, only its panels), or back to the one before."""
        window, preset = self.window, self.current
        self.strip.view_button.blockSignals(True)
        self.strip.view_button.setChecked(bool(on and preset))
        self.strip.view_button.blockSignals(False)
        if on and preset is not None:
            if self.before_view is None:
                self.before_view = (set(window.visible_views), window.presenter_mode)
            window.set_visible_views(preset.visible_panels)
            window.set_presenter(preset.presenter, full_screen=full_screen)
        elif not on and self.before_view is not None:
            views, presenter = self.before_view
            self.before_view = None
            window.set_visible_views(views)
            window.set_presenter(presenter, full_screen=full_screen)

    def next_step(self) -> None:
        """PgDown: the lesson's next step (when a lesson is on screen)."""
        if self.strip.isVisible():
            self.strip.set_page(self.strip.page + 1)

    def previous_step(self) -> None:
        if self.strip.isVisible():
            self.strip.set_page(self.strip.page - 1)

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window, "Open a lesson preset", "", "Lesson preset (*.json)")
        if not path:
            return
        try:
            preset = lesson_presets.load_preset(path)
        except Exception as exc:
            self.window.banner.show_message(f"Cannot use this lesson file: {exc}", "error")
            return
        self.apply(preset)
