"""Which training images come next: one seeded permutation per epoch."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class DataOrderState:
    """Everything needed to continue exactly from a point (cheap: the permutation
    is shared, never changed in place, and the generator state is two integers)."""

    rng_state: dict
    order: np.ndarray
    position: int
    epoch_index: int
    images_seen: int
    seed: int | None = None
    """The seed the order was drawn from (with ``epoch_index`` it rebuilds ``order``: :meth:`DataOrder.resumed`)."""


class DataOrder:
    def __init__(self, count: int, seed: int):
        self.count = count
        self.seed = seed
        self._rng = np.random.default_rng([seed, 1])
        self.order = self._rng.permutation(count)
        self.position = 0
        self.epoch_index = 0
        self.images_seen = 0

    @property
    def epoch(self) -> float:
        """Fractional epochs: 1.5 = halfway through the second pass over the data."""
        return self.epoch_index + self.position / max(1, self.count)

    def take(self, batch_size: int) -> np.ndarray:
        """The next batch's indices (int32); the last batch of an epoch may be short."""
        chosen = self.order[self.position : self.position + batch_size]
        self.position += len(chosen)
        self.images_seen += len(chosen)
        if self.position >= self.count:
            self.position = 0
            self.epoch_index += 1
            self.order = self._rng.permutation(self.count)  # a new array: saved states keep theirs
        return chosen.astype(np.int32)

    @classmethod
    def resumed(cls, count: int, seed: int, epoch_index: int, position: int, images_seen: int) -> DataOrder:
        """The order of a run drawn from ``seed``, as it was ``position`` images into epoch ``epoch_index``
        (each epoch's permutation is drawn again: exactly the order the run had)."""
        if not (0 <= position < count and epoch_index >= 0 and images_seen >= 0):
            raise ValueError(f"no such point in an order of {count} images: epoch {epoch_index}, position {position}")
        order = cls(count, seed)
        for _ in range(epoch_index):
            order.order = order._rng.permutation(count)
        order.epoch_index, order.position, order.images_seen = epoch_index, position, images_seen
        return order

    def state(self) -> DataOrderState:
        return DataOrderState(
            self._rng.bit_generator.state, self.order, self.position, self.epoch_index, self.images_seen, self.seed
        )

    def restore(self, state: DataOrderState) -> None:
        self._rng.bit_generator.state = state.rng_state
        self.order, self.position = state.order, state.position
        self.epoch_index, self.images_seen = state.epoch_index, state.images_seen
        if state.seed is not None:
            self.seed = state.seed
