"""The numba CPU backend: the conformance suite (every op against the NumPy reference, forward and
backward) on two worker threads, and what only this backend has: its three convolution paths each forced
on every shape, the work split into chunks, the buffer pool, float32 kernels free of float64, the warm-up."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backend_conformance import VALID, BackendConformance, same_pads
from cnnviz.backends import numpy_ref, registry
from cnnviz.backends.base import BackendUnavailable

numba_cpu = pytest.importorskip("cnnviz.backends.numba_cpu")


@pytest.fixture(scope="module")
def nb():
    try:
        backend = numba_cpu.create(threads=2)
    except BackendUnavailable as exc:
        pytest.skip(f"numba backend unavailable: {exc}")
    backend.warm_up()
    return backend


@pytest.fixture(scope="module")
def ref():
    return numpy_ref.create()


def close(got, expected, what, rtol=2e-5, atol=2e-5):
    got, expected = np.asarray(got), np.asarray(expected)
    assert got.shape == expected.shape, f"{what}: shape {got.shape} != {expected.shape}"
    assert got.dtype == expected.dtype, f"{what}: dtype {got.dtype} != {expected.dtype}"
    scale = max(1.0, float(np.abs(expected).max(initial=0.0)))
    err = np.abs(got.astype(np.float64) - expected.astype(np.float64))
    if err.size and err.max() > atol * scale + rtol * np.abs(expected).max(initial=0.0):
        i = np.unravel_index(err.argmax(), err.shape)
        raise AssertionError(f"{what}: at {i} got {got[i]!r}, expected {expected[i]!r}")


def rand(rng, shape, dtype=np.float32):
    return rng.standard_normal(shape).astype(dtype)


def test_registry_lists_numba():
    info = registry.info("numba")
    assert info.available, info.detail
    assert "thread" in info.detail


def test_describe_and_flags(nb):
    assert nb.name == "numba" and nb.is_gpu is False and nb.needs_warmup
    assert "2 worker threads" in nb.describe()


def test_warm_up_is_fast_once_compiled(nb):
    assert nb.warm_up() < 5.0


def test_bad_thread_count():
    with pytest.raises(ValueError, match="thread"):
        numba_cpu.create(threads=0)


def _pads(k, padding):
    return same_pads(k) if padding == "same" else VALID


class TestNumbaCpu(BackendConformance):
    """The conformance suite on two worker threads, with shapes big enough to be split between them."""

    POOL_SHAPES = BackendConformance.POOL_SHAPES + [(64, 32, 28, 28)]
    ELEMENTWISE_SHAPES = BackendConformance.ELEMENTWISE_SHAPES + [(64, 32, 28, 28), (64, 9216)]
    DENSE_CASES = BackendConformance.DENSE_CASES + [(64, 3136, 512), (64, 40000, 1), (2, 3, 40000)]
    OPTIMIZER_SIZES = BackendConformance.OPTIMIZER_SIZES + [(512, 3136)]
    TOL = {"float32": 2e-5, "float64": 2e-5}  # (float64 sums in another order than BLAS' as in float32)

    @pytest.fixture
    def be(self, nb):
        return nb


# The conv paths the backend chooses between, each forced on every shape.
CONV_MODES = {
    "planes": dict(channels_last_min_run=10**9, winograd_min_channels=10**9),
    "channels_last": dict(channels_last_min_run=1, winograd_min_channels=10**9),
    "winograd": dict(channels_last_min_run=1, winograd_min_channels=1),
}


@pytest.fixture(scope="module", params=list(CONV_MODES))
def nb_mode(request):
    backend = numba_cpu.create(threads=2)
    for key, value in CONV_MODES[request.param].items():
        setattr(backend, key, value)
    backend.mode = request.param
    return backend


def _check_conv(be, ref, x, wt, b, pads, what, rtol=2e-5):
    y0, c0 = ref.conv2d_forward(x, wt, b, pads)
    y1, c1 = be.conv2d_forward(x, wt, b, pads)
    close(y1, y0, f"{what} forward", rtol=rtol, atol=rtol)
    dy = rand(np.random.default_rng(x.size), y0.shape, x.dtype)
    for need_dx in (True, False):
        g0 = ref.conv2d_backward(dy, c0, need_dx)
        g1 = be.conv2d_backward(dy, c1, need_dx)
        assert (g1[0] is None) == (not need_dx)
        if need_dx:
            close(g1[0], g0[0], f"{what} dx", rtol=rtol, atol=rtol)
        close(g1[1], g0[1], f"{what} dw", rtol=rtol, atol=rtol)
        close(g1[2], g0[2], f"{what} db", rtol=rtol, atol=rtol)
        assert g1[1].dtype == x.dtype and g1[2].dtype == x.dtype


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize(
    "n,c,h,w,o,k,pads",
    BackendConformance.CONV_CASES
    + [
        (3, 32, 14, 14, 64, 5, same_pads(5)),  # the seed net's conv2
        (2, 32, 13, 11, 64, 3, VALID),  # keras' conv2 with odd sizes
        (1, 5, 3, 3, 7, 3, same_pads(3)),
        (2, 4, 5, 4, 3, 7, same_pads(7)),
        (2, 6, 9, 8, 3, 6, VALID),
    ],
)
def test_conv2d_every_path(nb_mode, ref, n, c, h, w, o, k, pads, dtype):
    rng = np.random.default_rng(n * 100 + k + c)
    x, wt, b = rand(rng, (n, c, h, w), dtype), rand(rng, (o, c, k, k), dtype), rand(rng, (o,), dtype)
    wt /= np.sqrt(c * k * k)
    _check_conv(nb_mode, ref, x, wt, b, pads, f"{nb_mode.mode} conv")


def test_conv_paths_are_taken(nb):
    """The seed net's layers take the paths the tests above exercise."""
    assert not nb.conv_plan((64, 1, 28, 28), (32, 1, 5, 5), (2, 2, 2, 2), 4).channels_last  # conv1: planes
    assert nb.conv_plan((64, 32, 14, 14), (64, 32, 5, 5), (2, 2, 2, 2), 4).channels_last
    assert nb._use_winograd(5, 5, 32, 64) and nb._use_winograd(3, 3, 64, 32)
    assert not nb._use_winograd(5, 5, 1, 32) and not nb._use_winograd(7, 7, 32, 64)
    assert not nb._use_winograd(3, 3, 24, 32)  # the fast net's conv2: channels-last im2col


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    n=st.integers(1, 3),
    c=st.integers(1, 6),
    h=st.integers(1, 11),
    w=st.integers(1, 11),
    o=st.integers(1, 6),
    k=st.integers(1, 7),
    same=st.booleans(),
    seed=st.integers(0, 2**16),
)
def test_conv2d_every_path_random_shapes(nb_mode, ref, n, c, h, w, o, k, same, seed):
    pads = _pads(k, "same" if same else "valid")
    if h + pads[0] + pads[1] < k or w + pads[2] + pads[3] < k:
        return
    rng = np.random.default_rng(seed)
    x, wt, b = rand(rng, (n, c, h, w)), rand(rng, (o, c, k, k)) / k, rand(rng, (o,))
    _check_conv(nb_mode, ref, x, wt, b, pads, f"{nb_mode.mode} conv")


def test_winograd_transforms_are_exact_in_float64():
    from cnnviz.backends.numba_cpu.winograd import transform_matrices

    rng = np.random.default_rng(0)
    for r in (3, 5):
        at, g, bt = transform_matrices(r)
        n = r + 1
        d, k = rng.standard_normal((n, n)), rng.standard_normal((r, r))
        y = at @ ((g @ k @ g.T) * (bt @ d @ bt.T)) @ at.T
        direct = [[np.sum(d[i : i + r, j : j + r] * k) for j in range(2)] for i in range(2)]
        np.testing.assert_allclose(y, direct, rtol=0, atol=1e-12)


def test_conv2d_chunking_matches_whole_batch(nb, ref):
    """Batches bigger than one chunk and split over the threads give the same sums."""
    rng = np.random.default_rng(7)
    x, wt, b = rand(rng, (9, 6, 10, 10)), rand(rng, (5, 6, 3, 3)), rand(rng, (5,))
    old = nb.conv_chunk_bytes
    nb.conv_chunk_bytes = 1  # one image per chunk
    try:
        y1, c1 = nb.conv2d_forward(x, wt, b, (1, 1, 1, 1))
        dy = rand(rng, y1.shape)
        g1 = nb.conv2d_backward(dy, c1)
    finally:
        nb.conv_chunk_bytes = old
    y0, c0 = ref.conv2d_forward(x, wt, b, (1, 1, 1, 1))
    g0 = ref.conv2d_backward(dy, c0)
    close(y1, y0, "conv forward (chunked)")
    for got, exp, what in zip(g1, g0, ("dx", "dw", "db")):
        close(got, exp, f"conv backward {what} (chunked)")


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n,h,w,k,padding", [(5, 9, 7, 5, "same"), (7, 6, 5, 3, "valid"), (1, 4, 3, 3, "same")])
def test_winograd_weight_gradient_over_several_chunks_matches_reference(ref, n, h, w, k, padding, dtype):
    """dW by Winograd F(r x r, 2x2) summed over one-image chunks on each thread (odd sizes: dy's
    last tile row and column are zero padding) equals the reference; and the im2col dW agrees."""
    be = numba_cpu.create(threads=2)
    be.winograd_min_channels = 1
    be.winograd_tiles = 1  # one image per chunk: each thread sums several chunks' products
    rng = np.random.default_rng(n + h + k)
    x, wt, b = rand(rng, (n, 3, h, w), dtype), rand(rng, (4, 3, k, k), dtype) / k, rand(rng, (4,), dtype)
    pads = _pads(k, padding)
    y0, c0 = ref.conv2d_forward(x, wt, b, pads)
    dy = rand(rng, y0.shape, dtype)
    g0 = ref.conv2d_backward(dy, c0, False)
    for winograd_dw in (True, False):
        be.winograd_weight_gradient = winograd_dw
        _, c1 = be.conv2d_forward(x, wt, b, pads)
        g1 = be.conv2d_backward(dy, c1, False)
        close(g1[1], g0[1], f"dw (Winograd {winograd_dw})")
        close(g1[2], g0[2], f"db (Winograd {winograd_dw})")
        assert g1[1].dtype == dtype and g1[1].flags.c_contiguous


def test_outputs_held_by_callers_are_not_overwritten(nb):
    """Pooled buffers are reused only once nobody holds them."""
    rng = np.random.default_rng(5)
    x1, x2 = rand(rng, (64, 32, 28, 28)), rand(rng, (64, 32, 28, 28))
    y1, _ = nb.relu_forward(x1)
    keep = y1.copy()
    y2, _ = nb.relu_forward(x2)
    assert y2 is not y1
    np.testing.assert_array_equal(y1, keep)
    view = y2.reshape(-1)[:10]
    del y2
    y3, _ = nb.relu_forward(x1)
    assert not np.shares_memory(y3, view)


def test_float32_kernels_compute_nothing_in_float64():
    """No float64 in a float32 step: each kernel's LLVM IR for float32 arguments has no
    double-precision arithmetic and no float->double extension (a literal ``0`` or an
    integer divisor mixed with float32 silently makes numba compute in float64)."""
    import re

    import numba

    from cnnviz.backends.numba_cpu import kernels as K
    from cnnviz.backends.numba_cpu import winograd as WG

    f = np.float32
    a = np.ones(64, f)
    x4, y4, am = np.ones((2, 3, 4, 4), f), np.ones((2, 3, 2, 2), f), np.zeros((2, 3, 2, 2), np.int8)
    _, g, bt = WG.matrices(5, f)
    at = WG.matrices(5, f)[0]
    cases = [
        (K.relu_forward, a, a.copy()),
        (K.relu_backward, a, a.copy(), a.copy()),
        (K.dropout, a, np.ones(64, bool), f(2), a.copy()),
        (K.maxpool_forward, x4, y4, am),
        (K.maxpool_backward, y4, am, x4.copy()),
        (K.pack_dy, np.ones((2, 3, 5), f), np.ones((3, 10), f), np.zeros(3, f)),
        (K.add_channel_sums, np.ones((2, 3, 5), f), np.zeros(3, f)),
        (K.column_sums, np.ones((4, 5), f), np.zeros(5, f)),
        (K.pixels_to_nchw_bias, np.ones((10, 3), f), np.ones(3, f), np.ones((2, 3, 5), f)),
        (K.add_bias_planes, np.ones((2, 3, 5), f), np.ones(3, f)),
        (K.sum_rows_into, np.ones((3, 6), f), np.ones(6, f), True),
        (K.softmax_xent, np.ones((4, 10), f), np.zeros(4, np.int64), f(0.25), np.ones((4, 10), f)),
        (K.softmax, np.ones((4, 10), f), np.ones((4, 10), f)),
        (K.sgd_momentum, a, a.copy(), a.copy(), f(0.1), f(0.9)),
        (K.adam, a, a.copy(), a.copy(), a.copy(), f(1e-3), f(0.9), f(0.1), f(0.999), f(0.001), f(1e-8)),
        (WG.weights, np.ones((5, 5, 2, 3), f), g, np.ones((6, 5, 6), f), np.ones((36, 2, 3), f)),
        (WG.input_tiles, np.ones((1, 10, 2, 5 * 2), f), bt, 3, 3, np.ones((6, 2, 5 * 2), f), np.ones((36, 9, 2), f)),
        (
            WG.output_tiles,
            np.ones((36, 9, 3), f),
            at,
            np.ones(3, f),
            3,
            3,
            np.ones((2, 6, 9), f),
            np.ones((2, 2, 9), f),
            np.ones((1, 3, 6, 6), f),
        ),
    ]
    # (numba's reshape compares sizes as doubles: comparisons are not counted.)
    double = re.compile(r"(?:fadd|fmul|fsub|fdiv|fneg|fpext)[^\n]*double|call [^\n]*@llvm\.fma\.f64")
    offenders = {}
    for kernel, *args in cases:
        options = dict(kernel.targetoptions, cache=False)
        options.pop("nopython", None)
        fresh = numba.njit(**options)(kernel.py_func)  # cached kernels cannot be inspected
        fresh(*args)
        ir = fresh.inspect_llvm(fresh.signatures[0])
        # Only the kernel, not the wrapper that unboxes Python floats through double.
        body = "\n".join(
            fn for fn in re.split(r"\n(?=define )", ir) if fn.startswith("define") and "cpython" not in fn.split("(")[0]
        )
        found = double.findall(body)
        if found:
            offenders[kernel.py_func.__name__] = found[:2]
    assert not offenders, f"float64 arithmetic in float32 kernels: {offenders}"


def test_after_warm_up_a_training_step_of_every_layer_kind_compiles_nothing(nb):
    from numba.core.registry import CPUDispatcher

    from cnnviz.backends.numba_cpu import kernels as kernels
    from cnnviz.nn.model import Sequential
    from cnnviz.nn.optim import Optimizer
    from cnnviz.train.step import training_step

    def compiled():
        return {name: len(f.signatures) for name, f in vars(kernels).items() if isinstance(f, CPUDispatcher)}

    nb.warm_up(np.float32)
    before = compiled()
    rng = np.random.default_rng(0)
    data = nb.upload_dataset(rng.integers(0, 256, (8, 28, 28), dtype=np.uint8), rng.integers(0, 10, 8))
    for kind in ("adam", "momentum", "sgd"):
        model = (
            Sequential.from_spec("conv5-8,relu,pool,conv3-16,relu,pool,dropout-0.25,dense-32,relu,dense-10")
            .initialise(0)
            .to(nb)
        )
        training_step(nb, model, Optimizer(kind).to(nb), data, np.array([1, 5, 2]), nb.new_step_stats(1), 0, 1, 1e-3)
    grown = {name: (before[name], n) for name, n in compiled().items() if n != before.get(name)}
    assert not grown, f"compiled during the first step, not in warm_up: {grown}"


def test_the_workspace_keeps_the_shapes_used_most_recently_and_forgets_older_ones(monkeypatch):
    from cnnviz.backends.numba_cpu.workers import Workspace

    monkeypatch.setattr(Workspace, "MAX_KEYS", 4)
    ws = Workspace()
    first = id(ws.get((1 << 16,), np.float32))  # not held: the pool may hand it out again
    for batch in range(2, 12):  # a class clicks the batch size up, one step at each
        ws.get((batch, 1 << 16), np.float32)
        assert id(ws.get((1 << 16,), np.float32)) == first, "a shape used at every step is never forgotten"
    assert len(ws._buffers) == 4
    assert ws._bytes == sum(b.nbytes for bufs in ws._buffers.values() for b in bufs)
    assert ((2, 1 << 16), np.dtype(np.float32).str) not in ws._buffers


@pytest.mark.parametrize("threads", [2, 16])
def test_a_repeated_step_takes_every_large_buffer_from_the_pool(threads):
    """Each worker holds its own im2col buffers of one shape at once: the pool keeps one per thread more
    (it kept 6 a shape: at 16 threads 90 fresh buffers, 70 MiB, were made and page-faulted every step)."""
    from cnnviz.nn.model import Sequential
    from cnnviz.nn.optim import Optimizer
    from cnnviz.train.step import training_step

    be = numba_cpu.create(threads=threads)
    rng = np.random.default_rng(0)
    data = be.upload_dataset(rng.integers(0, 256, (64, 28, 28), dtype=np.uint8), rng.integers(0, 10, 64))
    model = Sequential.from_spec("conv5-32,relu,pool,conv5-64,relu,pool,dense-10").initialise(0).to(be)
    opt, stats = Optimizer("adam").to(be), be.new_step_stats(1)
    for step in range(3):
        if step == 2:
            before = be.workspace_allocations()
        training_step(be, model, opt, data, np.arange(64), stats, 0, step, 1e-3)
    assert be.workspace_allocations() == before, f"{threads} threads: fresh buffers in a repeated step"
