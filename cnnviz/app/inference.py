"""Inference in the GUI thread on a NumPy copy of the trainer's weights.

The trainer's backend arrays are never touched: every Snapshot carries a host
copy of all weights consistent with one step, loaded here into a model on
the NumPy reference backend. The model is rebuilt only when the spec changes.
"""

from __future__ import annotations

import numpy as np

from ..backends import registry
from ..nn.model import NUM_CLASSES, Sequential
from ..train import events as ev
from ..train.snapshot import take_snapshot


def accuracy_on(model: Sequential | None, images: np.ndarray, labels: np.ndarray) -> float | None:
    """The share of ``images`` (n, 28, 28) that ``model`` reads as their ``labels`` (None: no model, no images)."""
    if model is None or not len(labels):
        return None
    probs = model.predict_proba(np.asarray(images)[:, None], batch_size=500)
    return float((probs.argmax(axis=1) == np.asarray(labels)).mean())


class LocalModel:
    def __init__(self):
        self.model: Sequential | None = None
        self.spec: str | None = None
        self.step = 0
        self.trained = False
        self.version = 0
        """Counts the weight changes (whoever shows results of these weights can tell they are stale)."""

    def set_spec(self, net: str, seed: int = 0, num_classes: int = NUM_CLASSES) -> None:
        """A fresh, randomly initialised model (what Start will train from) with ``num_classes`` outputs (the data
        set's ten, or as many as the class's own classes)."""
        model = Sequential.from_spec(net, num_classes=num_classes).initialise(seed)
        self.model = model.to(registry.get("numpy"))
        self.spec = model.spec
        self.step = 0
        self.version += 1
        self.trained = False

    def load(self, spec: str, weights: dict, step: int = 0) -> None:
        if self.model is None or spec != self.spec:
            # (None: a net of the class's own classes has fewer outputs than the digits' 10)
            self.model = Sequential.from_spec(spec, num_classes=None).initialise(0).to(registry.get("numpy"))
            self.spec = self.model.spec
            self.model.load_state_dict(weights)
        elif not self._copy_in_place(weights):
            self.model.load_state_dict(weights)  # raises the explanation of what does not fit
        self.step = step
        self.version += 1
        self.trained = True

    def _copy_in_place(self, weights: dict) -> bool:
        """Every snapshot (3 a second) brings new weights: one copy into the model's own buffers,
        instead of ``load_state_dict``'s rebuild (five copies and fresh allocations of all of them)."""
        pairs = self.model.named_parameters()
        if set(weights) != {name for name, _ in pairs}:
            return False
        if any(np.shape(weights[name]) != p.data.shape for name, p in pairs):
            return False
        for name, p in pairs:
            np.copyto(p.data, weights[name], casting="same_kind")
        return True

    def set_model(self, model: Sequential, step: int = 0) -> None:
        self.model = model.to(registry.get("numpy"))
        self.spec = model.spec
        self.step = step
        self.version += 1
        self.trained = True

    def weights(self) -> dict:
        return self.model.state_dict()

    def copy(self) -> LocalModel:
        """A copy with weights of its own (snapshots copy into this one's buffers in place)."""
        other = LocalModel()
        if self.model is not None:
            other.load(self.spec, {name: np.array(w, copy=True) for name, w in self.weights().items()}, self.step)
        other.trained, other.version = self.trained, self.version
        return other

    def classify(self, image: np.ndarray) -> tuple[np.ndarray, float]:
        """(28, 28) in [0, 1] -> (ten probabilities, the uncertainty score "not sure" compares with its
        threshold: :func:`cnnviz.classroom.uncertainty.assess`), from one forward pass."""
        from ..classroom import uncertainty

        x = np.ascontiguousarray(image, dtype=np.float32)[None]
        with np.errstate(over="ignore", invalid="ignore"):
            probs, values, _ = uncertainty.assess(self.model, x, None)
        return probs[0], float(values[0])

    def snapshot(
        self, image: np.ndarray | None = None, dataset=None, test_index: int | None = None, tag: str = ""
    ) -> ev.Snapshot:
        """What the trainer's snapshot gives (the same function), computed here on these weights."""
        return take_snapshot(self.model, image, dataset=dataset, test_index=test_index, step=self.step, tag=tag)
