"""A small model trained a few steps on the cuda backend and on NumPy: same losses, same parameters after.

Two ways of driving a step: the trainer's own (``cnnviz.train.step.training_step``:
the data set uploaded once, batches gathered on the device, the loss written into
the device stats buffer and read every few steps, one workspace per step), and the
plain one (host batches copied in, the loss returned as host numbers).
"""

from __future__ import annotations

import numpy as np

from cnnviz.nn.model import Sequential
from cnnviz.nn.optim import Optimizer
from cnnviz.train.step import training_step

SPEC = "conv3-3,relu,pool,conv2-2,relu,dropout-0.5,dense-10"
INPUT = (1, 6, 6)
STEPS = 3


def _data():
    rng = np.random.default_rng(42)
    return rng.integers(0, 256, (8,) + INPUT[1:], dtype=np.uint8), rng.integers(0, 10, 8)


def _train_resident(backend, kind, dtype):
    images, labels = _data()
    data = backend.upload_dataset(images, labels)
    model = Sequential.from_spec(SPEC, input_shape=INPUT).initialise(0, dtype).to(backend)
    opt = Optimizer(kind).to(backend)
    stats = backend.new_step_stats(STEPS)
    times = []
    for step in range(STEPS):
        marks = []
        training_step(backend, model, opt, data, np.array([step, 7 - step, 3]), stats, step, 77 + step, 0.05, marks)
        times += [backend.elapsed_ms(s, e) for _, _, s, e in marks]
    return model.state_dict(), backend.read_step_stats(stats, STEPS), times


def _train_host(backend, kind, dtype):
    images, labels = _data()
    model = Sequential.from_spec(SPEC, input_shape=INPUT).initialise(0, dtype).to(backend)
    opt = Optimizer(kind).to(backend)
    history = []
    for step in range(STEPS):
        index = np.array([step, 7 - step, 3])
        x = (images[index].astype(np.float32) * np.float32(1 / 255)).astype(dtype)[:, None]
        logits = model.forward(backend.from_host(x), True, 77 + step)
        loss, correct, dlogits = backend.softmax_cross_entropy(logits, backend.from_host(labels[index]))
        model.backward(dlogits)
        opt.step(model.named_parameters(), 0.05)
        history.append((loss, correct))
    return model.state_dict(), np.array(history)


def test_device_resident_steps_match_numpy_with_timing_marks(be, ref):
    """(Adam and momentum run in the conformance suite's training steps, test_protocol_cuda.py.)"""
    kind = "sgd"
    state, stats, times = _train_resident(be, kind, np.float64)
    state_ref, stats_ref, _ = _train_resident(ref, kind, np.float64)
    np.testing.assert_allclose(stats[:, 0], stats_ref[:, 0], rtol=1e-10)
    np.testing.assert_array_equal(stats[:, 1], stats_ref[:, 1])
    # The simulator keeps no timings (0.0 each); a GPU's layers take some time between them.
    assert all(t == 0.0 for t in times) if be.simulator else sum(times) > 0.0, times
    for name, expected in state_ref.items():
        assert state[name].dtype == expected.dtype, name
        np.testing.assert_allclose(state[name], expected, rtol=1e-9, atol=1e-11, err_msg=f"{name} after {kind}")


def test_host_batch_steps_match_numpy(be, ref):
    state, history = _train_host(be, "adam", np.float64)
    state_ref, history_ref = _train_host(ref, "adam", np.float64)
    np.testing.assert_allclose(history, history_ref, rtol=1e-10)
    for name, expected in state_ref.items():
        np.testing.assert_allclose(state[name], expected, rtol=1e-9, atol=1e-11, err_msg=name)


def test_training_steps_float32(be, ref):
    state, stats, _ = _train_resident(be, "adam", np.float32)
    state_ref, stats_ref, _ = _train_resident(ref, "adam", np.float32)
    np.testing.assert_allclose(stats[:, 0], stats_ref[:, 0], rtol=1e-5)
    for name, expected in state_ref.items():
        assert state[name].dtype == np.float32, name
        np.testing.assert_allclose(state[name], expected, rtol=1e-4, atol=1e-5, err_msg=name)
