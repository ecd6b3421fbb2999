"""Presenter mode's slim run toolbar, set on the sidebar (:class:`.controls.ControlsPanel`): the workspace
places it above the panels instead of the sidebar, and the run buttons and the learning rate move between
the two (``set_compact``)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from ..language import tr
from .sidebar_groups import LR_SPIN_PX, run_buttons


def build(panel) -> None:
    """Presenter mode's slim toolbar (the workspace places it above the panels, instead of the
    sidebar): the run buttons and the learning rate move into it, and the test accuracy stands
    big at its end, for the back row."""
    panel.toolbar = QWidget()
    panel.toolbar.setObjectName("presenterBar")
    bar = QHBoxLayout(panel.toolbar)
    bar.setContentsMargins(4, 2, 4, 2)
    bar.setSpacing(8)
    panel.toolbar_layout = bar
    panel.toolbar_lr_label = QLabel(tr("learning\nrate"))
    panel.toolbar_lr_label.setObjectName("figureCaption")
    panel.toolbar_lr_label.setAlignment(Qt.AlignRight | Qt.AlignVCenter)
    panel.accuracy_caption = QLabel(tr("test\naccuracy"))
    panel.accuracy_caption.setObjectName("figureCaption")
    panel.accuracy_caption.setAlignment(Qt.AlignRight | Qt.AlignVCenter)
    panel.accuracy_figure = QLabel("–")
    panel.accuracy_figure.setObjectName("bigFigure")
    panel.accuracy_figure.setToolTip(tr("Test accuracy at the last evaluation"))
    panel.accuracy_figure.setAlignment(Qt.AlignRight | Qt.AlignVCenter)
    panel.toolbar.hide()


def place_run_buttons(panel, columns: int) -> None:
    """The six run buttons in the sidebar's grid, ``columns`` to a row (Save and Load only with two)."""
    buttons = run_buttons(panel)
    for button in buttons:
        panel.run_grid.removeWidget(button)
    shown = buttons if columns == 2 else buttons[:4]
    for i, button in enumerate(shown):
        panel.run_grid.addWidget(button, i // columns, i % columns)
    for button in buttons[4:]:
        button.setVisible(columns == 2)


def set_compact(panel, on: bool) -> None:
    """Start, Pause, Step, Reset and the learning rate into the slim toolbar (``on``), or back into the sidebar."""
    bar = panel.toolbar_layout
    run = run_buttons(panel)[:4]
    lr_layout = panel.lr_row.layout()
    if on:
        while bar.count():
            bar.takeAt(0)
        for button in run:
            panel.run_grid.removeWidget(button)
            bar.addWidget(button)
        for button in (panel.save_button, panel.load_button):
            button.hide()
        bar.addSpacing(12)
        bar.addWidget(panel.toolbar_lr_label)
        for widget in (panel.lr_spin, panel.lr_slider):
            lr_layout.removeWidget(widget)
        bar.addWidget(panel.lr_spin)
        panel.lr_spin.setMinimumWidth(0)  # (its own hint: the presenter's type is bigger)
        panel.lr_slider.setMinimumWidth(40)  # (at 1024x768 German presenter mode: 60 cut "Fortsetzen")
        bar.addWidget(panel.lr_slider, 1)
        bar.addSpacing(12)
        bar.addWidget(panel.accuracy_caption)
        bar.addWidget(panel.accuracy_figure)
    else:
        for widget in run + [
            panel.toolbar_lr_label,
            panel.lr_spin,
            panel.lr_slider,
            panel.accuracy_caption,
            panel.accuracy_figure,
        ]:
            bar.removeWidget(widget)
        while bar.count():
            bar.takeAt(0)
        place_run_buttons(panel, 2)
        lr_layout.addWidget(panel.lr_spin)
        lr_layout.addWidget(panel.lr_slider, 1)
        panel.lr_spin.setMinimumWidth(LR_SPIN_PX)
        panel.lr_slider.setMinimumWidth(0)
    panel.toolbar.setVisible(on)
