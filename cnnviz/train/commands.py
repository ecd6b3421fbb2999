"""Commands other threads queue for the trainer; it applies each between two steps, on the
training thread (one handler per command type)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Pause: pass
@dataclass(frozen=True)
class Resume: pass
@dataclass(frozen=True)
class StepOnce: pass
@dataclass(frozen=True)
class SetHyperparameters:
    changes: dict
@dataclass(frozen=True)
class SwitchBackend:
    name: str
@dataclass(frozen=True)
class TakeSnapshot:
    image: np.ndarray | None
    test_index: int | None
    tag: str
@dataclass(frozen=True)
class Reset:
    seed: int | None
