"""Memory the monkey (``cnnviz gui --monkey``, issue 33) saw grow, each kept from coming back."""

import gc


def _alive(kind) -> int:
    gc.collect()
    # (type(), not isinstance: isinstance asks a dead weakref.proxy, which an earlier test in the worker can leave
    # in the heap, its __class__ and raises ReferenceError)
    return sum(1 for o in gc.get_objects() if type(o) is kind)


def test_measuring_a_captions_width_keeps_no_text_document(qapp):
    """``natural_width`` measured on the caption's ``document().clone()``, which Qt owned and never deleted: every
    feature-map title of every snapshot (each Reset, each live view) kept one, ~20 kB, some 3 MB a minute."""
    import pyqtgraph as pg
    from PySide6.QtGui import QTextDocument

    from cnnviz.gui.panels.pictures import natural_width, wrap_label

    label = pg.LabelItem("<b>conv1</b> ein Titel, lang genug zum Umbrechen", size="14pt")
    wrap_label(label, 60.0)  # wrapped now: the width on its own lines is still the whole line's
    clone = label.item.document().clone(label.item)  # (the old measure, freed with the label)
    clone.setTextWidth(-1)
    before = _alive(QTextDocument)
    widths = {natural_width(label) for _ in range(20)}
    assert widths == {clone.size().width()} and clone.size().width() > 60.0
    assert _alive(QTextDocument) == before, "a text document was kept"
