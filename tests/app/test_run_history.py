"""The run's history stays bounded however long the run, and forgets what a GPU rewind undid (the app
model's side, no Qt; tests/gui/test_run_state.py: the window's event buffer and curves)."""

import numpy as np

from cnnviz.app.buffers import DecimatingSeries
from cnnviz.app.run_state import RECENT_STEPS, RunState, StepHistory
from cnnviz.train import events as ev


def step(i, backend="numpy"):
    return ev.StepFinished(i, i / 1000, 1.0 / i, 0.5, 64, 1000.0, 1e-3, backend, 10.0)


class QuickStep:
    """A StepFinished's fields without a frozen dataclass's slow __init__ (a million of them)."""

    __slots__ = ("step", "epoch", "loss", "accuracy", "batch_size", "images_per_s", "lr", "backend", "eta_s")

    def __init__(self, i, backend):
        self.step, self.epoch, self.loss, self.accuracy, self.batch_size = i, i / 1000, 1.0 / i, 0.5, 64
        self.images_per_s, self.lr, self.backend, self.eta_s = 1000.0, 1e-3, backend, 10.0


def test_a_million_steps_keep_the_history_bounded():
    history = StepHistory()
    sizes = []
    for start in range(1, 1_000_001, 1000):
        history.extend([QuickStep(i, "numba" if i > 500_000 else "numpy") for i in range(start, start + 1000)])
        if start % 100_000 == 1:
            sizes.append((len(history), history.nbytes()))
    assert len(history) <= 2 * RECENT_STEPS + history.older_capacity
    assert history.nbytes() < 4 * 2**20
    # Bounded from 200k steps on: the size no longer grows with the run.
    assert max(n for n, _ in sizes[2:]) <= 2 * RECENT_STEPS + history.older_capacity
    assert len({b for _, b in sizes}) == 1, "allocated once"
    events = history.events()
    steps = np.array([e.step for e in events])
    assert np.all(np.diff(steps) > 0), "oldest first, no repeats"
    assert steps[0] == 1 and steps[-1] == 1_000_000
    # Every step of the latest ones (at least RECENT_STEPS), then evenly thinned back to the start.
    gaps = np.diff(steps)
    full = len(steps) - 1 - int(np.nonzero(gaps != 1)[0][-1])
    assert RECENT_STEPS <= full <= 2 * RECENT_STEPS
    older = gaps[:-full]
    assert older.min() == older.max() == history.stride
    assert {e.backend for e in events} == {"numpy", "numba"}
    assert events[0] == step(1)


def test_the_run_state_keeps_every_step_of_a_short_run_and_exports_them():
    run = RunState()
    run.add_steps([step(i) for i in range(1, 101)])
    assert [e.step for e in run.steps] == list(range(1, 101))
    assert run.last_step.step == 100 and run.unsaved
    run.clear()
    assert run.steps == [] and run.last_step is None and not run.unsaved


def test_a_rewind_drops_the_steps_after_it_everywhere():
    run = RunState(state="running")
    history = StepHistory(recent=50, older=10)
    run.history = history
    run.add_steps([step(i) for i in range(1, 201)])
    labels = np.zeros(5, np.int64)
    for s in (100, 150, 200):
        run.add_evaluation(ev.EvaluationFinished(s, s / 1000, 0.3, 0.9, 5, labels, labels, np.ones(5, np.float32)))
        run.add_timing(ev.TimingMeasured(s, "cuda", 64, (), 1.0))
    assert not run.rewind(200), "nothing after step 200"
    assert run.rewind(180)
    assert run.last_step.step == 180 and [e.step for e in run.steps][-1] == 180
    assert [e.step for e in run.evaluations] == [100, 150] and run.last_eval is None
    assert [t.step for t in run.timings] == [100, 150]
    # The trainer repeats steps 181... on the CPU: they follow on without a gap or a repeat.
    run.add_steps([step(i, "numba") for i in range(181, 191)])
    steps = [e.step for e in run.steps]
    assert steps == sorted(set(steps)) and steps[-1] == 190
    # Back into the thinned part of the history (its last kept step may be a little earlier).
    assert run.rewind(120)
    assert 100 < run.last_step.step <= 120 and all(e.step <= 120 for e in run.steps)
    assert [e.step for e in run.evaluations] == [100]


def test_the_curves_and_decimated_series_rewind():
    series = DecimatingSeries(8)
    for i in range(20):
        series.append(i / 10, i)
    n = len(series)
    dropped = series.truncate_from(1.0)
    assert dropped > 0 and len(series) == n - dropped and series.x.max() < 1.0
    for _ in range(series.stride):  # the next point: an average of ``stride`` new ones
        series.append(1.0, 10.0)
    assert series.x[-1] == 1.0 and series.y[-1] == 10.0
