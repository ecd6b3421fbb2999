"""Optimizers (SGD, SGD with momentum, Adam) and learning-rate schedules.

The update arithmetic lives in the backends (``sgd_step``/``adam_step``);
this module keeps the per-parameter state and moves it between backends
exactly, so that switching CPU<->GPU mid-training loses nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .flat import FlatLayout

OPTIMIZERS = ("sgd", "momentum", "adam")
STATE_SLOTS = {"sgd": (), "momentum": ("velocity",), "adam": ("m", "v")}
"""The state arrays each optimizer keeps (``Optimizer.state``'s keys once it has stepped)."""
SCHEDULES = ("constant", "onecycle")
ONECYCLE_WARMUP = 0.3
"""The share of a one-cycle run spent warming up: torch OneCycleLR's default ``pct_start``."""


@dataclass
class Optimizer:
    kind: str = "adam"
    momentum: float = 0.9
    beta1: float = 0.9
    beta2: float = 0.999
    eps: float = 1e-8

    def __post_init__(self):
        if self.kind not in OPTIMIZERS:
            raise ValueError(f"unknown optimizer {self.kind!r}; choose from {', '.join(OPTIMIZERS)}")
        validate_momentum(self.momentum)
        validate_beta("beta1", self.beta1)
        validate_beta("beta2", self.beta2)
        self.t = 0
        self.state: dict[str, object] = {}
        """Flat state arrays on the backend, one per slot ("m", "v" or "velocity")."""
        self.layout: FlatLayout | None = None
        self.backend = None

    def step(self, named_params, lr: float) -> None:
        """One update of every parameter: a single backend call over the model's
        flat parameter and gradient buffers (``model.named_parameters()``)."""
        flat = getattr(named_params, "flat", None)
        if flat is None:
            raise ValueError("the optimizer updates a model's flat parameter buffer: move the model to a backend first")
        be = self.backend
        if self.layout is not None and self.state and self.layout != flat.layout:
            raise ValueError("the optimizer state belongs to a different network")
        self.layout = flat.layout
        self.t += 1
        if self.kind == "adam":
            if not self.state:
                self.state = {"m": be.zeros_like(flat.data), "v": be.zeros_like(flat.data)}
            be.adam_step(
                flat.data, flat.grad, self.state["m"], self.state["v"], lr, self.beta1, self.beta2, self.eps, self.t
            )
        elif self.kind == "momentum":
            if not self.state:
                self.state = {"velocity": be.zeros_like(flat.data)}
            be.sgd_step(flat.data, flat.grad, self.state["velocity"], lr, self.momentum)
        else:
            be.sgd_step(flat.data, flat.grad, None, lr, 0.0)

    def set_kind(self, kind: str) -> None:
        """Change the algorithm between steps; its state starts afresh."""
        if kind not in OPTIMIZERS:
            raise ValueError(f"unknown optimizer {kind!r}; choose from {', '.join(OPTIMIZERS)}")
        if kind != self.kind:
            self.kind, self.state, self.t = kind, {}, 0

    def to(self, backend) -> Optimizer:
        if backend is self.backend:
            return self
        for slot, arr in self.state.items():
            host = self.backend.to_host(arr) if self.backend is not None else np.asarray(arr)
            self.state[slot] = backend.from_host(np.ascontiguousarray(host))
        self.backend = backend
        return self

    def replace_state(self, backend, arrays: dict[str, np.ndarray], t: int, layout: FlatLayout | None) -> None:
        """Start afresh on ``backend`` with ``arrays`` (``state_arrays()`` output, maybe
        empty) at step ``t``: after a device was lost, nothing is read from it."""
        self.backend, self.state, self.layout = backend, {}, layout
        if backend is not None:
            self.load_state_arrays(arrays, t, layout)
        else:
            self.t = t

    def state_arrays(self) -> dict[str, np.ndarray]:
        """Host copies of the state, named ``optim.<param>.<slot>`` (for checkpoints)."""
        out = {}
        for slot, arr in self.state.items():
            for name, piece in self.layout.split(self.backend.to_host(arr)).items():
                out[f"optim.{name}.{slot}"] = piece
        return out

    def load_state_arrays(self, arrays: dict[str, np.ndarray], t: int, layout: FlatLayout | None = None) -> None:
        """Restore ``state_arrays()`` output for a model with ``layout`` (default: the last one seen)."""
        layout = layout or self.layout
        pieces: dict[str, dict[str, np.ndarray]] = {}
        for key, arr in arrays.items():
            _, rest = key.split(".", 1)
            pname, slot = rest.rsplit(".", 1)
            pieces.setdefault(slot, {})[pname] = arr
        if pieces and layout is None:
            raise ValueError("optimizer state needs the network's parameter layout")
        state = {}
        for slot, named in pieces.items():
            missing = set(layout.names) - set(named)
            if missing:
                raise ValueError(f"optimizer state {slot!r} lacks {', '.join(sorted(missing))}")
            dtype = np.asarray(next(iter(named.values()))).dtype
            state[slot] = self.backend.from_host(layout.join(named, dtype))
        self.state, self.t = state, t
        if layout is not None:
            self.layout = layout


def validate_lr(lr: float) -> float:
    if not (isinstance(lr, (int, float)) and math.isfinite(lr) and 0 < lr <= 10):
        raise ValueError(f"learning rate must be a number in (0, 10], got {lr!r}")
    return float(lr)


def validate_momentum(momentum: float) -> float:
    if not (math.isfinite(momentum) and 0 <= momentum < 1):
        raise ValueError(f"momentum must be in [0, 1), got {momentum!r}")
    return float(momentum)


def validate_beta(name: str, beta: float) -> float:
    if not (isinstance(beta, (int, float)) and math.isfinite(beta) and 0 <= beta < 1):
        raise ValueError(f"{name} must be in [0, 1), got {beta!r}")
    return float(beta)


def validate_warmup(warmup: float) -> float:
    if not (isinstance(warmup, (int, float)) and math.isfinite(warmup) and 0 < warmup < 1):
        raise ValueError(f"warmup must be more than 0 and less than 1 (a share of the run), got {warmup!r}")
    return float(warmup)


def learning_rate(schedule: str, base_lr: float, step: int, total_steps: int, warmup: float = ONECYCLE_WARMUP) -> float:
    """The learning rate for ``step`` (0-based) of ``total_steps``.

    ``onecycle`` follows Smith & Topin (as torch.optim.lr_scheduler.OneCycleLR):
    cosine warm-up from base/25 to base over the first ``warmup`` share of the
    steps (``pct_start``, 30 % by default), then cosine annealing down to base/25/1e4.
    """
    if schedule == "constant" or total_steps <= 1:
        return base_lr
    if schedule != "onecycle":
        raise ValueError(f"unknown schedule {schedule!r}; choose from {', '.join(SCHEDULES)}")
    start, end = base_lr / 25.0, base_lr / 25.0 / 1e4
    warm = max(1, int(warmup * total_steps))
    step = min(max(step, 0), total_steps - 1)
    if step < warm:
        frac = step / warm
        return cosine_interpolate(start, base_lr, frac)
    frac = (step - warm) / max(1, total_steps - 1 - warm)
    return cosine_interpolate(base_lr, end, frac)


def cosine_interpolate(a: float, b: float, frac: float) -> float:
    """Cosine interpolation from a (frac=0) to b (frac=1)."""
    return b + (a - b) * (1 + math.cos(math.pi * frac)) / 2
