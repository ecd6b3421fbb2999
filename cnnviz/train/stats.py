"""Weight and gradient statistics, their history, and what they say about training.

:func:`parameter_stats` summarises every parameter (percentiles, mean, std,
mean |x|, L2 norm of the weights and of the gradients); :class:`StatsHistory`
keeps the last few hundred of those summaries; :func:`diagnose` turns the
history into short sentences a student can act on.

The key number is the *update ratio* ``|delta w| / |w|``: how much one step
changes a parameter relative to its size. Around 1e-3 is healthy (a rule of
thumb from Karpathy's CS231n notes); far below 1e-5 the parameter is frozen
(vanishing gradients, or a learning rate far too low); above 1e-1 each step
rewrites a large part of the weights (learning rate too high, exploding
gradients). When the caller can give the weights before the step, the ratio
is measured exactly, whatever the optimizer; otherwise it is estimated as
``lr * |g| / |w|``, which is exact for plain SGD, an underestimate (up to
1/(1 - momentum)) for momentum, and meaningless for Adam, so with Adam only
measured updates are judged.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from ..number_format import rate
from ..translatable import N_, Phrase, comma_list

__all__ = [
    "TensorSummary",
    "ParamStats",
    "StatsRecord",
    "StatsHistory",
    "summarize",
    "parameter_stats",
    "diagnose",
    "HEALTHY_UPDATE_RATIO",
    "VANISHING_UPDATE_RATIO",
    "EXPLODING_UPDATE_RATIO",
]

HEALTHY_UPDATE_RATIO = 1e-3
VANISHING_UPDATE_RATIO = 1e-5
EXPLODING_UPDATE_RATIO = 1e-1
PERCENTILES = (1, 25, 50, 75, 99)
MAX_PERCENTILE_SAMPLES = 100_000
"""Percentiles of larger tensors come from an evenly strided sample of this
many values (accurate to well under a percent of rank), so that summarising
the seed net's 1.6M-weight dense layer every few steps stays cheap. Mean,
std and norms always use every value."""


@dataclass(frozen=True)
class TensorSummary:
    mean: float
    std: float
    abs_mean: float
    l2: float
    p1: float
    p25: float
    p50: float
    p75: float
    p99: float
    finite: bool
    """False when the tensor holds NaN or infinity (the other numbers then cover the finite values only)."""


@dataclass(frozen=True)
class ParamStats:
    name: str
    shape: tuple[int, ...]
    weights: TensorSummary
    grads: TensorSummary | None = None
    update_l2: float | None = None
    """|w_after - w_before| of one step, when the weights before it were given."""

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))

    def update_ratio(self, lr: float | None = None) -> float | None:
        """|delta w| / |w| for one step: measured when known, else ``lr * |g| / |w|``; None if neither."""
        scale = self.weights.l2
        if self.update_l2 is not None:
            change = self.update_l2
        elif self.grads is not None and lr is not None:
            change = lr * self.grads.l2
        else:
            return None
        if scale == 0:
            return None  # undefined for an all-zero tensor (a bias before its first step)
        return change / scale


def summarize(values) -> TensorSummary:
    # Stays in the tensor's own float type (no float64 copy of 1.6M weights) but
    # accumulates in float64; the percentiles come from an evenly strided sample.
    array = np.asarray(values).ravel()
    if array.dtype.kind != "f":
        array = array.astype(np.float64)
    finite = bool(np.isfinite(array).all())
    if not finite:
        array = array[np.isfinite(array)]
    if array.size == 0:
        nan = math.nan
        return TensorSummary(nan, nan, nan, nan, nan, nan, nan, nan, nan, finite)
    sample = array
    if array.size > MAX_PERCENTILE_SAMPLES:
        sample = array[:: array.size // MAX_PERCENTILE_SAMPLES]
    p1, p25, p50, p75, p99 = np.percentile(sample, PERCENTILES)
    mean = float(array.mean(dtype=np.float64))
    sum_squares = float(np.dot(array, array))  # BLAS; float32 accuracy is plenty for a display
    return TensorSummary(
        mean=mean,
        std=float(np.sqrt(max(0.0, sum_squares / array.size - mean * mean))),
        abs_mean=float(np.abs(array).mean(dtype=np.float64)),
        l2=math.sqrt(sum_squares),
        p1=float(p1),
        p25=float(p25),
        p50=float(p50),
        p75=float(p75),
        p99=float(p99),
        finite=finite,
    )


def parameter_stats(
    weights: Mapping[str, np.ndarray],
    grads: Mapping[str, np.ndarray] | None = None,
    previous_weights: Mapping[str, np.ndarray] | None = None,
) -> list[ParamStats]:
    """One :class:`ParamStats` per parameter, in the order of ``weights``.

    ``grads`` and ``previous_weights`` (the weights before the step that
    produced ``weights``) are optional and may cover only some parameters.
    """
    result = []
    for name, w in weights.items():
        w = np.asarray(w)
        g = None if grads is None or grads.get(name) is None else np.asarray(grads[name])
        if g is not None and g.shape != w.shape:
            raise ValueError(f"{name}: gradient shape {g.shape} differs from weight shape {w.shape}")
        update = None
        if previous_weights is not None and previous_weights.get(name) is not None:
            before = np.asarray(previous_weights[name])
            if before.shape != w.shape:
                raise ValueError(f"{name}: previous weights have shape {before.shape}, not {w.shape}")
            delta = (w - before).ravel()
            update = float(np.sqrt(np.dot(delta, delta)))
        result.append(ParamStats(name, tuple(w.shape), summarize(w), None if g is None else summarize(g), update))
    return result


@dataclass(frozen=True)
class StatsRecord:
    step: int
    lr: float | None
    params: tuple[ParamStats, ...]
    loss: float | None = None
    optimizer: str | None = None

    def param(self, name: str) -> ParamStats | None:
        for p in self.params:
            if p.name == name:
                return p
        return None

    def update_ratio(self, name: str) -> float | None:
        """The parameter's update ratio at this step, when it can be known.

        Adam scales every step to about ``lr`` per weight whatever the
        gradient's size, so ``lr * |g| / |w|`` says nothing about it: with
        Adam only a measured update (``previous_weights``) counts.
        """
        p = self.param(name)
        if p is None or (p.update_l2 is None and self.optimizer == "adam"):
            return None
        return p.update_ratio(self.lr)


class StatsHistory:
    """The last ``capacity`` statistics records (a ring buffer: old records fall off)."""

    def __init__(self, capacity: int = 500):
        if capacity < 1:
            raise ValueError(f"capacity must be at least 1, got {capacity}")
        self.capacity = capacity
        self._records: deque[StatsRecord] = deque(maxlen=capacity)

    def record(
        self,
        step: int,
        stats: Iterable[ParamStats],
        lr: float | None = None,
        loss: float | None = None,
        optimizer: str | None = None,
    ) -> StatsRecord:
        if self._records and step < self._records[-1].step:
            # The run was reset (new weights, step count from 0): old history would mislead.
            self._records.clear()
        entry = StatsRecord(
            int(step), None if lr is None else float(lr), tuple(stats), None if loss is None else float(loss), optimizer
        )
        self._records.append(entry)
        return entry

    def clear(self) -> None:
        self._records.clear()

    def __len__(self) -> int:
        return len(self._records)

    @property
    def records(self) -> tuple[StatsRecord, ...]:
        return tuple(self._records)

    @property
    def steps(self) -> np.ndarray:
        return np.array([r.step for r in self._records], dtype=np.int64)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self._records[-1].params) if self._records else ()

    def series(self, name: str, field: str) -> np.ndarray:
        """One number per record, e.g. ``series("conv1.weight", "grads.l2")`` or ``"update_ratio"``.

        ``field`` is ``weights.<stat>``, ``grads.<stat>`` (stat: a
        :class:`TensorSummary` field) or ``update_ratio``; NaN where unknown.
        """
        values = []
        for record in self._records:
            p = record.param(name)
            if p is None:
                values.append(math.nan)
            elif field == "update_ratio":
                ratio = record.update_ratio(name)
                values.append(math.nan if ratio is None else ratio)
            else:
                part, _, stat = field.partition(".")
                if part not in ("weights", "grads") or stat not in TensorSummary.__dataclass_fields__:
                    raise ValueError(
                        f"unknown statistic {field!r}: use weights.<stat>, grads.<stat> or "
                        f"update_ratio, with stat one of {', '.join(TensorSummary.__dataclass_fields__)}"
                    )
                summary = getattr(p, part)
                values.append(math.nan if summary is None else float(getattr(summary, stat)))
        return np.array(values, dtype=np.float64)


def _names_list(names: list[str]) -> str:
    """ "conv1.weight, conv2.weight and dense1.weight" (a Phrase: the GUI says "and" and ", " in its language)."""
    if len(names) == 1:
        return names[0]
    return Phrase(N_("{names} and {last}"), names=comma_list(names[:-1]), last=names[-1])


LR_CHANGE_FACTOR = 2.0
"""A learning rate this many times larger or smaller than the record before it starts the run afresh for
:func:`diagnose` (a teacher typing 0.05 after 0.5; a step schedule's drop): what the old rate did is not
judged together with what the new one does. A schedule's smooth decay never changes it this much between
two records."""
RECENT_DEAD = 5
"""Dead units are dead now: at least half of the last this many records give the tensor no gradient at all
(after a resume from the weights put back, with a smaller rate, the box went within a few records)."""


def since_last_lr_change(records: tuple[StatsRecord, ...], factor: float = LR_CHANGE_FACTOR) -> tuple:
    """The records since the learning rate last jumped by ``factor`` or more (all of them if it never did)."""
    for i in range(len(records) - 1, 0, -1):
        before, after = records[i - 1].lr, records[i].lr
        if before and after and before > 0 and after > 0 and max(before, after) / min(before, after) >= factor:
            return records[i:]
    return records


def _names_with_ratios(names: list[str], typical: Mapping[str, float]) -> Phrase:
    """ "conv1.weight (0.5), dense1.weight (0.2)": each name with its typical ratio, written as the language shown
    writes a rate, listed its way (:func:`comma_list`: "、" in Japanese and Chinese)."""
    return comma_list([Phrase("{name} ({ratio})", name=name, ratio=rate(typical[name], 1)) for name in names])


def diagnose(
    history: StatsHistory,
    *,
    window: int = 50,
    min_records: int = 10,
    vanishing_ratio: float = VANISHING_UPDATE_RATIO,
    exploding_ratio: float = EXPLODING_UPDATE_RATIO,
    fraction: float = 0.8,
    growth_factor: float = 10.0,
) -> list[str]:
    """Plain-language warnings about the last ``window`` records; an empty list when all looks healthy.

    A finding needs ``fraction`` of the recent records to agree (one odd
    step is not a trend) and at least ``min_records`` records, so a run is
    not judged in its first few steps. Only the records since the learning
    rate last changed a lot (:func:`since_last_lr_change`) are judged: the
    run as it is now, not as it was before the teacher lowered the rate.
    """
    records = since_last_lr_change(history.records)[-window:]
    if not records:
        return []
    findings: list[str] = []

    broken = sorted(
        {
            p.name
            for r in records
            for p in r.params
            if not p.weights.finite or (p.grads is not None and not p.grads.finite)
        }
    )
    if broken:
        findings.append(
            Phrase(
                N_(
                    "{names} contain NaN or infinite numbers: training has blown up. "
                    "Lower the learning rate (try 10 times smaller) and resume from the weights put back when the "
                    "training diverged; if none were put back, reset the network."
                ),
                names=_names_list(broken),
            )
        )
    if len(records) < min_records:
        return findings

    # Update ratios are judged on weight tensors only: a bias starts at zero and
    # holds a handful of numbers, so its ratio is huge or undefined early on and means little.
    last = records[-1]
    names = [p.name for p in last.params if p.name not in broken and len(p.shape) >= 2]
    vanishing, dead, exploding, growing = [], [], [], []
    typical: dict[str, float] = {}
    for name in names:
        entries = [(r, p) for r in records if (p := r.param(name)) is not None]
        zero = np.array([p.grads.l2 == 0 for _r, p in entries if p.grads is not None], dtype=bool)
        # Healthy training never gives a weight tensor an exactly zero gradient, so zero in
        # half the recent steps already means its units have died (a few odd batches may
        # still wake one up for a step, which is why "every step" would be too strict).
        # And dead now: zero in at least half of the last few records too (gradients flowing again after a
        # resume from the weights put back are news at once, not after half the window has passed).
        if len(zero) >= min_records and np.mean(zero) >= 0.5 and np.mean(zero[-RECENT_DEAD:]) >= 0.5:
            dead.append(name)
            continue
        if zero.any():
            # Alive again: judged on the records since its gradient last stopped (the zero ratios of the dead
            # stretch said "vanishing" of a layer learning at a healthy pace again).
            last_zero = max(i for i, (_r, p) in enumerate(entries) if p.grads is not None and p.grads.l2 == 0)
            entries = entries[last_zero + 1 :]
        ratios = []
        grad_norms = []
        weight_norms = []
        for r, p in entries:
            ratio = r.update_ratio(name)
            if ratio is not None and not math.isnan(ratio):
                ratios.append(ratio)
            if p.grads is not None:
                grad_norms.append(p.grads.l2)
            weight_norms.append(p.weights.l2)
        if len(ratios) >= min_records:
            ratios_arr = np.array(ratios)
            typical[name] = float(np.median(ratios_arr))
            if np.mean(ratios_arr < vanishing_ratio) >= fraction:
                vanishing.append(name)
            elif np.mean(ratios_arr > exploding_ratio) >= fraction * 0.5:
                # Half the usual agreement: a few huge steps already undo a lot of learning.
                exploding.append(name)
        norms = grad_norms if len(grad_norms) >= min_records else weight_norms
        if len(norms) >= min_records:
            # Medians of the first and last quarters: robust to the noise of single batches.
            quarter = max(1, len(norms) // 4)
            head, tail = np.median(norms[:quarter]), np.median(norms[-quarter:])
            if head > 0 and tail / head > growth_factor:
                growing.append(name)

    if dead:
        findings.append(
            Phrase(
                N_(
                    "In most recent steps no gradient at all reaches {names}: those weights have stopped "
                    "learning. This usually means dead ReLUs (every unit outputs 0) after a too-large step; they "
                    "do not come back by themselves. Lower the learning rate and resume from the weights put back "
                    "when the training diverged; if none were put back, reset the network."
                ),
                names=_names_list(dead),
            )
        )
    if vanishing:
        shown = _names_with_ratios(vanishing, typical)
        findings.append(
            Phrase(
                N_(
                    "Vanishing gradients: each step changes {shown} by less than {ratio} of its size "
                    "(healthy is about {healthy}), so those layers have almost stopped learning. "
                    "Try a larger learning rate, the Adam optimizer, or a shallower network."
                ),
                shown=shown,
                ratio=rate(vanishing_ratio, 1),
                healthy=rate(HEALTHY_UPDATE_RATIO, 1),
            )
        )
    if exploding:
        shown = _names_with_ratios(exploding, typical)
        findings.append(
            Phrase(
                N_(
                    "Steps are too big: each update changes {shown} by more than {ratio} of its size "
                    "(healthy is about {healthy}). The learning rate is too high: the loss will jump "
                    "around or get stuck. Lower the learning rate about 10 times."
                ),
                shown=shown,
                ratio=rate(exploding_ratio, 1),
                healthy=rate(HEALTHY_UPDATE_RATIO, 1),
            )
        )
    if growing:
        findings.append(
            Phrase(
                N_(
                    "Exploding gradients: the gradients of {names} grew more than {factor} "
                    "times over the recent steps. Lower the learning rate before the loss turns into NaN."
                ),
                names=_names_list(growing),
                factor=f"{growth_factor:g}",
            )
        )
    return findings
