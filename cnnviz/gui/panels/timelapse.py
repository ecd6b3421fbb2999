"""Time-lapse: the kernels and one input's feature maps at every evaluation,
scrubbed back with a slider, exported as an animated GIF or PNG frames."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QComboBox, QFileDialog, QLabel, QPushButton, QSlider

from ...app.feature_map_layout import tile_gap
from ...classroom.render import kernel_tiles, symmetric_limit
from ...classroom.timelapse import TimeLapse
from ...train import events as ev
from ...translatable import N_
from .. import theme
from ..dialog_folders import DialogFolder
from ..language import file_filter, grouped, number, percent, tr
from ..worker import Tag
from .common import ElidedLabel, LazyPanel, grid_shape, row_of, set_items
from .pictures import image_view, mosaic, robust_max, show

MAX_FRAMES = 120
MAX_BYTES = 96 * 2**20


def shown_maps(feature_maps) -> tuple:
    """Only what the panels show (conv outputs and pools): half the memory of every layer's output."""
    return tuple((name, arr) for name, arr in feature_maps if name.startswith(("conv", "pool")))


class TimeLapsePanel(LazyPanel):
    message = Signal(str, str)
    frameChosen = Signal(int)
    """The training step of the frame the slider shows (-1: the latest frame): the Map tab follows it."""
    """(text, kind) for the window's banner."""

    def __init__(self, parent=None):
        super().__init__(
            tr("Time-lapse"), tr("one frame per test evaluation · drag the slider to go back in time"), parent
        )
        self.timelapse = TimeLapse(max_frames=MAX_FRAMES, max_bytes=MAX_BYTES, snapshot_tag=Tag.TIMELAPSE)
        self.export_folder = DialogFolder()
        self.play_button = QPushButton(tr("▶ Play"))
        self.play_button.setToolTip(tr("Play the recording from the start"))
        self.layer_combo = QComboBox()
        # Its width follows the type only, never its items (by default it was measured once, at its first show,
        # often still empty): a zoom measured it again, and zooming back left it wider or narrower than before.
        self.layer_combo.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.layer_combo.setMinimumContentsLength(len("conv12"))
        self.gif_button = QPushButton(tr("GIF…"))
        self.gif_button.setToolTip(tr("Export the kernels' time-lapse as an animated GIF"))
        self.png_button = QPushButton(tr("PNGs…"))
        self.png_button.setToolTip(tr("Export one PNG per frame into a folder"))
        self.add_toolbar_widget(
            self.play_button, row_of(QLabel(tr("layer")), self.layer_combo), row_of(self.gif_button, self.png_button)
        )
        self.slider = QSlider(Qt.Horizontal)
        self.slider.setRange(0, 0)
        self.slider.setMinimumWidth(80)
        self.slider.setToolTip(tr("Scrub through training: one position per evaluation"))
        self.body.addWidget(self.slider)
        self.caption = ElidedLabel(tr("Nothing recorded yet: press Start. A frame is kept at every test evaluation."))
        self.caption.setStyleSheet("font-weight: 600;")
        self.body.addWidget(self.caption)
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.ci.setSpacing(8)
        self.body.addWidget(self.graphics, 1)
        layout = self.graphics.ci
        self.kernel_title = pg.LabelItem("", color=theme.TEXT, size=f"{theme.AXIS_POINT_SIZE}pt")
        layout.addItem(self.kernel_title, row=0, col=0, colspan=3)
        self.kernel_view, self.kernel_item = image_view(theme.DIVERGING_LUT, (-1.0, 1.0))
        layout.addItem(self.kernel_view, row=1, col=0, colspan=3)
        self.map_titles = []
        self.map_views = []
        for c, (lut, levels) in enumerate(
            ((theme.GREY_LUT, (0.0, 1.0)), (theme.DIVERGING_LUT, (-1.0, 1.0)), (theme.ACTIVATION_LUT, (0.0, 1.0)))
        ):
            title = pg.LabelItem("", color=theme.TEXT, size=f"{theme.AXIS_POINT_SIZE}pt")
            view, item = image_view(lut, levels)
            layout.addItem(title, row=2, col=c)
            layout.addItem(view, row=3, col=c)
            self.map_titles.append(title)
            self.map_views.append((view, item, levels))
        layout.layout.setRowStretchFactor(0, 0)
        layout.layout.setRowStretchFactor(1, 6)
        layout.layout.setRowStretchFactor(2, 0)
        layout.layout.setRowStretchFactor(3, 5)
        layout.layout.setColumnStretchFactor(0, 2)
        layout.layout.setColumnStretchFactor(1, 3)
        layout.layout.setColumnStretchFactor(2, 3)
        self.shown_index: int | None = None
        self.kernel_image: np.ndarray | None = None
        self._limits: dict[str, float] = {}
        self.play_timer = QTimer(self)
        self.play_timer.setInterval(180)
        self.play_timer.timeout.connect(self._advance)
        self.slider.valueChanged.connect(self.show_frame)
        self.layer_combo.currentIndexChanged.connect(lambda _i: self.refresh())
        self.play_button.clicked.connect(self.toggle_play)
        self.gif_button.clicked.connect(self._gif_dialog)
        self.png_button.clicked.connect(self._png_dialog)
        self._update_controls()

    # --- recording -----------------------------------------------------------------------
    def clear(self) -> None:
        self.timelapse.clear()
        self._limits.clear()
        self.shown_index = None
        self.kernel_item.clear()
        for _view, item, _levels in self.map_views:
            item.clear()
        self.caption.setText(tr("Nothing recorded yet: press Start. A frame is kept at every test evaluation."))
        self._update_controls()

    def evaluated(self, event) -> None:
        """A test evaluation ended (observed through the registry): a frame with its accuracy."""
        self.observe(event)

    def observe(self, event) -> None:
        """Any trainer event: evaluations are paired with their same-step time-lapse snapshot,
        and the snapshot of the initial weights is the first frame."""
        if isinstance(event, ev.Snapshot) and event.tag == Tag.TIMELAPSE_START:
            self.record_snapshot(event, None)
            return
        before = self.timelapse.recorded
        self.timelapse.observe(event)
        if self.timelapse.recorded != before:
            self._frames_changed()

    def add_snapshot(self, snapshot) -> None:
        """A snapshot the trainer took for the record (observed through the registry)."""
        self.observe(snapshot)

    def run_reset(self, event) -> None:
        """The running trainer started over (observed through the registry)."""
        self.observe(event)

    def record_snapshot(self, snapshot, test_accuracy: float | None) -> None:
        """A frame straight from a snapshot (the start of a run, or its final weights)."""
        frames = self.timelapse.frames
        if frames and frames[-1].step == snapshot.step and test_accuracy is None:
            return
        self.timelapse.record(
            snapshot.step,
            snapshot.epoch,
            test_accuracy,
            snapshot.kernels,
            shown_maps(snapshot.feature_maps),
            snapshot.input_image,
        )
        self._frames_changed()

    def _frames_changed(self) -> None:
        self._limits.clear()
        at_end = self.slider.value() >= self.slider.maximum() - 0 or self.shown_index is None
        self._update_controls()
        if at_end:
            self.slider.blockSignals(True)
            self.slider.setValue(self.slider.maximum())
            self.slider.blockSignals(False)
        self.invalidate()

    def _update_controls(self) -> None:
        n = len(self.timelapse)
        self.slider.setRange(0, max(n - 1, 0))
        has = n > 0
        for w in (self.slider, self.play_button, self.gif_button, self.png_button, self.layer_combo):
            w.setEnabled(has)
        set_items(self.layer_combo, list(self.timelapse.layers))

    # --- display -------------------------------------------------------------------------------
    def draw(self) -> None:
        if len(self.timelapse):
            self.show_frame(self.slider.value())

    def colour_limit(self, layer: str) -> float:
        """One colour scale for the whole film: a colour means the same weight in every frame."""
        if layer not in self._limits:
            tiles = [kernel_tiles(f.kernels[layer], 0) for f in self.timelapse.frames if layer in f.kernels]
            self._limits[layer] = symmetric_limit(np.stack(tiles)) if tiles else 1.0
        return self._limits[layer]

    def show_frame(self, index: int) -> None:
        frames = self.timelapse.frames
        if not frames:
            return
        index = int(min(max(index, 0), len(frames) - 1))
        frame = frames[index]
        self.shown_index = index
        self.frameChosen.emit(-1 if index == len(frames) - 1 else int(frame.step))
        layer = self.layer_combo.currentText() or next(iter(frame.kernels), "")
        if layer in frame.kernels:
            tiles = kernel_tiles(frame.kernels[layer], 0)
            count, kh, kw = tiles.shape
            rows, cols = grid_shape(count, kh, kw, aspect=2.4)
            self.kernel_image = mosaic(np.clip(tiles / self.colour_limit(layer), -1, 1), rows, cols)
            show(self.kernel_item, self.kernel_view, self.kernel_image, (-1.0, 1.0))
            weights = frame.kernels[layer]
            channel = "" if weights.shape[1] == 1 else " (input channel 0)"
            self.kernel_title.setText(
                tr("<b>{layer}</b> kernels{channel}: {count} × {kh}×{kw}, one colour scale for every frame").format(
                    layer=layer, channel=channel, count=count, kh=kh, kw=kw
                )
            )
        maps = dict(frame.feature_maps)
        convs = [n for n in maps if n.startswith("conv")]
        pools = [n for n in maps if n.startswith("pool")]
        picks = [
            ("input", frame.input_image),
            (convs[0], maps[convs[0]]) if convs else ("", None),
            (pools[-1], maps[pools[-1]]) if pools else ("", None),
        ]
        for (name, array), title, (view, item, levels) in zip(picks, self.map_titles, self.map_views):
            if array is None:
                item.clear()
                title.setText("")
                continue
            if array.ndim == 2:
                image = array
                title.setText(tr("input"))
            else:
                c, h, w = array.shape
                rows, cols = grid_shape(c, h, w)
                scale = robust_max(np.abs(array)) if levels[0] < 0 else robust_max(array)
                image = mosaic(np.clip(array / scale, levels[0], levels[1]), rows, cols, gap=tile_gap(h))
                title.setText(tr("<b>{name}</b> ({c} maps)").format(name=name, c=c))
            show(item, view, image, levels)
        accuracy = tr("not measured yet") if np.isnan(frame.test_accuracy) else percent(frame.test_accuracy, 1)
        self.caption.setText(
            tr("Frame {index} of {count} · step {step:,} · epoch {epoch:.2f} · test accuracy {accuracy}").format(
                index=index + 1,
                count=len(frames),
                step=grouped(frame.step),
                epoch=number(frame.epoch),
                accuracy=accuracy,
            )
        )

    def toggle_play(self) -> None:
        if self.play_timer.isActive():
            self.play_timer.stop()
            self.play_button.setText(tr("▶ Play"))
            return
        if self.slider.value() >= self.slider.maximum():
            self.slider.setValue(0)
        self.play_button.setText(tr("❚❚ Stop"))
        self.play_timer.start()

    def _advance(self) -> None:
        if self.slider.value() >= self.slider.maximum():
            self.toggle_play()
            return
        self.slider.setValue(self.slider.value() + 1)

    # --- export ------------------------------------------------------------------------------
    def _gif_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            tr("Export time-lapse as GIF"),
            self.export_folder.start("cnnviz-timelapse.gif"),
            file_filter((N_("Animated GIF"), "*.gif")),
        )
        if path:
            self.export_folder.chose(path)
            if not path.lower().endswith(".gif"):
                path += ".gif"
            self.export_gif(path)

    def _png_dialog(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, tr("Export time-lapse frames into a folder"), self.export_folder.start()
        )
        if folder:
            self.export_folder.chose_folder(folder)  # (the next dialog opens where the frames went)
            self.export_pngs(folder)

    def export_gif(self, path: str) -> bool:
        try:
            written = self.timelapse.export_gif(
                path, self.layer_combo.currentText() or "conv1", feature_maps=True
            )  # the kernels and the maps, as the tab shows them
        except Exception as exc:  # ValueError (empty), OSError (disk, permissions)...
            self.message.emit(tr("Could not export the GIF: {exc}").format(exc=exc), "error")
            return False
        self.message.emit(
            tr("Saved the time-lapse ({count} frames) to {path}").format(count=len(self.timelapse), path=written),
            "info",
        )
        return True

    def export_pngs(self, folder: str) -> bool:
        try:
            paths = self.timelapse.export_png_frames(
                folder, self.layer_combo.currentText() or "conv1", feature_maps=True
            )
        except Exception as exc:
            self.message.emit(tr("Could not export the frames: {exc}").format(exc=exc), "error")
            return False
        self.message.emit(tr("Saved {count} PNG frames to {folder}").format(count=len(paths), folder=folder), "info")
        return True
