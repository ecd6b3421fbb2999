"""Whole networks against central finite differences (float64), through the layers' own wiring.

Each op's backward on its own, on every backend, is checked against finite differences in the
conformance suite (tests/backend_conformance.py, test_backward_matches_finite_differences)."""

import numpy as np
import pytest

from backend_conformance import numeric_gradient
from cnnviz.backends import registry
from cnnviz.nn.model import Sequential

BE = registry.get("numpy")
EPS = 1e-6
TOL = 1e-6


def rel_error(a, b):
    """||a - b|| / (||a|| + ||b||): insensitive to elements that are ~0 in both."""
    return np.linalg.norm(a - b) / max(1e-12, np.linalg.norm(a) + np.linalg.norm(b))


def numeric_grad(f, x):
    """Central differences of scalar f() with respect to every element of x (the conformance suite's loop)."""
    return numeric_gradient(f, x, range(x.size), EPS).reshape(x.shape)


def assert_close(name, got, expected, tol=TOL):
    err = rel_error(got, expected)
    worst = np.unravel_index(np.argmax(np.abs(got - expected)), got.shape)
    assert err < tol, (
        f"{name}: relative error {err:.2e} >= {tol:g}; worst at index {worst}: "
        f"got {got[worst]!r}, expected {expected[worst]!r}"
    )


def test_softmax_cross_entropy_is_stable_for_huge_logits():
    logits = np.array([[1e4, 0, -1e4] + [0] * 7], dtype=np.float32)
    loss, correct, dlogits = BE.softmax_cross_entropy(logits, np.array([0]))
    assert np.isfinite(loss) and loss == pytest.approx(0.0, abs=1e-6)
    assert correct == 1 and np.all(np.isfinite(dlogits))


@pytest.mark.parametrize(
    "spec",
    [
        "conv3-2,relu,pool,conv2-3,relu,pool,dense-5,relu,dense-10",
        "conv3-2-valid,relu,conv3-2-valid,relu,pool,dropout-0.3,dense-6,relu,dense-10",
    ],
)
def test_whole_network_gradients(spec):
    rng = np.random.default_rng(6)
    model = Sequential.from_spec(spec, input_shape=(1, 9, 9)).initialise(rng, np.float64).to(BE)
    for _, p in model.named_parameters():
        p.data += 0.05 * rng.standard_normal(p.data.shape)
    x = rng.standard_normal((3, 1, 9, 9))
    labels = rng.integers(0, 10, 3)

    def loss():
        return BE.softmax_cross_entropy(model.forward(x, train=True, step_key=9), labels)[0]

    _, _, dlogits = BE.softmax_cross_entropy(model.forward(x, train=True, step_key=9), labels)
    model.backward(dlogits)
    for name, p in model.named_parameters():
        assert_close(f"{spec}: {name}", p.grad, numeric_grad(loss, p.data))
