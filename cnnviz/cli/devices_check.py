"""``cnnviz devices --check``: does every backend that can run here compute what the NumPy reference computes?

What a teacher runs before class (and the first thing to run on a new GPU
machine). For every backend it opens, at the network and batch size given
(default: the seed network, 128 images, float32), through the same protocol
the trainer uses (``upload_dataset`` of real MNIST images, ``gather_batch``,
``softmax_cross_entropy_into`` a device stats buffer, a backward into the flat
gradient buffer, one optimizer call):

1. the gathered batch, the logits of a forward pass and, after a backward,
   d(loss)/d(logits) and every parameter gradient are compared with the
   reference's;
2. three momentum training steps follow, each from the reference's weights and
   velocity (loaded into the backend before the step, so that rounding does not
   build up over a trajectory); each step's gradients, velocity, weights, loss
   and correct count are compared; one Adam update of fixed arrays is checked
   on its own;
3. a training step is timed, compilation excluded (``warm_up`` first, its
   seconds reported separately).

The reference is the NumPy backend in float64. A float32 backend may differ from
it by rounding, and by how much is computed alongside, for every value: a
first-order running error bound (see ``Float64Reference``) that grows with each
reduction's length and with the magnitudes summed, and that widens where
rounding can flip a ReLU mask or a max-pool choice. A value outside its bound is
a bug, not rounding: a healthy backend passes at any batch size, network and
thread count; a sign error, a shifted padding or a missing bias gradient fails,
naming the tensor.

A backend that cannot run is listed with the reason. Exit status 1 when any
check fails. ``python -m cnnviz.devices_check --help`` runs it without the CLI.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass, field

import numpy as np

from ..backends import numpy_ref, registry
from ..backends.base import BackendUnavailable
from ..nn.model import PRESETS, Sequential
from ..nn.optim import Optimizer
from ..train.step import training_step
from .common import check_threads, threads_arg
from .devices_report import format_table, to_json
from .float32_bounds import REFERENCE_DTYPE, Bounded, Float64Reference, Mismatch, compare

TRAIN_STEPS = 3
LEARNING_RATE = 1e-2
MOMENTUM = 0.9
"""SGD with momentum for the training steps: an update is linear in the gradient, so its error
bound follows from the gradient's. (Adam divides by sqrt(v): for the many gradients near zero it
turns rounding noise into full +-lr steps, so its update is checked on its own, as one
``adam_step`` on fixed inputs.)"""
DTYPE = np.float32

MAX_CHECK_THREADS = 64
"""``--threads`` may ask for this many numba workers whatever the cores here: the check is about how the sums
are split, not speed (a 2-core machine checks a 16-core machine's split, slowly)."""

TOLERANCES = {"batch": 0.0, "adam": 1e-5}
"""Largest relative error (max |got - expected| / max |expected|) accepted where no bound is
computed: the gathered batch is exact, Adam's few elementwise operations are a few ulps."""
PROTOCOL = ("upload_dataset", "gather_batch", "new_step_stats", "softmax_cross_entropy_into", "read_step_stats")


@dataclass
class BackendCheck:
    available: bool
    reason: str | None = None
    """Why it cannot run (unavailable), or what did not match (failed)."""
    check: str = "skipped"
    """passed, failed or skipped."""
    max_rel_error: float | None = None
    """Largest max |got - expected| / max |expected| over the compared tensors (for information)."""
    worst_bound_fraction: float | None = None
    """Largest |got - expected| / (float32 error bound) over every compared value: above 1 fails."""
    step_ms: float | None = None
    warmup_s: float | None = None
    description: str | None = None
    device_counters: dict[str, float] | None = None
    """Per timed step, from ``device_counters()`` (GPU backends), else None."""
    errors: dict[str, float] = field(default_factory=dict)
    """Per compared tensor: worst |got - expected| / bound."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--net", default="seed", help=f"{', '.join(PRESETS)} or a spec (default seed)")
    parser.add_argument("--batch", type=int, default=128, help="images per training step (default 128)")
    parser.add_argument(
        "--backends",
        default=",".join(registry.NAMES),
        help=f"comma-separated, from {', '.join(registry.NAMES)} (default: all)",
    )
    parser.add_argument(
        "--timed-steps",
        type=int,
        default=10,
        dest="timed_steps",
        help="at most this many training steps timed per backend (default 10; at least 2, more while under 2 s)",
    )
    parser.add_argument(
        "--threads",
        type=threads_arg,
        default=None,
        metavar="N|auto",
        help=f"worker threads of the numba backend for the check, 1 to {MAX_CHECK_THREADS}: more than the cores "
        "here checks how a bigger machine splits the sums (auto, the default: one per core)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")


def rel_error(got, expected) -> float:
    got = np.asarray(got, np.float64)
    expected = np.asarray(expected, np.float64)
    if got.shape != expected.shape:
        return math.inf
    if not expected.size:
        return 0.0
    diff = np.abs(got - expected)
    if np.isnan(diff).any():
        return (
            math.inf
            if not np.array_equal(np.isnan(got), np.isnan(expected))
            else rel_error(np.nan_to_num(got), np.nan_to_num(expected))
        )
    return float(diff.max() / max(float(np.abs(expected).max()), 1e-30))


@dataclass
class _Data:
    images: np.ndarray
    labels: np.ndarray
    index_sets: list[np.ndarray]


def _data(batch: int) -> _Data:
    from ..data.datasets import load_dataset

    mnist = load_dataset("mnist")
    count = min(len(mnist.train_labels), batch * (TRAIN_STEPS + 1))
    order = np.random.default_rng(7).permutation(count)
    index_sets = [order[(np.arange(batch) + k * batch) % count].astype(np.int64) for k in range(TRAIN_STEPS + 1)]
    return _Data(np.ascontiguousarray(mnist.train_images[:count]), np.asarray(mnist.train_labels[:count]), index_sets)


def _to32(arrays: dict) -> dict[str, np.ndarray]:
    return {name: np.asarray(getattr(a, "value", a), DTYPE) for name, a in arrays.items()}


def reference_run(spec: str, data: _Data, steps: int = TRAIN_STEPS) -> dict:
    """What every backend is compared with: the float64 reference's forward and backward at the
    initial weights, then ``steps`` momentum steps, each starting from the previous one's result
    rounded to float32 (``start_weights``, ``start_velocity``: what a backend loads before it)."""
    model = Sequential.from_spec(spec, input_shape=(1, *data.images.shape[1:]))
    params = model.initialise(0, DTYPE).state_dict()
    be = numpy_ref.create()
    device = be.upload_dataset(data.images, data.labels)
    reference = Float64Reference(model)

    def batch(k):
        x, y = be.gather_batch(device, data.index_sets[k], REFERENCE_DTYPE)
        return x, np.asarray(y)

    x, labels = batch(0)
    out = {"batch": x, "labels": labels, **reference.step(params, x, labels)}
    velocity = {name: np.zeros_like(p) for name, p in params.items()}
    out["steps"] = []
    for k in range(1, steps + 1):
        x, labels = batch(k)
        result = reference.step(params, x, labels, train=True, step_key=k)
        new_v, new_w = reference.momentum_update(params, velocity, result["gradients"], LEARNING_RATE, MOMENTUM)
        out["steps"].append(
            {
                "start_weights": params,
                "start_velocity": velocity,
                "gradients": result["gradients"],
                "loss": result["loss"],
                "correct": result["correct"],
                "velocity": new_v,
                "weights": new_w,
            }
        )
        params, velocity = _to32(new_w), _to32(new_v)
    out["adam"] = _adam_once(be, REFERENCE_DTYPE)
    return out


class _Session:
    """A model, an optimizer and the data on one backend, driven as the trainer drives it."""

    def __init__(self, be, spec: str, data: _Data, steps: int = TRAIN_STEPS):
        self.be = be
        shape = (1, *data.images.shape[1:])
        self.model = Sequential.from_spec(spec, input_shape=shape).initialise(0, DTYPE).to(be)
        self.opt = Optimizer("momentum", momentum=MOMENTUM).to(be)
        self.data = be.upload_dataset(data.images, data.labels)
        self.slots = max(steps, TRAIN_STEPS) + 1
        self.stats = be.new_step_stats(self.slots)
        self.index_sets = data.index_sets

    def step(self, index, slot: int, step_key: int) -> None:
        training_step(self.be, self.model, self.opt, self.data, index, self.stats, slot, step_key, LEARNING_RATE)

    def _flat_gradients(self) -> dict[str, np.ndarray]:
        flat = self.model.named_parameters().flat
        return flat.layout.split(self.be.to_host(flat.grad))

    def results(self, reference: dict) -> dict:
        """Everything ``compare_results`` checks, each training step started from the reference's
        weights and velocity of that step."""
        be, model = self.be, self.model
        out = {}
        x, y = be.gather_batch(self.data, self.index_sets[0], DTYPE)
        out["batch"], out["labels"] = be.to_host(x), be.to_host(y)
        logits = model.forward(x, train=False)
        out["forward"] = be.to_host(logits)
        dlogits = be.softmax_cross_entropy_into(logits, y, self.stats, 0)
        model.backward(dlogits)
        out["dlogits"] = be.to_host(dlogits)
        out["gradients"] = self._flat_gradients()
        out["steps"] = []
        for k, ref in enumerate(reference["steps"], 1):
            model.load_state_dict(ref["start_weights"])
            layout = model.named_parameters().flat.layout
            self.opt.replace_state(
                be, {f"optim.{name}.velocity": v for name, v in ref["start_velocity"].items()}, k - 1, layout
            )
            self.step(self.index_sets[k], k, k)
            stats = be.read_step_stats(self.stats, k + 1)
            out["steps"].append(
                {
                    "gradients": self._flat_gradients(),
                    "weights": model.state_dict(),
                    "velocity": {
                        key.split(".", 1)[1].rsplit(".", 1)[0]: v for key, v in self.opt.state_arrays().items()
                    },
                    "loss": float(stats[k, 0]),
                    "correct": int(round(stats[k, 1])),
                }
            )
        out["adam"] = _adam_once(be, DTYPE)
        return out

    def time_steps(self, max_steps: int, min_seconds: float = 2.0) -> tuple[float, dict | None]:
        """Mean wall time of a training step (ms), device synchronised at the end: at least two
        steps, then more until ``min_seconds`` have passed or ``max_steps`` ran; and the device
        counters per step (None on a CPU)."""
        be = self.be
        slots = self.slots
        for k in range(2 if be.is_gpu else 1):  # untimed: a shape's first steps fill caches and pools
            self.step(self.index_sets[k % len(self.index_sets)], k % slots, 100 + k)
        be.read_step_stats(self.stats, 1)
        be.synchronize()
        before = be.device_counters()
        start = time.perf_counter()
        steps = 0
        while steps < max_steps and (steps < 2 or time.perf_counter() - start < min_seconds):
            self.step(self.index_sets[steps % len(self.index_sets)], steps % slots, 200 + steps)
            steps += 1
            if steps % slots == 0:
                be.read_step_stats(self.stats, slots)  # as the trainer: read every few steps
        be.synchronize()
        elapsed = time.perf_counter() - start
        after = be.device_counters()
        counters = None
        if before is not None and after is not None:
            counters = {f"{k}_per_step": (after[k] - before[k]) / steps for k in after}
        return elapsed / steps * 1e3, counters


def _adam_once(be, dtype=DTYPE) -> np.ndarray:
    """One Adam update (step 3) of fixed random float32 parameters and state (computed in ``dtype``);
    (param, m, v) on the host."""
    rng = np.random.default_rng(11)
    arrays = [
        rng.standard_normal(4096).astype(DTYPE),
        rng.standard_normal(4096).astype(DTYPE),
        (0.1 * rng.standard_normal(4096)).astype(DTYPE),
        (0.01 * np.abs(rng.standard_normal(4096))).astype(DTYPE),
    ]
    param, grad, m, v = (be.from_host(a.astype(dtype)) for a in arrays)
    be.adam_step(param, grad, m, v, 1e-3, 0.9, 0.999, 1e-8, 3)
    return np.concatenate([be.to_host(param), be.to_host(m), be.to_host(v)])


def compare_results(got: dict, expected: dict) -> tuple[dict[str, Mismatch], dict[str, float]]:
    """Per compared tensor (``forward``, ``gradient conv1.bias``, ``step 2 weights dense1.weight``...):
    the values outside their float32 bound, and the relative error (for information)."""
    checks: dict[str, Mismatch] = {}
    rel: dict[str, float] = {}

    def bounded(key, got_value, ref: Bounded):
        checks[key] = compare(got_value, ref)
        rel[key] = rel_error(got_value, ref.value) if got_value is not None else math.inf

    def exact(key, ok: bool, tolerance_error: float = 0.0):
        checks[key] = Mismatch(0.0 if ok else math.inf, 0 if ok else 1, 1, tolerance_error, 0.0)

    batch_error = rel_error(got["batch"], expected["batch"])
    exact("batch", batch_error <= TOLERANCES["batch"], batch_error)
    exact("labels", np.array_equal(got["labels"], expected["labels"]))
    bounded("forward", got["forward"], expected["forward"])
    bounded("dlogits", got["dlogits"], expected["dlogits"])
    for name, g in expected["gradients"].items():
        bounded(f"gradient {name}", got["gradients"].get(name), g)
    for k, (mine, ref) in enumerate(zip(got["steps"], expected["steps"]), 1):
        bounded(f"step {k} loss", mine["loss"], ref["loss"])
        count, unsure = ref["correct"]
        exact(f"step {k} correct", abs(mine["correct"] - count) <= unsure, abs(mine["correct"] - count))
        for kind in ("gradients", "velocity", "weights"):
            for name, r in ref[kind].items():
                bounded(f"step {k} {kind.rstrip('s')} {name}", mine[kind].get(name), r)
    adam_error = rel_error(got["adam"], expected["adam"])
    exact("adam", adam_error <= TOLERANCES["adam"], adam_error)
    rel["adam"] = adam_error
    return checks, rel


def _problem(checks: dict[str, Mismatch]) -> str | None:
    bad = [(key, m) for key, m in checks.items() if not m.fraction <= 1.0]
    if not bad:
        return None

    def rank(item):  # a wrong batch explains everything after it; then the tensor furthest outside its bound
        key, m = item
        first = 2 if key in ("batch", "labels") else 0 if key.endswith("correct") or key == "adam" else 1
        return first, m.fraction

    key, m = max(bad, key=rank)
    what = {
        "batch": "the gathered batch differs from the reference's",
        "labels": "gathered labels differ",
        "adam": f"adam: relative error {m.worst_error:.2e} > {TOLERANCES['adam']:.0e}",
    }.get(key)
    if what is None and key.endswith("correct"):
        what = f"{key}: differs by {m.worst_error:.0f} images, more than rounding can flip"
    if what is None:
        what = (
            f"{key}: {m.outside} of {m.size} values outside the float32 error bound "
            f"(worst off by {m.worst_error:.2e}, bound {m.worst_bound:.2e})"
        )
    more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
    return what + more


def check_backend(
    name: str, spec: str, data: _Data, reference: dict, timed_steps: int, threads: int | None = None
) -> BackendCheck:
    """Check one backend against ``reference`` (``reference_run``'s result); a backend with worker threads (numba)
    on ``threads`` of them when given (its own count is back in force afterwards)."""
    try:
        be = registry.get(name)
    except BackendUnavailable as exc:
        return BackendCheck(available=False, reason=str(exc))
    result = BackendCheck(available=True)
    before = getattr(be, "threads", None) if threads is not None and hasattr(be, "set_threads") else None
    try:
        return _check_opened(be, spec, data, reference, timed_steps, result, threads if before is not None else None)
    finally:
        if before is not None:
            be.set_threads(before)


def _check_opened(
    be, spec: str, data: _Data, reference: dict, timed_steps: int, result: BackendCheck, threads: int | None
) -> BackendCheck:
    try:
        if threads is not None:
            be.set_threads(threads)
        result.description = be.describe()
        missing = [m for m in PROTOCOL if not hasattr(be, m)]
        if missing:
            raise NotImplementedError(f"the backend lacks {', '.join(missing)} of the training protocol")
        warm_up = getattr(be, "warm_up", None)
        result.warmup_s = float(warm_up(DTYPE)) if be.needs_warmup and warm_up else 0.0
        session = _Session(be, spec, data, len(reference["steps"]))
        checks, rel = compare_results(session.results(reference), reference)
        result.errors = {key: m.fraction for key, m in checks.items()}
        result.worst_bound_fraction = max(result.errors.values())
        result.max_rel_error = max(rel.values())
        problem = _problem(checks)
        result.step_ms, result.device_counters = session.time_steps(timed_steps)
        result.check = "failed" if problem else "passed"
        result.reason = problem
    except Exception as exc:  # a crash is a failed check with its reason, not a traceback for the teacher
        result.check = "failed"
        text = str(exc).strip().splitlines()
        result.reason = f"{type(exc).__name__}: {text[0] if text else ''}"[:500]
    return result


def _say(text: str) -> None:
    """Progress on stderr (stdout keeps the table or the JSON): a side channel that never fails the check."""
    try:
        print(f"devices --check: {text}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def check_all(
    net: str, batch: int, names: list[str], timed_steps: int = 10, progress=_say, threads: int | None = None
) -> dict:
    model = Sequential.from_spec(net)  # SpecError (a ValueError) names the problem
    data = _data(batch)
    started = time.perf_counter()
    progress(
        f"the float64 reference with error bounds: forward, backward and {TRAIN_STEPS} training steps "
        f"of {model.spec} at batch {batch} (the longest part)..."
    )
    reference = reference_run(model.spec, data)
    backends = {}
    for number, name in enumerate(names, 1):
        on = f" on {threads} worker threads" if threads is not None and name == "numba" else ""
        progress(
            f"[{number}/{len(names)}] {name}{on}: warm-up, compare with the reference, time a step "
            f"({time.perf_counter() - started:.0f} s so far)..."
        )
        backends[name] = check_backend(name, model.spec, data, reference, timed_steps, threads)
        progress(f"[{number}/{len(names)}] {name}: {backends[name].check}")
    return {
        "net": model.spec,
        "batch": batch,
        "dtype": np.dtype(DTYPE).name,
        "reference_dtype": np.dtype(REFERENCE_DTYPE).name,
        "train_steps": TRAIN_STEPS,
        "threads": threads,
        "backends": backends,
    }


def _names(text: str) -> list[str]:
    names = [n.strip().lower() for n in str(text).split(",") if n.strip()]
    unknown = [n for n in names if n not in registry.NAMES]
    if unknown or not names:
        raise ValueError(
            f"unknown backend {unknown[0]!r} in --backends; choose from {', '.join(registry.NAMES)}"
            if unknown
            else "--backends is empty"
        )
    return list(dict.fromkeys(names))


def main(args) -> int:
    """Run the check; 0 when every backend that can run passed, 1 when one failed."""
    from ..train.config import MAX_BATCH

    batch = getattr(args, "batch", 128)
    if not isinstance(batch, int) or not 1 <= batch <= MAX_BATCH:
        raise ValueError(f"--batch must be a whole number from 1 to {MAX_BATCH}, got {batch!r}")
    timed = getattr(args, "timed_steps", 10)
    if not isinstance(timed, int) or not 1 <= timed <= 10000:
        raise ValueError(f"--timed-steps must be a whole number from 1 to 10000, got {timed!r}")
    threads = check_threads(getattr(args, "threads", None), MAX_CHECK_THREADS, "any machine's split of the sums")
    names = _names(getattr(args, "backends", ",".join(registry.NAMES)))
    report = check_all(getattr(args, "net", "seed"), batch, names, timed, threads=threads)
    if getattr(args, "json", False):
        json.dump(to_json(report), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(format_table(report))
    return 1 if any(r.check == "failed" for r in report["backends"].values()) else 0


def run_cli(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cnnviz devices --check", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return main(args)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(run_cli())
