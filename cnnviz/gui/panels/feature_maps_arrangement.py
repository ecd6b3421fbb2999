"""How much the Feature maps panel shows at its size (:class:`MapsArrangement`): all layers, one conv layer with
its pooling, or one layer, whichever keeps every tile readable; the layers' titles shortened where the full
ones would not fit; presenter mode's one layer, big, and no taller than it needs."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QWidget

from ...app.feature_map_layout import (
    ALL,
    MIN_TILE_PX,
    ONE,
    PAIR,
    WIDTH_SAFETY,
    layer_pairs,
    pair_title,
    predicted_tile_px,
)
from .. import theme
from .common import QWIDGETSIZE_MAX, set_items
from .pictures import natural_width

PRESENTER_TILE_PX = 64
"""Presenter mode's maps grow to this (or to 1.3x the tiles normal mode showed, if that is more) and no
further: the rest of the height goes to the curves."""


class MapsArrangement:
    """The level of detail the maps' size allows, the chooser of the layer shown when not all fit, the
    titles and presenter mode's height (a part of :class:`~.feature_maps.FeatureMapsPanel`: it uses the
    panel's graphics, views, chooser and snapshot)."""

    # What it uses of the panel:
    graphics: pg.GraphicsLayoutWidget
    views: dict[str, tuple[pg.ViewBox, pg.ImageItem, pg.LabelItem]]
    kept_views: dict[str, tuple[pg.ViewBox, pg.ImageItem, pg.LabelItem]]
    kept_titles: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]
    title_texts: dict[str, tuple[str, str, int, float]]
    """layer -> (full title, short title, column, the full title's width)."""
    input_title: pg.LabelItem
    layer_box: QWidget
    layer_combo: QComboBox
    bottom_row: QWidget
    bottom_layout: QHBoxLayout
    last_snapshot: object
    side: object
    single_layer: bool
    normal_tile_px: float
    level: str
    chosen: str | None

    def _title_points(self) -> int:
        # As large as the panel's type allows (it is larger in presenter mode), at least the axis size.
        self.ensurePolished()
        return max(theme.AXIS_POINT_SIZE, self.font().pointSize() - 2)

    def title_pixels(self) -> float:
        """The height of a layer's title row (one line of the titles' type)."""
        return QFontMetrics(theme.axis_font()).height() * self._title_points() / theme.AXIS_POINT_SIZE + 8

    def _label(self, text: str) -> pg.LabelItem:
        label = pg.LabelItem(text, color=theme.TEXT, size=f"{self._title_points()}pt")
        # A title row is one line high, whatever the layout would give it: the maps get the height.
        label.setMaximumHeight(self.title_pixels())
        return label

    def set_single_layer(self, on: bool) -> None:
        """One layer, big (presenter mode: the back row sees the maps, not dots), chosen under the maps."""
        if on and not self.single_layer and self.views:
            self.normal_tile_px = min(self.tile_pixels(name) for name in self.views)
        self.single_layer = bool(on)
        if not self.single_layer:
            self.setMaximumHeight(QWIDGETSIZE_MAX)
        # Presenter mode always shows one layer: the chooser joins the toolbar and the line under the maps
        # (the hover explanation stays in the tooltip) gives the maps its height.
        self.layer_box.parentWidget().layout().removeWidget(self.layer_box)
        if self.single_layer:
            self.add_toolbar_widget(self.layer_box)
        else:
            self.bottom_layout.insertWidget(0, self.layer_box)
        self.bottom_row.setVisible(not self.single_layer)
        self._lay_out_again()

    def fitting_level(self, feature_maps=None) -> str:
        """The most the maps can show at their present size with every tile >= MIN_TILE_PX: all layers,
        one conv layer with its pooling, or one layer (also when even that is small: it is the biggest)."""
        feature_maps = feature_maps if feature_maps is not None else self.last_snapshot.feature_maps
        shapes = {name: arr.shape for name, arr in feature_maps if arr.ndim == 3}
        pairs = layer_pairs(list(shapes))
        if self.single_layer or not pairs or self.side is not None:
            return ONE
        size = self.graphics.size()
        title = self.title_pixels()
        if predicted_tile_px(shapes, pairs, size.width(), size.height(), title) >= MIN_TILE_PX:
            return ALL
        if len(pairs) > 1 and all(
            predicted_tile_px(shapes, [pair], size.width(), size.height(), title) >= MIN_TILE_PX for pair in pairs
        ):
            return PAIR
        return ONE

    def _choices(self, maps: list[str]) -> tuple[list[str], list[tuple[str | None, ...]]]:
        """The chooser's items at this level and the rows of layers each one shows."""
        if self.level == ONE:
            return maps, [(name,) for name in maps]
        pairs = layer_pairs(maps)
        return [pair_title(pair) for pair in pairs], list(pairs)

    def _on_layer_chosen(self, index: int) -> None:
        if index < 0 or self.level == ALL:
            return
        self.chosen = self.layer_combo.itemText(index).split(" + ")[0]
        self._lay_out_again()

    def _layout_pairs(self, feature_maps) -> list[tuple[str | None, ...]]:
        maps = [name for name, arr in feature_maps if arr.ndim == 3]
        self.level = self.fitting_level(feature_maps)
        self.layer_box.setVisible(self.level != ALL)
        # The line under the maps keeps the chooser's height, shown or not (and follows presenter's type size).
        self.bottom_row.setMinimumHeight(self.layer_box.sizeHint().height())
        if self.level == ALL:
            return layer_pairs(maps)
        items, rows = self._choices(maps)
        index = next((i for i, row in enumerate(rows) if self.chosen in row), 0)
        set_items(self.layer_combo, items)
        self.layer_combo.blockSignals(True)  # (after set_items: it unblocks them) a choice, not the user's
        self.layer_combo.setCurrentIndex(index)
        self.layer_combo.blockSignals(False)
        return [rows[index]] if rows else []

    def _relayout_if_needed(self) -> None:
        if self.last_snapshot is not None and self.views and self.fitting_level() != self.level:
            self._lay_out_again()
        else:
            self._limit_height()
            self._fit_titles()

    def _fit_titles(self) -> None:
        """Each layer's title is only its name where the full titles would make the row wider than the view:
        a title's one line is its column's least width, and German at 125 % on a 1280x720 laptop ("conv1 8
        Karten 28×28" beside "pool1 ReLU, pool") ran pool1's maps past the panel's edge."""
        if self.kept_views:  # (beside a kept run the titles are A's and B's)
            self._fit_kept_titles()
            return
        if not self.views:  # (none built yet)
            return
        titles = {name: title for name, (_view, _item, title) in self.views.items()}
        widths: dict[int, float] = {}
        for _full, _short, column, width in (self.title_texts[name] for name in titles):
            widths[column] = max(widths.get(column, 0.0), width)
        layout = self.graphics.ci.layout
        left, _top, right, _bottom = layout.getContentsMargins()
        room = self.graphics.viewport().width() - left - right - layout.horizontalSpacing() * len(widths)
        short = natural_width(self.input_title) + sum(widths.values()) > room
        changed = False
        for name, title in titles.items():
            text = self.title_texts[name][1 if short else 0]
            if title.text != text:
                title.setText(text)
                changed = True
        if changed:  # the row as wide as the view again (it kept the width the long titles forced)
            layout.activate()
            self.graphics.ci.setGeometry(self.graphics.range)

    def _title_width(self, text: str) -> float:
        """The width of a title reading ``text`` (measured once per text and type size)."""
        key = (text, self._title_points())
        if key not in self._title_widths:
            if len(self._title_widths) > 200:  # (a new input's, a new level's titles: no need to keep the old)
                self._title_widths.clear()
            self._measure.setText(text, size=f"{key[1]}pt")
            self._title_widths[key] = natural_width(self._measure)
        return self._title_widths[key]

    def _fit_kept_titles(self) -> None:
        """Beside a kept run, A's and B's columns are equally wide and each side's title is the longest of its
        forms (:attr:`kept_titles`) that half the room holds, the same form on both sides (the whole title in its
        tooltip). A title's one line is its column's least width: A's longer title ("A: kept run (this session)"
        beside "B: now") made A's column wider, its tiles up to 40 % bigger than B's for the same layer (1024x768),
        and the seed net's "maps 0–21 of 32" titles ran B's maps past the panel's edge in presenter mode."""
        if not self.kept_views or not self.kept_titles:
            return
        layout = self.graphics.ci.layout
        left, _top, right, _bottom = layout.getContentsMargins()
        room = self.graphics.viewport().width() - left - right - 2 * layout.horizontalSpacing()
        half = (room - natural_width(self.input_title)) / 2
        name = next(iter(self.kept_titles))  # (beside a kept run, one layer at a time)
        forms = list(zip(*self.kept_titles[name]))
        a, b = next((form for form in forms if max(map(self._title_width, form)) <= half), forms[-1])
        width = max(self._title_width(a), self._title_width(b))
        changed = False
        for (_view, _item, title), text, whole in (
            (self.kept_views[name], a, forms[0][0]),
            (self.views[name], b, forms[0][1]),
        ):
            title.setToolTip(whole if text != whole else "")
            if title.text != text:
                title.setText(text)
                changed = True
        for column in (1, 2):  # (A's, B's) as wide as each other: neither title widens its side
            if layout.columnMinimumWidth(column) != width:
                layout.setColumnMinimumWidth(column, width)
                layout.setColumnPreferredWidth(column, width)
                changed = True
        if changed:
            layout.activate()
            self.graphics.ci.setGeometry(self.graphics.range)

    def _limit_height(self) -> None:
        """Presenter mode: no taller than its one layer needs for big tiles (PRESENTER_TILE_PX), so that
        a net with few maps leaves the height to the curves."""
        if not self.single_layer or not self.views or self.last_snapshot is None:
            self.setMaximumHeight(QWIDGETSIZE_MAX)
            return
        name = next(iter(self.views))
        shapes = {name: dict(self.last_snapshot.feature_maps)[name].shape}
        width, title = self.graphics.width(), self.title_pixels()

        def tile(height: float) -> float:
            return predicted_tile_px(shapes, [(name, name) if self.side else (name,)], width, height, title)

        # (The prediction errs small by up to WIDTH_SAFETY: a row that would really be big enough counts.)
        target = min(max(PRESENTER_TILE_PX, 1.3 * self.normal_tile_px) * WIDTH_SAFETY, tile(4000) - 0.5)
        low, high = 40, 4000  # the least graphics height with tiles of ``target``
        while high - low > 2:
            middle = (low + high) // 2
            low, high = (low, middle) if tile(middle) >= target else (middle, high)
        # A hidden panel's graphics view can be taller than the panel itself (no layout pass yet):
        # never a limit below the graphics' own need.
        chrome = max(0, self.height() - self.graphics.height())
        self.setMaximumHeight(int(high + chrome + 2))
