"""Per-layer forward/backward timing from backend markers.

Markers are ``perf_counter`` values on the CPU and recorded CUDA events on a
GPU (see ``Backend.mark``). They are collected during a step and turned into
milliseconds only afterwards, so timing never forces a synchronisation in
the middle of a step.
"""

from __future__ import annotations

from .events import LayerTiming


def layer_timings(backend, layer_names, marks) -> tuple[LayerTiming, ...]:
    forward = dict.fromkeys(layer_names, 0.0)
    backward = dict.fromkeys(layer_names, 0.0)
    for name, phase, start, end in marks:
        target = forward if phase == "forward" else backward
        target[name] = target.get(name, 0.0) + backend.elapsed_ms(start, end)
    return tuple(LayerTiming(name, forward[name], backward[name]) for name in layer_names)


class Throughput:
    """Images per second over the last few seconds of training."""

    def __init__(self, horizon_s: float = 3.0):
        self.horizon = horizon_s
        self.items: list[tuple[int, float]] = []

    def add(self, images: int, seconds: float) -> None:
        self.items.append((images, seconds))
        total = 0.0
        for i in range(len(self.items) - 1, -1, -1):
            total += self.items[i][1]
            if total > self.horizon:
                del self.items[:i]
                break

    def rate(self) -> float:
        seconds = sum(s for _, s in self.items)
        return sum(n for n, _ in self.items) / seconds if seconds > 0 else 0.0
