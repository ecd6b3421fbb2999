"""A tiny model trained one step at a time on the cuda backend and on NumPy: same parameters after."""

from __future__ import annotations

import numpy as np
import pytest

from cnnviz.nn.model import Sequential
from cnnviz.nn.optim import Optimizer

SPEC = "conv3-3,relu,pool,conv2-2,relu,dropout-0.5,dense-10"
INPUT = (1, 6, 6)


def _train(backend, kind, dtype, steps=2):
    rng = np.random.default_rng(42)
    x = rng.standard_normal((2,) + INPUT).astype(dtype)
    labels = np.array([3, 7])
    model = Sequential.from_spec(SPEC, input_shape=INPUT).initialise(0, dtype).to(backend)
    opt = Optimizer(kind).to(backend)
    dropout_rng = np.random.default_rng(7)
    history = []
    for _ in range(steps):
        marks = []
        logits = model.forward(backend.from_host(x), train=True, rng=dropout_rng, marks=marks)
        loss, correct, dlogits = backend.softmax_cross_entropy(logits, backend.from_host(labels))
        model.backward(dlogits, marks)
        opt.step(model.named_parameters(), 0.05)
        history.append((loss, correct, [backend.elapsed_ms(s, e) for _, _, s, e in marks]))
    return model.state_dict(), history


@pytest.mark.parametrize("kind", ["adam", "momentum", "sgd"])
def test_training_steps_match_numpy(be, ref, kind):
    state, history = _train(be, kind, np.float64)
    state_ref, history_ref = _train(ref, kind, np.float64)
    for (loss, correct, times), (loss_ref, correct_ref, _) in zip(history, history_ref):
        assert loss == pytest.approx(loss_ref, rel=1e-10)
        assert correct == correct_ref
        # The simulator keeps no timings (0.0 each); a GPU's layers take some time between them.
        assert all(t == 0.0 for t in times) if be.simulator else sum(times) > 0.0, times
    for name, expected in state_ref.items():
        got = state[name]
        assert got.dtype == expected.dtype, name
        np.testing.assert_allclose(got, expected, rtol=1e-9, atol=1e-11, err_msg=f"{name} after {kind} steps")


def test_training_step_float32(be, ref):
    state, history = _train(be, "adam", np.float32)
    state_ref, history_ref = _train(ref, "adam", np.float32)
    assert history[0][0] == pytest.approx(history_ref[0][0], rel=1e-5)
    for name, expected in state_ref.items():
        assert state[name].dtype == np.float32, name
        np.testing.assert_allclose(state[name], expected, rtol=1e-4, atol=1e-5, err_msg=name)
