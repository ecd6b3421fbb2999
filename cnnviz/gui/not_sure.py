"""The Draw panel's "not sure" threshold, kept calibrated for the latest weights.

After each test evaluation, and when other trained weights arrive (a loaded model, a run's final
weights), the threshold is calibrated again (:func:`cnnviz.analysis.uncertainty.calibrate_weights`)
on held-out MNIST test images, as a background job (:mod:`.jobs`) on a private NumPy copy of the
weights: neither the trainer nor the GUI thread waits for it. Until the first calibration arrives
(and after the weights start over) there is none, and the panel says nothing extra.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject, Signal

from ..analysis.uncertainty import Calibration, calibrate_weights
from .jobs import Job, run_in_background


class NotSureCalibration(QObject):
    changed = Signal(object)
    """The calibration now in force (None: none)."""
    failed = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.calibration: Calibration | None = None
        self.step: int | None = None
        """The training step of the weights the calibration was made for."""
        self.dataset = None
        self.job: Job | None = None
        self._job_step: int | None = None
        self._pending: tuple | None = None
        """(spec, weights, step) waiting for the running job to end (only the newest is kept)."""

    @property
    def busy(self) -> bool:
        return self.job is not None and self.job.running

    def set_dataset(self, dataset) -> None:
        """The data set the model learns (its held-out test images calibrate the threshold)."""
        self.dataset = dataset

    def recalibrate(self, spec: str, weights: dict, step: int) -> bool:
        """Calibrate for these weights (copied when the job starts); False when there is no data set to
        calibrate on. One job at a time: newer weights wait for it."""
        if self.dataset is None or spec is None or weights is None:
            return False
        if self.busy:
            self._pending = (spec, weights, step)
            return True
        # A copy, taken here on the GUI thread: the app's NumPy model may take the next snapshot's weights
        # into its own arrays in place while the job runs (a few ms for the seed net's 1.7M weights).
        weights = {name: np.array(w, copy=True) for name, w in weights.items()}
        self.job = run_in_background(calibrate_weights, spec, weights, self.dataset)
        self._job_step = step
        # Bound methods, not lambdas: Qt drops the connections when this object goes (a closed window).
        self.job.succeeded.connect(self._on_result)
        self.job.failed.connect(self._on_error)
        return True

    def forget(self) -> None:
        """The weights start over: the threshold belonged to the old ones."""
        if self.job is not None:
            self.job.cancel()
            self.job = None
        self._pending = None
        had = self.calibration is not None
        self.calibration, self.step = None, None
        if had:
            self.changed.emit(None)

    def _on_result(self, calibration: Calibration) -> None:
        self.calibration, self.step = calibration, self._job_step
        self.changed.emit(calibration)
        self._next()

    def _on_error(self, message: str, _details: str) -> None:
        self.failed.emit(message)
        self._next()

    def _next(self) -> None:
        pending, self._pending = self._pending, None
        if pending is not None:
            self.recalibrate(*pending)
