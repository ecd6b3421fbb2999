"""Build cnnviz's standalone one-folder bundle for the platform this runs on, and an archive of it.

    pip install ".[bundle]"            # PyInstaller beside cnnviz (a venv without the test extras)
    python packaging/bundle.py         # -> dist/cnnviz/cnnviz(.exe) and dist/cnnviz-<version>-<platform>.tar.gz|.zip
    python packaging/bundle.py --smoke # then run it in a clean environment (fresh HOME, no venv on PATH)

The smoke test runs ``cnnviz devices``, ``cnnviz train --net tiny --steps 50 --no-save`` and an offscreen
GUI screenshot after 3 s of training, and prints the bundle's size, the build time and the start-up time
(``cnnviz --version``, the median of 3). See docs/packaging.md.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SPEC = REPO / "packaging" / "cnnviz.spec"
DIST = REPO / "dist"
WORK = REPO / "build" / "pyinstaller"


def executable(folder: Path) -> Path:
    return folder / ("cnnviz.exe" if sys.platform == "win32" else "cnnviz")


def platform_tag() -> str:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))
    machine = platform.machine().lower().replace("amd64", "x86_64").replace("aarch64", "arm64")
    return f"{system}-{machine}"


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def build() -> tuple[Path, Path, float]:
    """PyInstaller on the spec; returns (bundle folder, archive, seconds)."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        sys.exit('bundle: PyInstaller is not installed here: pip install ".[bundle]" (in the venv cnnviz is in)')
    from cnnviz import __version__

    start = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            str(DIST),
            "--workpath",
            str(WORK),
            str(SPEC),
        ],
        check=True,
        cwd=REPO,
    )
    bundle = DIST / "cnnviz"
    if not executable(bundle).is_file():
        sys.exit(f"bundle: PyInstaller finished but {executable(bundle)} is missing")
    write_notices(bundle)
    base = DIST / f"cnnviz-{__version__}-{platform_tag()}"
    if sys.platform in ("win32", "darwin"):
        archive = Path(shutil.make_archive(str(base), "zip", root_dir=DIST, base_dir="cnnviz"))
    else:
        archive = gzip_tar(bundle, base.with_name(base.name + ".tar.gz"))
    return bundle, archive, time.perf_counter() - start


def third_party():
    """packaging/third_party.py, loaded from beside this script (packaging/ is not an importable package)."""
    spec = importlib.util.spec_from_file_location(
        "cnnviz_third_party", Path(__file__).resolve().parent / "third_party.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def unnoticed(bundle: Path, names: set[str]) -> list[str]:
    """The distributions whose import packages the bundle carries (its _internal folder) that are not among
    ``names`` (canonical names): each must have its licence in THIRD-PARTY-NOTICES.txt."""
    from importlib.metadata import packages_distributions

    notices = third_party()
    owners = packages_distributions()
    inside = bundle / "_internal" if (bundle / "_internal").is_dir() else bundle
    missing = set()
    for entry in inside.iterdir():
        top = entry.name.split(".")[0] if entry.is_file() else entry.name
        for dist in owners.get(top, []):
            key = notices.canonical(dist)
            if key != "cnnviz" and key not in names:
                missing.add(dist)
    return sorted(missing)


def write_notices(bundle: Path) -> None:
    """LICENSE, THIRD-PARTY-NOTICES.txt (the licence texts of everything bundled, the Qt LGPL statement, MNIST's
    attribution) and the MNIST licence beside the executable; stops the build if a bundled distribution has none."""
    notices = third_party()
    shutil.copyfile(REPO / "LICENSE", bundle / "LICENSE.txt")
    shutil.copyfile(REPO / "assets" / "mnist" / "LICENSE.txt", bundle / "MNIST-LICENSE.txt")
    bundled = notices.bundled_distributions()
    missing = unnoticed(bundle, set(bundled))
    if missing:
        bundled = notices.bundled_distributions(tuple(missing))
    without = [name for name, dist in bundled.items() if not notices.licence_texts(dist)]
    if without:
        sys.exit(
            f"bundle: no licence text for {', '.join(without)}: add it to packaging/third_party.py's FALLBACK_TEXTS"
        )
    inside = bundle / "_internal" if (bundle / "_internal").is_dir() else bundle
    text = notices.notice(tuple(missing)) + notices.system_section(inside)
    (bundle / "THIRD-PARTY-NOTICES.txt").write_text(text, encoding="utf-8")
    print(
        f"notices: {len(bundled)} distributions in {bundle / 'THIRD-PARTY-NOTICES.txt'}"
        + (f" (found in the bundle besides cnnviz's requirements: {', '.join(missing)})" if missing else "")
    )


def gzip_tar(folder: Path, archive: Path) -> Path:
    """``folder`` as ``archive`` (.tar.gz) at gzip's usual level 6: shutil's gztar takes level 9, which took
    3.3x the time (30.2 s against 9.1 s for PySide6's 234 MB of libraries, one core) for an archive 0.7 %
    smaller; the bundle is 428 MiB."""
    with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
        tar.add(folder, arcname=folder.name)
    return archive


def clean_environment(home: Path) -> dict[str, str]:
    """A fresh HOME and a PATH without any virtual environment or this Python: the bundle must need neither."""
    # The virtual environments only (this one, an activated one): the base Python's prefix may be /usr,
    # whose bin/ the bundle's smoke test needs like any program (seen on a machine whose venv's base is /usr).
    prefixes = {
        os.path.normcase(str(Path(p).resolve()))
        for p in (sys.prefix, os.environ.get("VIRTUAL_ENV", ""))
        if p and os.path.normcase(str(Path(p).resolve())) != os.path.normcase(str(Path(sys.base_prefix).resolve()))
    }
    path = [
        p
        for p in os.environ.get("PATH", "").split(os.pathsep)
        if p and not any(os.path.normcase(str(Path(p).resolve())).startswith(x) for x in prefixes)
    ]
    env = {
        "PATH": os.pathsep.join(path),
        "HOME": str(home),
        "USERPROFILE": str(home),
        "LOCALAPPDATA": str(home / "AppData" / "Local"),
        "APPDATA": str(home / "AppData" / "Roaming"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "TMPDIR": str(home / "tmp"),
        "TEMP": str(home / "tmp"),
        "TMP": str(home / "tmp"),
        "LANG": os.environ.get("LANG", "C.UTF-8"),
    }
    for keep in ("SYSTEMROOT", "SystemRoot", "WINDIR", "DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR"):
        if keep in os.environ:
            env[keep] = os.environ[keep]
    (home / "tmp").mkdir(parents=True, exist_ok=True)
    return env


def smoke(bundle: Path) -> dict[str, float]:
    """Run the bundle in a clean environment; returns timings (seconds)."""
    exe = executable(bundle)
    timings = {}
    with tempfile.TemporaryDirectory(prefix="cnnviz-bundle-smoke-") as tmp:
        home = Path(tmp) / "home"
        env = clean_environment(home)

        def run(*args: str, extra: dict | None = None, timeout: float = 600) -> float:
            start = time.perf_counter()
            print("$", exe.name, *args, flush=True)
            subprocess.run([str(exe), *args], env={**env, **(extra or {})}, cwd=tmp, check=True, timeout=timeout)
            return time.perf_counter() - start

        timings["start_up_s"] = statistics.median(run("--version") for _ in range(3))
        timings["devices_s"] = run("devices")
        timings["train_first_s"] = run("train", "--net", "tiny", "--steps", "50", "--no-save")
        timings["train_cached_s"] = run("train", "--net", "tiny", "--steps", "50", "--no-save")
        shot = Path(tmp) / "bundle-screenshot.png"
        timings["screenshot_s"] = run(
            "gui",
            "--screenshot",
            str(shot),
            "--train-seconds",
            "3",
            "--backend",
            "numba",
            extra={"QT_QPA_PLATFORM": "offscreen"},
        )
        if not shot.is_file() or shot.stat().st_size < 10_000:
            sys.exit(f"bundle: the GUI screenshot {shot} is missing or empty")
        keep = DIST / "bundle-screenshot.png"
        shutil.copyfile(shot, keep)
        print(f"screenshot: {keep}")
    return timings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="after building, run the bundle in a clean environment")
    parser.add_argument("--no-build", action="store_true", help="smoke-test the existing dist/cnnviz")
    args = parser.parse_args(argv)
    if args.no_build:
        bundle, archive, seconds = DIST / "cnnviz", None, 0.0
    else:
        bundle, archive, seconds = build()
        print(f"built {executable(bundle)} in {seconds:.0f} s")
    print(f"bundle: {folder_bytes(bundle) / 2**20:.0f} MiB unpacked")
    if archive is not None:
        print(f"archive: {archive} ({archive.stat().st_size / 2**20:.0f} MiB)")
    if args.smoke:
        for name, value in smoke(bundle).items():
            print(f"{name}: {value:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
