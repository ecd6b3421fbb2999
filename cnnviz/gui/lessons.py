"""Lesson presets in the app: a whole classroom set-up (network, settings, panels, presenter mode) in one go."""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog

from ..analysis import presets as lesson_presets


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

    def apply(self, preset, full_screen: bool = True) -> None:
        """Network, hyperparameters, backend, visible panels and presenter mode of a lesson."""
        window = self.window
        if not window.checkpoints.ask_before_discard("loading this lesson"):
            return
        if window.session.active:
            window.stop_run(wait=True)
        notes = window.controls.apply(preset)
        window.status.show(backend=f"backend {window.controls.backend}")
        if preset.train_samples is None:
            window.config_overrides.pop("train_samples", None)
        else:
            window.config_overrides["train_samples"] = int(preset.train_samples)
        window.new_random_model()
        window.set_visible_views(preset.visible_panels)
        window.set_presenter(preset.presenter, full_screen=full_screen)
        samples = f" on {preset.train_samples:,} training images" if preset.train_samples else ""
        text = f"Lesson: {preset.title}{samples}. {preset.description}"
        if notes:
            window.banner.show_message(" ".join(notes) + " " + text, "warning")
        else:
            window.banner.show_message(text + " Press Start (Space).", "info")

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
