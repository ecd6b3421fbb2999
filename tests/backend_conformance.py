"""The backend conformance suite, tinygrad-style: each op checked once, the class rerun per backend.

``BackendConformance`` holds every op-level check against the NumPy reference (convolution,
pooling, ReLU, dropout, dense, softmax and the loss, the optimizers, whole training steps), the
float64 finite-difference checks of every backward pass, and the protocol's plumbing (device
data, the stats buffer, gradients written into the flat buffer, the warm-up). A backend's test
module subclasses it as ``class TestX(BackendConformance)`` with a ``be`` fixture (the backend
under test) and overrides what differs for it: ``TOL`` (the tolerance table), the shapes (the
CUDA simulator runs one Python thread per CUDA thread: small ones), ``HYPOTHESIS_EXAMPLES`` and
``GRADIENT_ELEMENTS``. Subclasses:

* tests/backends/test_numpy_ref.py: the NumPy reference against its own oracle, the naive loops
  of tests/naive_reference.py (``ref`` overridden);
* tests/backends/test_numba_cpu.py: the numba CPU backend;
* tests/backends/test_cupy_backend.py: CuPy emulated on the CPU (fake_cupy) and on a GPU;
* tests/cuda/test_protocol_cuda.py: numba.cuda under the CUDA simulator, in its own process
  (tests/test_cuda_simulator_suite.py), or on a GPU.

The class name does not start with ``Test``: pytest collects only the subclasses.
"""

from __future__ import annotations

import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cnnviz.backends import numpy_ref
from cnnviz.backends.base import Backend, dropout_keep_mask
from cnnviz.backends.warm_up import exercise_every_op
from cnnviz.data.batches import to_float_nchw
from cnnviz.nn.model import Sequential
from cnnviz.nn.optim import Optimizer
from cnnviz.train.step import training_step

NOT_OPS = {
    "describe",
    "warm_up",
    "from_host",
    "to_host",
    "zeros_like",
    "synchronize",
    "workspace",
    "device_counters",
    "mark",
    "elapsed_ms",
    "choose_threads",
    "release_workspace",
}
"""Methods of base.Backend that are not ops a training step or an evaluation compiles."""


def same_pads(k: int) -> tuple[int, int, int, int]:
    """'same' padding of a k x k kernel: an even kernel pads one more row and column after than before."""
    before = (k - 1) // 2
    return (before, k - 1 - before, before, k - 1 - before)


VALID = (0, 0, 0, 0)


def assert_close(got, expected, what: str, tol: float) -> None:
    """``got`` equals ``expected`` within ``tol`` times max(1, the largest |expected|) elementwise
    (NaN where NaN), with the same shape and dtype; ``tol == 0``: bit for bit, signs of zeros too.
    The message names what, how many elements differ, the worst index, got and expected."""
    got, expected = np.asarray(got), np.asarray(expected)
    assert got.shape == expected.shape, f"{what}: shape {got.shape}, expected {expected.shape}"
    assert got.dtype == expected.dtype, f"{what}: dtype {got.dtype}, expected {expected.dtype}"
    if tol == 0:
        bad = (got != expected) | (np.signbit(got) != np.signbit(expected))
        if got.dtype.kind == "f":
            bad &= ~(np.isnan(got) & np.isnan(expected))
        err = bad.astype(np.float64)
    else:
        scale = max(1.0, float(np.nanmax(np.abs(expected), initial=0.0)))
        err = np.abs(got.astype(np.float64) - expected.astype(np.float64))
        err = np.where(np.isnan(got) & np.isnan(expected), 0.0, np.nan_to_num(err, nan=np.inf))
        bad = err > tol * scale
    if bad.any():
        i = np.unravel_index(np.argmax(err), err.shape)
        raise AssertionError(
            f"{what}: {int(bad.sum())} of {bad.size} elements differ (tolerance {tol:g}); "
            f"worst at index {tuple(int(v) for v in i)}: got {got[i]!r}, expected {expected[i]!r}"
        )


def numeric_gradient(f, x: np.ndarray, indices, eps: float = 1e-6) -> np.ndarray:
    """Central differences (f(x + eps) - f(x - eps)) / 2 eps of the scalar ``f()`` at the flat ``indices``
    of ``x`` (changed in place and restored)."""
    flat = x.reshape(-1)
    out = np.empty(len(indices))
    for k, i in enumerate(indices):
        old = flat[i]
        flat[i] = old + eps
        up = f()
        flat[i] = old - eps
        down = f()
        flat[i] = old
        out[k] = (up - down) / (2 * eps)
    return out


class BackendConformance:
    """Every op of base.Backend against the reference; subclass per backend with a ``be`` fixture."""

    TOL = {"float32": 2e-5, "float64": 1e-10}
    """Tolerance by dtype (times max(1, the largest |expected|)); ``TOL_OPS`` overrides it per op."""
    TOL_OPS: dict[str, dict[str, float]] = {
        "exact": {"float32": 0.0, "float64": 0.0},
        "conv backward": {"float32": 5e-5},
        "optimizer": {"float32": 1e-6, "float64": 1e-12},
        "loss": {"float32": 1e-6, "float64": 1e-13},
        "training": {"float32": 2e-4, "float64": 1e-9},
    }
    DTYPES = (np.float32, np.float64)
    CONV_CASES = [  # n, c, h, w, out channels, kernel, padding
        (1, 1, 5, 5, 1, 3, same_pads(3)),
        (2, 3, 7, 9, 4, 3, VALID),
        (3, 1, 8, 8, 5, 5, same_pads(5)),
        (2, 3, 6, 7, 2, 2, same_pads(2)),  # even kernel: one more row/column after than before
        (2, 2, 9, 6, 3, 4, same_pads(4)),
        (1, 3, 5, 5, 2, 5, VALID),  # output 1x1
        (1, 2, 5, 6, 2, 3, (2, 0, 1, 0)),  # asymmetric padding
        (4, 2, 11, 11, 6, 1, same_pads(1)),
        (5, 8, 12, 10, 16, 5, same_pads(5)),
    ]
    POOL_SHAPES = [(1, 1, 2, 2), (2, 3, 8, 8), (2, 3, 7, 9), (1, 2, 3, 2), (3, 1, 28, 28)]
    DENSE_CASES = [(1, 1, 1), (3, 7, 5), (8, 20, 10), (5, 33, 1), (16, 50, 10)]  # rows, features, units
    ELEMENTWISE_SHAPES = [(3, 7), (2, 4, 5, 5)]
    """Shapes of the ReLU and dropout checks."""
    LOSS_ROWS = [1, 5, 64, 257]
    OPTIMIZER_SIZES = [(7,), (3, 5), (1000,)]
    TRAINING_NETS = [
        ("conv3-3,relu,pool,conv2-4,relu,pool,dropout-0.3,dense-8,relu,dense-10", (1, 8, 8)),
        ("conv4-4-valid,relu,pool,conv3-8,relu,pool,dense-10", (1, 12, 12)),
    ]
    TRAINING_STEPS = 3
    HYPOTHESIS_EXAMPLES = 25
    """Random conv shapes per run (0: none, where each is slow)."""
    GRADIENT_ELEMENTS: int | None = None
    """Elements of each array the finite-difference checks perturb (None: all of them)."""

    def pytest_generate_tests(self, metafunc):
        """The case lists are class attributes, so that a subclass can change them."""
        lists = {
            "dtype": self.DTYPES,
            "conv_case": self.CONV_CASES,
            "pool_shape": self.POOL_SHAPES,
            "dense_case": self.DENSE_CASES,
            "loss_rows": self.LOSS_ROWS,
            "opt_size": self.OPTIMIZER_SIZES,
            "training_net": self.TRAINING_NETS,
        }
        for name, cases in lists.items():
            if name in metafunc.fixturenames:
                metafunc.parametrize(name, cases, ids=[_case_id(c) for c in cases])

    @pytest.fixture
    def ref(self):
        return numpy_ref.reference()

    def tol(self, op: str, dtype) -> float:
        name = np.dtype(dtype).name
        return self.TOL_OPS.get(op, {}).get(name, self.TOL[name])

    def close(self, be, got, expected, what: str, op: str) -> None:
        assert_close(be.to_host(got), expected, f"{be.name} {what}", self.tol(op, np.asarray(expected).dtype))

    # --- convolution ------------------------------------------------------------------------------------
    def _check_conv(self, be, ref, x, w, b, pads, what):
        dtype = x.dtype
        y, cache = be.conv2d_forward(be.from_host(x), be.from_host(w), be.from_host(b), pads)
        y_ref, cache_ref = ref.conv2d_forward(x, w, b, pads)
        self.close(be, y, y_ref, f"conv forward {what}", "conv")
        dy = np.random.default_rng(x.size).standard_normal(y_ref.shape).astype(dtype)
        for need_dx in (True, False):
            dx, dw, db = be.conv2d_backward(be.from_host(dy), cache, need_dx)
            dx_ref, dw_ref, db_ref = ref.conv2d_backward(dy, cache_ref, need_dx)
            assert (dx is None) == (not need_dx), f"{what}: dx given only when asked for"
            if need_dx:
                self.close(be, dx, dx_ref, f"conv backward dx {what}", "conv backward")
            self.close(be, dw, dw_ref, f"conv backward dw {what} (need_dx={need_dx})", "conv backward")
            self.close(be, db, db_ref, f"conv backward db {what} (need_dx={need_dx})", "conv backward")

    def test_conv2d(self, be, ref, conv_case, dtype):
        n, c, h, w, o, k, pads = conv_case
        rng = np.random.default_rng(n * 1000 + c * 100 + h * 10 + k)
        x = rng.standard_normal((n, c, h, w)).astype(dtype)
        wt = (rng.standard_normal((o, c, k, k)) / np.sqrt(c * k * k)).astype(dtype)
        b = rng.standard_normal(o).astype(dtype)
        self._check_conv(be, ref, x, wt, b, pads, f"{conv_case}")

    def test_conv2d_random_shapes(self, be, ref):
        if not self.HYPOTHESIS_EXAMPLES:
            pytest.skip(f"{be.name}: no random shapes here (each is slow)")

        @settings(
            max_examples=self.HYPOTHESIS_EXAMPLES,
            deadline=None,
            database=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture],
        )
        @given(
            n=st.integers(1, 3),
            c=st.integers(1, 5),
            h=st.integers(1, 10),
            w=st.integers(1, 10),
            o=st.integers(1, 5),
            k=st.integers(1, 5),
            same=st.booleans(),
            seed=st.integers(0, 2**16),
        )
        def check(n, c, h, w, o, k, same, seed):
            pads = same_pads(k) if same else VALID
            if h + pads[0] + pads[1] < k or w + pads[2] + pads[3] < k:
                return
            rng = np.random.default_rng(seed)
            x = rng.standard_normal((n, c, h, w)).astype(np.float32)
            wt = (rng.standard_normal((o, c, k, k)) / k).astype(np.float32)
            self._check_conv(
                be, ref, x, wt, rng.standard_normal(o).astype(np.float32), pads, f"{(n, c, h, w, o, k, pads)}"
            )

        check()

    def test_parameter_gradients_are_written_into_the_given_buffers(self, be, ref):
        rng = np.random.default_rng(3)
        x, w, b = rng.standard_normal((4, 3, 9, 9)), rng.standard_normal((5, 3, 3, 3)), rng.standard_normal(5)
        y, cache = be.conv2d_forward(be.from_host(x), be.from_host(w), be.from_host(b), (1, 1, 1, 1))
        dy = rng.standard_normal(be.to_host(y).shape)
        flat = be.from_host(np.full(w.size + 5 + 2, 7.0))  # the elements around the views must stay untouched
        dw_view, db_view = flat[1 : w.size + 1].reshape(w.shape), flat[w.size + 1 : w.size + 6]
        dx, dw, db = be.conv2d_backward(be.from_host(dy), cache, True, dw_view, db_view)
        assert dw is dw_view and db is db_view
        _, cache_ref = ref.conv2d_forward(x, w, b, (1, 1, 1, 1))
        dx_ref, dw_ref, db_ref = ref.conv2d_backward(dy, cache_ref)
        host = be.to_host(flat)
        assert_close(host[1 : w.size + 1].reshape(w.shape), dw_ref, "conv dw in the flat buffer", 1e-10)
        assert_close(host[w.size + 1 : w.size + 6], db_ref, "conv db in the flat buffer", 1e-10)
        assert host[0] == 7.0 and host[-1] == 7.0
        self.close(be, dx, dx_ref, "conv dx beside the flat buffer", "conv backward")
        with pytest.raises(ValueError, match="gradient buffer"):  # a buffer of another shape is never written
            be.conv2d_backward(be.from_host(dy), cache, False, flat[: w.size], db_view)

        xd, wd = rng.standard_normal((6, 7)), rng.standard_normal((4, 7))
        _, cached = be.dense_forward(be.from_host(xd), be.from_host(wd), be.from_host(np.zeros(4)))
        dyd = rng.standard_normal((6, 4))
        flat = be.from_host(np.zeros(wd.size + 4))
        be.dense_backward(be.from_host(dyd), cached, False, flat[: wd.size].reshape(wd.shape), flat[wd.size :])
        host = be.to_host(flat)
        assert_close(host[: wd.size].reshape(wd.shape), dyd.T @ xd, "dense dw in the flat buffer", 1e-10)
        assert_close(host[wd.size :], dyd.sum(axis=0), "dense db in the flat buffer", 1e-10)
        with pytest.raises(ValueError, match="gradient buffer"):
            be.dense_backward(be.from_host(dyd), cached, False, flat[: wd.size], flat[wd.size :])

    # --- pooling, ReLU, dropout: bit for bit ---------------------------------------------------------------
    def test_maxpool_with_ties_nans_and_signed_zeros(self, be, ref, pool_shape, dtype):
        rng = np.random.default_rng(sum(pool_shape))
        x = rng.integers(-2, 3, size=pool_shape).astype(dtype)  # few values: many windows hold a tie
        x.flat[::7] = -0.0
        if pool_shape[2] >= 4 and pool_shape[3] >= 4:
            x[0, 0, 0, 1] = np.nan  # NaN is the maximum of its window (np.argmax)
            x[0, 0, 3, 2] = x[0, 0, 3, 3] = np.nan  # the first NaN of the window
        y, cache = be.maxpool2x2_forward(be.from_host(x))
        y_ref, cache_ref = ref.maxpool2x2_forward(x)
        self.close(be, y, y_ref, f"maxpool forward {pool_shape}", "exact")
        dy = rng.standard_normal(y_ref.shape).astype(dtype)
        if dy.size >= 3:  # a non-finite gradient reaches the window's other entries as dy * 0 (NaN)
            dy.flat[0], dy.flat[dy.size // 2], dy.flat[-1] = np.inf, np.nan, -np.inf
        self.close(
            be,
            be.maxpool2x2_backward(be.from_host(dy), cache),
            ref.maxpool2x2_backward(dy, cache_ref),
            f"maxpool backward {pool_shape}",
            "exact",
        )

    def test_relu(self, be, ref, dtype):
        rng = np.random.default_rng(2)
        for shape in self.ELEMENTWISE_SHAPES:
            x = rng.standard_normal(shape).astype(dtype)
            x.flat[:4] = [0.0, -0.0, np.nan, np.inf]
            y, cache = be.relu_forward(be.from_host(x))
            y_ref, cache_ref = ref.relu_forward(x)
            self.close(be, y, y_ref, f"relu forward {shape}", "exact")
            dy = rng.standard_normal(shape).astype(dtype)
            self.close(
                be,
                be.relu_backward(be.from_host(dy), cache),
                ref.relu_backward(dy, cache_ref),
                f"relu backward {shape}",
                "exact",
            )

    @pytest.mark.parametrize("rate,key", [(0.3, 0xDEADBEEF), (0.0, 5), (0.9, 2**32 - 1)])
    def test_dropout_is_the_mask_spec_bit_for_bit(self, be, ref, dtype, rate, key):
        rng = np.random.default_rng(0)
        for shape in self.ELEMENTWISE_SHAPES:
            x = (rng.random(shape) + 0.1).astype(dtype)
            y, cache = be.dropout_forward(be.from_host(x), rate, key)
            np.testing.assert_array_equal(be.to_host(y) != 0, dropout_keep_mask(x.shape, rate, key))
            y_ref, cache_ref = ref.dropout_forward(x, rate, key)
            self.close(be, y, y_ref, f"dropout forward rate {rate} {shape}", "exact")
            dy = rng.standard_normal(x.shape).astype(dtype)
            self.close(
                be,
                be.dropout_backward(be.from_host(dy), cache),
                ref.dropout_backward(dy, cache_ref),
                f"dropout backward rate {rate} {shape}",
                "exact",
            )

    # --- dense ------------------------------------------------------------------------------------------------
    def test_dense(self, be, ref, dense_case, dtype):
        n, f, u = dense_case
        rng = np.random.default_rng(n + f + u)
        x, w, b = (rng.standard_normal(s).astype(dtype) for s in ((n, f), (u, f), (u,)))
        y, cache = be.dense_forward(be.from_host(x), be.from_host(w), be.from_host(b))
        y_ref, cache_ref = ref.dense_forward(x, w, b)
        self.close(be, y, y_ref, f"dense forward {dense_case}", "dense")
        dy = rng.standard_normal(y_ref.shape).astype(dtype)
        for need_dx in (True, False):
            dx, dw, db = be.dense_backward(be.from_host(dy), cache, need_dx)
            dx_ref, dw_ref, db_ref = ref.dense_backward(dy, cache_ref, need_dx)
            assert (dx is None) == (not need_dx)
            if need_dx:
                self.close(be, dx, dx_ref, f"dense backward dx {dense_case}", "dense")
            self.close(be, dw, dw_ref, f"dense backward dw {dense_case}", "dense")
            self.close(be, db, db_ref, f"dense backward db {dense_case}", "dense")

    # --- softmax and the loss -----------------------------------------------------------------------------------
    def test_softmax_cross_entropy(self, be, ref, loss_rows, dtype):
        rng = np.random.default_rng(loss_rows)
        logits = (rng.standard_normal((loss_rows, 10)) * 4).astype(dtype)
        logits[0, 3] = logits[0, 7] = logits[0].max() + 1  # a tie: argmax takes the first
        labels = rng.integers(0, 10, loss_rows)
        labels[0] = 7  # the tied row predicts class 3 (its first maximum): wrong
        loss, correct, dl = be.softmax_cross_entropy(be.from_host(logits), labels)  # host int64 labels
        loss_ref, correct_ref, dl_ref = ref.softmax_cross_entropy(logits, labels)
        assert isinstance(loss, float) and isinstance(correct, int)
        assert correct == correct_ref, f"{be.name}: {correct} correct, expected {correct_ref}"
        assert abs(loss - loss_ref) <= self.tol("loss", dtype) * max(1.0, abs(loss_ref)), (loss, loss_ref)
        assert not isinstance(dl, np.ndarray) or not be.is_gpu, "d(loss)/d(logits) stays on the device"
        self.close(be, dl, dl_ref, f"softmax_cross_entropy dlogits ({loss_rows} rows)", "loss")
        self.close(be, be.softmax(be.from_host(logits)), ref.softmax(logits), "softmax", "loss")
        with pytest.raises(ValueError, match="labels"):
            be.softmax_cross_entropy(be.from_host(logits), labels[:-1] if loss_rows > 1 else np.arange(2))

    @pytest.mark.parametrize("label_dtype", [np.int32, np.int64])
    def test_loss_written_into_device_stats_equals_the_host_loss(self, be, ref, dtype, label_dtype):
        rng = np.random.default_rng(2)
        stats = be.new_step_stats(4)
        expected = []
        for slot in range(3):
            logits = (rng.standard_normal((16, 10)) * 3).astype(dtype)
            labels = rng.integers(0, 10, 16).astype(label_dtype)
            loss, correct, dl_ref = ref.softmax_cross_entropy(logits, labels)
            dl = be.softmax_cross_entropy_into(be.from_host(logits), be.from_host(labels), stats, slot)
            self.close(be, dl, dl_ref, f"dlogits of stats slot {slot}", "loss")
            expected.append((loss, correct))
        got = be.read_step_stats(stats, 3)
        assert got.shape == (3, 2) and got.dtype == np.float64
        np.testing.assert_allclose(got[:, 0], [e[0] for e in expected], rtol=max(self.tol("loss", dtype), 1e-12))
        np.testing.assert_array_equal(got[:, 1], [e[1] for e in expected])
        assert be.to_host(stats)[3].tolist() == [0.0, 0.0], "the slot not written stays as it was"
        with pytest.raises(IndexError):
            be.softmax_cross_entropy_into(be.from_host(logits), be.from_host(labels), stats, 4)

    # --- optimizers --------------------------------------------------------------------------------------------
    @pytest.mark.parametrize("optimizer", ["sgd", "momentum", "adam"])
    def test_optimizer_steps(self, be, ref, optimizer, opt_size, dtype):
        start = np.random.default_rng(1).standard_normal(opt_size).astype(dtype)
        grads = [np.random.default_rng(t).standard_normal(opt_size).astype(dtype) for t in range(1, 4)]
        states = {}
        for who, backend in (("ref", ref), ("be", be)):
            p = backend.from_host(start.copy())  # NumPy's from_host does not copy
            m, v = backend.zeros_like(p), backend.zeros_like(p)
            for t, g in enumerate(grads, 1):
                g = backend.from_host(g)
                if optimizer == "sgd":
                    backend.sgd_step(p, g, None, 0.1, 0.0)
                elif optimizer == "momentum":
                    backend.sgd_step(p, g, m, 0.05, 0.9)
                else:
                    backend.adam_step(p, g, m, v, 1e-3, 0.9, 0.999, 1e-8, t)
            states[who] = [backend.to_host(a) for a in (p, m, v)]
        for got, expected, what in zip(states["be"], states["ref"], ("param", "m (velocity)", "v")):
            assert_close(got, expected, f"{be.name} {optimizer} {what}", self.tol("optimizer", dtype))
        moved = np.mean(states["be"][0] != start)  # two backends that both did nothing would agree too
        assert moved > 0.9, f"{be.name} {optimizer}: moved only {moved:.0%} of the weights"

    # --- whole training steps ---------------------------------------------------------------------------------
    def _train(self, backend, spec, input_shape, dtype, optimizer):
        rng = np.random.default_rng(0)
        images = rng.integers(0, 256, (10, *input_shape[1:]), dtype=np.uint8)
        data = backend.upload_dataset(images, rng.integers(0, 10, 10))
        model = Sequential.from_spec(spec, input_shape=input_shape).initialise(42, dtype).to(backend)
        opt = Optimizer(optimizer).to(backend)
        stats = backend.new_step_stats(self.TRAINING_STEPS)
        grads = [
            training_step(
                backend,
                model,
                opt,
                data,
                np.array([step, 9 - step, 3, 5]),
                stats,
                step,
                77 + step,
                1e-2,
                before_update=lambda: backend.to_host(model.named_parameters().flat.grad).copy(),
            )
            for step in range(self.TRAINING_STEPS)
        ]
        return model.state_dict(), backend.read_step_stats(stats, self.TRAINING_STEPS), grads

    @pytest.mark.parametrize("optimizer", ["adam", "momentum"])
    def test_training_steps_follow_the_reference(self, be, ref, training_net, dtype, optimizer):
        spec, input_shape = training_net
        state, stats, grads = self._train(be, spec, input_shape, dtype, optimizer)
        state_ref, stats_ref, grads_ref = self._train(ref, spec, input_shape, dtype, optimizer)
        tol = self.tol("training", dtype)
        for step, (g, e) in enumerate(zip(grads, grads_ref)):
            assert_close(g, e, f"{be.name} {spec}: flat gradient of step {step}", tol)
        assert_close(stats[:, 0], stats_ref[:, 0], f"{be.name} {spec}: losses", tol)
        assert np.abs(stats[:, 1] - stats_ref[:, 1]).max() <= (1 if dtype == np.float32 else 0), "correct counts"
        for name, expected in state_ref.items():
            assert_close(state[name], expected, f"{be.name} {spec}: {name} after {optimizer}", tol)

    # --- float64 gradient checks: every backward against central finite differences -------------------------------
    @pytest.mark.parametrize("op", ["conv", "conv-valid-even", "maxpool", "relu", "dropout", "dense", "loss"])
    def test_backward_matches_finite_differences(self, be, op):
        """loss = sum(r * op(inputs)) for a fixed random r: each input's backward gradient, element by element,
        equals central differences of that loss through the backend's own forward, in float64."""
        rng = np.random.default_rng(sum(map(ord, op)))

        def h(*shape):
            return rng.standard_normal(shape)

        if op.startswith("conv"):
            even = op == "conv-valid-even"
            x, w, b = h(2, 2, 5, 4), h(3, 2, 2, 2) if even else h(3, 2, 3, 3), h(3)
            pads = VALID if even else (1, 1, 1, 1)
            inputs = {"x": x, "w": w, "b": b}

            def forward(v):
                return be.conv2d_forward(be.from_host(v["x"]), be.from_host(v["w"]), be.from_host(v["b"]), pads)

            def backward(dy, cache):
                return dict(zip("xwb", be.conv2d_backward(be.from_host(dy), cache)))
        elif op == "dense":
            inputs = {"x": h(4, 6), "w": h(5, 6), "b": h(5)}

            def forward(v):
                return be.dense_forward(be.from_host(v["x"]), be.from_host(v["w"]), be.from_host(v["b"]))

            def backward(dy, cache):
                return dict(zip("xwb", be.dense_backward(be.from_host(dy), cache)))
        elif op == "loss":
            labels = rng.integers(0, 10, 4)
            inputs = {"logits": h(4, 10) * 3}

            def forward(v):
                return be.softmax_cross_entropy(be.from_host(v["logits"]), labels)

            def backward(dy, cache):
                raise AssertionError("not used")
        else:
            x = h(2, 3, 4, 5)
            if op == "maxpool":  # no two values of a window within eps of each other: the max is differentiable
                x = rng.permutation(x.size).reshape(x.shape) * 0.01
            inputs = {"x": x}
            layer = {
                "maxpool": lambda t: be.maxpool2x2_forward(t),
                "relu": lambda t: be.relu_forward(t),
                "dropout": lambda t: be.dropout_forward(t, 0.4, 7),
            }[op]
            back = {"maxpool": be.maxpool2x2_backward, "relu": be.relu_backward, "dropout": be.dropout_backward}[op]

            def forward(v):
                return layer(be.from_host(v["x"]))

            def backward(dy, cache):
                return {"x": back(be.from_host(dy), cache)}

        if op == "loss":

            def loss():
                return forward(inputs)[0]

            analytic = {"logits": be.to_host(forward(inputs)[2])}
        else:
            y, cache = forward(inputs)
            r = rng.standard_normal(be.to_host(y).shape)

            def loss():
                return float((be.to_host(forward(inputs)[0]) * r).sum())

            analytic = {k: be.to_host(g) for k, g in backward(r, cache).items()}
        for name, value in inputs.items():
            count = value.size if self.GRADIENT_ELEMENTS is None else min(value.size, self.GRADIENT_ELEMENTS)
            indices = np.sort(rng.choice(value.size, count, replace=False))
            numeric = numeric_gradient(loss, value, indices)
            got = analytic[name].reshape(-1)[indices]
            err = np.abs(got - numeric)
            worst = int(np.argmax(err))
            assert err[worst] <= 1e-6 * max(1.0, abs(numeric[worst])), (
                f"{be.name} {op} d/d{name}: at index {np.unravel_index(indices[worst], value.shape)} got "
                f"{got[worst]!r}, expected {numeric[worst]!r} (central differences)"
            )

    # --- training data on the device ------------------------------------------------------------------------
    def test_gather_batch_is_to_float_nchw_of_the_chosen_images(self, be, dtype):
        rng = np.random.default_rng(1)
        images = rng.integers(0, 256, (50, 7, 6), dtype=np.uint8)  # not square: height and width kept apart
        images[0, :6] = np.arange(36).reshape(6, 6) * 7  # many byte values
        labels = rng.integers(0, 10, 50)
        data = be.upload_dataset(images, labels)
        indices = np.array([3, 49, 0, 3, 17], np.int64)
        x, y = be.gather_batch(data, indices, dtype)
        expected = to_float_nchw(images[indices]).astype(dtype)
        got = be.to_host(x)
        assert got.dtype == dtype and got.shape == (5, 1, 7, 6)
        assert got.tobytes() == expected.tobytes()
        np.testing.assert_array_equal(be.to_host(y), labels[indices])

    def test_gather_batch_refuses_bad_indices(self, be):
        data = be.upload_dataset(np.zeros((4, 3, 3), np.uint8), np.arange(4))
        with pytest.raises(IndexError):
            be.gather_batch(data, np.array([0, 4]), np.float32)
        with pytest.raises(IndexError):
            be.gather_batch(data, np.array([-1]), np.float32)
        with pytest.raises(ValueError):
            be.gather_batch(data, np.array([0.5]), np.float32)

    def test_upload_dataset_refuses_what_is_not_uint8_images(self, be):
        with pytest.raises(ValueError, match="uint8"):
            be.upload_dataset(np.zeros((2, 28, 28), np.float32), np.zeros(2))
        with pytest.raises(ValueError, match="labels"):
            be.upload_dataset(np.zeros((2, 28, 28), np.uint8), np.zeros(3))

    def test_memory_helpers_keep_shape_and_dtype(self, be):
        a = np.arange(12, dtype=np.float32).reshape(3, 4)
        d = be.from_host(a)
        assert tuple(d.shape) == (3, 4) and d.dtype == np.float32
        np.testing.assert_array_equal(be.to_host(d), a)
        z = be.zeros_like(d)
        assert tuple(z.shape) == (3, 4) and z.dtype == np.float32 and not be.to_host(z).any()
        be.synchronize()

    # --- workspace, counters, warm-up ---------------------------------------------------------------------------
    def test_a_repeated_step_in_the_workspace_allocates_nothing_on_a_gpu(self, be):
        """GPU backends count device allocations (none after the first step inside ``workspace()``);
        CPU backends have no device counters."""
        counters = be.device_counters()
        if not be.is_gpu:
            assert counters is None, f"{be.name}: a CPU backend has no device counters, got {counters}"
            return
        assert set(counters) >= {"kernel_launches", "allocations", "host_to_device_bytes", "device_to_host_bytes"}
        spec, input_shape = self.TRAINING_NETS[0]
        rng = np.random.default_rng(5)
        data = be.upload_dataset(rng.integers(0, 256, (6, *input_shape[1:]), dtype=np.uint8), np.arange(6))
        model = Sequential.from_spec(spec, input_shape=input_shape).initialise(0).to(be)
        opt = Optimizer("adam").to(be)
        stats = be.new_step_stats(2)
        training_step(be, model, opt, data, np.array([1, 2, 3]), stats, 0, 1, 1e-3)
        before = be.device_counters()
        training_step(be, model, opt, data, np.array([4, 5, 0]), stats, 1, 2, 1e-3)
        after = be.device_counters()
        assert after["allocations"] == before["allocations"], "the second step allocated device memory"
        assert after["kernel_launches"] > before["kernel_launches"], "a step launched nothing?"

    def test_a_step_after_release_workspace_trains_as_before(self, be):
        """``release_workspace`` (a run ended, its batch size changed) frees the kept buffers only: the
        next step allocates them again and computes the same update as without it."""
        spec, input_shape = self.TRAINING_NETS[0]
        rng = np.random.default_rng(5)
        data = be.upload_dataset(rng.integers(0, 256, (6, *input_shape[1:]), dtype=np.uint8), np.arange(6))
        weights = []
        for release in (False, True):
            model = Sequential.from_spec(spec, input_shape=input_shape).initialise(0).to(be)
            opt, stats = Optimizer("adam").to(be), be.new_step_stats(2)
            training_step(be, model, opt, data, np.array([1, 2, 3]), stats, 0, 1, 1e-3)
            if release:
                be.release_workspace()
            training_step(be, model, opt, data, np.array([4, 5, 0]), stats, 1, 2, 1e-3)
            weights.append(model.state_dict())
        for name, value in weights[0].items():
            np.testing.assert_array_equal(weights[1][name], value, err_msg=f"{be.name}: {name}")

    def test_warm_up_returns_the_seconds_it_took(self, be):
        start = time.perf_counter()
        seconds = be.warm_up(np.float32)
        wall = time.perf_counter() - start
        assert isinstance(seconds, float) and 0.0 <= seconds <= wall + 1e-3, (seconds, wall)
        assert isinstance(be.needs_warmup, bool)
        if not be.needs_warmup:
            assert seconds == 0.0, f"{be.name} compiles nothing, yet its warm-up took {seconds} s"

    def test_the_warm_up_step_runs_every_op_of_the_protocol(self, be, monkeypatch):
        """The one warm-up routine (backends/warm_up.py) calls every op base.Backend declares, each
        backend's own: an op added to the protocol and not to the warm-up would compile in the first
        timed step."""
        ops = {
            name for name in vars(Backend) if not name.startswith("_") and callable(getattr(Backend, name))
        } - NOT_OPS
        assert {"conv2d_forward", "gather_batch", "softmax_cross_entropy_into", "adam_step"} <= ops
        called = set()
        for name in ops:
            method = getattr(be, name)

            def recorded(*args, _name=name, _method=method, **kwargs):
                called.add(_name)
                return _method(*args, **kwargs)

            monkeypatch.setattr(be, name, recorded)
        exercise_every_op(be, np.float32)
        assert called == ops, f"not run by the warm-up step: {sorted(ops - called)}"


def _case_id(case) -> str:
    if isinstance(case, type):
        return np.dtype(case).name
    if isinstance(case, tuple) and case and isinstance(case[0], str):
        return f"{case[0].split(',')[0]}+{case[0].count(',')}"
    if isinstance(case, tuple):
        return "-".join(_case_id(v) for v in case)
    return str(case)
