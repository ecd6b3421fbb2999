"""The window's own NumPy work runs on one BLAS thread only while a fast backend trains (OpenBLAS' spinning
pool threads took ~100 ms of CPU from the numba workers after each one-image prediction); paused, stopped,
or with the NumPy reference training (itself BLAS-bound), NumPy has every thread it started with."""

from cnnviz.app import run_control
from cnnviz.train import events as ev
from cnnviz.train.events import RunPhase


def test_one_blas_thread_only_while_a_backend_other_than_numpy_trains(window, monkeypatch):
    asked = []
    monkeypatch.setattr(run_control, "share_cores_with", asked.append)
    state, runs = window.state, window.runs
    runs.training_backend = "numba"
    state.set_phase(RunPhase.RUNNING)
    assert asked[-1] == "numba"
    window.router.handle(ev.BackendSwitched(5, 0.01, "numba", "numpy", "NumPy"))
    assert asked[-1] == "numpy", "the class switched to the NumPy reference: it gets the BLAS threads"
    window.router.handle(ev.BackendSwitched(9, 0.02, "numpy", "numba", "Numba"))
    assert asked[-1] == "numba"
    state.set_phase(RunPhase.PAUSED)
    assert asked[-1] is None, "paused: the window's analyses get every thread back"
    state.set_phase(RunPhase.RUNNING)
    assert asked[-1] == "numba"
    state.set_phase(RunPhase.FINISHED)
    assert asked[-1] is None
