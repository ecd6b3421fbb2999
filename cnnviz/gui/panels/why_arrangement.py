"""How the Why? panel's pictures share a short panel (German presenter mode at 1024x768: 42 px; beside a kept
run: nothing): :class:`PicturesArrangement`."""

from __future__ import annotations

from ..language import tr
from .pictures import MIN_PICTURE_PX


def captions(terse: bool = False) -> tuple[str, str, str]:
    """The pictures' captions; terse, the input's and the saliency's names alone and the occlusion's colours
    in one line (what a colour means is the picture's meaning: it stays)."""
    if terse:
        return tr("<b>input</b>"), tr("<b>saliency</b>"), tr("<b>occlusion</b><br>orange: hurts · blue: helps")
    return (
        tr("<b>input</b><br>what the network sees"),
        tr("<b>saliency</b><br>where a change would<br>move the score most"),
        tr("<b>occlusion</b><br>orange: hiding it hurts<br>blue: hiding it helps"),
    )


class PicturesArrangement:
    """The Why? panel's pictures at least :data:`MIN_PICTURE_PX`: on a short panel the explanation under them
    gives way first (it becomes the pictures' tooltip), then the captions' second lines (a part of
    :class:`~.why.WhyPanel`: it uses the panel's graphics, titles and explanation)."""

    short = False
    """The explanation under the pictures is hidden (the pictures' tooltip says it)."""
    terse = False
    """Shorter still: the captions are :func:`captions` ``(terse=True)``."""
    full_captions_px = 0.0
    """The captions' height whole (what terse ones would give back: no flip-flop)."""

    def arrange(self) -> None:
        """Show the explanation and the whole captions where the pictures keep :data:`MIN_PICTURE_PX` anyway."""
        if not self.isVisible():
            return
        explanation = self.explain_label.heightForWidth(max(1, self.graphics.width())) + self.body.spacing()
        pool = self.graphics.height() - (0 if self.explain_label.isVisible() else explanation)  # (all shown)
        layout = self.graphics.ci.layout
        _left, top, _right, bottom = layout.getContentsMargins()
        now = max(title.boundingRect().height() for title in self.titles)
        heading = self.full_captions_px if self.terse else now
        pictures = pool - heading - layout.verticalSpacing() - top - bottom - 4
        short = pictures < MIN_PICTURE_PX
        terse = pictures + explanation < MIN_PICTURE_PX
        if short != self.short:
            self.short = short
            self.explain_label.setVisible(not short)
            self.graphics.setToolTip(self.explain_label.text() if short else "")
        if terse != self.terse:
            if terse:
                self.full_captions_px = now
            self.terse = terse
            for title, caption in zip(self.titles, captions(terse)):
                title.setText(caption)
            self.fit_captions()
