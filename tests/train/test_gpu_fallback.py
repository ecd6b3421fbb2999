"""A GPU failure anywhere moves training to the CPU with nothing lost.

A fake GPU (the NumPy backend with ``is_gpu = True``) fails once at a chosen
place: a training step, reading the losses, reading the layer timings, an
evaluation, a snapshot, a backend switch or saving. "Non-sticky" failures
(out of memory, a bad launch) leave the device readable; "sticky" ones (an
illegal address) make every later call fail, as a poisoned CUDA context does.
Either way the run must finish on the CPU with exactly the weights of a run
that never failed: non-sticky failures lose nothing; sticky ones go back to
the last host backup and redo the steps since, deterministically.
"""

from __future__ import annotations

import numpy as np
import pytest

from cnnviz.backends import numpy_ref, registry
from cnnviz.train import events as ev
from cnnviz.train.config import TrainConfig
from cnnviz.train.trainer import Trainer

NET = "conv3-4,relu,pool,dense-10"
STEPS = 40


class FakeGpu(numpy_ref.NumpyBackend):
    """Fails on the first call of ``method`` once ``armed()`` is true."""

    is_gpu = True

    def __init__(self, name: str, method: str, sticky: bool):
        super().__init__()
        self.name = name
        self.method = method
        self.sticky = sticky
        self.armed = lambda: False
        self.failed = False
        self.broken = False

    def __getattribute__(self, attr):
        value = object.__getattribute__(self, attr)
        if not callable(value) or attr.startswith("_") or attr in ("describe", "armed", "warm_up"):
            return value
        if object.__getattribute__(self, "broken"):

            def poisoned(*args, **kwargs):
                raise RuntimeError("CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered (simulated)")

            return poisoned
        if attr == self.method and not self.failed and self.armed():

            def failing(*args, **kwargs):
                self.failed = True
                self.broken = self.sticky
                raise MemoryError(f"out of memory on the device in {attr} (simulated)")

            return failing
        return value


@pytest.fixture
def fake_gpu():
    installed = []

    def make(method: str, sticky: bool, name: str = "fakegpu") -> FakeGpu:
        gpu = FakeGpu(name, method, sticky)
        registry.install(name, "fake GPU for tests", gpu)
        installed.append(name)
        return gpu

    yield make
    for name in installed:
        registry.uninstall(name)


def train(small_mnist, backend: str, on_event=None, **overrides):
    cfg = dict(
        net=NET,
        backend=backend,
        steps=STEPS,
        batch_size=16,
        lr=2e-3,
        seed=5,
        timing_every=7,
        eval_every=10,
        eval_samples=100,
        backup_seconds=0.0,
    )
    cfg.update(overrides)
    trainer = Trainer(TrainConfig(**cfg), dataset=small_mnist)
    seen = []
    trainer.add_listener(seen.append)
    if on_event is not None:
        trainer.add_listener(lambda e: on_event(trainer, e))
    return trainer, seen


def of(seen, kind):
    return [e for e in seen if isinstance(e, kind)]


@pytest.fixture(scope="module")
def reference(small_mnist):
    trainer, seen = train(small_mnist, "numpy")
    trainer.run()
    return trainer.model.state_dict(), seen


SITES = {
    # site: (method that fails, when it is armed, extra config)
    "training step": ("conv2d_backward", lambda t: t.step >= 12, {}),
    "reading the loss": ("read_step_stats", lambda t: t.step >= 20, {}),
    "layer timings": ("elapsed_ms", lambda t: t.step >= 14, {}),
    "evaluation": ("softmax", lambda t: t.step >= 10, {}),
}


def assert_nothing_lost(trainer, seen, reference, gpu, sticky):
    weights_ref, seen_ref = reference
    finished = of(seen, ev.RunFinished)
    assert finished and finished[0].steps == STEPS and finished[0].backend in ("numba", "numpy")
    switched = of(seen, ev.BackendSwitched)
    assert switched[0].old == gpu.name and "simulated" in switched[0].reason
    assert all(s.reason == "" for s in switched[1:])  # only switches the user asked for follow
    assert ("went back" in switched[0].reason) == sticky
    info = registry.info(gpu.name)
    assert not info.available and "simulated" in info.detail
    assert of(seen, ev.TrainerError) and not any(e.fatal for e in of(seen, ev.TrainerError))
    # every step reported, in order; after a sticky fault the steps since the backup come again
    steps = [e.step for e in of(seen, ev.StepFinished)]
    assert steps[-1] == STEPS and sorted(set(steps)) == list(range(1, STEPS + 1))
    if not sticky:
        assert steps == list(range(1, STEPS + 1))
    # the same trajectory as a run that never failed (both on the NumPy arithmetic)
    final = {e.step: e.loss for e in of(seen, ev.StepFinished)}
    ref = {e.step: e.loss for e in of(seen_ref, ev.StepFinished)}
    np.testing.assert_allclose(
        [final[s] for s in range(1, STEPS + 1)], [ref[s] for s in range(1, STEPS + 1)], rtol=1e-5
    )
    for name, value in trainer.model.state_dict().items():
        np.testing.assert_allclose(value, weights_ref[name], rtol=1e-5, atol=1e-6, err_msg=name)


@pytest.mark.parametrize("sticky", [False, True], ids=["non-sticky", "sticky"])
@pytest.mark.parametrize("site", list(SITES))
def test_a_gpu_failure_falls_back_to_the_cpu_with_nothing_lost(small_mnist, reference, fake_gpu, site, sticky):
    method, armed, extra = SITES[site]
    gpu = fake_gpu(method, sticky)
    trainer, seen = train(small_mnist, gpu.name, **extra)
    gpu.armed = lambda: armed(trainer)
    trainer.run()
    assert gpu.failed
    assert assert_nothing_lost(trainer, seen, reference, gpu, sticky) is None
    if site == "evaluation":  # the evaluation that failed was done again on the CPU
        evals = {e.step: e.test_accuracy for e in of(seen, ev.EvaluationFinished)}
        assert set(evals) >= {10, 20, 30, 40}


@pytest.mark.parametrize("sticky", [False, True], ids=["non-sticky", "sticky"])
def test_a_failure_while_taking_a_snapshot(small_mnist, reference, fake_gpu, sticky):
    gpu = fake_gpu("activations_unused", sticky)

    def on_event(trainer, event):
        if isinstance(event, ev.StepFinished) and event.step == 17 and not gpu.failed:
            gpu.method = "maxpool2x2_forward"
            gpu.armed = lambda: True
            trainer.request_snapshot(test_index=2, tag="t")

    trainer, seen = train(small_mnist, gpu.name, on_event)
    trainer.run()
    assert gpu.failed
    snapshots = of(seen, ev.Snapshot)
    assert (
        len(snapshots) == 1 and snapshots[0].tag == "t" and snapshots[0].probabilities.sum() == pytest.approx(1, 1e-5)
    )
    assert_nothing_lost(trainer, seen, reference, gpu, sticky)


@pytest.mark.parametrize("sticky", [False, True], ids=["non-sticky", "sticky"])
def test_a_failure_while_switching_away_from_the_gpu(small_mnist, reference, fake_gpu, sticky):
    gpu = fake_gpu("to_host_unused", sticky)

    def on_event(trainer, event):
        if isinstance(event, ev.StepFinished) and event.step == 23 and not gpu.failed:
            gpu.method = "to_host"
            gpu.armed = lambda: True
            trainer.switch_backend("numpy")

    trainer, seen = train(small_mnist, gpu.name, on_event, sync_every=1)
    trainer.run()
    assert gpu.failed
    assert_nothing_lost(trainer, seen, reference, gpu, sticky)
    assert of(seen, ev.RunFinished)[0].backend == "numpy"  # the switch asked for still happens


def test_a_gpu_that_fails_to_start_keeps_training_where_it_was(small_mnist, reference, fake_gpu):
    target = fake_gpu("warm_up_never", False, name="brokengpu")
    target.needs_warmup = True
    target.warm_up = lambda dtype=None: (_ for _ in ()).throw(RuntimeError("cannot compile kernels (simulated)"))
    trainer, seen = train(
        small_mnist,
        "numpy",
        lambda t, e: isinstance(e, ev.StepFinished) and e.step == 5 and t.switch_backend("brokengpu"),
    )
    trainer.run()
    errors = [e.message for e in of(seen, ev.TrainerError)]
    assert any("brokengpu failed to start" in m and "stays on numpy" in m for m in errors)
    assert not of(seen, ev.BackendSwitched) and of(seen, ev.RunFinished)[0].backend == "numpy"
    assert not registry.info("brokengpu").available
    for name, value in trainer.model.state_dict().items():
        np.testing.assert_allclose(value, reference[0][name], rtol=1e-5, atol=1e-6, err_msg=name)


@pytest.mark.parametrize("sticky", [False, True], ids=["non-sticky", "sticky"])
def test_saving_from_a_failing_gpu_gives_the_weights(small_mnist, reference, fake_gpu, sticky):
    gpu = fake_gpu("state_dict_unused", sticky)
    trainer, seen = train(small_mnist, gpu.name)
    trainer.run()
    gpu.method, gpu.armed = "to_host", (lambda: True)
    state = trainer.host_state()
    assert gpu.failed and state.step == trainer.step
    if not sticky:  # the device still answers: exactly the final weights
        for name, value in state.weights.items():
            np.testing.assert_allclose(value, reference[0][name], rtol=1e-5, atol=1e-6, err_msg=name)
    else:  # the device is gone: the last backup (taken at the last flush), consistent with state.step
        assert 0 < state.step <= STEPS and set(state.weights) == set(reference[0])


def test_the_fallback_and_a_failed_start_are_told_in_the_guis_language(small_mnist, fake_gpu):
    from cnnviz.gui import translation_sources as ts
    from cnnviz.translatable import in_language

    german = ts.read(ts.catalogue_file("de"))
    gpu = fake_gpu("conv2d_backward", False)
    trainer, seen = train(small_mnist, gpu.name, steps=16)
    gpu.armed = lambda: trainer.step >= 12
    trainer.run()
    said = of(seen, ev.TrainerError)[0].message
    assert said.startswith("fakegpu failed during a training step (MemoryError: out of memory")  # the CLI's
    assert in_language(said, lambda text: german.get(text) or text).startswith(
        "fakegpu ist bei einem Trainingsschritt ausgefallen (MemoryError: out of memory"
    )  # the error stays English

    target = fake_gpu("warm_up_never", False, name="brokengpu")
    target.needs_warmup = True
    target.warm_up = lambda dtype=None: (_ for _ in ()).throw(RuntimeError("cannot compile (simulated)"))
    trainer, seen = train(
        small_mnist,
        "numpy",
        lambda t, e: isinstance(e, ev.StepFinished) and e.step == 5 and t.switch_backend("brokengpu"),
        steps=8,
    )
    trainer.run()
    said = of(seen, ev.TrainerError)[0].message
    assert in_language(said, lambda text: german.get(text) or text) == (
        "brokengpu konnte nicht starten (RuntimeError: cannot compile (simulated)); das Training bleibt bei numpy"
    )
