"""A time-lapse of training: the kernels (and one input's feature maps) at every evaluation.

:class:`TimeLapse` keeps one frame per evaluation -- step, epoch, test
accuracy, copies of the conv kernels and the selected input's feature maps --
in bounded memory: when it is full it drops every other frame and from then
on keeps only every 2nd (4th, 8th...) evaluation, so the frames stay evenly
spread over the whole run however long it lasts. The first frame (the random
initial kernels) and the latest one are always kept.

Colour scaling of the exported kernels. The default, ``scaling="global"``,
uses one symmetric scale ``[-L, L]`` for every frame of the animation (L a
high percentile of |w| over the whole run). That is what shows *evolution*:
a colour means the same weight in every frame, so kernels visibly sharpen
from the faint noise of initialisation into strong edge and stroke detectors,
and nothing flickers. ``scaling="frame"`` rescales each frame to its own
range; it maximises the contrast of one frame but hides how the weights grow
and makes the whole animation pulse when a single weight changes the range,
so it is offered for looking at single frames only.
"""

from __future__ import annotations

import io
import math
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from ..data.file_writing import atomic_write_bytes
from ..train import events as ev
from . import colormaps
from .render import DIVERGING_LUT, GRID_BACKGROUND, kernel_grid, kernel_tiles, symmetric_limit

__all__ = ["TimeLapse", "TimeLapseFrame"]

SCALINGS = ("global", "frame")
_TARGET_GRID_WIDTH = 480  # px: readable on a projector, small enough for a slide


@dataclass(frozen=True, eq=False)
class TimeLapseFrame:
    sequence: int
    """Which recording this was (0 = the first evaluation seen)."""
    step: int
    epoch: float
    test_accuracy: float
    kernels: dict[str, np.ndarray]
    """Conv layer name -> read-only copy of its (out, in, kh, kw) weights."""
    feature_maps: tuple[tuple[str, np.ndarray], ...] = ()
    """(layer name, read-only (C, H, W) copy) for the selected input."""
    input_image: np.ndarray | None = None

    @property
    def nbytes(self) -> int:
        arrays = list(self.kernels.values()) + [a for _, a in self.feature_maps]
        if self.input_image is not None:
            arrays.append(self.input_image)
        return sum(a.nbytes for a in arrays)


def _frozen_copy(array, dtype=np.float32) -> np.ndarray:
    copy = np.array(array, dtype=dtype, copy=True)
    copy.flags.writeable = False
    return copy


class TimeLapse:
    """Bounded recording of the network's kernels over a run.

    Feed it with :meth:`record`, or pass every trainer event to
    :meth:`observe`, which pairs each ``EvaluationFinished`` with the
    ``Snapshot`` of the same step (ask the trainer for one right after each
    evaluation: a snapshot request is served before the next step, so the
    steps match exactly).

    Use it from one thread (the GUI thread, with events forwarded by the
    worker); it holds host copies only, never the trainer's arrays.
    """

    def __init__(self, max_frames: int = 200, max_bytes: int = 256 * 2**20, snapshot_tag: str | None = None):
        if max_frames < 2:
            raise ValueError(f"max_frames must be at least 2 (the first and the latest frame), got {max_frames}")
        if max_bytes < 1:
            raise ValueError(f"max_bytes must be positive, got {max_bytes}")
        self.max_frames = max_frames
        self.max_bytes = max_bytes
        self.snapshot_tag = snapshot_tag
        self.clear()

    def clear(self) -> None:
        self._kept: list[TimeLapseFrame] = []  # recordings whose sequence is a multiple of _stride
        self._latest: TimeLapseFrame | None = None
        self._stride = 1
        self._count = 0
        self._last_snapshot: ev.Snapshot | None = None
        self._pending: ev.EvaluationFinished | None = None

    @property
    def recorded(self) -> int:
        """Frames recorded since the last clear(), kept or not (it grows by one per recording)."""
        return self._count

    # --- recording ----------------------------------------------------------------
    def record(
        self,
        step: int,
        epoch: float,
        test_accuracy: float | None,
        kernels: Mapping[str, np.ndarray] | Iterable[tuple[str, np.ndarray]],
        feature_maps: Iterable[tuple[str, np.ndarray]] = (),
        input_image: np.ndarray | None = None,
    ) -> None:
        """Keep a frame (arrays are copied: the caller may reuse its own).

        ``test_accuracy`` may be None (e.g. the random kernels before the first step).
        """
        test_accuracy = math.nan if test_accuracy is None else test_accuracy
        items = kernels.items() if isinstance(kernels, Mapping) else kernels
        frame = TimeLapseFrame(
            sequence=self._count,
            step=int(step),
            epoch=float(epoch),
            test_accuracy=float(test_accuracy),
            kernels={str(name): _frozen_copy(w) for name, w in items},
            feature_maps=tuple((str(name), _frozen_copy(a)) for name, a in feature_maps),
            input_image=None if input_image is None else _frozen_copy(input_image),
        )
        self._count += 1
        self._latest = frame
        if frame.sequence % self._stride == 0:
            self._kept.append(frame)
        while len(self._kept) > 1 and (len(self) > self.max_frames or self.nbytes > self.max_bytes):
            # Double the spacing: the survivors are evenly spaced again and include sequence 0.
            self._stride *= 2
            self._kept = [f for f in self._kept if f.sequence % self._stride == 0]

    def record_evaluation(self, evaluation: ev.EvaluationFinished, snapshot: ev.Snapshot) -> None:
        self.record(
            evaluation.step,
            evaluation.epoch,
            evaluation.test_accuracy,
            snapshot.kernels,
            snapshot.feature_maps,
            snapshot.input_image,
        )

    def observe(self, event) -> None:
        """Pass any trainer event; evaluations are recorded once a snapshot of their step is known."""
        if isinstance(event, ev.Snapshot):
            if self.snapshot_tag is not None and event.tag != self.snapshot_tag:
                return
            self._last_snapshot = event
            if self._pending is not None and event.step >= self._pending.step:
                self.record_evaluation(self._pending, event)
                self._pending = None
        elif isinstance(event, ev.EvaluationFinished):
            snapshot = self._last_snapshot
            if snapshot is not None and snapshot.step == event.step:
                self.record_evaluation(event, snapshot)
            else:
                self._pending = event
        elif isinstance(event, ev.StateChanged) and event.state == ev.RunPhase.RESET:
            # New random weights and the step count starts over: a new film.
            self.clear()

    # --- access ---------------------------------------------------------------------
    @property
    def frames(self) -> tuple[TimeLapseFrame, ...]:
        if self._latest is None:
            return ()
        if self._kept and self._kept[-1] is self._latest:
            return tuple(self._kept)
        return (*self._kept, self._latest)

    def __len__(self) -> int:
        if self._latest is None:
            return 0
        return len(self._kept) + (0 if self._kept[-1] is self._latest else 1)

    def frame(self, i: int) -> TimeLapseFrame:
        return self.frames[i]

    @property
    def nbytes(self) -> int:
        return sum(f.nbytes for f in self.frames)

    @property
    def layers(self) -> tuple[str, ...]:
        """Conv layers present in every frame."""
        frames = self.frames
        if not frames:
            return ()
        common = set(frames[0].kernels)
        for f in frames[1:]:
            common &= set(f.kernels)
        return tuple(name for name in frames[0].kernels if name in common)

    # --- rendering ------------------------------------------------------------------
    def render_frames(
        self,
        layer: str = "conv1",
        *,
        scaling: str = "global",
        input_channel: int | None = 0,
        scale: int | None = None,
        feature_maps: bool = False,
    ) -> list[Image.Image]:
        """Every frame as an RGB picture: the kernel grid over a caption strip, all the same size. With
        ``feature_maps``, under the kernels the frame's input and its first conv layer's and last pooling layer's
        feature maps, coloured as the Time-lapse tab shows them (conv diverging, pooling sequential)."""
        frames = self.frames
        if not frames:
            raise ValueError("the time-lapse is empty: nothing was recorded yet")
        if scaling not in SCALINGS:
            raise ValueError(f"scaling must be one of {', '.join(SCALINGS)}, got {scaling!r}")
        missing = [f.step for f in frames if layer not in f.kernels]
        if missing:
            raise ValueError(
                f"layer {layer!r} is not recorded (at step {missing[0]}); "
                f"recorded conv layers: {', '.join(self.layers) or 'none'}"
            )
        tiles = [kernel_tiles(f.kernels[layer], input_channel) for f in frames]
        count, kh, kw = tiles[0].shape
        if any(t.shape != tiles[0].shape for t in tiles):
            raise ValueError(f"the kernels of {layer} change shape during the recording")
        # All input channels: one row per output kernel. One channel: a near-square grid.
        in_channels = frames[0].kernels[layer].shape[1]
        columns = in_channels if input_channel is None else int(np.ceil(np.sqrt(count)))
        if scale is None:
            scale = int(np.clip(_TARGET_GRID_WIDTH // (columns * (kw + 1)), 2, 24))
        gap = max(2, scale // 3)
        global_limit = symmetric_limit(np.stack(tiles)) if scaling == "global" else None
        grids = [
            kernel_grid(t, global_limit or symmetric_limit(t), columns=columns, scale=scale, gap=gap) for t in tiles
        ]
        if feature_maps:
            grids = [_stack(grid, _maps_row(f)) for grid, f in zip(grids, frames)]
            size = (max(g.width for g in grids), max(g.height for g in grids))
            grids = [_padded(g, size) for g in grids]
        font = _caption_font()
        captions = [_caption(f, layer) for f in frames]
        measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
        boxes = [measure.textbbox((0, 0), c, font=font) for c in captions]
        pad = 6
        text_h = max(b[3] - b[1] for b in boxes)
        width = max(grids[0].width, max(b[2] - b[0] for b in boxes) + 2 * pad)
        height = grids[0].height + text_h + 2 * pad
        images = []
        for grid, caption, box in zip(grids, captions, boxes):
            image = Image.new("RGB", (width, height), GRID_BACKGROUND)
            image.paste(grid, ((width - grid.width) // 2, 0))
            draw = ImageDraw.Draw(image)
            draw.rectangle((0, grid.height, width, height), fill=(255, 255, 255))
            draw.text((pad - box[0], grid.height + pad - box[1]), caption, fill=(20, 20, 20), font=font)
            images.append(image)
        return images

    def export_gif(
        self,
        path: str | os.PathLike[str],
        layer: str = "conv1",
        *,
        scaling: str = "global",
        input_channel: int | None = 0,
        scale: int | None = None,
        frame_ms: int = 150,
        last_frame_ms: int = 2000,
        loop: int = 0,
        feature_maps: bool = False,
    ) -> Path:
        """An animated GIF of ``layer``'s kernels, one frame per recording (written atomically).

        The last frame is held for ``last_frame_ms`` so the trained kernels
        can be seen before the animation starts over.
        """
        if frame_ms < 10 or last_frame_ms < 10:
            raise ValueError("GIF frame durations must be at least 10 ms")
        palette = _fixed_palette(with_sequential=feature_maps)
        # One fixed palette for every frame: a colour keeps its meaning through the animation.
        frames = [
            im.quantize(palette=palette, dither=Image.Dither.NONE)
            for im in self.render_frames(
                layer, scaling=scaling, input_channel=input_channel, scale=scale, feature_maps=feature_maps
            )
        ]
        durations = [frame_ms] * (len(frames) - 1) + [last_frame_ms]
        buffer = io.BytesIO()
        # optimize=False: Pillow would otherwise merge identical consecutive frames,
        # and the file would hold fewer frames than the time-lapse.
        frames[0].save(
            buffer,
            format="GIF",
            save_all=True,
            append_images=frames[1:],
            duration=durations,
            loop=loop,
            optimize=False,
            disposal=1,
        )
        return atomic_write_bytes(path, buffer.getvalue())

    def export_png_frames(
        self,
        folder: str | os.PathLike[str],
        layer: str = "conv1",
        *,
        scaling: str = "global",
        input_channel: int | None = 0,
        scale: int | None = None,
        feature_maps: bool = False,
    ) -> list[Path]:
        """One PNG per frame (``frame_0000_step_000000.png``...) in ``folder`` (created if needed)."""
        folder = Path(folder)
        images = self.render_frames(
            layer, scaling=scaling, input_channel=input_channel, scale=scale, feature_maps=feature_maps
        )
        folder.mkdir(parents=True, exist_ok=True)
        paths = []
        for i, (frame, image) in enumerate(zip(self.frames, images)):
            buffer = io.BytesIO()
            image.save(buffer, format="PNG")
            paths.append(atomic_write_bytes(folder / f"frame_{i:04d}_step_{frame.step:06d}.png", buffer.getvalue()))
        return paths


def _caption(frame: TimeLapseFrame, layer: str) -> str:
    # NaN accuracy: a frame recorded before any evaluation (e.g. the initial random kernels).
    accuracy = "not measured" if np.isnan(frame.test_accuracy) else f"{frame.test_accuracy * 100:.1f}%"
    return f"{layer}   step {frame.step:,}   epoch {frame.epoch:.2f}   test accuracy {accuracy}"


def _caption_font():
    try:
        return ImageFont.load_default(size=14)  # FreeType builds of Pillow >= 10.1
    except (TypeError, ValueError, OSError):
        return ImageFont.load_default()


_MAP_HEIGHT = 96
"""px: the height of each feature-map mosaic under the kernels in a frame with feature maps."""


def robust_max(values: np.ndarray) -> float:
    """The 99.5th percentile (the largest value when that is ~0), as the Time-lapse tab scales its maps."""
    m = float(np.percentile(values, 99.5)) if values.size else 0.0
    return m if m > 1e-8 else max(float(values.max()) if values.size else 0.0, 1e-8)


def _map_mosaic(array: np.ndarray, lut: np.ndarray, low: float) -> Image.Image:
    """(C, H, W) maps (or one (H, W) input) as a near-square mosaic, coloured through ``lut``."""
    tiles = array[None] if array.ndim == 2 else array
    count, h, w = tiles.shape
    cols = int(np.ceil(np.sqrt(count)))
    rows = -(-count // cols)
    gap = 1 if h < 16 else 2
    image = np.full((rows * (h + gap) - gap, cols * (w + gap) - gap), np.nan)
    scale = 1.0 if array.ndim == 2 else (robust_max(np.abs(tiles)) if low < 0 else robust_max(tiles))
    for i in range(count):
        r, c = divmod(i, cols)
        image[r * (h + gap) : r * (h + gap) + h, c * (w + gap) : c * (w + gap) + w] = np.clip(tiles[i] / scale, low, 1)
    rgb = colormaps.apply(lut, image, low, 1.0)
    rgb[np.isnan(image)] = GRID_BACKGROUND
    picture = Image.fromarray(rgb.astype(np.uint8), "RGB")
    factor = max(1, _MAP_HEIGHT // picture.height)
    return picture.resize((picture.width * factor, picture.height * factor), Image.Resampling.NEAREST)


def _maps_row(frame: TimeLapseFrame) -> Image.Image | None:
    """The frame's input, first conv layer's and last pooling layer's maps side by side, as the tab shows them."""
    maps = dict(frame.feature_maps)
    convs = [n for n in maps if n.startswith("conv")]
    pools = [n for n in maps if n.startswith("pool")]
    parts = []
    if frame.input_image is not None:
        parts.append(_map_mosaic(np.asarray(frame.input_image, dtype=np.float64), colormaps.GREY_LUT, 0.0))
    if convs:
        parts.append(_map_mosaic(maps[convs[0]], colormaps.DIVERGING_LUT, -1.0))
    if pools:
        parts.append(_map_mosaic(maps[pools[-1]], colormaps.SEQUENTIAL_LUT, 0.0))
    if not parts:
        return None
    gap = 8
    row = Image.new(
        "RGB", (sum(p.width for p in parts) + gap * (len(parts) - 1), max(p.height for p in parts)), GRID_BACKGROUND
    )
    x = 0
    for part in parts:
        row.paste(part, (x, 0))
        x += part.width + gap
    return row


def _stack(top: Image.Image, bottom: Image.Image | None) -> Image.Image:
    if bottom is None:
        return top
    gap = 8
    image = Image.new("RGB", (max(top.width, bottom.width), top.height + gap + bottom.height), GRID_BACKGROUND)
    image.paste(top, ((image.width - top.width) // 2, 0))
    image.paste(bottom, ((image.width - bottom.width) // 2, top.height + gap))
    return image


def _padded(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    if image.size == size:
        return image
    out = Image.new("RGB", size, GRID_BACKGROUND)
    out.paste(image, ((size[0] - image.width) // 2, 0))
    return out


def _fixed_palette(with_sequential: bool = False) -> Image.Image:
    """240 colours of the diverging map (or 112 of it and 128 of the sequential one, for frames with feature
    maps), plus 16 greys (background, caption, anti-aliased text, the input)."""
    if with_sequential:
        ramp = np.concatenate(
            [
                DIVERGING_LUT[np.linspace(0, 255, 112).round().astype(int)],
                colormaps.SEQUENTIAL_LUT[np.linspace(0, 255, 128).round().astype(int)],
            ]
        )
    else:
        ramp = DIVERGING_LUT[np.linspace(0, 255, 240).round().astype(int)]
    greys = np.linspace(0, 255, 15).round()
    greys = np.concatenate([greys, [GRID_BACKGROUND[0]]])
    colours = np.concatenate([ramp, np.repeat(greys[:, None], 3, axis=1)]).astype(np.uint8)
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours.ravel().tolist())
    return palette
