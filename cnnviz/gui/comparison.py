"""Two runs side by side in the window: keep a run for comparison, compare with a saved one, stop comparing.

The kept run lives in the app state (``state.kept``, :mod:`cnnviz.app.comparison`); the curves panel
draws it grey and dashed under the run now, labelled with what differs ("lr 0.001 vs 0.01 now") and
both test accuracies, which is said again whenever a run starts with other settings; the kernels, the
feature maps and the timings show it beside the run now (A | B, :mod:`cnnviz.app.side_by_side`). A run started after
keeping one trains from the same seed (the same initial weights and data order) unless Reset is pressed.
"""

from __future__ import annotations

import traceback

from PySide6.QtWidgets import QFileDialog

from ..app import comparison
from ..app.side_by_side import SideBySide
from ..train.events import RunPhase
from .checkpoints import MODEL_FILES
from .language import ALL_FILES, file_filter, tr
from .panels.observed import KEPT
from .panels.registry import tell


class Comparison:
    """Given the app state, the sidebar (the settings now), the panels (those that observe KEPT: the curves draw
    the kept run under the run now, the others show it beside), the banner, and the checkpoints (where their dialogs
    open); ``dialog_parent`` for the file dialog."""

    def __init__(self, state, controls, panels, banner, checkpoints, dialog_parent=None):
        self.state, self.controls, self.panels, self.banner = state, controls, panels, banner
        self.checkpoints, self.dialog_parent = checkpoints, dialog_parent
        state.events.kept.connect(lambda _kept: self.show())
        state.events.phase.connect(self._on_phase)
        # the run now trains with other settings (a rate changed mid-run, a run put back): say what differs
        state.events.settings.connect(lambda _trained: self.show() if self.state.kept is not None else None)

    def settings_now(self) -> dict:
        """The settings of the run now (those the run trained with, else the ones Start would train with)."""
        return comparison.settings_now(self.state, {**self.controls.settings(), "dataset": self.controls.dataset})

    def keep_current(self) -> bool:
        """ "Keep this run for comparison": False (and why, in the banner) when it has nothing to show yet."""
        try:
            local = self.state.local
            kept = comparison.keep(
                self.state.run,
                self.settings_now(),
                local.spec or "",
                local.weights() if local.model is not None else None,
            )
        except ValueError as exc:
            self.banner.show_message(tr("Nothing to keep yet: {exc}.").format(exc=exc), "warning", auto_hide_ms=8000)
            return False
        self.state.keep_for_comparison(kept)
        self.banner.show_message(
            tr(
                "Kept this run for comparison (grey, dashed). Change a setting and press Start: "
                "the new run starts from the same random weights."
            ),
            "info",
            auto_hide_ms=10000,
        )
        return True

    def compare_with_file(self, path: str) -> bool:
        """A saved model's run as the kept one (its file carries the curves); False (and why) when it cannot."""
        try:
            kept = comparison.kept_from_file(path)
        except Exception as exc:  # CheckpointError, OSError, ValueError: a file from elsewhere
            self.banner.show_message(
                tr("Cannot compare with this file: {exc}").format(exc=exc), "error", traceback.format_exc()
            )
            return False
        self.state.keep_for_comparison(kept)
        from . import window_memory

        window_memory.add_recent("compared", path)
        return True

    def compare_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.dialog_parent,
            tr("Compare with a saved model…").rstrip("…"),
            self.checkpoints.dialog_folder(),
            file_filter(MODEL_FILES, ALL_FILES),
        )
        if path:
            self.compare_with_file(path)

    def stop(self) -> None:
        if self.state.kept is not None:
            self.state.keep_for_comparison(None)

    def show(self) -> None:
        kept = self.state.kept
        now = self.settings_now()
        tell(self.panels, KEPT, None if kept is None else SideBySide(kept, now, tr))

    def _on_phase(self, phase) -> None:
        if self.state.kept is not None and phase in (RunPhase.STARTING, RunPhase.IDLE):
            self.show()  # a new run, or new weights: say again what differs
