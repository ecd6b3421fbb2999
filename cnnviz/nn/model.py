"""A sequential CNN built from a small text spec, plus the named presets.

Spec grammar (comma separated, case and spaces ignored)::

    conv<K>-<C>[-same|-valid]   K x K convolution to C channels, stride 1
    relu | pool | flatten       2x2/2 max pooling; flatten is inserted before the first dense
    dense-<N>                   fully connected layer with N outputs
    dropout-<p>                 dropout with drop probability 0 <= p < 1 (training only)

e.g. ``conv5-8,relu,pool,conv3-16,relu,pool,dense-64,relu,dense-10``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from ..backends.base import dropout_key
from ..data import limits
from ..translatable import N_
from .flat import FlatLayout, FlatParameters, NamedParameters
from .layers import Conv2D, Dense, Dropout, Flatten, Layer, MaxPool2D, Parameter, ReLU, Shape, SpecError


def layer_key(step_key: int, layer_index: int) -> int:
    """The dropout key of layer ``layer_index`` in the step keyed ``step_key``."""
    return dropout_key(step_key, 0, layer_index)


PRESETS: dict[str, str] = {
    # The network of the seed article.
    "seed": "conv5-32,relu,pool,conv5-64,relu,pool,dense-512,relu,dense-10",
    # Keras' examples/mnist_cnn.py.
    "keras": "conv3-32-valid,relu,conv3-64-valid,relu,pool,dropout-0.25,dense-128,relu,dropout-0.5,dense-10",
    # Small enough to train visibly in seconds on a laptop CPU (classroom demos).
    "tiny": "conv5-8,relu,pool,conv3-16,relu,pool,dense-10",
    # The fastest public recipe to 99 % (tuomaso/train_mnist_fast), given a margin: 1.5 epochs, see PRESET_RECIPES.
    "fast": "conv5-24-valid,pool,relu,conv3-32-valid,pool,relu,dense-256,relu,dense-10",
}
PRESET_DESCRIPTIONS = {  # (the GUI shows them through tr: the network menu's tooltips)
    "seed": N_("the seed article's net: 2 conv5 layers (32, 64), dense 512"),
    "keras": N_("Keras' mnist_cnn: 2 conv3 valid layers, dropout, dense 128"),
    "tiny": N_("tiny classroom net: conv5-8, conv3-16, dense 10 (trains in seconds)"),
    "fast": N_(
        "fastest recipe to 99%: conv5-24, conv3-32 valid, dense 256; 1.5 epochs, batch 256, Adam(0.7, 0.9), "
        "one-cycle with a 15% warm-up"
    ),
}
PRESET_RECIPES: dict[str, dict[str, object]] = {
    # Training settings that come with a preset (TrainConfig field -> value), used where the user
    # gave none: the recipe of tuomaso/train_mnist_fast (Adam lr 1e-2, betas (0.7, 0.9), one-cycle), with
    # the one-cycle warm-up cut from 30 % of the run to 15 % (issue 22: 99.0 % or more on seeds 0-5 with
    # numba, where 30 % gave 98.91-99.08 %; docs/performance.md has the grid), and 1.5 epochs instead of one
    # (issue 35: one epoch sat on the 99 % line, 98.92 % on seed 6 and never 99 % in 8 bench runs on cupy; half an
    # epoch more, on the same one-cycle shape, gives the margin: docs/performance.md, 2026-11-28).
    "fast": {
        "epochs": 1.5,
        "batch_size": 256,
        "lr": 0.01,
        "optimizer": "adam",
        "beta1": 0.7,
        "beta2": 0.9,
        "schedule": "onecycle",
        "warmup": 0.15,
    },
}

INPUT_SHAPE: Shape = (1, 28, 28)
NUM_CLASSES = 10
MIN_OUTPUTS = 2
"""A network of the class's own classes (``from_spec(..., num_classes=None)``) has 2 to NUM_CLASSES outputs."""
MAX_CHANNELS = 1024
MAX_UNITS = 16384

_CONV = re.compile(r"^conv(\d+)-(\d+)(?:-(same|valid))?$")
_DENSE = re.compile(r"^(?:dense|fc)-(\d+)$")
_DROPOUT = re.compile(r"^dropout-([0-9]*\.?[0-9]+)$")


def resolve_spec(net: str) -> str:
    """A preset name or a spec string -> a spec string."""
    net = net.strip()
    return PRESETS.get(net.lower(), net)


def preset_name(net: str) -> str | None:
    """The preset that ``net`` names or spells out (a checkpoint keeps the spec, not the name); None if none."""
    key = net.strip().lower()
    if key in PRESETS:
        return key
    try:
        spec = Sequential.from_spec(net).spec
    except SpecError:
        return None
    return next((name for name, preset in PRESETS.items() if Sequential.from_spec(preset).spec == spec), None)


def parse_spec(spec: str) -> list[Layer]:
    """Parse a spec into (unnamed, unbuilt) layers; raises SpecError with the position.

    A spec longer than ``limits.MAX_SPEC_CHARS`` or with more than
    ``limits.MAX_LAYERS`` layers is refused before any layer is made.
    """
    if not isinstance(spec, str):
        raise SpecError(f"a network spec must be text, got {type(spec).__name__}")
    if len(spec) > limits.MAX_SPEC_CHARS:
        raise SpecError(
            f"the network spec is {len(spec):,d} characters long; at most {limits.MAX_SPEC_CHARS:,d} are allowed"
        )
    count = spec.count(",") + 1
    if count > limits.MAX_LAYERS:
        raise SpecError(f"the network spec lists {count:,d} layers; cnnviz builds at most {limits.MAX_LAYERS}")
    tokens = [t.strip().lower() for t in spec.split(",")]
    if not spec.strip() or any(not t for t in tokens):
        raise SpecError(
            f"empty layer in network spec {limits.shorten(repr(spec))} (layers are separated by single commas)"
        )
    layers: list[Layer] = []
    for position, token in enumerate(tokens, 1):
        where = f"layer {position} ({limits.shorten(repr(token), 40)})"
        if m := _CONV.match(token):
            k, c = int(m[1]), int(m[2])
            if not 1 <= k <= 15:
                raise SpecError(f"{where}: kernel size must be between 1 and 15, got {k}")
            if not 1 <= c <= MAX_CHANNELS:
                raise SpecError(f"{where}: channel count must be between 1 and {MAX_CHANNELS}, got {c}")
            layers.append(Conv2D(kernel=k, out_channels=c, padding=m[3] or "same"))
        elif token == "relu":
            layers.append(ReLU())
        elif token in ("pool", "maxpool"):
            layers.append(MaxPool2D())
        elif token == "flatten":
            layers.append(Flatten())
        elif m := _DENSE.match(token):
            n = int(m[1])
            if not 1 <= n <= MAX_UNITS:
                raise SpecError(f"{where}: unit count must be between 1 and {MAX_UNITS}, got {n}")
            layers.append(Dense(units=n))
        elif m := _DROPOUT.match(token):
            p = float(m[1])
            if not 0.0 <= p < 1.0:
                raise SpecError(f"{where}: dropout probability must be in [0, 1), got {p:g}")
            layers.append(Dropout(rate=p))
        else:
            raise SpecError(
                f"{where}: unknown layer; expected convK-C[-same|-valid], relu, pool, flatten, "
                "dense-N or dropout-P (or a preset: " + ", ".join(PRESETS) + ")"
            )
    return layers


def _named_layers(net: str) -> tuple[list[Layer], str, int]:
    """Parsed layers with the implicit flatten inserted and names given (``conv1``...), the
    canonical spec, and how many layers the spec lists."""
    spec = resolve_spec(net)
    parsed = parse_spec(spec)
    layers: list[Layer] = []
    flat = False
    for layer in parsed:
        if isinstance(layer, Dense) and not flat:
            layers.append(Flatten())
        flat = flat or isinstance(layer, (Dense, Flatten))
        layers.append(layer)
    counts: dict[str, int] = {}
    for layer in layers:
        counts[layer.kind] = counts.get(layer.kind, 0) + 1
        layer.name = f"{layer.kind}{counts[layer.kind]}"
    return layers, ",".join(l.spec() for l in parsed), len(parsed)


def _shapes_of(layers: list[Layer], input_shape: Shape) -> list[Shape]:
    shapes = [input_shape]
    for position, layer in enumerate(layers, 1):
        try:
            shapes.append(layer.output_shape(shapes[-1]))
        except SpecError as exc:
            raise SpecError(f"layer {position} ({layer.spec()}): {exc}") from None
    return shapes


@dataclass(frozen=True)
class NetworkSize:
    """What a network needs, computed from its spec without allocating anything."""

    spec: str
    layers: int
    """Layers as the spec lists them (the implicit flatten not counted)."""
    parameters: int
    values_per_image: int
    """Activation values one image needs in a forward pass: every layer's output plus the
    convolutions' im2col columns (kept for the backward pass)."""
    parameter_shapes: dict[str, tuple[int, ...]]
    """``conv1.weight`` -> shape, in the order of ``Sequential.named_parameters``."""


def _size_of(layers: list[Layer], shapes: list[Shape], spec: str, listed: int) -> NetworkSize:
    # The parameter layouts of Conv2D.initialise and Dense.initialise (PyTorch's);
    # tests/nn/test_model_spec.py checks that they agree.
    param_shapes: dict[str, tuple[int, ...]] = {}
    values = int(np.prod(shapes[0]))
    for layer, in_shape, out_shape in zip(layers, shapes, shapes[1:]):
        values += int(np.prod(out_shape, dtype=np.int64))
        if isinstance(layer, Conv2D):
            c, k = in_shape[0], layer.kernel
            param_shapes[f"{layer.name}.weight"] = (layer.out_channels, c, k, k)
            param_shapes[f"{layer.name}.bias"] = (layer.out_channels,)
            values += c * k * k * out_shape[1] * out_shape[2]
        elif isinstance(layer, Dense):
            param_shapes[f"{layer.name}.weight"] = (layer.units, in_shape[0])
            param_shapes[f"{layer.name}.bias"] = (layer.units,)
    parameters = sum(int(np.prod(shape, dtype=np.int64)) for shape in param_shapes.values())
    return NetworkSize(spec, listed, parameters, values, param_shapes)


def network_size(net: str, input_shape: Shape = INPUT_SHAPE) -> NetworkSize:
    """Parameters, depth and activation size of ``net`` (a preset or a spec), from the spec
    alone: nothing is allocated, and no limit beyond the spec's own length is applied (see
    :func:`check_network_size`). Raises SpecError for an invalid spec."""
    layers, spec, listed = _named_layers(net)
    return _size_of(layers, _shapes_of(layers, input_shape), spec, listed)


def check_network_size(size: NetworkSize) -> None:
    """Raise SpecError when a network is beyond cnnviz's limits (``cnnviz.data.limits``)."""
    if size.layers > limits.MAX_LAYERS:
        raise SpecError(f"the network has {size.layers} layers; cnnviz builds at most {limits.MAX_LAYERS}")
    if size.parameters > limits.MAX_PARAMETERS:
        raise SpecError(
            f"the network has {size.parameters:,d} parameters; cnnviz builds at most "
            f"{limits.MAX_PARAMETERS:,d} (use fewer or smaller layers)"
        )
    if size.values_per_image > limits.MAX_VALUES_PER_IMAGE:
        raise SpecError(
            f"the network needs {size.values_per_image:,d} activation values per image; cnnviz "
            f"allows at most {limits.MAX_VALUES_PER_IMAGE:,d} (use fewer channels or pool earlier)"
        )


class Sequential:
    """Layers applied in order, with named parameters (``conv1.weight``...)."""

    def __init__(self, layers: list[Layer], spec: str, input_shape: Shape = INPUT_SHAPE):
        self.layers = layers
        self.spec = spec
        self.input_shape = input_shape
        self.backend = None
        self._flat: FlatParameters | None = None
        self.shapes = self._check_shapes()

    # --- construction -------------------------------------------------------
    @classmethod
    def from_spec(cls, net: str, input_shape: Shape = INPUT_SHAPE, num_classes: int | None = NUM_CLASSES) -> Sequential:
        """The network ``net`` describes, with no parameters yet (``initialise`` makes them).

        ``num_classes`` None: as many outputs as the spec's last layer has, from MIN_OUTPUTS to NUM_CLASSES
        (a stored network of the class's own classes: a snapshot's, a checkpoint's).
        Raises SpecError for an invalid spec and for one beyond cnnviz's limits
        (see :func:`network_size`), before anything is allocated.
        """
        layers, spec, listed = _named_layers(net)
        model = cls(layers, spec, input_shape)
        out = model.shapes[-1]
        if num_classes is None and len(out) == 1 and MIN_OUTPUTS <= out[0] <= NUM_CLASSES:
            num_classes = out[0]
        if out != (num_classes,):
            raise SpecError(
                f"the network must end with dense-{num_classes or NUM_CLASSES} (one output per class) "
                f"but its output is {'x'.join(map(str, out))}"
            )
        if isinstance(layers[-1], (ReLU, Dropout)):
            raise SpecError("the last layer must be dense-10: the loss applies softmax to raw scores")
        check_network_size(_size_of(layers, model.shapes, spec, listed))
        return model

    def _check_shapes(self) -> list[Shape]:
        return _shapes_of(self.layers, self.input_shape)

    def initialise(self, seed: int | np.random.Generator = 0, dtype=np.float32) -> Sequential:
        """Fresh He-initialised weights (on the host until ``to`` is called)."""
        rng = np.random.default_rng(seed)
        backend, self.backend, self._flat = self.backend, None, None
        for layer, in_shape in zip(self.layers, self.shapes):
            for key, value in layer.initialise(in_shape, rng, dtype).items():
                layer.params[key] = Parameter(value)
        if backend is not None:
            self.to(backend)
        return self

    # --- parameters ----------------------------------------------------------
    def named_parameters(self) -> NamedParameters:
        """``(name, Parameter)`` pairs in a fixed order; once the model is on a backend
        the list also carries the flat buffers they are views of (``.flat``)."""
        return NamedParameters(
            [(f"{layer.name}.{key}", p) for layer in self.layers for key, p in layer.params.items()], self._flat
        )

    def parameter_count(self) -> int:
        return sum(int(np.prod(p.data.shape)) for _, p in self.named_parameters())

    def state_dict(self) -> dict[str, np.ndarray]:
        """Host copies of every parameter, keyed like PyTorch (``conv1.weight``)."""
        if self._flat is not None:
            return self._flat.layout.split(self.backend.to_host(self._flat.data))
        return {name: np.array(p.data, copy=True) for name, p in self.named_parameters()}

    def parameter_shapes(self) -> dict[str, tuple[int, ...]]:
        """``conv1.weight`` -> shape for every parameter, known before any is made."""
        return _size_of(self.layers, self.shapes, self.spec, len(self.layers)).parameter_shapes

    def load_state_dict(self, state: dict[str, np.ndarray]) -> None:
        """Copy ``state``'s arrays in as the parameters (checked first: names, shapes). A model
        that was never initialised gets them directly, without a random initialisation first."""
        expected = self.parameter_shapes()
        missing = sorted(set(expected) - set(state))
        extra = sorted(set(state) - set(expected))
        if missing or extra:
            raise SpecError(
                f"weights do not fit this network (missing: {', '.join(missing) or 'none'}; "
                f"unexpected: {', '.join(extra) or 'none'})"
            )
        for name in expected:
            shape = tuple(np.shape(state[name]))
            if shape != tuple(expected[name]):
                raise SpecError(f"{name} has shape {shape} but this network needs {tuple(expected[name])}")
        dtype = self.dtype
        backend, self.backend, self._flat = self.backend, None, None
        layers = {layer.name: layer for layer in self.layers}
        for name in expected:
            layer_name, key = name.rsplit(".", 1)
            layers[layer_name].params[key] = Parameter(np.array(state[name], dtype=dtype, copy=True))
        if backend is not None:
            self.to(backend)

    @property
    def dtype(self):
        for _, p in self.named_parameters():
            return np.dtype(p.data.dtype)
        return np.dtype(np.float32)

    def to(self, backend) -> Sequential:
        """Move every parameter to ``backend`` (exactly: through host memory).

        On a backend the parameters live in one flat buffer and their gradients
        in another (``Parameter.data``/``.grad`` are views), so an optimizer
        updates all of them in one launch and moving costs two copies."""
        if backend is self.backend:
            return self
        host = self.state_dict()
        pairs = self.named_parameters()
        layout = FlatLayout.of([(name, tuple(p.data.shape)) for name, p in pairs])
        flat_host = layout.join(host, self.dtype)
        data = backend.from_host(flat_host)
        grad = backend.zeros_like(data)
        self._flat = FlatParameters(layout, data, grad)
        for (_name, p), view, grad_view in zip(pairs, layout.views(data), layout.views(grad)):
            p.data, p.grad = view, grad_view
        self.clear_caches()
        self.backend = backend
        return self

    def clear_caches(self) -> None:
        """Every layer forgets what its last forward kept for a backward (the backend's arrays it holds)."""
        for layer in self.layers:
            layer.clear_cache()

    def release(self) -> None:
        """Forget the backend's arrays (a failed GPU): the weights go back to the host
        as given by a ``state_dict`` the caller kept; call ``load_state_dict`` next."""
        self.backend, self._flat = None, None
        self.clear_caches()

    # --- compute --------------------------------------------------------------
    def forward(self, x, train: bool = False, step_key: int | None = None, marks: list | None = None):
        """Logits for a batch already on the model's backend.

        ``step_key`` (training only) seeds the dropout masks of this step: layer i
        uses ``dropout_key(step_key, i)``. ``marks`` collects ``(layer, "forward",
        start, end)`` backend markers for per-layer timing without forcing a device
        synchronisation mid-step.
        """
        be = self.backend
        start = be.mark() if marks is not None else None  # a layer's end mark is the next one's start
        for index, layer in enumerate(self.layers):
            key = layer_key(step_key, index) if layer.uses_key and train and step_key is not None else None
            x = layer.forward(be, x, train, key)
            if marks is not None:
                end = be.mark()
                marks.append((layer.name, "forward", start, end))
                start = end
        return x

    def backward(self, dlogits, marks: list | None = None) -> None:
        """Parameter gradients into the flat gradient buffer (every parameter's
        ``grad`` view is overwritten, none accumulated)."""
        be = self.backend
        dy = dlogits
        start = be.mark() if marks is not None else None  # as in forward: one mark between two layers
        for index in range(len(self.layers) - 1, -1, -1):
            layer = self.layers[index]
            # Nothing upstream of the first parameterised layer needs a gradient.
            need_dx = any(l.has_params for l in self.layers[:index])
            dy = layer.backward(be, dy, need_dx)
            if marks is not None:
                end = be.mark()
                marks.append((layer.name, "backward", start, end))
                start = end
            if dy is None:
                for earlier in self.layers[:index]:
                    earlier.clear_cache()
                break

    def activations(self, x) -> list[tuple[str, np.ndarray]]:
        """Host copies of every layer's output for a batch (inference mode), in the backend's workspace."""
        be = self.backend
        out = []
        with be.workspace():
            for layer in self.layers:
                x = layer.forward(be, x, False)
                out.append((layer.name, be.to_host(x)))
        self.clear_caches()
        return out

    def infer(self, x):
        """Logits for a batch already on the backend, in inference mode, inside the backend's workspace.

        As a training step: the temporaries are the previous inference's of this batch size, so after the
        first batch nothing is allocated (outside a workspace the cuda backend allocated, and numba freed,
        every layer's output for every batch: inference ran at a ninth of PyTorch's rate, issue 35). The
        logits are a workspace temporary: read them before the next step or inference on this thread."""
        with self.backend.workspace():
            return self.forward(x, False)

    def device_proba(self, x) -> np.ndarray:
        """Class probabilities (host) for a batch already on the backend: ``infer``, the softmax and one copy
        of the probabilities to the host, all in one use of the backend's workspace."""
        be = self.backend
        with be.workspace():
            return be.to_host(be.softmax(self.infer(x)))

    def predict_proba(self, x_host: np.ndarray, batch_size: int = 1000) -> np.ndarray:
        """Class probabilities for host images (N,1,28,28), computed on the model's backend."""
        be = self.backend
        probs = []
        for start in range(0, len(x_host), batch_size):
            xb = be.from_host(np.ascontiguousarray(x_host[start : start + batch_size], dtype=self.dtype))
            probs.append(self.device_proba(xb))
        self.clear_caches()
        return np.concatenate(probs) if probs else np.zeros((0, self.shapes[-1][0]), self.dtype)

    def describe(self) -> Iterable[str]:
        for layer, shape in zip(self.layers, self.shapes[1:]):
            n = sum(int(np.prod(p.data.shape)) for p in layer.params.values())
            yield f"{layer.name:<9} {layer.spec():<16} -> {'x'.join(map(str, shape)):<10} {n:>9,d} params"
