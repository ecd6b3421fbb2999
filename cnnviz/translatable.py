"""A Qt-free mark for text the GUI shows in the user's language.

``N_("Loss")`` returns its argument unchanged: it only marks the string, so that
``tools/update_translations.py`` finds it and puts it in the catalogues. The GUI translates
such a string where it shows it (``cnnviz.gui.language.tr(text)``). Modules below the GUI
(cnnviz.analysis, cnnviz.app) use this mark and stay Qt-free; CLI messages are never marked.
"""

from __future__ import annotations

CONTEXT = "cnnviz"
"""The one translation context of every catalogue entry (one term, one translation everywhere)."""


def N_(text: str) -> str:  # noqa: N802 (the customary name of a no-op translation mark)
    """``text`` as it is; marks it for translation."""
    return text
