"""A GPU rewind reaches the window: the event buffer drops the steps it undid, the curves draw none back
(the app model's history: tests/app/test_run_history.py)."""

import numpy as np

from cnnviz.gui.worker import EventBuffer
from cnnviz.train import events as ev


def step(i, backend="numpy"):
    return ev.StepFinished(i, i / 1000, 1.0 / i, 0.5, 64, 1000.0, 1e-3, backend, 10.0)


def test_the_buffer_drops_undelivered_steps_a_rewind_undid():
    buffer = EventBuffer()
    for i in range(1, 33):  # two GPU bursts of 16
        buffer.put(step(i, "cuda"))
    buffer.put(ev.BackendSwitched(20, 0.02, "cuda", "numba", "CPU", "cuda failed ...; went back 12 steps to step 20"))
    for i in range(21, 25):
        buffer.put(step(i, "numba"))
    batch = buffer.take()
    steps = [e.step for _, e in batch.steps]
    assert steps == list(range(1, 25))
    assert [e.backend for _, e in batch.steps][20:] == ["numba"] * 4
    assert isinstance(batch.others[0], ev.BackendSwitched)


def test_a_rewind_reaches_the_curves_through_the_router(window):
    from cnnviz.gui.worker import EventBatch

    def step(i, backend):  # as the trainer sends them: a step's epoch is where it started
        return ev.StepFinished(i, (i - 1) / 1000, 1.0 / i, 0.5, 64, 1000.0, 1e-3, backend, 10.0)

    steps = [step(i, "cuda") for i in range(1, 33)]
    window.router.apply(EventBatch(steps=[(0.0, s) for s in steps]))
    window.router.refresh_curves()
    assert window.state.run.last_step.step == 32 and len(window.panels.curves.raw) == 32
    switched = ev.BackendSwitched(20, 0.020, "cuda", "numba", "CPU", "went back 12 steps to step 20")
    again = [step(i, "numba") for i in range(21, 25)]
    window.router.apply(EventBatch(steps=[(0.0, s) for s in again], others=[switched]))
    window.router.refresh_curves()
    assert [e.step for e in window.state.run.steps] == list(range(1, 25))
    x, _ = window.panels.curves.loss_raw.getData()
    assert len(x) == 24 and np.all(np.diff(x) > 0), "no line drawn back over the undone steps"
