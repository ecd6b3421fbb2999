"""Layers: each owns its forward and backward, side by side.

A layer's ``forward`` returns its output and keeps exactly what ``backward``
needs (the backend's opaque cache); ``backward`` returns the input gradient
and fills the gradients of its parameters. All arithmetic is delegated to a
backend (see ``cnnviz.backends.base``), so a layer works unchanged on the
CPU and on a GPU.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..backends.base import conv_output_size

Shape = tuple[int, ...]
"""Shape of one sample: (C, H, W) for images, (F,) for vectors."""


class SpecError(ValueError):
    """An invalid network description (the message says what and where)."""


@dataclass
class Parameter:
    data: Any
    grad: Any = None


@dataclass
class Layer:
    name: str = ""
    params: dict[str, Parameter] = field(default_factory=dict)

    kind = "layer"
    has_params = False
    uses_key = False
    """True when ``forward`` in training needs a random key (dropout)."""

    def output_shape(self, in_shape: Shape) -> Shape:
        return in_shape

    def initialise(self, in_shape: Shape, rng: np.random.Generator, dtype) -> dict[str, np.ndarray]:
        """Host arrays for this layer's parameters (He initialisation)."""
        return {}

    def forward(self, be, x, train: bool, key: int | None = None):
        """``key``: this layer's random key for the step (dropout); None outside training."""
        raise NotImplementedError

    def backward(self, be, dy, need_dx: bool = True, param_grads: bool = True):
        """``param_grads=False`` leaves the parameters' gradient buffers untouched
        (an input gradient for saliency, between two training steps)."""
        raise NotImplementedError

    def spec(self) -> str:
        raise NotImplementedError

    def clear_cache(self) -> None:
        self._cache = None


def _grad_buffers(weight: Parameter, bias: Parameter, use: bool):
    """Where a backward writes the parameter gradients: the model's flat gradient
    buffer views, or fresh arrays (None) when the caller wants them left alone."""
    if not use:
        return None, None
    return weight.grad, bias.grad


def _he_normal(rng: np.random.Generator, shape: Shape, fan_in: int, dtype) -> np.ndarray:
    return (rng.standard_normal(shape) * np.sqrt(2.0 / fan_in)).astype(dtype)


@dataclass
class Conv2D(Layer):
    kernel: int = 3
    out_channels: int = 8
    padding: str = "same"  # or "valid"; stride is always 1

    kind = "conv"
    has_params = True

    def pads(self) -> tuple[int, int, int, int]:
        if self.padding == "valid":
            return (0, 0, 0, 0)
        # "same" for an even kernel pads one more after than before (as PyTorch does).
        before = (self.kernel - 1) // 2
        after = self.kernel - 1 - before
        return (before, after, before, after)

    def output_shape(self, in_shape: Shape) -> Shape:
        if len(in_shape) != 3:
            raise SpecError(
                f"{self.spec()} needs an image input (C,H,W) but gets a flat vector of {in_shape[0]}; "
                "convolutions must come before the first dense layer"
            )
        c, h, w = in_shape
        ho, wo = conv_output_size(h, w, self.kernel, self.kernel, self.pads())
        if ho < 1 or wo < 1:
            raise SpecError(
                f"{self.spec()} needs at least a {self.kernel}x{self.kernel} input but gets {h}x{w}; "
                "use a smaller kernel, fewer pools, or padding 'same'"
            )
        return (self.out_channels, ho, wo)

    def initialise(self, in_shape, rng, dtype):
        c = in_shape[0]
        fan_in = c * self.kernel * self.kernel
        return {
            "weight": _he_normal(rng, (self.out_channels, c, self.kernel, self.kernel), fan_in, dtype),
            "bias": np.zeros(self.out_channels, dtype),
        }

    def forward(self, be, x, train, key=None):
        y, self._cache = be.conv2d_forward(x, self.params["weight"].data, self.params["bias"].data, self.pads())
        return y

    def backward(self, be, dy, need_dx=True, param_grads=True):
        w, b = self.params["weight"], self.params["bias"]
        cache, self._cache = self._cache, None
        dx, dw, db = be.conv2d_backward(dy, cache, need_dx, *_grad_buffers(w, b, param_grads))
        if param_grads:
            w.grad, b.grad = dw, db
        return dx

    def spec(self) -> str:
        return f"conv{self.kernel}-{self.out_channels}" + ("-valid" if self.padding == "valid" else "")


@dataclass
class MaxPool2D(Layer):
    kind = "pool"

    def output_shape(self, in_shape):
        if len(in_shape) != 3:
            raise SpecError("pool needs an image input but comes after a dense layer")
        c, h, w = in_shape
        if h < 2 or w < 2:
            raise SpecError(f"pool needs at least a 2x2 input but gets {h}x{w}; remove a pool or a valid conv")
        return (c, h // 2, w // 2)

    def forward(self, be, x, train, key=None):
        y, self._cache = be.maxpool2x2_forward(x)
        return y

    def backward(self, be, dy, need_dx=True, param_grads=True):
        dx = be.maxpool2x2_backward(dy, self._cache)
        self._cache = None
        return dx

    def spec(self):
        return "pool"


@dataclass
class ReLU(Layer):
    kind = "relu"

    def forward(self, be, x, train, key=None):
        y, self._cache = be.relu_forward(x)
        return y

    def backward(self, be, dy, need_dx=True, param_grads=True):
        dx = be.relu_backward(dy, self._cache)
        self._cache = None
        return dx

    def spec(self):
        return "relu"


@dataclass
class Flatten(Layer):
    kind = "flatten"

    def output_shape(self, in_shape):
        return (int(np.prod(in_shape)),)

    def forward(self, be, x, train, key=None):
        self._cache = x.shape
        return x.reshape(x.shape[0], -1)

    def backward(self, be, dy, need_dx=True, param_grads=True):
        shape, self._cache = self._cache, None
        return dy.reshape(shape)

    def spec(self):
        return "flatten"


@dataclass
class Dense(Layer):
    units: int = 10

    kind = "dense"
    has_params = True

    def output_shape(self, in_shape):
        if len(in_shape) != 1:
            raise SpecError(f"{self.spec()} needs a flat input; add 'flatten' before it")
        return (self.units,)

    def initialise(self, in_shape, rng, dtype):
        (f,) = in_shape
        return {"weight": _he_normal(rng, (self.units, f), f, dtype), "bias": np.zeros(self.units, dtype)}

    def forward(self, be, x, train, key=None):
        y, self._cache = be.dense_forward(x, self.params["weight"].data, self.params["bias"].data)
        return y

    def backward(self, be, dy, need_dx=True, param_grads=True):
        w, b = self.params["weight"], self.params["bias"]
        cache, self._cache = self._cache, None
        dx, dw, db = be.dense_backward(dy, cache, need_dx, *_grad_buffers(w, b, param_grads))
        if param_grads:
            w.grad, b.grad = dw, db
        return dx

    def spec(self):
        return f"dense-{self.units}"


@dataclass
class Dropout(Layer):
    rate: float = 0.5

    kind = "dropout"
    uses_key = True

    def forward(self, be, x, train, key=None):
        if not train or self.rate == 0.0:
            self._cache = None
            return x
        if key is None:
            raise ValueError("dropout in training mode needs a random key")
        # The mask is a hash of (key, element index) made on the backend's device
        # (base.dropout_keep_mask): every backend draws the same mask, a run is
        # reproducible, and no mask crosses from the host.
        y, self._cache = be.dropout_forward(x, self.rate, key)
        return y

    def backward(self, be, dy, need_dx=True, param_grads=True):
        cache, self._cache = self._cache, None
        return dy if cache is None else be.dropout_backward(dy, cache)

    def spec(self):
        return f"dropout-{self.rate:g}"
