"""What a training step costs the device, counted twice: by the backend and from below it.

The issue's budget for a seed-net step on the cuda backend, after warm-up:
no device allocation, at most 4 KiB host->device and 64 bytes device->host
(the stats read every few steps, amortised), at most 30 kernel launches.
``traffic.DeviceTraffic`` counts those things by wrapping numba.cuda itself;
the backend's own ``device_counters()`` must agree with it.
"""

from __future__ import annotations

import numpy as np
import pytest
from traffic import DeviceTraffic

from cnnviz.backends import numba_cuda
from cnnviz.nn.model import PRESETS, Sequential
from cnnviz.nn.optim import Optimizer
from cnnviz.train.step import training_step

BUDGET = {"kernel_launches": 30, "allocations": 0, "host_to_device_bytes": 4096, "device_to_host_bytes": 64}
STEPS = 4
# The seed net's layer sequence at a size the simulator runs in seconds.
SEED_LIKE = "conv5-2,relu,pool,conv5-4,relu,pool,dense-6,relu,dense-10"
SEED_LIKE_INPUT = (1, 8, 8)


def _run(be, spec, input_shape, batch, monkeypatch, execute=True):
    traffic = DeviceTraffic(be, monkeypatch, execute=execute)
    rng = np.random.default_rng(0)
    images = rng.integers(0, 256, (max(64, batch * (STEPS + 1)),) + input_shape[1:], dtype=np.uint8)
    data = be.upload_dataset(images, rng.integers(0, 10, len(images)))
    model = Sequential.from_spec(spec, input_shape=input_shape).initialise(0).to(be)
    opt = Optimizer("adam").to(be)
    stats = be.new_step_stats(STEPS)
    order = rng.permutation(len(images))

    def step(i):  # the trainer's step, timing marks on
        training_step(be, model, opt, data, order[i * batch : (i + 1) * batch], stats, i % STEPS, i, 1e-3, marks=[])

    if execute:
        be.warm_up(np.float32)
    step(0)  # the first step fills the workspace and creates the optimizer state
    traffic.reset()
    before = be.device_counters()
    for i in range(1, STEPS + 1):
        step(i)
    be.read_step_stats(stats, STEPS)  # as the trainer does every few steps
    after = be.device_counters()
    own = {name: after[name] - before[name] for name in after}
    return own, traffic


def _check(own, traffic):
    independent = traffic.totals()
    assert own == independent, f"device_counters() {own} disagree with numba.cuda's own {independent}"
    per_step = {name: value / STEPS for name, value in independent.items()}
    for name, limit in BUDGET.items():
        assert per_step[name] <= limit, f"{name}: {per_step[name]:g} per step, budget {limit}"
    return per_step


def test_seed_like_step_fits_the_budget(be, monkeypatch, capsys):
    own, traffic = _run(be, SEED_LIKE, SEED_LIKE_INPUT, 3, monkeypatch)
    per_step = _check(own, traffic)
    with capsys.disabled():
        print(f"\nseed-like step (tiny, executed): {per_step}; kernels {dict(traffic.kernels)}")


def test_seed_net_step_at_batch_128_fits_the_budget(monkeypatch, capsys):
    """The real seed net, batch 128, production tiles, with an H100's 132 SMs for the
    split-K decisions. Launches are counted but not executed (the simulator would
    take hours); the backend's control flow does not depend on computed values."""
    be = numba_cuda.create()
    if not be.simulator:
        pytest.skip("runs the seed net's control flow under the simulator only; test_seed_like_step runs on a GPU")
    monkeypatch.setattr(be, "_target_blocks", 4 * 132)
    own, traffic = _run(be, PRESETS["seed"], (1, 28, 28), 128, monkeypatch, execute=False)
    per_step = _check(own, traffic)
    with capsys.disabled():
        print(f"\nseed step (batch 128, counted): {per_step}; kernels {dict(traffic.kernels)}")
