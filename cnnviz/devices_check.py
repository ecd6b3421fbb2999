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
2. three Adam training steps follow; their losses, correct counts and the
   weights after them are compared;
3. a training step is timed, compilation excluded (``warm_up`` first, its
   seconds reported separately).

A backend that cannot run is listed with the reason. Exit status 1 when any
check fails. ``python -m cnnviz.devices_check --help`` runs it without the CLI.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import asdict, dataclass, field

import numpy as np

from .backends import numpy_ref, registry
from .backends.base import BackendUnavailable
from .nn.model import PRESETS, Sequential
from .nn.optim import Optimizer
from .train.step import training_step

TRAIN_STEPS = 3
LEARNING_RATE = 1e-2
"""SGD with momentum for the training steps: an update is linear in the gradient, so float32
rounding differences stay as small as the gradients'. (Adam divides by sqrt(v): for the many
gradients near zero it turns rounding noise into full +-lr steps, so weights after Adam steps
differ between any two correct float32 implementations, the NumPy reference on another BLAS
included: its update is checked on its own, as one ``adam_step`` on fixed inputs.)"""
DTYPE = np.float32
TOLERANCES = {"batch": 0.0, "forward": 1e-4, "dlogits": 1e-4, "gradient": 1e-3, "loss": 1e-4, "weights": 2e-3,
              "adam": 1e-5}
"""Largest relative error (max |got - expected| / max |expected|) accepted, per kind of result."""
PROTOCOL = ("upload_dataset", "gather_batch", "new_step_stats", "softmax_cross_entropy_into", "read_step_stats")


@dataclass
class BackendCheck:
    available: bool
    reason: str | None = None
    """Why it cannot run (unavailable), or what did not match (failed)."""
    check: str = "skipped"
    """passed, failed or skipped."""
    max_rel_error: float | None = None
    step_ms: float | None = None
    warmup_s: float | None = None
    description: str | None = None
    device_counters: dict[str, float] | None = None
    """Per timed step, from ``device_counters()`` (GPU backends), else None."""
    errors: dict[str, float] = field(default_factory=dict)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--net", default="seed", help=f"{', '.join(PRESETS)} or a spec (default seed)")
    parser.add_argument("--batch", type=int, default=128, help="images per training step (default 128)")
    parser.add_argument("--backends", default=",".join(registry.NAMES),
                        help=f"comma-separated, from {', '.join(registry.NAMES)} (default: all)")
    parser.add_argument("--timed-steps", type=int, default=10, dest="timed_steps",
                        help="at most this many training steps timed per backend (default 10; "
                             "at least 2, more while under 2 s)")
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
        return math.inf if not np.array_equal(np.isnan(got), np.isnan(expected)) else \
            rel_error(np.nan_to_num(got), np.nan_to_num(expected))
    return float(diff.max() / max(float(np.abs(expected).max()), 1e-30))


# --- running the protocol ---------------------------------------------------------------------
@dataclass
class _Data:
    images: np.ndarray
    labels: np.ndarray
    index_sets: list[np.ndarray]


def _data(batch: int) -> _Data:
    from .data.datasets import load_dataset

    mnist = load_dataset("mnist")
    count = min(len(mnist.train_labels), batch * (TRAIN_STEPS + 1))
    order = np.random.default_rng(7).permutation(count)
    index_sets = [order[(np.arange(batch) + k * batch) % count].astype(np.int64) for k in range(TRAIN_STEPS + 1)]
    return _Data(np.ascontiguousarray(mnist.train_images[:count]), np.asarray(mnist.train_labels[:count]), index_sets)


class _Session:
    """A model, an optimizer and the data on one backend, driven as the trainer drives it."""

    def __init__(self, be, spec: str, data: _Data):
        self.be = be
        shape = (1, *data.images.shape[1:])
        self.model = Sequential.from_spec(spec, input_shape=shape).initialise(0, DTYPE).to(be)
        self.opt = Optimizer("momentum", momentum=0.9).to(be)
        self.data = be.upload_dataset(data.images, data.labels)
        self.stats = be.new_step_stats(TRAIN_STEPS + 1)
        self.index_sets = data.index_sets

    def step(self, index, slot: int, step_key: int) -> None:
        training_step(self.be, self.model, self.opt, self.data, index, self.stats, slot, step_key, LEARNING_RATE)

    def results(self) -> dict:
        be, model = self.be, self.model
        out = {}
        x, y = be.gather_batch(self.data, self.index_sets[0], DTYPE)
        out["batch"], out["labels"] = be.to_host(x), be.to_host(y)
        logits = model.forward(x, train=False)
        out["forward"] = be.to_host(logits)
        dlogits = be.softmax_cross_entropy_into(logits, y, self.stats, 0)
        model.backward(dlogits)
        out["dlogits"] = be.to_host(dlogits)
        flat = model.named_parameters().flat
        out["gradients"] = flat.layout.split(be.to_host(flat.grad))
        for k in range(1, TRAIN_STEPS + 1):
            self.step(self.index_sets[k], k, k)
        out["stats"] = be.read_step_stats(self.stats, TRAIN_STEPS + 1)
        out["weights"] = model.state_dict()
        out["adam"] = _adam_once(be)
        return out

    def time_steps(self, max_steps: int, min_seconds: float = 2.0) -> tuple[float, dict | None]:
        """Mean wall time of a training step (ms), device synchronised at the end: at least two
        steps, then more until ``min_seconds`` have passed or ``max_steps`` ran; and the device
        counters per step (None on a CPU)."""
        be = self.be
        slots = TRAIN_STEPS + 1
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


def _adam_once(be) -> np.ndarray:
    """One Adam update (step 3) of fixed random parameters and state; (param, m, v) on the host."""
    rng = np.random.default_rng(11)
    arrays = [rng.standard_normal(4096).astype(DTYPE), rng.standard_normal(4096).astype(DTYPE),
              (0.1 * rng.standard_normal(4096)).astype(DTYPE), (0.01 * np.abs(rng.standard_normal(4096))).astype(DTYPE)]
    param, grad, m, v = (be.from_host(a) for a in arrays)
    be.adam_step(param, grad, m, v, 1e-3, 0.9, 0.999, 1e-8, 3)
    return np.concatenate([be.to_host(param), be.to_host(m), be.to_host(v)])


def _compare(got: dict, expected: dict) -> dict[str, float]:
    errors = {"batch": rel_error(got["batch"], expected["batch"]),
              "labels": 0.0 if np.array_equal(got["labels"], expected["labels"]) else math.inf,
              "forward": rel_error(got["forward"], expected["forward"]),
              "dlogits": rel_error(got["dlogits"], expected["dlogits"])}
    for name, g in expected["gradients"].items():
        errors[f"gradient {name}"] = rel_error(got["gradients"].get(name), g)
    stats, stats_ref = got["stats"], expected["stats"]
    errors["loss"] = rel_error(stats[:, 0], stats_ref[:, 0])
    errors["correct"] = 0.0 if np.abs(stats[:, 1] - stats_ref[:, 1]).max() <= 1 else math.inf
    for name, w in expected["weights"].items():
        errors[f"weights {name}"] = rel_error(got["weights"].get(name), w)
    errors["adam"] = rel_error(got["adam"], expected["adam"])
    return errors


def _tolerance(key: str) -> float:
    kind = key.split(" ")[0]
    return {"labels": 0.0, "correct": 0.0}.get(kind, TOLERANCES.get(kind, 0.0))


def _problem(errors: dict[str, float]) -> str | None:
    bad = [(key, err) for key, err in errors.items() if not err <= _tolerance(key)]
    if not bad:
        return None
    key, err = max(bad, key=lambda item: item[1] / max(_tolerance(item[0]), 1e-30))
    what = {"labels": "gathered labels differ", "correct": "correct counts differ by more than 1"}.get(key)
    more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
    return (what or f"{key}: relative error {err:.2e} > {_tolerance(key):.0e}") + more


def check_backend(name: str, spec: str, data: _Data, reference: dict, timed_steps: int,
                  is_reference: bool = False) -> BackendCheck:
    """Check one backend against ``reference`` (``_Session.results()`` of the NumPy reference);
    ``is_reference``: the backend is the reference itself (its results are ``reference``)."""
    try:
        be = registry.get(name)
    except BackendUnavailable as exc:
        return BackendCheck(available=False, reason=str(exc))
    result = BackendCheck(available=True)
    try:
        result.description = be.describe()
        missing = [m for m in PROTOCOL if not hasattr(be, m)]
        if missing:
            raise NotImplementedError(f"the backend lacks {', '.join(missing)} of the training protocol")
        warm_up = getattr(be, "warm_up", None)
        result.warmup_s = float(warm_up(DTYPE)) if getattr(be, "needs_warmup", False) and warm_up else 0.0
        session = _Session(be, spec, data)
        got = reference if is_reference else session.results()
        errors = _compare(got, reference)
        result.errors = errors
        result.max_rel_error = max(errors.values())
        problem = _problem(errors)
        result.step_ms, result.device_counters = session.time_steps(timed_steps)
        result.check = "failed" if problem else "passed"
        result.reason = problem
    except Exception as exc:  # a crash is a failed check with its reason, not a traceback for the teacher
        result.check = "failed"
        text = str(exc).strip().splitlines()
        result.reason = f"{type(exc).__name__}: {text[0] if text else ''}"[:500]
    return result


def check_all(net: str, batch: int, names: list[str], timed_steps: int = 10) -> dict:
    model = Sequential.from_spec(net)  # SpecError (a ValueError) names the problem
    data = _data(batch)
    reference = _Session(numpy_ref.create(), model.spec, data).results()
    backends = {}
    for name in names:
        backends[name] = check_backend(name, model.spec, data, reference, timed_steps, is_reference=name == "numpy")
    return {"net": model.spec, "batch": batch, "dtype": np.dtype(DTYPE).name, "train_steps": TRAIN_STEPS,
            "backends": backends}


# --- output -----------------------------------------------------------------------------------------
def _json_number(value):
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return None if value is None else str(value)
    return value


def to_json(report: dict) -> dict:
    out = {k: v for k, v in report.items() if k != "backends"}
    out["backends"] = {}
    for name, res in report["backends"].items():
        entry = asdict(res)
        entry.pop("errors")
        entry["max_rel_error"] = _json_number(entry["max_rel_error"])
        out["backends"][name] = entry
    return out


def format_table(report: dict) -> str:
    lines = [f"cnnviz devices --check: {report['net']}, batch {report['batch']}, {report['dtype']}; "
             f"forward, backward and {report['train_steps']} training steps against the NumPy reference", ""]
    header = f"{'backend':<8} {'check':<8} {'max rel err':>11} {'step ms':>9} {'warm-up s':>9}  device / reason"
    lines += [header, "-" * len(header)]
    for name, res in report["backends"].items():
        err = "-" if res.max_rel_error is None else f"{res.max_rel_error:.1e}"
        step = "-" if res.step_ms is None else f"{res.step_ms:.2f}"
        warm = "-" if res.warmup_s is None else f"{res.warmup_s:.2f}"
        detail = res.description if res.check == "passed" else res.reason
        if res.check == "failed" and res.description:
            detail = f"{res.reason}  [{res.description}]"
        lines.append(f"{name:<8} {res.check:<8} {err:>11} {step:>9} {warm:>9}  {detail or ''}")
    failed = [n for n, r in report["backends"].items() if r.check == "failed"]
    lines.append("")
    lines.append(f"FAILED: {', '.join(failed)}" if failed else
                 "All backends that can run here agree with the reference.")
    return "\n".join(lines)


def _names(text: str) -> list[str]:
    names = [n.strip().lower() for n in str(text).split(",") if n.strip()]
    unknown = [n for n in names if n not in registry.NAMES]
    if unknown or not names:
        raise ValueError(f"unknown backend {unknown[0]!r} in --backends; choose from {', '.join(registry.NAMES)}"
                         if unknown else "--backends is empty")
    return list(dict.fromkeys(names))


def main(args) -> int:
    """Run the check; 0 when every backend that can run passed, 1 when one failed."""
    batch = getattr(args, "batch", 128)
    if not isinstance(batch, int) or batch < 1:
        raise ValueError(f"--batch must be a positive integer, got {batch!r}")
    timed = getattr(args, "timed_steps", 10)
    if not isinstance(timed, int) or timed < 1:
        raise ValueError(f"--timed-steps must be a positive integer, got {timed!r}")
    names = _names(getattr(args, "backends", ",".join(registry.NAMES)))
    report = check_all(getattr(args, "net", "seed"), batch, names, timed)
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
