"""Which pixels a prediction depends on: gradient saliency and occlusion.

* :func:`saliency_map` -- the gradient of one class's score (its logit,
  before softmax) with respect to every input pixel: "if this pixel were a
  little brighter, how much more would the network say *3*?". It reuses the
  layers' own backward passes on the model's backend, so it is exact and as
  fast as one training step on one image.
* :func:`occlusion_map` -- hide a small patch, see how much the predicted
  class's probability drops. Slower (one forward pass per patch position, all
  batched) but needs no gradients and is easy to explain to a class.

Both use the model in place. Call them on the thread that owns the model
(between two training steps), or on a private copy made with
:func:`model_from_weights` from a :class:`~cnnviz.train.events.Snapshot`'s
``spec`` and ``weights``, which never touches the training model.
"""

from __future__ import annotations

import numpy as np

from ..backends import registry
from ..nn.model import Sequential

__all__ = [
    "model_from_weights",
    "layer_input_gradients",
    "class_score_gradients",
    "saliency_map",
    "occlusion_map",
    "patch_origins",
]

IMAGE_SIZE = 28


def model_from_weights(spec: str, weights: dict[str, np.ndarray], backend="numpy") -> Sequential:
    """A private inference copy of a network (e.g. from a Snapshot's ``spec`` and ``weights``).

    ``backend`` is a backend object or a registry name; the CPU reference by
    default, so the GUI thread never competes with the trainer for a GPU.
    """
    if isinstance(backend, str):
        backend = registry.get(backend)
    model = Sequential.from_spec(spec, num_classes=None)  # (a net of the class's own classes too)
    dtype = np.result_type(*[np.asarray(w).dtype for w in weights.values()]) if weights else np.float32
    model.initialise(0, dtype if np.issubdtype(dtype, np.floating) else np.float32)
    model.load_state_dict(weights)
    return model.to(backend)


def _check_model(model: Sequential) -> None:
    if model.backend is None:
        raise ValueError("the model has no backend: call model.to(backend) first")
    if model.input_shape != (1, IMAGE_SIZE, IMAGE_SIZE):
        raise ValueError(f"expected a model for 1x28x28 images, got input shape {model.input_shape}")


def _images(images: np.ndarray, dtype) -> np.ndarray:
    images = np.asarray(images)
    if images.ndim == 2:
        images = images[None]
    if images.ndim != 3 or images.shape[1:] != (IMAGE_SIZE, IMAGE_SIZE):
        raise ValueError(f"expected 28x28 images, got an array of shape {images.shape}")
    if not np.all(np.isfinite(images)):
        raise ValueError("the image contains NaN or infinite values")
    return np.ascontiguousarray(images[:, None], dtype=dtype)  # (N,1,28,28)


def layer_input_gradients(
    model: Sequential, images: np.ndarray, layer_index: int, seed_of
) -> tuple[np.ndarray, np.ndarray]:
    """Gradients w.r.t. the input pixels of any function of one layer's output, for a batch.

    The batch runs forward through ``model.layers[:layer_index + 1]``;
    ``seed_of(output_host)`` returns d(objective)/d(that output), one row per
    image, and the layers' own backward passes carry it down to the pixels.
    Returns ``(output (host, float64), gradients (N, 28, 28))``. Every other
    tool that differentiates the network (saliency, the adversarial attack, the
    filters' optimised inputs) goes through here: there is one implementation
    of the network, the model's own.

    The parameters' gradient buffers are not touched and every layer cache is
    cleared, so calling this between two training steps leaves the model
    exactly as it was.
    """
    _check_model(model)
    if not 0 <= layer_index < len(model.layers):
        raise ValueError(f"layer_index must be from 0 to {len(model.layers) - 1}, got {layer_index}")
    be = model.backend
    x = be.from_host(_images(images, model.dtype))
    n = x.shape[0]
    layers = model.layers[: layer_index + 1]
    try:
        for layer in layers:
            # train=False: dropout is the identity here, as at prediction time.
            x = layer.forward(be, x, False)
        out_host = np.asarray(be.to_host(x), dtype=np.float64)
        seed = np.ascontiguousarray(seed_of(out_host), dtype=model.dtype)
        if seed.shape != out_host.shape:
            raise ValueError(f"the seed must have the output's shape {out_host.shape}, got {seed.shape}")
        dy = be.from_host(seed)
        for layer in reversed(layers):
            # need_dx everywhere: unlike training, the input gradient is the point.
            dy = layer.backward(be, dy, True, param_grads=False)
        gradients = np.asarray(be.to_host(dy)).reshape(n, IMAGE_SIZE, IMAGE_SIZE)
    finally:
        model.clear_caches()
    return out_host, gradients


def class_score_gradients(model: Sequential, images: np.ndarray, targets=None) -> tuple[np.ndarray, np.ndarray]:
    """Gradients of class scores w.r.t. the input pixels, for a batch.

    ``images`` is (N, 28, 28) (or one 28x28 image); ``targets`` is None (each
    image's predicted class), one class for all, or one class per image.
    Returns ``(logits (N, 10), gradients (N, 28, 28))`` as host arrays, leaving
    the model as it was (see :func:`layer_input_gradients`).
    """

    def one_hot_rows(logits: np.ndarray) -> np.ndarray:
        n = logits.shape[0]
        if targets is None:
            chosen = logits.argmax(axis=1)
        else:
            chosen = np.broadcast_to(np.asarray(targets, dtype=np.int64), (n,))
            if chosen.min() < 0 or chosen.max() >= logits.shape[1]:
                raise ValueError(f"target class must be from 0 to {logits.shape[1] - 1}, got {targets!r}")
        # Samples are independent (no batch statistics), so a one-hot row per
        # image gives every image its own class-score gradient in one pass.
        seed = np.zeros(logits.shape)
        seed[np.arange(n), chosen] = 1.0
        return seed

    return layer_input_gradients(model, images, len(model.layers) - 1, one_hot_rows)


def saliency_map(model: Sequential, image28: np.ndarray, target: int | None = None) -> np.ndarray:
    """d(score of ``target``)/d(pixel) for one 28x28 image, as a (28, 28) array.

    ``target`` defaults to the predicted class. The map is signed: positive
    where more ink would raise the score, negative where ink counts against
    the class. Show it with a diverging colour map, or its absolute value as
    a heat map.
    """
    image = np.asarray(image28)
    if image.shape != (IMAGE_SIZE, IMAGE_SIZE):
        raise ValueError(f"expected one 28x28 image, got shape {image.shape}")
    _, gradients = class_score_gradients(model, image, target)
    return gradients[0]


def patch_origins(patch: int, stride: int, size: int = IMAGE_SIZE) -> np.ndarray:
    """Top-left corners of the patches along one axis; the last one always touches the edge."""
    if not 1 <= patch <= size:
        raise ValueError(f"patch must be from 1 to {size} pixels, got {patch}")
    if stride < 1:
        raise ValueError(f"stride must be at least 1, got {stride}")
    origins = list(range(0, size - patch + 1, stride))
    if origins[-1] != size - patch:
        origins.append(size - patch)  # otherwise the last rows/columns would never be hidden
    return np.asarray(origins)


def occlusion_map(
    model: Sequential,
    image28: np.ndarray,
    patch: int = 6,
    stride: int = 2,
    fill: float = 0.0,
    target: int | None = None,
    batch_size: int = 256,
) -> np.ndarray:
    """How much hiding each pixel lowers the probability of the class, as a (28, 28) array.

    Every ``patch`` x ``patch`` square (moved by ``stride``) is set to
    ``fill`` (0 = blank paper) in its own copy of the image; all copies go
    through the network in batches of ``batch_size``. A pixel's value is the
    drop ``p(class | image) - p(class | occluded)`` averaged over the patches
    that cover it: positive where the evidence for the class is, negative
    where hiding helps the class (ink that looked like another digit).
    ``target`` defaults to the predicted class.
    """
    _check_model(model)
    image = np.asarray(image28, dtype=np.float64)
    if image.shape != (IMAGE_SIZE, IMAGE_SIZE):
        raise ValueError(f"expected one 28x28 image, got shape {image.shape}")
    if not np.isfinite(fill):
        raise ValueError(f"fill must be a finite number, got {fill!r}")
    if batch_size < 1:
        raise ValueError(f"batch_size must be at least 1, got {batch_size}")
    origins = patch_origins(patch, stride)
    tops, lefts = np.meshgrid(origins, origins, indexing="ij")
    tops, lefts = tops.ravel(), lefts.ravel()

    # A (P, 28, 28) mask of the patches, built by broadcasting rather than a Python loop over pixels.
    rows = np.arange(IMAGE_SIZE)
    in_rows = (rows[None, :] >= tops[:, None]) & (rows[None, :] < tops[:, None] + patch)  # (P, 28)
    in_cols = (rows[None, :] >= lefts[:, None]) & (rows[None, :] < lefts[:, None] + patch)  # (P, 28)
    masks = in_rows[:, :, None] & in_cols[:, None, :]  # (P, 28, 28)

    # The unoccluded image rides along as the first item of the first batch.
    batch = np.concatenate([image[None], np.where(masks, fill, image[None])])
    probs = model.predict_proba(batch[:, None].astype(model.dtype), batch_size=batch_size).astype(np.float64)
    classes = model.shapes[-1][0]  # (ten for the digits; two to ten for the class's own classes)
    if probs.shape[1] != classes:
        raise ValueError(f"expected {classes} class probabilities, got {probs.shape[1]}")
    cls = int(probs[0].argmax()) if target is None else int(target)
    if not 0 <= cls < probs.shape[1]:
        raise ValueError(f"target class must be from 0 to {probs.shape[1] - 1}, got {target!r}")
    drops = probs[0, cls] - probs[1:, cls]  # (P,)

    total = np.tensordot(drops, masks.astype(np.float64), axes=1)  # (28, 28)
    counts = masks.sum(axis=0)  # every pixel is covered: patch_origins reaches both edges
    return total / counts
