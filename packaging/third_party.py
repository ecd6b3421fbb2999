"""The THIRD-PARTY notice of cnnviz's bundle: the licence texts of everything the bundle redistributes,
collected from the installed distributions' own licence files (importlib.metadata), plus the Qt/PySide6
LGPL-3 statement and the MNIST attribution.

    python packaging/third_party.py OUT.txt   # write the notice for the distributions installed here

packaging/bundle.py writes it into the bundle (THIRD-PARTY-NOTICES.txt beside the executable) and fails
the build if a distribution whose files the bundle carries is not in it; tests/test_packaging.py checks that
every distribution has a licence text.
"""

from __future__ import annotations

import importlib.metadata as metadata
import re
import sys
import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
LICENCES = HERE / "licenses"

# Distributions whose wheels carry no licence file: the texts they are used under, kept in packaging/licenses.
FALLBACK_TEXTS = {
    "pyside6-essentials": ("LGPL-3.0-only", ["LGPL-3.0.txt", "GPL-3.0.txt"]),
    "pyside6": ("LGPL-3.0-only", ["LGPL-3.0.txt", "GPL-3.0.txt"]),
    "pyside6-addons": ("LGPL-3.0-only", ["LGPL-3.0.txt", "GPL-3.0.txt"]),
    "shiboken6": ("LGPL-3.0-only", ["LGPL-3.0.txt", "GPL-3.0.txt"]),
}
# Built with the bundle but not imported by cnnviz: PyInstaller's bootloader is the executable itself.
BUILD_TOOLS = ("pyinstaller",)
_LICENCE_FILE = re.compile(r"(^|/)(LICEN[CS]E|COPYING|NOTICE|AUTHORS)[^/]*$", re.IGNORECASE)

QT_STATEMENT = """\
Qt and Qt for Python (PySide6, shiboken6) are used under the GNU Lesser General Public License,
version 3 (LGPL-3.0; its text and the GNU GPL-3.0 it refers to follow in this file).

- cnnviz links to Qt and PySide6 dynamically: they are the separate shared libraries the bundle
  carries unchanged as the PySide6 wheel ships them (_internal/PySide6/ and _internal/shiboken6/:
  Qt/lib/libQt6*.so.6 on Linux, Qt6*.dll on Windows, Qt/lib/Qt*.framework on macOS).
- You may replace them with your own build of Qt {qt} / PySide6 {pyside} (or a later ABI-compatible
  one): put your libraries in place of those files, or install cnnviz with pip into a Python of your
  own (docs/install.md) with the PySide6 you choose; cnnviz's own code is MIT-licensed and its
  complete source is in the sdist (cnnviz-<version>.tar.gz) published beside this bundle.
- The source code of the Qt and PySide6 versions in this bundle: Qt {qt} at
  https://download.qt.io/official_releases/qt/ (qt-everywhere-src-{qt}) and PySide6 {pyside} at
  https://download.qt.io/official_releases/QtForPython/pyside6/ (pyside-setup-everywhere-src-{pyside});
  the same archives are kept with each cnnviz release (docs/releasing.md). Qt's own third-party parts
  (ICU, FreeType, HarfBuzz, libpng, zlib, ...) and their licences:
  https://doc.qt.io/qt-6/licenses-used-in-qt.html
- No modification of Qt or PySide6 is made by cnnviz.
"""


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _distribution(name: str) -> metadata.Distribution | None:
    try:
        return metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return None


def runtime_closure(root: str = "cnnviz") -> dict[str, metadata.Distribution]:
    """``root`` and every distribution its requirements (no extras, markers for this platform) pull in,
    as installed here: what a plain ``pip install cnnviz`` brings, which is what the bundle freezes."""
    from packaging.requirements import Requirement  # pip's vendored copy is not public; build needs it anyway

    found: dict[str, metadata.Distribution] = {}
    todo = [root]
    while todo:
        name = todo.pop()
        key = canonical(name)
        if key in found:
            continue
        dist = _distribution(name)
        if dist is None:
            continue  # a marker-less requirement that is not installed: pip would have installed it
        found[key] = dist
        for line in dist.requires or []:
            requirement = Requirement(line)
            if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
                continue
            todo.append(requirement.name)
    return found


def bundled_distributions(extra: tuple[str, ...] = ()) -> dict[str, metadata.Distribution]:
    """What the bundle redistributes besides cnnviz itself: cnnviz's runtime closure, the build tools
    whose code is inside the executable, and ``extra`` (found in a built bundle, see bundle.py)."""
    found = runtime_closure()
    found.pop("cnnviz", None)
    for name in (*BUILD_TOOLS, *extra):
        dist = _distribution(name)
        if dist is not None:
            found[canonical(dist.metadata["Name"])] = dist
    return dict(sorted(found.items()))


def licence_texts(dist: metadata.Distribution) -> list[tuple[str, str]]:
    """(file name, text) of each licence file the distribution ships, or of the texts it is used under
    (FALLBACK_TEXTS) when its wheel has none."""
    texts = []
    for file in dist.files or []:
        path = str(file).replace("\\", "/")
        if ".dist-info/" in path and _LICENCE_FILE.search(path):
            located = Path(dist.locate_file(file))
            if located.is_file():
                texts.append((path.split(".dist-info/", 1)[1], located.read_text(encoding="utf-8", errors="replace")))
    if not texts:
        _, names = FALLBACK_TEXTS.get(canonical(dist.metadata["Name"]), ("", []))
        texts = [(name, (LICENCES / name).read_text(encoding="utf-8")) for name in names]
    return texts


def licence_expression(dist: metadata.Distribution) -> str:
    meta = dist.metadata
    expression = meta.get("License-Expression") or (meta.get("License") or "").strip()
    if not expression or len(expression) > 80:  # some put the whole text in License:
        classifiers = [c.split(" :: ")[-1] for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
        expression = ", ".join(classifiers) or FALLBACK_TEXTS.get(canonical(meta["Name"]), ("see below",))[0]
    return expression


def python_licence() -> str:
    """The interpreter's own licence (the bundle carries libpython): LICENSE.txt of the standard library
    (Linux, macOS, python.org and pyenv builds) or of the base installation (Windows)."""
    for folder in (sysconfig.get_paths()["stdlib"], sys.base_prefix):
        path = Path(folder) / "LICENSE.txt"
        if path.is_file():
            return path.read_text(encoding="utf-8", errors="replace")
    raise FileNotFoundError(
        "the Python licence (LICENSE.txt) is not in the standard library folder or "
        f"{sys.base_prefix}: the bundle must not ship Python without it"
    )


def system_libraries(folder: Path) -> list[tuple[str, str, str | None]]:
    """The shared libraries PyInstaller copied into the bundle from the build machine's system (not from a
    wheel): (file name, the system package it came from, that package's copyright file's text). On Debian and
    Ubuntu (dpkg) the package and /usr/share/doc/<package>/copyright are found; elsewhere only the names."""
    import shutil
    import subprocess

    found = []
    dpkg = shutil.which("dpkg")
    for entry in sorted(folder.iterdir()):
        if not entry.is_file() or not re.match(r"lib.*\.so(\.|$)", entry.name):
            continue
        package, text = "", None
        if dpkg:
            for directory in (
                "/usr/lib/x86_64-linux-gnu",
                "/usr/lib/aarch64-linux-gnu",
                "/lib/x86_64-linux-gnu",
                "/usr/lib",
                "/lib",
            ):
                candidate = Path(directory) / entry.name
                if not candidate.exists():
                    continue
                # /usr/lib and /lib are one folder on a merged-/usr system; dpkg knows one of the names
                for name in dict.fromkeys((str(candidate), str(candidate.resolve()))):
                    done = subprocess.run([dpkg, "-S", name], capture_output=True, text=True)
                    if done.returncode == 0 and ":" in done.stdout:
                        package = done.stdout.split(":", 1)[0].strip()
                        break
                if package:
                    copyright_file = Path("/usr/share/doc") / package / "copyright"
                    if copyright_file.is_file():
                        text = copyright_file.read_text(encoding="utf-8", errors="replace")
                    break
        if package or not dpkg:
            found.append((entry.name, package, text))
    return found


def system_section(folder: Path) -> str:
    """The notice's part for :func:`system_libraries` (empty when there are none)."""
    libraries = system_libraries(folder)
    if not libraries:
        return ""
    lines = [
        "These shared libraries were copied from the build machine's system (PyInstaller collects what the",
        "Qt plugins and Python's modules link to). Each stays under its own licence; the system package it",
        "came from and that package's copyright file follow.",
        "",
    ]
    lines += [
        f"  {name}: {package or 'package unknown (no dpkg on the build machine)'}" for name, package, _ in libraries
    ]
    body = "\n".join(lines) + "\n"
    shown = set()
    for _, package, text in libraries:
        if text and package not in shown:
            shown.add(package)
            body += "\n" + _section(f"{package}: /usr/share/doc/{package}/copyright", text)
    return _section("Libraries from the build system", body)


def _section(title: str, body: str) -> str:
    rule = "=" * 78
    return f"{rule}\n{title}\n{rule}\n\n{body.rstrip()}\n\n"


def notice(extra: tuple[str, ...] = ()) -> str:
    """The whole THIRD-PARTY notice text."""
    dists = bundled_distributions(extra)
    version = {key: dist.version for key, dist in dists.items()}
    pyside = version.get("pyside6-essentials") or version.get("pyside6") or "(the bundled version)"
    parts = [
        "cnnviz: third-party notices\n\n"
        "cnnviz's own code is MIT-licensed (LICENSE). This bundle also carries the programs and data below,\n"
        "each under its own licence, whose texts follow, collected from the installed distributions' own\n"
        "licence files when the bundle was built.\n\n"
        + "\n".join(f"  {dist.metadata['Name']} {dist.version}: {licence_expression(dist)}" for dist in dists.values())
        + f"\n  Python {sys.version.split()[0]}: PSF-2.0\n  MNIST database: CC-BY-SA-3.0\n\n",
        _section("Qt and PySide6 (LGPL-3.0)", QT_STATEMENT.format(qt=pyside, pyside=pyside)),
        _section("MNIST (CC BY-SA 3.0)", (REPO / "assets" / "mnist" / "LICENSE.txt").read_text(encoding="utf-8")),
        _section(f"Python {sys.version.split()[0]} (PSF License)", python_licence()),
    ]
    shown: dict[str, str] = {}  # a text already given (shiboken6's LGPL is PySide6's) is named, not repeated
    for dist in dists.values():
        for name, text in licence_texts(dist):
            title = f"{dist.metadata['Name']} {dist.version}: {name}"
            parts.append(_section(title, f'The same text as "{shown[text]}" above.' if text in shown else text))
            shown.setdefault(text, title)
    return "".join(parts)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python packaging/third_party.py OUT.txt", file=sys.stderr)
        return 2
    Path(args[0]).write_text(notice(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
