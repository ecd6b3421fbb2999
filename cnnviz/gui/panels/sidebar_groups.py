"""The sidebar's parts (the run buttons, the data set and network, the backend, the optimiser settings, the
notes), built onto the panel (:class:`.controls.ControlsPanel` keeps the behaviour: what the widgets do when
changed). One function per part of :data:`.sidebar.PARTS`, named after its key: ``build(panel) -> QWidget``."""

from __future__ import annotations

import math

from PySide6.QtCore import QMargins, Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ...nn.model import PRESET_DESCRIPTIONS, PRESETS
from ...nn.optim import OPTIMIZERS, SCHEDULES
from ...translatable import N_, in_language
from ..decimal_spin import DecimalSpinBox
from ..language import tr
from ..shortcuts import key_text
from ..status import plain_tooltip
from ..wrapped_label import WrappedLabel

LR_MIN_EXP, LR_MAX_EXP = -5.0, 0.0
CUSTOM = N_("custom")
"""The network menu's last entry: the layer spec typed below it (shown through ``tr``)."""
MAX_EPOCHS = 1000.0
"""The longest run the Epochs box takes."""
LR_TICKS = 100
"""Positions of the learning-rate slider (logarithmic from 1e-5 to 1)."""
LR_SPIN_PX = 84


def lr_from_slider(position: int) -> float:
    return 10 ** (LR_MIN_EXP + (LR_MAX_EXP - LR_MIN_EXP) * position / LR_TICKS)


def slider_from_lr(lr: float) -> int:
    exp = math.log10(max(lr, 10**LR_MIN_EXP))
    return int(round((exp - LR_MIN_EXP) / (LR_MAX_EXP - LR_MIN_EXP) * LR_TICKS))


class TwoLabelButton(QPushButton):
    """A button that says one of two things (Pause / Resume) and is as wide as the wider needs: the sidebar is
    fitted to its buttons when the window opens, and German "▶  Fortsetzen" (longer than "❚❚  Pause") was cut
    to "▶ Fortsetzer" at 1024x768 once the run paused."""

    def __init__(self, text: str, other: str):
        super().__init__(text)
        self.texts = (text, other)

    def _wider(self, size):
        metrics = self.fontMetrics()
        extra = max(metrics.horizontalAdvance(t) for t in self.texts) - metrics.horizontalAdvance(self.text())
        return size.grownBy(QMargins(0, 0, max(0, extra), 0))

    def sizeHint(self):
        return self._wider(super().sizeHint())

    def minimumSizeHint(self):
        return self._wider(super().minimumSizeHint())


def run_buttons(panel) -> list[QPushButton]:
    """Start, Pause, Step, Reset, Save and Load, in the sidebar's order (made by :func:`run_box`)."""
    return [
        panel.start_button,
        panel.pause_button,
        panel.step_button,
        panel.reset_button,
        panel.save_button,
        panel.load_button,
    ]


def run_box(panel) -> QGroupBox:
    """Start, Pause, Step, Reset, Save, Load (set on ``panel``); the panel places them in ``panel.run_grid``."""
    run_box = QGroupBox(tr("Run"))
    grid = QGridLayout(run_box)
    grid.setSpacing(6)
    panel.run_grid = grid
    panel.start_button = QPushButton(tr("▶  Start"))
    panel.start_button.setObjectName("primary")
    panel.start_button.setToolTip(tr("Start training ({key})").format(key=key_text("start_or_pause")))
    panel.pause_button = TwoLabelButton(tr("❚❚  Pause"), tr("▶  Resume"))
    panel.pause_button.setToolTip(tr("Pause or resume ({key})").format(key=key_text("start_or_pause")))
    panel.step_button = QPushButton(tr("Step"))
    panel.step_button.setToolTip(tr("Train exactly one batch ({key})").format(key=key_text("step")))
    panel.reset_button = QPushButton(tr("Reset"))
    panel.reset_button.setToolTip(tr("New random weights; the curves start over"))
    panel.save_button = QPushButton(tr("Save…"))
    panel.load_button = QPushButton(tr("Load…"))
    panel.save_button.setToolTip(tr("Save the current weights as a .npz checkpoint"))
    panel.load_button.setToolTip(tr("Load a .npz checkpoint; Start continues training it"))
    for button in run_buttons(panel):
        # Tab reaches them (Space and Return press the one focused), a click does not focus them: Space, which the
        # sidebar and F1 teach as start / pause, pressed Reset again after Reset was clicked (real X, session 44).
        button.setFocusPolicy(Qt.TabFocus)
    return run_box


def data_note(panel) -> QLabel:
    """What is wrong with the data set (hidden while nothing is: ``panel.set_data_note``)."""
    note = WrappedLabel("")
    note.setObjectName("dataNote")
    note.setStyleSheet("QLabel#dataNote { color: #8a4b00; font-weight: 600; }")
    note.hide()
    return note


def opt_box(panel) -> QGroupBox:
    """Optimizer, schedule, learning rate (box and logarithmic slider), momentum, batch size, epochs."""
    opt_box = QGroupBox(tr("Optimization"))
    oform = QFormLayout(opt_box)
    panel.opt_form = oform
    oform.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
    panel.optimizer_combo = QComboBox()
    panel.optimizer_combo.addItems(list(OPTIMIZERS))
    panel.optimizer_combo.setCurrentText("adam")
    oform.addRow(tr("Optimizer"), panel.optimizer_combo)
    panel.schedule_combo = QComboBox()
    panel.schedule_combo.addItems(list(SCHEDULES))
    panel.schedule_combo.setCurrentText("onecycle")
    panel.schedule_combo.setToolTip(tr("onecycle: warm up to the learning rate, then anneal; constant: keep it"))
    oform.addRow(tr("Schedule"), panel.schedule_combo)
    panel.lr_slider = QSlider(Qt.Horizontal)
    panel.lr_slider.setRange(0, LR_TICKS)
    panel.lr_slider.setToolTip(tr("Learning rate, logarithmic from 0.00001 to 1"))
    panel.lr_spin = DecimalSpinBox()
    panel.lr_spin.setDecimals(5)
    panel.lr_spin.setRange(1e-5, 1.0)
    panel.lr_spin.setStepType(DecimalSpinBox.AdaptiveDecimalStepType)
    panel.lr_spin.setMinimumWidth(LR_SPIN_PX)
    # The rate on a line of its own (box and slider side by side): the sidebar stays narrow.
    panel.lr_label = QLabel(tr("Learning rate"))
    oform.addRow(panel.lr_label)
    panel.lr_row = QWidget()
    lr_layout = QHBoxLayout(panel.lr_row)
    lr_layout.setContentsMargins(0, 0, 0, 0)
    lr_layout.addWidget(panel.lr_spin)
    lr_layout.addWidget(panel.lr_slider, 1)
    oform.addRow(panel.lr_row)
    panel.momentum_spin = DecimalSpinBox()
    panel.momentum_spin.setRange(0.0, 0.999)
    panel.momentum_spin.setDecimals(3)
    panel.momentum_spin.setSingleStep(0.05)
    panel.momentum_spin.setValue(0.9)
    panel.momentum_spin.setToolTip(tr("Momentum (sgd with momentum) or beta1 (adam)"))
    oform.addRow(tr("Momentum"), panel.momentum_spin)
    panel.batch_spin = QSpinBox()
    panel.batch_spin.setRange(1, 8192)
    panel.batch_spin.setValue(64)
    oform.addRow(tr("Batch size"), panel.batch_spin)
    panel.epochs_spin = DecimalSpinBox()
    panel.epochs_spin.setRange(0.1, MAX_EPOCHS)
    panel.epochs_spin.setDecimals(1)
    panel.epochs_spin.setValue(1.0)
    panel.epochs_spin.setToolTip(tr("Length of the run; takes effect at the next Start"))
    oform.addRow(tr("Epochs"), panel.epochs_spin)
    for spin in (panel.lr_spin, panel.momentum_spin, panel.batch_spin, panel.epochs_spin):
        spin.setKeyboardTracking(False)  # what is typed applies on Enter (or leaving the box), not per key
    return opt_box


def keys_hint(panel) -> QLabel:
    """When the optimiser's changes apply, and the keys."""
    hint = WrappedLabel(
        tr(
            "Changes to the optimiser apply at the next step (type a value, then Enter).\n"
            "Keys: {start} start/pause · {step} step · {clear} clear drawing · {help} all keys"
        ).format(
            start=key_text("start_or_pause"),
            step=key_text("step"),
            clear=key_text("clear_drawing"),
            help=key_text("help"),
        )
    )
    hint.setObjectName("hint")
    return hint


def net_box(panel) -> QGroupBox:
    """The data set menu (filled by the panel), the network presets and the spec's text field with its message."""
    net_box = QGroupBox(tr("Data and network"))
    form = QFormLayout(net_box)
    form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
    panel.dataset_combo = QComboBox()
    # Sized by the data set names, not by its long last entry (the sidebar's width is tight).
    panel.dataset_combo.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
    panel.dataset_combo.setMinimumContentsLength(7)
    form.addRow(tr("Dataset"), panel.dataset_combo)
    panel.net_combo = QComboBox()
    for name in PRESETS:
        panel.net_combo.addItem(name)
        description = PRESET_DESCRIPTIONS.get(name)
        panel.net_combo.setItemData(panel.net_combo.count() - 1, tr(description) if description else "", Qt.ToolTipRole)
    panel.net_combo.addItem(tr(CUSTOM))
    panel.net_combo.setItemData(panel.net_combo.count() - 1, tr("type your own layer spec below"), Qt.ToolTipRole)
    form.addRow(tr("Network"), panel.net_combo)
    panel.spec_edit = QLineEdit()
    panel.spec_edit.setToolTip(
        tr(
            "convK-C[-same|-valid], relu, pool, dense-N, dropout-P, comma separated;\n"
            "the last layer must be dense-10. Press Enter to apply."
        )
    )
    form.addRow(panel.spec_edit)
    panel.spec_message = WrappedLabel("")
    panel.spec_message.setTextFormat(Qt.PlainText)  # it quotes what the user typed
    panel.spec_message.setObjectName("hint")
    form.addRow(panel.spec_message)
    return net_box


def backend_box(panel) -> QGroupBox:
    """The backend menu (one entry per backend of ``panel.backends_offered``: CPU or GPU, greyed out with the
    reason where it cannot run) and the note under it; sets ``panel.backend_available`` and the first backend
    that can run."""
    backends = panel.backends_offered
    backend_box = QGroupBox(tr("Backend"))
    bform = QVBoxLayout(backend_box)
    panel.backend_combo = QComboBox()
    # As wide as the sidebar, not as its longest entry ("cupy  (GPU, not available)"): the list shows it all.
    panel.backend_combo.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
    panel.backend_combo.setMinimumContentsLength(12)
    model: QStandardItemModel = panel.backend_combo.model()
    panel.first_available = None
    for info in backends:
        where = "GPU" if info.is_gpu else "CPU"
        panel.backend_combo.addItem(
            f"{info.name}  ({where})"
            if info.available
            else tr("{name}  ({where}, not available)").format(name=info.name, where=where),
            info.name,
        )
        item = model.item(panel.backend_combo.count() - 1)
        item.setToolTip(
            plain_tooltip(
                in_language(info.detail, tr) if info.available else tr("not available: {why}").format(why=info.detail)
            )
        )
        if not info.available:
            item.setEnabled(False)
        elif panel.first_available is None:
            panel.first_available = info.name
    panel.backend_available = {info.name: info.available for info in backends}
    panel.backend_infos = {info.name: info for info in backends}
    bform.addWidget(panel.backend_combo)
    panel.backend_note = WrappedLabel("")
    panel.backend_note.setTextFormat(Qt.PlainText)
    panel.backend_note.setObjectName("hint")
    bform.addWidget(panel.backend_note)
    return backend_box
