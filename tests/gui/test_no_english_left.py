"""No English left in a translated window, in any state (issue 31).

In German and in Simplified Chinese one window per language is walked freshly started, after a short run (three
steps), beside a run kept for comparison (A | B), with a saved run loaded and with each bundled lesson open at its
first step, every tab in normal mode (presenter mode: every tab beside the kept run, its first tab when new; a
lesson's view: every tab of one). Every text a user can read there is checked against the catalogue's English:
labels, buttons, tab titles, group titles, placeholders, list and combo items, spin box affixes, the menu bar's
actions, tooltips, the status bar's message, and the plots' titles, axis labels, tick texts and legends. "Can
read" is decided by Qt: ``widget.isVisibleTo(window)`` (a widget of a tab not shown, or of a hidden panel, is
not), and for a plot, its view visible so and the text item visible in its scene. Not walked: dialogs and tool
windows, context menus, and what a widget paints itself (a gallery's captions drawn with ``drawText``).

A planted English label proves the walk finds what it should, only where it can be read; the English window
proves it reads every kind of text.
"""

from __future__ import annotations

import ast
import functools
import re

import pyqtgraph as pg
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QTabBar,
    QWidget,
)

from cnnviz.classroom.lessons import bundled_lessons
from cnnviz.gui import accessibility, language
from cnnviz.gui import translation_sources as ts
from cnnviz.nn import checkpoint
from cnnviz.nn.model import PRESETS
from cnnviz.nn.optim import OPTIMIZERS, SCHEDULES

NAMES = frozenset({*PRESETS, *OPTIMIZERS, *SCHEDULES, *language.LANGUAGES.values()})
"""Names shown as they are, as the command line takes them (``--net tiny``, ``--optimizer momentum``): the
networks, optimizers and schedules of the sidebar's menus, and the comparison's "net tiny (now seed)"; and each
language's own name in the Language menu ("English", "Deutsch")."""

ALLOWED_WORDS = NAMES | frozenset(
    """mnist fashion numpy numba cuda cupy cpu gpu nvidia blas openblas keras ctrl shift alt esc tab enter pgup
    pgdown relu conv pool dense flatten softmax png csv gif html svg json npz""".split()
)
"""Words an English source may have that a translated window may show as they are: proper names (the data
sets, the libraries, the backends, the names above), keys, layer kinds and file types."""

WORD = re.compile(r"(?<![\w'’-])(?<!\w\.)[A-Za-z][A-Za-z'’]+[A-Za-z](?![\w'’-])(?!\.\w)")
"""A word of three or more Latin letters standing alone (``conv1``, ``x_train`` or ``saved.npz`` are names, not
words)."""


VERBATIM = ("not available: {why}",)
"""Templates whose value is a machine's own diagnosis, shown as the library or the system wrote it (why a backend
cannot run here: a driver, a library, the command that installs it; in the backend menu's tooltips): the
template is checked, its value is not (an open finding of issue 31: those reasons are English)."""

PATH = re.compile(r"\S*[/\\]\S*")
"""A folder or file path (the user's: its words are no text of the app)."""


def normal(text: str) -> str:
    """As a reader sees it: rich text as plain text, no mnemonic ``&``, one space between words."""
    text = accessibility.plain_text(text.replace("&&", "\0")).replace("&", "").replace("\0", "&")
    return " ".join(text.split())


def words(text: str) -> list[str]:
    """The words of a text as a reader sees it, a path's left out."""
    return WORD.findall(PATH.sub(" ", normal(text)))


@functools.cache
def code_words() -> frozenset[str]:
    """The English the package is written in: every word of its string constants (docstrings too), lower case.
    A text made in the code and shown untranslated (never marked with ``tr``, so in no catalogue) speaks it."""
    texts = []
    for path in ts.PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        texts += [node.value for node in ast.walk(tree) if type(node) is ast.Constant and type(node.value) is str]
    return frozenset(word.lower() for word in WORD.findall("\n".join(texts)))


def unspaced(text: str) -> str:
    """``text`` without its white space (no-break spaces too)."""
    return re.sub(r"\s", "", normal(text))


class English:
    """What of a catalogue's English is left in English where it should not be: a source text whose translation
    differs, such a source's template filled in ("Step {n}"), or a word of the sources or of the code's English
    (:func:`code_words`) that the language's translations never use."""

    def __init__(self, code: str):
        catalogue = {s: t for s, t in ts.read(ts.catalogue_file(code)).items() if t}
        # (a translation that differs in its spaces only is the same text: German's "Zoom {level}\u00a0%")
        self.sources = {normal(s): s for s, t in catalogue.items() if unspaced(t) != unspaced(s)}
        kept = set()
        for translation in catalogue.values():
            kept |= {w.lower() for w in words(translation)}
        vocabulary = set(code_words())
        for source in catalogue:
            vocabulary |= {w.lower() for w in words(re.sub(r"\{[^{}]*\}", " ", source))}
        self.words = vocabulary - kept - ALLOWED_WORDS
        self.verbatim = [
            re.compile(".+?".join(map(re.escape, re.split(r"\{[^{}]*\}", normal(catalogue[t])))), re.S)
            for t in VERBATIM
            if t in catalogue
        ]
        self.templates = []
        for text, source in self.sources.items():
            parts = re.split(r"\{[^{}]*\}", text)
            if len(parts) > 1 and any(WORD.search(p) for p in parts):
                self.templates.append((re.compile(".+?".join(map(re.escape, parts)), re.S), source))

    def why(self, text: str) -> str | None:
        """Why ``text`` is English (None: it is not)."""
        text = normal(text)
        if text in NAMES or any(pattern.fullmatch(text) for pattern in self.verbatim):
            return None
        if text in self.sources:
            return "an English source text"
        for pattern, source in self.templates:
            if pattern.fullmatch(text):
                return f"English {source!r} filled in"
        english = sorted({w for w in words(text) if w.lower() in self.words})
        if english:
            return f"English words {', '.join(english)}"
        return None


@functools.cache
def english_of(code: str) -> English:
    return English(code)


def _menu_texts(menu: QMenu, where: str):
    for action in menu.actions():
        if action.isVisible() and not action.isSeparator():
            yield f"{where} > menu", action.text()
            if action.menu() is not None:
                yield from _menu_texts(action.menu(), where)


def _plot_texts(view: QGraphicsView, where: str):
    for item in view.scene().items():
        if not item.isVisible():
            continue
        if isinstance(item, pg.ViewBox) and item.menuEnabled() and item.menu is not None:
            yield from _menu_texts(item.menu, f"{where} right-click")  # pyqtgraph's own menu: English
        elif isinstance(item, QGraphicsTextItem):
            yield f"{where} text", item.toPlainText()
        elif isinstance(item, QGraphicsSimpleTextItem):
            yield f"{where} text", item.text()
        elif isinstance(item, pg.AxisItem) and item.style.get("showValues", True):
            given = getattr(item, "_tickLevels", None)  # (setTicks': pyqtgraph has no getter)
            if given is not None:
                yield from ((f"{where} tick", text) for level in given for _value, text in level)
            else:
                low, high = item.range
                size = item.width() if item.orientation in ("top", "bottom") else item.height()
                if size > 0:
                    for spacing, values in item.tickValues(low, high, size):
                        for text in item.tickStrings(values, item.autoSIPrefixScale * item.scale, spacing):
                            yield f"{where} tick", text


def readable_texts(window) -> list[tuple[str, str]]:
    """(where, text) for every text a user can read in ``window`` as it is now (the menus once opened, the
    items of a combo box once dropped down, a scrolled-away part of a scroll area once scrolled)."""
    assert window.isVisible(), "a hidden window shows nothing: the walk would find nothing"
    found = [("window title", window.windowTitle())]
    found += _menu_texts(window.menuBar(), "menu bar") if window.menuBar().isVisibleTo(window) else []
    found.append(("status bar message", window.statusBar().currentMessage()))
    for widget in window.findChildren(QWidget):
        if widget.isWindow() or not widget.isVisibleTo(window):
            continue  # (a dialog, a tool window: not this window's; a widget of a tab not shown, a hidden one)
        where = type(widget).__name__
        found.append((f"{where} tooltip", widget.toolTip()))
        if isinstance(widget, (QLabel, QAbstractButton)):
            found.append((where, widget.text()))
        elif isinstance(widget, QGroupBox):
            found.append((where, widget.title()))
        elif isinstance(widget, QTabBar):
            shown = [i for i in range(widget.count()) if widget.isTabVisible(i)]
            found += [(where, widget.tabText(i)) for i in shown]
            found += [(f"{where} tooltip", widget.tabToolTip(i)) for i in shown]
        elif isinstance(widget, QComboBox):
            found += [(where, widget.itemText(i)) for i in range(widget.count())]
            found += [(f"{where} tooltip", widget.itemData(i, Qt.ToolTipRole) or "") for i in range(widget.count())]
        elif isinstance(widget, QLineEdit):
            found.append((f"{where} placeholder", widget.placeholderText()))
        elif isinstance(widget, QAbstractSpinBox):
            for part in ("prefix", "suffix", "specialValueText"):
                found.append((f"{where} {part}", getattr(widget, part)() if hasattr(widget, part) else ""))
        elif isinstance(widget, QListWidget):
            found += [(where, widget.item(i).text()) for i in range(widget.count()) if not widget.item(i).isHidden()]
        elif isinstance(widget, QGraphicsView) and widget.scene() is not None:
            found += _plot_texts(widget, f"{where} {widget.accessibleName()!r}")
    return [(where, text) for where, text in found if isinstance(text, str) and text.strip()]


def left_in_english(window, english: English, view: str = "") -> list[str]:
    listed = []
    for where, text in readable_texts(window):
        reason = english.why(text)
        if reason:
            listed.append(f"{view} » {where} {normal(text)[:200]!r} ({reason})")
    return listed


def described(found: list[str]) -> str:
    """Each text left in English once, where it was first seen (the sidebar's is on every tab)."""
    first = {}
    for line in found:
        first.setdefault(line.split(" » ", 1)[-1], line)
    return "left in English:\n" + "\n".join(first.values())


def settle(window) -> None:
    """A tab just shown: its lazy panels draw, its layout takes its sizes (two passes of the event loop)."""
    for _ in range(2):
        QApplication.processEvents()


def walk(window, english: English, view: str, tabs=True) -> list[str]:
    """Every tab shown in turn (``tabs``), in the mode as it is: what is left in English."""
    found = left_in_english(window, english, view)
    if tabs:
        for key in window.workspace.tab_keys():
            if window.workspace.tab_visible(key):
                window.show_tab(key)
                settle(window)
                found += left_in_english(window, english, f"{view}/{key}")
    return found


def both_modes(window, english: English, view: str, presenter_tabs: bool = True) -> list[str]:
    """Every tab in normal mode, then presenter mode: its first tab, every tab (``presenter_tabs``)."""
    found = walk(window, english, f"{view}/normal")
    window.set_presenter(True, full_screen=False)
    window.show_tab("training")
    settle(window)
    found += walk(window, english, f"{view}/presenter", tabs=presenter_tabs)
    window.set_presenter(False, full_screen=False)
    window.show_tab("training")
    return found


# --- the states walked: one window per language, brought from one state to the next ---------------------------
STATES = ("fresh", "run", "kept", "loaded", "lessons")
STORED = {"step": 3752, "epoch": 4.0, "test_accuracy": 0.971, "optimizer": "sgd", "lr": 0.02, "batch_size": 32}


def wait(qtbot, condition) -> None:
    qtbot.waitUntil(condition, timeout=30_000)


def after_a_short_run(window, qtbot, _folder) -> None:
    for n in range(1, 4):  # the first starts a paused run; each trains one batch
        window.step()
        wait(qtbot, lambda n=n: window.state.run.last_step is not None and window.state.run.last_step.step == n)
    window.session.flush()


def with_a_run_kept_beside(window, _qtbot, _folder) -> None:
    assert window.comparison.keep_current()


def with_a_saved_run_loaded(window, qtbot, folder) -> None:
    window.stop_run(wait=True)
    path = folder / "saved.npz"
    checkpoint.save(path, window.state.local.spec, window.state.local.weights(), STORED)
    job = window.checkpoints.load(str(path))
    wait(qtbot, lambda: not job.running)
    assert window.state.local.step == STORED["step"], "the saved run is loaded"


BRING = {"run": after_a_short_run, "kept": with_a_run_kept_beside, "loaded": with_a_saved_run_loaded}


@pytest.fixture
def window_in(windows_by_language, in_language, qtbot, tmp_path):
    """``window_in(code, state)``: the module's window in that language, brought to ``state`` (and through the
    states before it, where a test runs alone); a state already passed: a new window. ``state`` None: the
    window as the tests before left it."""

    reached = windows_by_language.__dict__.setdefault("reached", {})  # (as long as the module's windows)

    def get(code: str, state: str | None):
        in_language(code)
        at = reached.get(code, -1)
        state = state or STATES[max(at, 0)]
        if STATES.index(state) < at:
            windows_by_language.forget(code)
            at = -1
        window = windows_by_language(code)
        for later in STATES[at + 1 : STATES.index(state) + 1]:
            if later in BRING:
                try:
                    BRING[later](window, qtbot, tmp_path)
                except BaseException:
                    windows_by_language.forget(code)  # (in a state between two: the next test makes a new one)
                    reached.pop(code, None)
                    raise
            reached[code] = STATES.index(later)
        window.set_presenter(False, full_screen=False)
        window.show_tab("training")
        return window

    return get


CODES = ("de", "zh_CN")


@pytest.mark.parametrize("code", CODES)
def test_a_new_window_has_no_english_left(window_in, code):
    """Every tab, and presenter mode's first (its every tab: beside a kept run, below)."""
    window = window_in(code, "fresh")
    found = both_modes(window, english_of(code), f"{code}/fresh", presenter_tabs=False)
    assert not found, described(found)


@pytest.mark.parametrize("code", CODES)
def test_after_a_short_run_no_english_is_left(window_in, qtbot, code):
    """Every tab after three steps; Why?, Fool and the map once their answers have come (their captions)."""
    window, english = window_in(code, "run"), english_of(code)
    found = walk(window, english, f"{code}/run")
    for key in ("why", "fool", "map"):
        window.show_tab(key)
        panel = getattr(window.panels, key)
        wait(qtbot, lambda panel=panel: panel.result is not None and not panel.busy)
        settle(window)
        found += walk(window, english, f"{code}/run/{key} answered", tabs=False)
    assert not found, described(found)


@pytest.mark.parametrize("code", CODES)
def test_beside_a_kept_run_no_english_is_left(window_in, code):
    window = window_in(code, "kept")
    found = both_modes(window, english_of(code), f"{code}/kept")
    assert not found, described(found)


@pytest.mark.parametrize("code", CODES)
def test_a_loaded_run_has_no_english_left(window_in, code):
    window = window_in(code, "loaded")
    found = walk(window, english_of(code), f"{code}/loaded")
    assert not found, described(found)


@pytest.mark.parametrize("code", CODES)
def test_no_lesson_leaves_english(window_in, code):
    """Each bundled lesson as it opens (its strip with the description, the sidebar it set, the tab open) and
    at its first step; one in its lesson view (presenter mode, only its panels), every tab of it."""
    window, english = window_in(code, "lessons"), english_of(code)
    found = []
    for preset in bundled_lessons():
        assert window.lessons.apply(preset, ask=False)
        settle(window)
        strip = window.lessons.strip.title_label.text()
        assert ("QLabel", strip) in readable_texts(window), "the lesson's strip is read"
        window.lessons.next_step()  # its first step after the description ("Schritt 1 von 3")
        assert window.lessons.strip.page == min(1, len(window.lessons.strip.pages) - 1)
        found += left_in_english(window, english, f"{code}/{preset.title}/step 1")
        found += walk(window, english, f"{code}/{preset.title}", tabs=False)
    window.lessons.use_lesson_view(True, full_screen=False)
    found += walk(window, english, f"{code}/{preset.title}/lesson view")
    window.lessons.close(ask=False)
    assert not found, described(found)


# --- the walk is sound: it finds English where a reader would, only there, and reads every kind of text -------
def test_english_is_told_from_a_translation_a_name_a_number_and_a_path():
    german, chinese = english_of("de"), english_of("zh_CN")
    for text in ("Learning rate", "&File", "Lernrate<b></b> and then"):
        assert german.why(text), text
    assert german.why("step 3 of 5").startswith("English 'step {"), "a template filled in"
    assert german.why("- - - A, der behaltene Lauf (this session)") == "English words session, this"
    assert german.why("custom") and chinese.why("Learning rate") and chinese.why("学习率 (learning rate)")
    assert german.why("not available: no NVIDIA driver") and german.why("nicht verfügbar: no NVIDIA driver") is None
    for text in (
        "Lernrate",
        "▶  Start",  # German keeps the word
        "Testgenauigkeit 97,3 %",
        "MNIST, NumPy, numba (CPU)",
        "ein anderes Netz (tiny, jetzt seed)",  # the networks' names
        "conv1 8 Karten 28×28",
        "Gespeichert in /tmp/saved drawings/x",  # the user's folder
        "saved.npz geladen",  # the user's file
        "Deutsch",
        "English",  # the Language menu names each language in its own
        "学习率",
    ):
        assert german.why(text) is None or text == "学习率", text
    assert chinese.why("学习率") is None and chinese.why("English") is None


def test_the_walk_finds_english_planted_where_it_can_be_read_and_only_there(window_in):
    """An untranslated label in the Timings tab, an English text, an axis title and pyqtgraph's right-click menu
    in the curves' plot: found while their tab is shown, not while another is (nor once hidden), gone with them."""
    window, english = window_in("de", None), english_of("de")
    label = QLabel("Learning rate")
    window.panels.timings.body.addWidget(label)
    plot = window.panels.curves.loss_plot
    text = pg.TextItem("Loss")
    plot.addItem(text)
    axis = plot.getAxis("bottom")
    title = axis.labelText
    axis.setLabel("epoch")
    plot.getViewBox().setMenuEnabled(True)  # pyqtgraph's own right-click menu ("View All", ...)
    try:
        window.show_tab("training")
        settle(window)
        found = "\n".join(left_in_english(window, english))
        assert "'Learning rate'" not in found, "the Timings tab is not shown: its label cannot be read"
        assert "text 'Loss' (an English source text)" in found
        assert "text 'epoch' (an English source text)" in found
        assert "right-click > menu 'View All' (English words All, View)" in found, found
        window.show_tab("timings")
        settle(window)
        found = "\n".join(left_in_english(window, english))
        assert "QLabel 'Learning rate' (an English source text)" in found
        assert "'Loss'" not in found and "'epoch'" not in found, "the curves are on the Training tab"
        label.hide()
        assert "Learning rate" not in "\n".join(left_in_english(window, english))
    finally:
        label.deleteLater()
        plot.removeItem(text)
        axis.setLabel(title)
        plot.getViewBox().setMenuEnabled(False)
    window.show_tab("training")
    settle(window)
    assert left_in_english(window, english) == []


def test_in_english_the_walk_reads_every_kind_of_text(make_window):
    """The same walk over an English window, after a run (test_fit's ``fill``): it reads labels, buttons, tab
    titles, group titles, menus, combo items, a placeholder, a spin box's affix, the plots' texts and ticks, and
    tells most of them English (what it does not: the same in German, "Start", "Backend", or a name)."""
    from test_fit import fill

    window = make_window()
    fill(window)
    english = english_of("de")
    texts = set(readable_texts(window))
    for key in window.workspace.tab_keys():
        window.show_tab(key)
        settle(window)
        texts |= set(readable_texts(window))
    told = {(where, text) for where, text in texts if english.why(text)}
    kinds = {where.split(" ")[0] if " " not in where else where.rsplit(" ", 1)[-1] for where, _text in told}
    assert {"QLabel", "QPushButton", "QRadioButton", "QTabBar", "QGroupBox", "QComboBox", "menu"} <= kinds, kinds
    assert {"placeholder", "suffix", "text", "tick"} <= kinds, kinds
    told_texts = {normal(text) for _where, text in told}
    assert {"loss", "epoch", "too big", "Training curves", "Learning rate", "Mistakes (confusion matrix)"} <= told_texts
    assert len(told) > 150, len(told)
