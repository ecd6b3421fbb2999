"""The run's side of recovery.py: what ``Recovery`` asks of the run it looks after (``RecoveringRun``),
answered by the Trainer: a host copy of the run as it is, the losses still on the device, going back
to a copy's step, and going on from a copy on another backend.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .recovery import HostState


class Recoverable:
    """``recovery.RecoveringRun`` for the Trainer (its state is the Trainer's own; the names declared
    below are what these methods use of it)."""

    model: object
    optimizer: object
    order: object
    backend: object
    step: int
    epoch: float
    _lr_used: float
    _pending: object
    _emit: Callable[[object], None]
    _warm_up: Callable[[object], None]
    _put_data_on: Callable[[object], None]

    def host_copy(self) -> HostState:
        """The run as of now, read from the backend as it is (no flush, no guard)."""
        return HostState(
            self.model.spec,
            self.model.state_dict(),
            self.optimizer.state_arrays(),
            self.optimizer.t,
            self.step,
            self.epoch,
            self.order.state(),
            self._lr_used,
        )

    def input_gradient_silent(self) -> bool:
        """Whether the last step's gradient of the first weight tensor (conv1's kernels) is exactly zero:
        nothing the run does reaches its input any more (one small copy from the device)."""
        first = next((p for _, p in self.model.named_parameters() if len(p.grad.shape) >= 2), None)
        return first is not None and self.step > 0 and not np.any(self.backend.to_host(first.grad))

    def pending_losses(self) -> np.ndarray | None:
        """The losses of the steps not yet reported, read from the backend (None when there are none)."""
        return self._pending.read(self.backend)

    def rewind_to(self, state: HostState) -> None:
        """Back to ``state``'s step, learning rate and data order; the pending steps never happened."""
        self.step, self._lr_used = state.step, state.lr_used
        self.order.restore(state.data)
        self._pending.clear()

    def continue_on(self, backend, state: HostState, warm: bool = False) -> None:
        """``state``'s weights and optimizer onto ``backend`` (compiled first when ``warm``), with
        the data and step buffers: the run goes on there."""
        self.model.release()
        self.model.load_state_dict(state.weights)
        self.optimizer.replace_state(None, {}, 0, None)
        if warm:
            self._warm_up(backend)
        self.model.to(backend)
        self.optimizer.replace_state(
            backend, state.optimizer_arrays, state.optimizer_t, self.model.named_parameters().flat.layout
        )
        self._put_data_on(backend)

    def report_rescued_steps(self, losses: np.ndarray, backend_name: str) -> None:
        """Pending steps whose losses were rescued from a failing GPU: report them as usual."""
        for record, (loss, correct) in zip(self._pending.take(), losses):
            self._emit(record.finished(loss, correct, self._pending.rate(), backend_name, None))
