"""Every layer, the loss and whole networks against central finite differences (float64)."""

import numpy as np
import pytest

from cnnviz.backends import registry
from cnnviz.nn.layers import Conv2D, Dense, Dropout, MaxPool2D, Parameter, ReLU
from cnnviz.nn.model import Sequential

BE = registry.get("numpy")
EPS = 1e-6
TOL = 1e-6


def rel_error(a, b):
    """||a - b|| / (||a|| + ||b||): insensitive to elements that are ~0 in both."""
    return np.linalg.norm(a - b) / max(1e-12, np.linalg.norm(a) + np.linalg.norm(b))


def numeric_grad(f, x, eps=EPS):
    """Central differences of scalar f() with respect to every element of x (modified in place)."""
    grad = np.zeros_like(x)
    flat, gflat = x.reshape(-1), grad.reshape(-1)
    for i in range(flat.size):
        old = flat[i]
        flat[i] = old + eps
        up = f()
        flat[i] = old - eps
        down = f()
        flat[i] = old
        gflat[i] = (up - down) / (2 * eps)
    return grad


def assert_close(name, got, expected, tol=TOL):
    err = rel_error(got, expected)
    worst = np.unravel_index(np.argmax(np.abs(got - expected)), got.shape)
    assert err < tol, (f"{name}: relative error {err:.2e} >= {tol:g}; worst at index {worst}: "
                       f"got {got[worst]!r}, expected {expected[worst]!r}")


def check_layer(layer, in_shape, rng, train=False):
    x = rng.standard_normal(in_shape)
    for key, value in layer.initialise(in_shape[1:], rng, np.float64).items():
        # random biases too, so that their gradient is exercised away from zero
        layer.params[key] = Parameter(value + 0.1 * rng.standard_normal(value.shape))
    out_shape = (in_shape[0], *layer.output_shape(in_shape[1:]))
    weights = rng.standard_normal(out_shape)  # loss = sum(weights * layer(x))

    def loss():
        return float((layer.forward(BE, x, train, 7) * weights).sum())

    y = layer.forward(BE, x, train, 7)
    assert y.shape == out_shape
    dx = layer.backward(BE, weights.copy())
    assert_close(f"{layer.spec()} d/dx", dx, numeric_grad(loss, x))
    for key, p in layer.params.items():
        assert_close(f"{layer.spec()} d/d{key}", p.grad, numeric_grad(loss, p.data))


@pytest.mark.parametrize("kernel,padding,shape", [
    (3, "same", (2, 3, 6, 5)),
    (3, "valid", (2, 2, 7, 6)),
    (5, "same", (1, 1, 7, 7)),
    (2, "same", (2, 2, 5, 4)),   # even kernel: asymmetric padding
    (4, "valid", (1, 3, 6, 6)),
    (1, "same", (3, 2, 3, 3)),
])
def test_conv2d_gradients(kernel, padding, shape):
    check_layer(Conv2D(kernel=kernel, out_channels=3, padding=padding), shape, np.random.default_rng(kernel))


@pytest.mark.parametrize("shape", [(2, 3, 6, 6), (1, 2, 5, 7), (3, 1, 2, 3)])
def test_maxpool_gradients(shape):
    check_layer(MaxPool2D(), shape, np.random.default_rng(1))


def test_relu_gradients():
    check_layer(ReLU(), (3, 4, 5, 5), np.random.default_rng(2))


def test_dense_gradients():
    check_layer(Dense(units=7), (4, 11), np.random.default_rng(3))


def test_dropout_gradients_in_training():
    check_layer(Dropout(rate=0.4), (4, 30), np.random.default_rng(4), train=True)


def test_softmax_cross_entropy_gradient():
    rng = np.random.default_rng(5)
    logits = rng.standard_normal((6, 10)) * 3
    labels = rng.integers(0, 10, 6)
    _, _, dlogits = BE.softmax_cross_entropy(logits, labels)
    numeric = numeric_grad(lambda: BE.softmax_cross_entropy(logits, labels)[0], logits)
    assert_close("softmax_cross_entropy d/dlogits", dlogits, numeric)


def test_softmax_cross_entropy_is_stable_for_huge_logits():
    logits = np.array([[1e4, 0, -1e4] + [0] * 7], dtype=np.float32)
    loss, correct, dlogits = BE.softmax_cross_entropy(logits, np.array([0]))
    assert np.isfinite(loss) and loss == pytest.approx(0.0, abs=1e-6)
    assert correct == 1 and np.all(np.isfinite(dlogits))


@pytest.mark.parametrize("spec", [
    "conv3-2,relu,pool,conv2-3,relu,pool,dense-5,relu,dense-10",
    "conv3-2-valid,relu,conv3-2-valid,relu,pool,dropout-0.3,dense-6,relu,dense-10",
])
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
