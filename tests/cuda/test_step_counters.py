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


# --- inference and the trainer's loop at the seed net's real size (issue 35), counted, not executed -----------
SEED_FORWARD = {"conv_forward": 2, "maxpool_forward": 2, "gemm": 2, "splitk_reduce": 1}
"""The seed net's forward pass at batch 128 on an H100-sized grid: its ReLUs come with the layer before (no
launch), and the dense-512 product is split over its 3136 inputs."""


@pytest.fixture
def counted_seed(monkeypatch):
    """The seed net (batch 128, production tiles, 132 SMs) on the simulator, launches counted not run, with a
    data set of random images and ``synchronize()`` calls counted too."""
    be = numba_cuda.create()
    if not be.simulator:
        pytest.skip("counts the seed net's control flow under the simulator only")
    monkeypatch.setattr(be, "_target_blocks", 4 * 132)
    traffic = DeviceTraffic(be, monkeypatch, execute=False)
    syncs = []
    real_sync = be.synchronize
    monkeypatch.setattr(be, "synchronize", lambda: (syncs.append(1), real_sync())[1])
    rng = np.random.default_rng(0)
    images = rng.integers(0, 256, (128 * 64, 28, 28), dtype=np.uint8)
    labels = rng.integers(0, 10, len(images))
    return be, traffic, syncs, images, labels


def _counted(be, traffic, action) -> dict[str, int]:
    traffic.reset()
    before = be.device_counters()
    action()
    after = be.device_counters()
    own = {name: after[name] - before[name] for name in after}
    assert own == traffic.totals(), f"device_counters() {own} disagree with numba.cuda's own {traffic.totals()}"
    return own


def test_an_inference_batch_allocates_nothing_after_the_first(counted_seed):
    """``bench``'s inference (``Sequential.infer``) ran every layer outside the workspace: 13 allocations (and
    as many frees) per batch, at a ninth of PyTorch's rate on an H200. Now a batch is the training step's forward
    pass: its launches and nothing else; an evaluation chunk adds the gather, the softmax, the indices up and
    one copy of the probabilities down."""
    from cnnviz.train.evaluation import device_probabilities

    be, traffic, _, images, labels = counted_seed
    model = Sequential.from_spec(PRESETS["seed"]).initialise(0).to(be)
    data = be.upload_dataset(images[:512], labels[:512])
    x, _ = be.gather_batch(data, np.arange(128), np.float32)
    model.infer(x)  # the first batch of its size fills the workspace
    for _ in range(2):
        batch = _counted(be, traffic, lambda: model.infer(x))
        assert batch == {"kernel_launches": 7, "allocations": 0, "host_to_device_bytes": 0, "device_to_host_bytes": 0}
        assert dict(traffic.kernels) == SEED_FORWARD

    device_probabilities(model, data, 256, chunk=128)
    chunks = _counted(be, traffic, lambda: device_probabilities(model, data, 256, chunk=128))
    assert chunks == {
        "kernel_launches": 2 * (1 + 7 + 1),
        "allocations": 0,
        "host_to_device_bytes": 2 * 128 * 4,  # the indices
        "device_to_host_bytes": 2 * 128 * 10 * 4,  # the probabilities, once
    }


def test_the_trainers_step_costs_the_device_what_the_bench_step_costs(counted_seed, monkeypatch):
    """``train`` ran at two thirds of ``bench``'s rate on an H200 (issue 35): on top of bench's step, every
    ``timing_every`` steps it waited for the device (and created two events per layer and phase). Counted over
    two flushes of the seed net's run, after its first step: the launches, allocations and copies of bench's
    step exactly, the loss read every 16 steps, no waits for the device but those reads, and the timed steps'
    events only (one between two layers)."""
    from cnnviz.cli.bench_runner import BenchData, CnnvizRunner
    from cnnviz.data.datasets import Dataset
    from cnnviz.train import events as ev
    from cnnviz.train import trainer as trainer_module

    be, traffic, syncs, images, labels = counted_seed
    runner = CnnvizRunner(be, PRESETS["seed"], BenchData(images, labels, np.arange(len(images)), 128))
    runner.train(1)
    runner.train(10, count=True)
    bench = runner.counters_per_step()

    dataset = Dataset("random", images, labels, images[:1000], labels[:1000], tuple("0123456789"), "")
    monkeypatch.setattr(trainer_module.registry, "get", lambda name, *args, **kwargs: be)
    # one epoch, and no backup copy in it (every 5 s by default: a loaded machine's run takes that long)
    config = trainer_module.TrainConfig(
        net="seed", backend="cuda", batch_size=128, steps=64, sync_every=16, backup_seconds=3600.0
    )
    trainer = trainer_module.Trainer(config, dataset)
    seen = {}

    diverged = []

    def listen(event):  # the device's totals when a flush reports its first step: steps up to 16 later were read
        if isinstance(event, ev.StepFinished) and event.step % 16 == 1:
            seen[event.step] = (be.device_counters(), len(syncs), traffic.events)
        if isinstance(event, ev.Diverged):  # a paused trainer waits for a command: stop, never hang the suite
            diverged.append(event)
            trainer.stop(final_evaluation=False)

    trainer.add_listener(listen)
    trainer.run()
    assert not diverged, f"the run diverged: {diverged[0]}"
    (before, syncs_before, events_before), (after, syncs_after, events_after) = seen[17], seen[49]
    steps = 32  # steps 33..64 and their two reads
    per_step = {f"{name}_per_step": (after[name] - before[name]) / steps for name in after}
    assert per_step == bench, f"the trainer's step {per_step} costs more than bench's {bench}"
    assert syncs_after == syncs_before, "the trainer waited for the device outside its reads of the loss"
    timed = 3  # steps 40, 50 and 60 (timing_every 10)
    marks = 2 * (len(trainer.model.layers) + 1) + 2
    assert events_after - events_before == timed * marks, "events beyond the timed steps' marks"
