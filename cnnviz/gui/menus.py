"""The menu bar (File, View, Lessons) and each panel's right-click menu.

The export entries and the View menu's panel switches are generated from
the panel registry and the lesson views; every action calls a public method
of a part or of the app state, or one of the window's commands.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

from ..classroom.lessons import PANEL_TITLES
from . import shortcuts
from .language import LANGUAGES, tr
from .language import current as current_language
from .panels import registry
from .status import plain_tooltip


class Menus:
    """Given the window's menu bar, the app state (the views shown), the panels, the parts the menus
    drive (exports, checkpoints, lessons) and the window's ``commands``: callables named ``quit``,
    ``presenter`` (on, full_screen=True), ``full_screen`` (on), ``keys``, ``open_image``, the comparison's
    ``keep``, ``compare`` and ``stop_comparing``, and ``zoom_in``, ``zoom_out``, ``zoom_reset``, ``language`` (code)
    and ``class_canvas`` (open or end it)."""

    def __init__(self, bar, state, panels, exports, checkpoints, lessons, commands: dict):
        self.bar, self.panels, self.exports = bar, panels, exports
        file_menu = self.file_menu = bar.addMenu(tr("&File"))
        export_panel = file_menu.addMenu(tr("Export panel as PNG"))
        for spec in registry.PANELS:
            export_panel.addAction(tr(spec.title), lambda key=spec.key: exports.export_panel_dialog(key))
        export_panel.addAction(tr("Whole window"), lambda: exports.export_panel_dialog("window"))
        file_menu.addAction(tr("Export metrics as CSV…"), exports.export_metrics_dialog)
        file_menu.addAction(tr("Export per-layer timings as CSV…"), exports.export_timings_dialog)
        file_menu.addAction(tr("Export HTML report…"), exports.export_report_dialog)
        file_menu.addSeparator()
        self.open_image_action = _kept_action(file_menu, tr("Open image…"), commands["open_image"])
        self.open_image_action.setStatusTip(tr("Classify a photo or scan of a digit (it shows on the drawing canvas)"))
        file_menu.addSeparator()
        self.save_action = _kept_action(file_menu, tr("Save model…"), checkpoints.save_dialog)
        file_menu.addAction(tr("Load model…"), checkpoints.load_dialog)
        file_menu.addSeparator()
        file_menu.addAction(
            tr("Keep this run for comparison") + f"\t{shortcuts.key_text('keep_for_comparison')}", commands["keep"]
        )
        file_menu.addAction(tr("Compare with a saved model…"), commands["compare"])
        self.stop_comparing_action = _kept_action(file_menu, tr("Stop comparing"), commands["stop_comparing"])
        self.stop_comparing_action.setEnabled(False)
        state.events.kept.connect(lambda kept: self.stop_comparing_action.setEnabled(kept is not None))
        file_menu.addSeparator()
        self.quit_action = file_menu.addAction(tr("Quit"), commands["quit"])
        # Ctrl+Q (Cmd+Q on macOS) everywhere: Qt's standard Quit key is empty on Windows and on Linux without a
        # GNOME or KDE theme (and offscreen), where docs/classroom.md's "or Ctrl+Q" did nothing.
        self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))

        view = bar.addMenu(tr("&View"))
        self.presenter_action = _kept_action(view, tr("Presenter mode (fewer, bigger pictures, full screen)"))
        self.presenter_action.setCheckable(True)
        self.presenter_action.toggled.connect(lambda on: commands["presenter"](on))
        self.fullscreen_action = _kept_action(view, tr("Full screen"))
        self.fullscreen_action.setCheckable(True)
        self.fullscreen_action.toggled.connect(commands["full_screen"])
        view.addSeparator()
        self.zoom_in_action = _kept_action(view, tr("Zoom in"), commands["zoom_in"])
        self.zoom_out_action = _kept_action(view, tr("Zoom out"), commands["zoom_out"])
        self.zoom_reset_action = _kept_action(view, tr("Actual size"), commands["zoom_reset"])
        self.zoom_level_action = _kept_action(view, tr("Zoom {level}%").format(level=100))
        self.zoom_level_action.setEnabled(False)  # says the level; the entries above change it
        view.addSeparator()
        self.view_actions: dict[str, QAction] = {}
        for name, title in PANEL_TITLES.items():
            action = _kept_action(view, tr(title))
            action.setCheckable(True)
            action.setChecked(True)
            action.toggled.connect(lambda on, n=name: state.set_view_visible(n, on))
            self.view_actions[name] = action
        view.addSeparator()
        view.addAction(tr("Show every panel"), lambda: state.set_visible_views(registry.VIEWS))
        view.addSeparator()
        self.language_menu = view.addMenu(tr("Language"))
        self.language_actions: dict[str, QAction] = {}
        group = QActionGroup(view)
        for code, name in LANGUAGES.items():  # each in its own language: findable by whoever reads it
            action = _kept_action(self.language_menu, name, lambda c=code: commands["language"](c))
            action.setCheckable(True)
            group.addAction(action)
            self.language_actions[code] = action
        self.show_language(current_language())
        self.keys_action = _kept_action(view, tr("Keys…") + f"\t{shortcuts.key_text('help')}", commands["keys"])

        lessons_menu = bar.addMenu(tr("&Lessons"))
        if lessons.problem:
            lessons_menu.addAction(
                tr("(lesson presets unavailable: {problem})").format(problem=lessons.problem)
            ).setEnabled(False)
        for preset in lessons.presets:
            # A title from a file: '&' is text, not a shortcut mark; the tooltip shows the text as it is.
            action = lessons_menu.addAction(tr(preset.title).replace("&", "&&"), lambda p=preset: lessons.apply(p))
            description = tr(preset.description)
            action.setToolTip(plain_tooltip(description))
            action.setStatusTip(description)  # (cut to the status bar's room there: status.py)
        lessons_menu.setToolTipsVisible(True)
        lessons_menu.addSeparator()
        lessons_menu.addAction(tr("Open a lesson file…"), lessons.open_dialog)
        lessons_menu.addSeparator()
        self.class_canvas_action = lessons_menu.addAction(tr("Open class canvas"), commands["class_canvas"])
        self.show_class_canvas(False)

        for key, panel in panels.items():
            panel.setContextMenuPolicy(Qt.CustomContextMenu)
            panel.customContextMenuRequested.connect(lambda pos, k=key: self.panel_menu(k, pos))

    def panel_menu(self, key: str, pos) -> None:
        menu = QMenu(self.bar.window())
        menu.addAction(tr("Export this panel as PNG…"), lambda: self.exports.export_panel_dialog(key))
        menu.exec(self.panels[key].mapToGlobal(pos))

    @staticmethod
    def set_checked(action: QAction, on: bool) -> None:
        """Tick or untick without running the action again."""
        if action.isChecked() != bool(on):
            action.blockSignals(True)
            action.setChecked(bool(on))
            action.blockSignals(False)

    def show_zoom(self, level: int) -> None:
        self.zoom_level_action.setText(tr("Zoom {level}%").format(level=level))

    def show_language(self, code: str) -> None:
        for name, action in self.language_actions.items():
            self.set_checked(action, name == code)

    def show_class_canvas(self, on: bool) -> None:
        """The entry opens the class canvas, or ends it while it is open."""
        self.class_canvas_action.setText(tr("End class canvas") if on else tr("Open class canvas"))

    def show_views(self, views: set[str]) -> None:
        for name, action in self.view_actions.items():
            self.set_checked(action, name in views)


def _kept_action(menu: QMenu, text: str, slot=None) -> QAction:
    """An action the window keeps and changes later, made here (``QAction(text, menu)``), not by
    ``menu.addAction``: shiboken marks the wrapper of an object Qt made deleted when it lets go of an owner
    it counts, though the action lives on (issue 33: the monkey test toggled presenter mode through an
    action whose wrapper said "already deleted"); one made in Python stays valid as long as the action."""
    action = QAction(text, menu)
    if slot is not None:
        action.triggered.connect(lambda _checked=False: slot())
    menu.addAction(action)
    return action
