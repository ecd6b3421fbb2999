"""Keep the GUI's translation catalogues (cnnviz/gui/translations/cnnviz_<lang>.ts) in step with the code.

    python tools/update_translations.py            # add new strings (unfinished), mark removed ones vanished
    python tools/update_translations.py --check    # exit 1 if a catalogue lacks a string or has unfinished ones
    python tools/update_translations.py --fill de=de.json   # take translations from {source: text} JSON

The strings are found by an AST scan of tr("...") and N_("...") calls, plus the bundled lessons' texts
(assets/presets/*.json) (pyside6-lupdate does not know
our tr(), a module-level function in one context). Open a .ts file in Qt Linguist to translate; the app
reads the .ts files directly (no lrelease, no .qm files in git).
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cnnviz.gui import translation_sources as ts  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when a catalogue is behind")
    parser.add_argument(
        "--fill",
        action="append",
        default=[],
        metavar="LANG=FILE.json",
        help="translations to put in (a JSON object: English source -> translation)",
    )
    args = parser.parse_args(argv)
    strings = ts.all_strings()
    fills = {}
    for item in args.fill:
        code, _, file = item.partition("=")
        fills[code] = json.loads(Path(file).read_text(encoding="utf-8"))
    behind = 0
    for code in ts.LANGUAGE_CODES:
        path = ts.catalogue_file(code)
        if args.check:
            have = ts.read(path) if path.exists() else {}
            missing = [s for s in strings if s not in have]
            unfinished = [s for s in strings if s in have and not have[s]]
            broken = [(s, p) for s in strings if have.get(s) for p in ts.problems(s, have[s])]
            for label, items in (("missing", missing), ("unfinished", unfinished)):
                for source in items:
                    print(f"{code}: {label}: {source!r} ({strings[source][0]})")
            for source, problem in broken:
                print(f"{code}: {problem}: {source!r}")
            behind += len(missing) + len(unfinished) + len(broken)
            continue
        counts = ts.merge(code, strings, path, fills.get(code))
        print(
            f"{path.name}: {len(strings)} strings, {counts['added']} new, {counts['unfinished']} unfinished, "
            f"{counts['vanished']} vanished"
        )
    return 1 if behind else 0


if __name__ == "__main__":
    sys.exit(main())
