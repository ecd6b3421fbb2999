"""The language of the GUI: English (the source text) or a catalogue in ``translations/``.

Every user-visible GUI string goes through :func:`tr` (Qt's ``QCoreApplication.translate`` in
the one context :data:`cnnviz.translatable.CONTEXT`); strings of Qt-free modules are marked with
``cnnviz.translatable.N_`` and passed through :func:`tr` where the GUI shows them.

The choice (View > Language) is kept in ``view.json`` beside the zoom level (key ``language``);
with none stored the system locale picks (``QLocale.system()``), English when there is no
catalogue for it. ``cnnviz gui --language CODE`` picks one for a session without storing it.
A new choice applies at the next start (the window says so at once, in the new language).

The storage functions are Qt-free; :func:`install` and :func:`tr` need Qt.
"""

from __future__ import annotations

import re
from importlib import resources

from .. import number_format, translatable
from ..translatable import CONTEXT, N_

ENGLISH = "en"
LANGUAGES = {"en": "English", "de": "Deutsch", "ja": "日本語", "zh_CN": "简体中文"}
"""Code -> the language's own name (the View > Language entries); English is the source text."""
CJK = ("ja", "zh_CN")
KEY = "language"

_installed: list = []


def catalogue_path(code: str):
    """The ``.ts`` file of ``code`` (a Traversable inside the package: wheel, editable or bundle)."""
    return resources.files(__package__).joinpath("translations", f"cnnviz_{code}.ts")


def valid(code) -> str | None:
    """``code`` if it names a language we have, else None (also for a locale name such as ``de_AT``)."""
    if not isinstance(code, str):
        return None
    if code in LANGUAGES:
        return code
    code = code.replace("-", "_")
    for candidate in (code, code.split("_")[0]):
        if candidate in LANGUAGES:
            return candidate
    if code.startswith("zh"):  # zh, zh_SG, zh_Hans...: Simplified Chinese is the one we have
        return None if code in ("zh_TW", "zh_HK", "zh_MO") or "Hant" in code else "zh_CN"
    return None


def load() -> str | None:
    """The stored choice; None when there is none or it is unreadable or unknown (never an error)."""
    from .zoom import read_setting

    return valid(read_setting(KEY))


def save(code: str) -> bool:
    """Store ``code`` (the other keys of ``view.json`` are kept); False if it could not be written."""
    from .zoom import store_setting

    return store_setting(KEY, code)


def system_language() -> str:
    """The system locale's language if we have a catalogue for it, else English."""
    from PySide6.QtCore import QLocale

    locale = QLocale.system()
    for name in (locale.name(), *locale.uiLanguages()):
        code = valid(name)
        if code:
            return code
    return ENGLISH


def chosen(session: str | None = None) -> str:
    """The language this session shows: ``--language``, else the stored choice, else the system's."""
    return valid(session) or load() or system_language()


def current() -> str:
    """The language installed now (English when none is)."""
    return _installed[-1].language() if _installed else ENGLISH


def install(app, code: str) -> str | None:
    """Show the GUI in ``code`` from now on (widgets made afterwards); None, or what went wrong (then English)."""
    from .ts_catalogue import CatalogueError, read_catalogue, translator_class

    while _installed:
        app.removeTranslator(_installed.pop())
    code = valid(code) or ENGLISH
    use_script_font(app, code)
    number_format.show_in(number_style(code))
    if code == ENGLISH:
        return None
    try:
        with resources.as_file(catalogue_path(code)) as path:
            catalogue = read_catalogue(path)
    except (OSError, CatalogueError) as exc:
        number_format.show_in(ENGLISH)
        return f"The {LANGUAGES[code]} translation could not be read ({exc}); the app is in English."
    translator = translator_class()(catalogue, code, app)
    app.installTranslator(translator)
    _installed.append(translator)
    _install_qt_own(app, code)
    use_script_font(app, code)
    return None


CJK_FAMILIES = {
    "ja": (
        "Noto Sans CJK JP",
        "Source Han Sans JP",
        "Yu Gothic UI",
        "Meiryo UI",
        "Meiryo",
        "Hiragino Sans",
        "Hiragino Kaku Gothic ProN",
        "IPAexGothic",
        "IPAGothic",
        "TakaoGothic",
        "MS UI Gothic",
    ),
    "zh_CN": (
        "Noto Sans CJK SC",
        "Source Han Sans SC",
        "Microsoft YaHei UI",
        "Microsoft YaHei",
        "PingFang SC",
        "Hiragino Sans GB",
        "WenQuanYi Micro Hei",
        "WenQuanYi Zen Hei",
        "Droid Sans Fallback",
        "SimHei",
    ),
}
"""Sans fonts with the glyphs of each CJK language in its own regional style (a Japanese font draws
some Chinese characters differently), best first: Linux (fonts-noto-cjk), Windows, macOS."""
CJK_PACKAGE = "fonts-noto-cjk"
"""The Debian/Ubuntu package that brings Noto Sans CJK (JP, SC...); other systems ship a CJK font."""


def script_family(code: str) -> str | None:
    """The installed font the GUI uses for ``code``'s glyphs (None: no CJK language, or no such font here)."""
    if code not in CJK_FAMILIES:
        return None
    from PySide6.QtGui import QFontDatabase

    installed = {family.lower(): family for family in QFontDatabase.families()}
    for family in CJK_FAMILIES[code]:
        if family.lower() in installed:
            return installed[family.lower()]
    system = QFontDatabase.WritingSystem.Japanese if code == "ja" else QFontDatabase.WritingSystem.SimplifiedChinese
    fitting = QFontDatabase.families(system)
    return fitting[0] if fitting else None


def use_script_font(app, code: str) -> None:
    """Put the font for ``code``'s script after the UI font in the application's font (or take it out)."""
    from . import theme

    family = script_family(code)
    wanted = [family] if family else []
    if wanted != theme.SCRIPT_FAMILIES:
        theme.SCRIPT_FAMILIES[:] = wanted
        app.setFont(theme.ui_font(theme.BASE_POINT_SIZE))


def _install_qt_own(app, code: str) -> None:
    """Qt's own texts (the file dialog's buttons, Cancel...) from the .qm files PySide6 ships, if any."""
    from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator

    qt = QTranslator(app)
    if qt.load(QLocale(code), "qtbase", "_", QLibraryInfo.path(QLibraryInfo.TranslationsPath)):
        app.installTranslator(qt)
        _installed.insert(0, qt)


def tr(text: str, disambiguation: str | None = None) -> str:
    """``text`` in the GUI's language (English when it has no translation)."""
    from PySide6.QtCore import QCoreApplication

    return QCoreApplication.translate(CONTEXT, text, disambiguation)


def sentences(parts) -> str:
    """Sentences in the GUI's language as one text, joined its way: "Gespeichert. Weiter" but "已保存。下一句"
    (no space after full-width punctuation; :func:`cnnviz.translatable.sentences`)."""
    return translatable.sentences(parts, current())


WORD_JOINER = "\u2060"
OPENING = "（“「『《〈【‘"
"""Opening brackets and quotes of CJK text: a line never ends with one."""
_AFTER_OPENING = re.compile(f"([{OPENING}])(?=[^\\s{WORD_JOINER}])")
_CJK_CHARACTER = "\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff"
_CLOSING = "）”」』》〉】’。，、：；！？…"
_LINE_END = r"(?:$|<br\s*/?>)"
"""A line's end, in plain text or rich text (a label's lines split by "<br>")."""
_LAST_TWO = re.compile(
    f"([^\\s{WORD_JOINER}]) ?(?=[{_CJK_CHARACTER}](?:[{_CLOSING}]|</\\w+>)*{_LINE_END})", re.MULTILINE
)


def kept_together(text: str, code: str | None = None) -> str:
    """``text`` for a label that wraps, in ``code`` (the GUI's language): in Japanese and Chinese, where Qt may
    break a line between any two characters, an opening bracket or quote stays with what follows it (a line
    ended on "（") and the last two characters stay together (one character alone on the last line), by an
    invisible word joiner (U+2060; a space before the last one becomes a no-break space: "约 30 秒。"), at the
    end of each line of a text of several (rich text's "<br>" ends a line too: "546 个" alone in the Fool tab's
    measures); other languages' text as it is. Kept text stays as it is (a label
    that keeps its text together, :class:`wrapped_label.WrappedLabel`, may be given it)."""
    if (code or current()) not in CJK or not text:
        return text
    text = _AFTER_OPENING.sub(r"\1" + WORD_JOINER, text)
    return _LAST_TWO.sub(lambda m: m.group(1) + ("\u00a0" if m.group(0).endswith(" ") else WORD_JOINER), text)


ALL_FILES = (N_("All files"), "*")
"""Every file, for :func:`file_filter`."""
PNG_FILES = (N_("PNG image"), "*.png")


def file_filter(*kinds: tuple[str, str]) -> str:
    """A file dialog's filter: each ``(name, patterns)`` (a name marked with ``N_``) as "name (patterns)", the name
    in the GUI's language, the patterns in the ASCII brackets Qt reads them from ("模型 (*.npz)")."""
    return ";;".join(f"{tr(name)} ({patterns})" for name, patterns in kinds)


def number_style(code: str) -> number_format.Style:
    """How ``code`` writes numbers: Qt's locale gives the decimal and group marks; the percent's spacing
    (German "88,8 %") is the table's, as QLocale has no percent format."""
    from PySide6.QtCore import QLocale

    locale = QLocale(code)
    table = number_format.style(code)
    decimal, group = locale.decimalPoint(), locale.groupSeparator()
    if len(decimal) != 1 or len(group) != 1:  # (a Qt whose locale data is odd: the table's marks)
        return table
    return number_format.Style(decimal, group, table.percent)


def number(value):
    """``value`` for a field of a message shown in the GUI: ``{acc:.1%}``, ``{lr:g}``, ``{count:,}`` are
    written in the GUI's language ("88,8 %", "0,01", "2.000" in German); not a number: kept as it is."""
    return number_format.localized(value)


def grouped(value):
    """A whole number for a ``{name:,}`` field of a message shown in the GUI (German "2.000", not "2,000")."""
    return number_format.localized(int(value))


def percent(fraction, decimals: int = 1) -> str:
    """A fraction as a percentage in the GUI's language ("88,8 %" in German, "88.8%" in Japanese); "–" if missing."""
    return number_format.format_percent(fraction, decimals)


RESTART_NOTES = {
    "en": ("The app will be in English from its next start.", "English could not be stored as your choice."),
    "de": ("Beim nächsten Start ist die App auf Deutsch.", "Deutsch konnte nicht als Auswahl gespeichert werden."),
    "ja": ("次回の起動から日本語で表示されます。", "日本語の設定を保存できませんでした。"),
    "zh_CN": ("下次启动时将以简体中文显示。", "无法保存简体中文设置。"),
}
"""What View > Language says, in the language chosen (its reader may not read the one shown now)."""


SCRIPT_NAMES = {"ja": "Japanese", "zh_CN": "Chinese"}


def install_readable(app, code: str) -> str | None:
    """:func:`install` ``code`` where its characters can be drawn: a Japanese or Chinese GUI without a font for them
    is all empty boxes (real X, session 44), so it opens in English and says why, in English (the only text sure to
    be readable); None, or what went wrong."""
    problem = install(app, code)
    code = valid(code) or ENGLISH
    if problem is None and code in CJK and script_family(code) is None:
        install(app, ENGLISH)
        return (
            f"No font with {SCRIPT_NAMES[code]} characters is installed here, so the app is in English (its "
            f"{SCRIPT_NAMES[code]} text would be empty boxes). Install one (Debian/Ubuntu: sudo apt install "
            f"{CJK_PACKAGE}) and start cnnviz again."
        )
    return problem


def restart_note(code: str, stored: bool) -> str:
    """The note for choosing ``code``: it applies at the next start (or could not be stored)."""
    note, failed = RESTART_NOTES.get(code, RESTART_NOTES[ENGLISH])
    if code == current():
        return tr("This is the language shown now.") if stored else failed
    return note if stored else failed
