"""What the File menu exports: a panel (or the window) as PNG, the run as CSV, an HTML report.

Every export reports success or its error in the window's banner and
returns True or False; nothing here raises into Qt.
"""

from __future__ import annotations

import traceback

import numpy as np
from PySide6.QtWidgets import QFileDialog

from ..app import comparison
from ..app.inference import accuracy_on
from ..classroom import csv_export, report, report_inside
from ..classroom.confusion import confusion_matrix
from ..classroom.filters import filter_grid
from ..number_format import localized, rate
from ..translatable import N_
from . import palette
from .dialog_folders import DialogFolder
from .language import PNG_FILES, current, file_filter, grouped, percent, tr
from .panels.fool import measures as fool_measures
from .panels.fool import verdict as fool_verdict

EXPORTED = {
    "metrics": (N_("Could not export the metrics: {exc}"), N_("Saved the metrics to {path}")),
    "timings": (N_("Could not export the timings: {exc}"), N_("Saved the timings to {path}")),
    "report": (N_("Could not export the report: {exc}"), N_("Saved the report to {path}")),
}
"""Each export's messages (failed, saved): whole sentences, never "the " + an English name."""


class Exports:
    """Given the app state, the sidebar's settings, the panels, the banner that reports, and the window
    (a widget to grab whole and to parent the file dialogs)."""

    def __init__(self, state, controls, panels, banner, window):
        self.state, self.controls, self.panels, self.banner = state, controls, panels, banner
        self.window = window
        self.folder = DialogFolder()
        """Where the export dialogs open: the folder the last export went to, else the documents folder (they opened
        in the working folder: wherever the app happened to be started)."""

    # --- PNG ----------------------------------------------------------------------------------
    def export_panel_png(self, key: str, path: str) -> bool:
        """Panel ``key`` (a registry key, or ``window``) as a PNG file."""
        widget = self.window if key == "window" else self.panels[key]
        if not str(path).lower().endswith(".png"):
            path = f"{path}.png"
        try:
            if not widget.grab().save(str(path), "PNG"):
                raise OSError("Qt could not write the file")
        except Exception as exc:
            self.banner.show_message(tr("Could not export the panel: {exc}").format(exc=exc), "error")
            return False
        self.banner.show_message(tr("Saved {path}").format(path=path), "info", auto_hide_ms=6000)
        return True

    def export_panel_dialog(self, key: str) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self.window, tr("Export panel as PNG"), self.folder.start(f"cnnviz-{key}.png"), file_filter(PNG_FILES)
        )
        if path:
            self.folder.chose(path)
            self.export_panel_png(key, path)

    # --- the run ----------------------------------------------------------------------------
    def _export(self, what: str, write) -> bool:
        """``what``: which export, a key of :data:`EXPORTED` (each has its own whole sentences)."""
        failed, saved = EXPORTED[what]
        try:
            path = write()
        except Exception as exc:  # OSError (disk, permissions), ValueError
            self.banner.show_message(tr(failed).format(exc=exc), "error", traceback.format_exc())
            return False
        self.banner.show_message(tr(saved).format(path=path), "info", auto_hide_ms=8000)
        return True

    def export_metrics_csv(self, path: str) -> bool:
        run = self.state.run
        return self._export("metrics", lambda: csv_export.metrics_csv(run.steps, run.evaluations, path))

    def export_timings_csv(self, path: str) -> bool:
        return self._export("timings", lambda: csv_export.timings_csv(self.state.run.timings, path))

    def inside_sections(self) -> list[str]:
        """What the Filters, Map and Fool tabs and the "not sure" threshold last showed, for the report (a tab
        never opened adds nothing)."""
        p, sections = self.panels, []
        shown, images = p.filters.result, p.filters.images
        if shown is not None and images is not None:
            images = np.rint(np.clip(images, 0, 1) * 255).astype(np.uint8) if images.dtype != np.uint8 else images
            grid = filter_grid(images, np.asarray(shown["top"]), np.asarray(shown["optimised"]))
            sections.append(
                report_inside.filters_section(
                    grid, shown["layer"], shown["step"], translate=tr, classes=shown["classes"]
                )
            )
        embedding = p.map.result
        if embedding is not None:
            names = self.state.dataset.class_names if self.state.dataset is not None else None
            sections.append(
                report_inside.map_section(
                    embedding.points,
                    embedding.labels,
                    palette.CLASS_COLOURS,
                    embedding.explained,
                    embedding.step,
                    names,
                    translate=tr,
                )
            )
        attack = p.fool.result
        if attack is not None and p.fool.change_image is not None:
            result = attack["result"]
            sections.append(
                report_inside.fool_section(
                    result.original,
                    p.fool.change_image,
                    result.adversarial,
                    fool_verdict(result, attack["levels"]),
                    fool_measures(result, attack["seconds"]).replace("<br>", ", "),
                    translate=tr,
                )
            )
        calibration = p.classify.calibration
        if calibration is not None:
            sections.append(
                report_inside.not_sure_section(
                    calibration.method, calibration.threshold, calibration.accepted, calibration.images, translate=tr
                )
            )
        return sections

    def report_settings(self) -> dict:
        """The run's settings as the report lists them (names in the GUI's language, values as they are)."""
        return {tr(name): value for name, value in self._settings().items()}

    def sidebar(self) -> dict:
        """What Start would train with now (the run's settings for weights no run trained)."""
        return {**self.controls.settings(), "dataset": self.controls.dataset}

    def _settings(self) -> dict:
        """The settings the run trained with (the app model's record: changes made while it trained
        included), not the sidebar's now."""
        state, local = self.state, self.state.local
        run = state.run_settings(self.sidebar())
        settings = {
            N_("network"): local.spec or run["net"],
            N_("data set"): run["dataset"],
            N_("backend"): run["backend"],
            N_("optimizer"): run["optimizer"],
            N_("learning rate"): rate(run["lr"]),  # (written in the report's language: "0,0003")
            N_("momentum"): localized(run["momentum"]),
            N_("batch size"): run["batch_size"],
            N_("schedule"): run["schedule"],
            N_("epochs"): run["epochs"],
            N_("seed"): run["seed"],
        }
        if local.model is not None:
            settings[N_("parameters")] = f"{grouped(local.model.parameter_count()):,}"
        train_samples = state.run.config.train_samples if state.run.config is not None else state.train_samples
        if train_samples:
            settings[N_("training images")] = train_samples
        if state.test_samples:
            settings[N_("test images")] = state.test_samples
        if state.run.last_step is not None:
            settings[N_("steps trained")] = state.run.last_step.step
        drawings = self.panels.drawings  # computed here: the tab may never have been opened
        accuracy = accuracy_on(local.model, drawings.images, drawings.labels)
        if accuracy is not None:
            settings[N_("accuracy on the class's drawings")] = percent(accuracy, 1)
        return settings

    def export_html_report(self, path: str) -> bool:
        def write():
            run, local = self.state.run, self.state.local
            matrix = None
            if run.last_eval is not None:
                e = run.last_eval
                matrix = confusion_matrix(e.labels, e.predictions, len(self.panels.mistakes.class_names))
            kernels = None
            if local.model is not None:
                weights = local.weights()
                kernels = {
                    layer.name: weights[f"{layer.name}.weight"] for layer in local.model.layers if layer.kind == "conv"
                }
            kept = self.state.kept
            compared = None
            if kept is not None:
                now = comparison.settings_now(self.state, self.sidebar())
                compared = {
                    "label": tr("Kept run ({source}): {description}").format(
                        source=tr(kept.source), description=comparison.describe(kept, now, tr)
                    ),
                    "train": kept.curves.train,
                    "evals": kept.curves.evals,
                }
            return report.html_report(
                path,
                settings=self.report_settings(),
                steps=run.steps,
                evals=run.evaluations,
                confusion=matrix,
                kernels=kernels,
                timings=run.timings,
                compared=compared,
                sections=self.inside_sections(),
                translate=tr,
                language=current(),
            )

        return self._export("report", write)

    # --- dialogs ----------------------------------------------------------------------------
    def export_metrics_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self.window, tr("Export metrics"), self.folder.start("cnnviz-metrics.csv"), "CSV (*.csv)"
        )
        if path:
            self.folder.chose(path)
            self.export_metrics_csv(path)

    def export_timings_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self.window, tr("Export per-layer timings"), self.folder.start("cnnviz-timings.csv"), "CSV (*.csv)"
        )
        if path:
            self.folder.chose(path)
            self.export_timings_csv(path)

    def export_report_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self.window, tr("Export HTML report"), self.folder.start("cnnviz-report.html"), "HTML (*.html)"
        )
        if path:
            self.folder.chose(path)
            if not path.lower().endswith((".html", ".htm")):
                path += ".html"
            self.export_html_report(path)
