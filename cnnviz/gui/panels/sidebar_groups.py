"""The sidebar's run buttons and optimiser settings, built onto the panel (:class:`.controls.ControlsPanel`
keeps the behaviour: what the widgets do when changed)."""

from __future__ import annotations

import math

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QSpinBox,
    QWidget,
)

from ...nn.optim import OPTIMIZERS, SCHEDULES
from ..language import tr
from ..shortcuts import key_text

LR_MIN_EXP, LR_MAX_EXP = -5.0, 0.0
LR_TICKS = 100
"""Positions of the learning-rate slider (logarithmic from 1e-5 to 1)."""
LR_SPIN_PX = 84


def lr_from_slider(position: int) -> float:
    return 10 ** (LR_MIN_EXP + (LR_MAX_EXP - LR_MIN_EXP) * position / LR_TICKS)


def slider_from_lr(lr: float) -> int:
    exp = math.log10(max(lr, 10**LR_MIN_EXP))
    return int(round((exp - LR_MIN_EXP) / (LR_MAX_EXP - LR_MIN_EXP) * LR_TICKS))


def run_box(panel) -> tuple[QGroupBox, QGridLayout]:
    """Start, Pause, Step, Reset, Save, Load (set on ``panel``); the panel places them in the grid."""
    run_box = QGroupBox(tr("Run"))
    grid = QGridLayout(run_box)
    grid.setSpacing(6)
    panel.start_button = QPushButton(tr("▶  Start"))
    panel.start_button.setObjectName("primary")
    panel.start_button.setToolTip(tr("Start training ({key})").format(key=key_text("start_or_pause")))
    panel.pause_button = QPushButton(tr("❚❚  Pause"))
    panel.pause_button.setToolTip(tr("Pause or resume ({key})").format(key=key_text("start_or_pause")))
    panel.step_button = QPushButton(tr("Step"))
    panel.step_button.setToolTip(tr("Train exactly one batch ({key})").format(key=key_text("step")))
    panel.reset_button = QPushButton(tr("Reset"))
    panel.reset_button.setToolTip(tr("New random weights; the curves start over"))
    panel.save_button = QPushButton(tr("Save…"))
    panel.load_button = QPushButton(tr("Load…"))
    panel.save_button.setToolTip(tr("Save the current weights as a .npz checkpoint"))
    panel.load_button.setToolTip(tr("Load a .npz checkpoint; Start continues training it"))
    return run_box, grid


def optimiser_box(panel) -> tuple[QGroupBox, QFormLayout]:
    """Optimizer, schedule, learning rate (box and logarithmic slider), momentum, batch size, epochs."""
    opt_box = QGroupBox(tr("Optimiser"))
    oform = QFormLayout(opt_box)
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
    panel.lr_spin = QDoubleSpinBox()
    panel.lr_spin.setDecimals(5)
    panel.lr_spin.setRange(1e-5, 1.0)
    panel.lr_spin.setStepType(QDoubleSpinBox.AdaptiveDecimalStepType)
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
    panel.momentum_spin = QDoubleSpinBox()
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
    panel.epochs_spin = QDoubleSpinBox()
    panel.epochs_spin.setRange(0.1, 1000)
    panel.epochs_spin.setDecimals(1)
    panel.epochs_spin.setValue(1.0)
    panel.epochs_spin.setToolTip(tr("Length of the run; takes effect at the next Start"))
    oform.addRow(tr("Epochs"), panel.epochs_spin)
    for spin in (panel.lr_spin, panel.momentum_spin, panel.batch_spin, panel.epochs_spin):
        spin.setKeyboardTracking(False)  # what is typed applies on Enter (or leaving the box), not per key
    return opt_box, oform
