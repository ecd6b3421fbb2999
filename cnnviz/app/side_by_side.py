"""The kept run's insides beside the run now's: A | B.

While a run is kept for comparison (:class:`~.comparison.KeptRun`), the kernels, the feature maps, the
timings and the test accuracy show the kept run (A) beside the run now (B): A's kernels from its final
weights, A's feature maps for the same input image as B's (computed here, on a private NumPy copy of A's
network, with the model's own forward pass). Each pair of kernels is on one colour scale; each side's feature maps on
their own (a lesson's run kept after its weights blew up, maps 15 times B's, left B's maps near white). A layer is
set beside B's only when A's network has it with the same shape; otherwise :meth:`SideBySide.why_not` says why not.
Its texts are N_-marked whole sentences, said through ``translate`` (the GUI's ``tr``; English without one). No Qt.
"""

from __future__ import annotations

import numpy as np

from ..classroom.saliency import model_from_weights
from ..number_format import format_percent
from ..train.snapshot import take_snapshot
from ..translatable import N_
from .comparison import KeptRun, describe, differences, shown

MOST_DIFFERENCES = 2
"""A side's label names at most this many settings that differ (the curves' label names all of them); a
picture's title, one."""


def _same(text: str) -> str:
    return text


def _sides(kept: KeptRun, now: dict, most: int, _=_same) -> tuple[str, str]:
    """Each side's values of the (first ``most``) settings that differ ("lr 0.01"); when none differs,
    "kept run (its source)" and "now"."""
    found = differences(kept.settings, now)
    if not found:
        return _(N_("kept run ({source})")).format(source=_(kept.source)), _(N_("now"))
    more = "…" if len(found) > most else ""
    found = found[:most]
    a, b = (
        _(N_(", ")).join(f"{_(name) if name else ''} {values[side]}".strip() for name, *values in found) + more
        for side in (0, 1)
    )
    return a, b


def side_labels(kept: KeptRun, now: dict, most: int = MOST_DIFFERENCES, translate=None) -> tuple[str, str]:
    """("A: lr 0.01", "B: lr 0.001"): each side with its values of the (first ``most``) settings that differ;
    when none differs, "A: kept run (its source)" and "B: now"."""
    _ = translate or _same
    a, b = _sides(kept, now, most, _)
    return _(N_("A: {side}")).format(side=a), _(N_("B: {side}")).format(side=b)


def accuracy_text(kept_accuracy: float | None, now_accuracy: float | None, translate=None) -> str:
    """ "A 87.0% | B 95.0%" (German "A 87,0 % | B 95,0 %": number_format's percent; "not tested yet" for a run
    not evaluated yet)."""
    _ = translate or _same

    def percent(value):
        return _(N_("not tested yet")) if value is None else format_percent(value, 1)

    return _(N_("A {kept} | B {now}")).format(kept=percent(kept_accuracy), now=percent(now_accuracy))


class SideBySide:
    """The kept run as the panels show it beside the run now (whose settings are ``now``)."""

    def __init__(self, kept: KeptRun, now: dict, translate=None):
        self.kept = kept
        self._ = _ = translate or _same
        self.a_label, self.b_label = side_labels(kept, now, translate=translate)
        self.description = describe(kept, now, translate)
        """What differs from the run now, all of it ("lr 0.001 vs 0.01 now"): the curves' label."""
        self.a_short, self.b_short = side_labels(kept, now, most=1, translate=translate)
        """For a picture's title (one setting: the titles of a pair share a row of a narrow panel)."""
        a, b = _sides(kept, now, MOST_DIFFERENCES, _)
        self.legend = _(N_("A (left, kept): {a} | B (right, now): {b} · each pair on one colour scale")).format(
            a=a, b=b
        )
        """One line saying which side is which (the kernels)."""
        self.maps_legend = _(
            N_("A (left, kept): {a} | B (right, now): {b} · each side on its own colour scale")
        ).format(a=a, b=b)
        """The feature maps' line: each side's maps on their own colour scale, as one run's maps are alone."""
        self.now_net = shown(now["net"], "net") if "net" in now else _(N_("this one"))
        self.kept_net = shown(kept.spec or kept.settings.get("net", "?"), "net")
        weights = kept.weights or {}
        self.kernels: dict[str, np.ndarray] = {
            name[: -len(".weight")]: w for name, w in weights.items() if name.endswith(".weight") and np.ndim(w) == 4
        }
        """A's conv kernels by layer, (out, in, kh, kw), first layer first."""
        self._model = None
        self._maps_for: bytes | None = None
        self._maps: dict[str, np.ndarray] = {}

    def why_not(self, layer: str, shape: tuple[int, ...], kind: str = "kernels") -> str:
        """Empty when A has ``layer`` with B's ``shape`` (its ``kind``: "kernels" or "maps"), else the line
        saying why A is not shown beside it."""
        _ = self._
        if not self.kept.weights:
            return (
                _(N_("A ({source}) has no weights kept: its kernels cannot be shown"))
                if kind == "kernels"
                else _(N_("A ({source}) has no weights kept: its maps cannot be shown"))
            ).format(source=_(self.kept.source))
        shapes = {name: w.shape for name, w in self.kernels.items()} if kind == "kernels" else self.feature_map_shapes()
        theirs = shapes.get(layer)
        if theirs is None:
            return _(N_("A has no {layer}: another network ({kept} vs {now} now)")).format(
                layer=layer, kept=self.kept_net, now=self.now_net
            )
        if tuple(theirs) != tuple(shape):
            a, b = ("×".join(str(n) for n in s) for s in (theirs, shape))
            return _(N_("A's {layer} is {a}, B's {b}: another network ({kept} vs {now} now)")).format(
                layer=layer, a=a, b=b, kept=self.kept_net, now=self.now_net
            )
        return ""

    def model(self):
        """A private NumPy copy of A's network (built once; ValueError when its weights do not fit its spec)."""
        if self._model is None:
            self._model = model_from_weights(self.kept.spec, self.kept.weights or {})
        return self._model

    def feature_map_shapes(self) -> dict[str, tuple[int, ...]]:
        """A's feature-map shapes (C, H, W) by layer (empty before its first maps)."""
        return {name: arr.shape for name, arr in self._maps.items()}

    def feature_maps(self, image: np.ndarray) -> dict[str, np.ndarray]:
        """A's feature maps (C, H, W) for the input ``image`` (28x28 in [0, 1]): the same function the
        trainer's snapshots use, on A's weights; the last input's are kept (A's weights never change)."""
        image = np.ascontiguousarray(image, dtype=np.float32)
        key = image.tobytes()
        if key != self._maps_for:
            snapshot = take_snapshot(self.model(), image)
            self._maps = {name: arr for name, arr in snapshot.feature_maps}
            self._maps_for = key
        return self._maps

    def maps_beside(self, image: np.ndarray, maps_now: dict[str, np.ndarray], layers) -> tuple[dict, str]:
        """A's maps of ``layers`` for the input ``image``, of those A shares with B's ``maps_now`` (the same
        layer and shape), and why the others are not shown ("" when all are)."""
        try:
            theirs = self.feature_maps(image)
        except Exception as exc:  # noqa: BLE001 - a kept network that cannot run: said, never a crash
            return {}, self._(N_("A's feature maps cannot be computed: {exc}")).format(exc=exc)
        notes = {name: self.why_not(name, maps_now[name].shape, "maps") for name in layers}
        return (
            {name: theirs[name] for name, note in notes.items() if not note},
            self._(N_("; ")).join(dict.fromkeys(note for note in notes.values() if note)),
        )


def shared_limit(a: np.ndarray | None, b: np.ndarray, robust=None) -> float:
    """One colour scale for a pair: the larger of the two sides' extents (``robust``: the function that gives a
    side's extent, default its largest absolute value), so A and B compare honestly."""
    extent = robust or (lambda arr: float(np.abs(arr).max()) if arr.size else 0.0)
    sides = [extent(b)] + ([extent(a)] if a is not None else [])
    return max(max(sides), 1e-8)
