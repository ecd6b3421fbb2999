"""One flat buffer for all parameters, one for their gradients.

A model on a backend keeps its parameters as views into one contiguous array
(and the gradients into another), in ``named_parameters`` order. The
optimizer then updates every parameter with one kernel launch, moving a model
between backends is two copies, and a backward writes each gradient straight
into its place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class FlatLayout:
    names: tuple[str, ...]
    shapes: tuple[tuple[int, ...], ...]
    offsets: tuple[int, ...]
    size: int

    @classmethod
    def of(cls, named_shapes: list[tuple[str, tuple[int, ...]]]) -> FlatLayout:
        offsets, total = [], 0
        for _, shape in named_shapes:
            offsets.append(total)
            total += int(np.prod(shape, dtype=np.int64))
        return cls(tuple(n for n, _ in named_shapes), tuple(s for _, s in named_shapes), tuple(offsets), total)

    def views(self, flat) -> list[Any]:
        """Views of ``flat`` (any backend's 1-D array) shaped like each parameter."""
        out = []
        for shape, offset in zip(self.shapes, self.offsets):
            size = int(np.prod(shape, dtype=np.int64))
            out.append(flat[offset : offset + size].reshape(shape))
        return out

    def split(self, flat_host: np.ndarray) -> dict[str, np.ndarray]:
        """Named host copies of the pieces of a flat host array."""
        return {name: np.array(view, copy=True) for name, view in zip(self.names, self.views(np.asarray(flat_host)))}

    def join(self, arrays: dict[str, np.ndarray], dtype) -> np.ndarray:
        """One flat host array from named pieces (each must have its layout shape)."""
        flat = np.empty(self.size, dtype=dtype)
        for view, name, shape in zip(self.views(flat), self.names, self.shapes):
            piece = np.asarray(arrays[name])
            if tuple(piece.shape) != tuple(shape):
                raise ValueError(f"{name} has shape {tuple(piece.shape)}, expected {tuple(shape)}")
            view[...] = piece
        return flat


@dataclass
class FlatParameters:
    layout: FlatLayout
    data: Any
    """All parameters, one 1-D array on the backend."""
    grad: Any
    """Their gradients, same layout."""


class NamedParameters(list):
    """``[(name, Parameter), ...]`` that also knows the flat buffers behind them."""

    def __init__(self, pairs, flat: FlatParameters | None):
        super().__init__(pairs)
        self.flat = flat


def flat_parameters(backend, arrays: dict[str, np.ndarray]) -> NamedParameters:
    """Standalone parameters (no model) in flat buffers on ``backend``, gradients zeroed:
    what an optimizer steps. Write a gradient with ``p.grad[...] = g``."""
    from .layers import Parameter

    first = next(iter(arrays.values()))
    layout = FlatLayout.of([(name, tuple(np.shape(a))) for name, a in arrays.items()])
    data = backend.from_host(layout.join(arrays, np.asarray(first).dtype))
    grad = backend.zeros_like(data)
    pairs = [
        (name, Parameter(view, grad_view))
        for name, view, grad_view in zip(layout.names, layout.views(data), layout.views(grad))
    ]
    return NamedParameters(pairs, FlatParameters(layout, data, grad))
