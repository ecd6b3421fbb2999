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
