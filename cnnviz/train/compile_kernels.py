"""A backend's warm-up before a run trains on it, announced: compile seconds never count as training."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..translatable import N_, Phrase
from . import events as ev

SECONDS_WORTH_SAYING = 0.05
"""A warm-up shorter than this loaded its kernels from the cache: nothing to report."""


def compile_kernels(backend, dtype: np.dtype, emit: Callable[[object], None]) -> float:
    """Warm ``backend`` up for ``dtype`` where it compiles (``needs_warmup``), telling ``emit`` when it
    starts and, unless it was quick, how long it took; returns the seconds (0.0 where nothing compiles)."""
    if not backend.needs_warmup:
        return 0.0
    emit(
        ev.WarmupStarted(
            backend.name,
            Phrase(
                N_("{backend}: compiling kernels (the first start only; later starts load them from a cache)"),
                backend=backend.name,
            ),
        )
    )
    seconds = float(backend.warm_up(dtype))
    if seconds > SECONDS_WORTH_SAYING:
        emit(
            ev.WarmupFinished(
                backend.name,
                seconds,
                Phrase(N_("{backend}: compiled kernels in {seconds:.1f} s"), backend=backend.name, seconds=seconds),
            )
        )
    return seconds
