"""The network seen from inside for one input: the one way a Snapshot is made.

The trainer takes its snapshots with :func:`take_snapshot` between two steps
(on whatever backend it trains on); the app takes them with the same function
on its NumPy copy of the weights when no run is active. No Qt here.
"""

from __future__ import annotations

import numpy as np

from ..data.datasets import Dataset
from ..nn.model import Sequential
from . import events as ev

FEATURE_LAYER_KINDS = ("conv", "relu", "pool")
"""Layers whose outputs a Snapshot carries as feature maps."""
IMAGE_SHAPE = (28, 28)


def dataset_image(dataset: Dataset, index: int) -> tuple[np.ndarray, int]:
    """Test image ``index`` (wrapped around) as (28, 28) float32 in [0, 1], and its label."""
    index = int(index) % len(dataset.test_images)
    return dataset.test_images[index].astype(np.float32) / 255.0, int(dataset.test_labels[index])


def take_snapshot(
    model: Sequential,
    image: np.ndarray | None = None,
    *,
    dataset: Dataset | None = None,
    test_index: int | None = None,
    step: int = 0,
    epoch: float = 0.0,
    tag: str = "",
) -> ev.Snapshot:
    """Feature maps, kernels, probabilities and a host copy of every weight of ``model`` for one input.

    The input is ``image`` (28x28 in [0, 1], no label) or, when it is None, test image
    ``test_index`` (default 0) of ``dataset`` with its label; with neither, a blank image.
    ``model`` runs on its own backend; everything returned is a NumPy array.
    """
    label = None
    if image is None:
        if dataset is None:
            image = np.zeros(IMAGE_SHAPE, np.float32)
        else:
            image, label = dataset_image(dataset, 0 if test_index is None else test_index)
    image = np.asarray(image, dtype=np.float32)
    if image.shape != IMAGE_SHAPE:
        raise ValueError(f"a snapshot input must be 28x28, got {image.shape}")
    x = model.backend.from_host(np.ascontiguousarray(image[None, None], dtype=model.dtype))
    outputs = model.activations(x)
    feature_maps = tuple(
        (name, out[0]) for (name, out), layer in zip(outputs, model.layers) if layer.kind in FEATURE_LAYER_KINDS
    )
    weights = model.state_dict()
    kernels = tuple((layer.name, weights[f"{layer.name}.weight"]) for layer in model.layers if layer.kind == "conv")
    logits = outputs[-1][1][0].astype(np.float64)
    probs = np.exp(logits - logits.max())
    probs /= probs.sum()
    return ev.Snapshot(
        step, epoch, image, label, feature_maps, kernels, probs.astype(np.float32), weights, model.spec, tag
    )
