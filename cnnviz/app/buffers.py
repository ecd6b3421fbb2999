"""Bounded series for long runs: memory and drawing cost stay flat.

A :class:`DecimatingSeries` keeps at most ``capacity`` points. When it is
full, neighbouring pairs are averaged (halving it) and from then on every
``stride`` incoming points are averaged into one, so a run of a million steps
still draws at most ``capacity`` points, evenly spread over the whole run.
"""

from __future__ import annotations

import numpy as np


class DecimatingSeries:
    def __init__(self, capacity: int = 8192):
        if capacity < 4 or capacity % 2:
            raise ValueError("capacity must be an even number >= 4")
        self.capacity = capacity
        self._x = np.empty(capacity, np.float64)
        self._y = np.empty(capacity, np.float64)
        self._n = 0
        self.stride = 1
        self._acc_x = 0.0
        self._acc_y = 0.0
        self._acc_n = 0
        self.total = 0
        """Points ever appended (before decimation)."""

    def __len__(self) -> int:
        return self._n

    def clear(self) -> None:
        self._n = 0
        self.stride = 1
        self._acc_x = self._acc_y = 0.0
        self._acc_n = 0
        self.total = 0

    def append(self, x: float, y: float) -> None:
        self.total += 1
        self._acc_x += x
        self._acc_y += y
        self._acc_n += 1
        if self._acc_n < self.stride:
            return
        if self._n == self.capacity:
            half = self.capacity // 2
            self._x[:half] = self._x.reshape(half, 2).mean(axis=1)
            self._y[:half] = self._y.reshape(half, 2).mean(axis=1)
            self._n = half
            self.stride *= 2
        self._x[self._n] = self._acc_x / self._acc_n
        self._y[self._n] = self._acc_y / self._acc_n
        self._n += 1
        self._acc_x = self._acc_y = 0.0
        self._acc_n = 0

    def truncate_from(self, x: float) -> int:
        """Drop the points at ``x`` and right of it (and any partial average); returns how many
        went. The x values must have been increasing (a step count, an epoch)."""
        keep = int(np.searchsorted(self._x[: self._n], x, side="left"))
        dropped = self._n - keep
        self._n = keep
        self._acc_x = self._acc_y = 0.0
        self._acc_n = 0
        return dropped

    def extend(self, xs, ys) -> None:
        for x, y in zip(xs, ys):
            self.append(float(x), float(y))

    @property
    def x(self) -> np.ndarray:
        return self._x[: self._n]

    @property
    def y(self) -> np.ndarray:
        return self._y[: self._n]


class Ema:
    """Exponential moving average with bias correction (like Adam's), so the
    first values are not dragged towards zero."""

    def __init__(self, beta: float = 0.95):
        self.beta = beta
        self.clear()

    def clear(self) -> None:
        self._value = 0.0
        self._count = 0

    def update(self, value: float) -> float:
        self._count += 1
        self._value = self.beta * self._value + (1 - self.beta) * value
        return self._value / (1 - self.beta**self._count)
