#!/usr/bin/env bash
# Build cnnviz's sdist and wheel (no setuptools warning about ignored packages), install the wheel into a fresh
# venv away from the checkout with the test extra (pinned by the sdist's constraints.txt), run `cnnviz devices`
# and a 20-step training from it: what a user gets from the release's wheel; then unpack the sdist and run a
# fast subset of its own test suite (and collect all of it) against the installed wheel.
#
#   packaging/smoke_wheel.sh            # uses python3 (PYTHON=/path/to/python to choose)
#   KEEP_DIST=dist packaging/smoke_wheel.sh   # also copy the sdist and wheel to ./dist
#
# Runs under bash on Linux, macOS and Windows (Git Bash: the venv's Scripts/ folder).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-python3}
start=$(date +%s)
work=$(mktemp -d "${TMPDIR:-/tmp}/cnnviz-wheel.XXXXXX")
trap 'rm -rf "$work"' EXIT

venv_bin() { if [ -d "$1/Scripts" ]; then echo "$1/Scripts"; else echo "$1/bin"; fi; }

echo "== build sdist + wheel (python -m build: the wheel is built from the sdist)"
"$python" -m venv "$work/build-env"
build_bin=$(venv_bin "$work/build-env")
"$build_bin/python" -m pip install -q --upgrade pip build
"$build_bin/python" -m build --outdir "$work/dist" "$repo" >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }
ls -l "$work/dist"
if grep -E "Package would be ignored|SetuptoolsDeprecationWarning|is absent from the .packages. configuration" "$work/build.log"; then
    echo "smoke_wheel: setuptools warned (above); see pyproject.toml's [tool.setuptools]" >&2
    exit 1
fi
if [ -n "${KEEP_DIST:-}" ]; then mkdir -p "$KEEP_DIST" && cp "$work"/dist/* "$KEEP_DIST"/; fi

echo "== unpack the sdist"
mkdir "$work/sdist"
tar -xzf "$work"/dist/cnnviz-*.tar.gz -C "$work/sdist"
sdist=$(echo "$work"/sdist/cnnviz-*)
for needed in LICENSE CHANGELOG.md constraints.txt tests/conftest.py tests/gui/conftest.py tests/data; do
    [ -e "$sdist/$needed" ] || { echo "smoke_wheel: the sdist lacks $needed" >&2; exit 1; }
done

echo "== install the wheel (with its test extra, pinned) into a fresh venv"
"$python" -m venv "$work/venv"
bin=$(venv_bin "$work/venv")
wheel=$(echo "$work"/dist/cnnviz-*.whl)
"$bin/python" -m pip install -q "$wheel[test]" -c "$sdist/constraints.txt"

echo "== run it from outside the checkout"
cd "$work"
unset PYTHONPATH
export HOME="$work/home" XDG_CACHE_HOME="$work/home/.cache" XDG_DATA_HOME="$work/home/.local/share"
mkdir -p "$HOME"
location=$("$bin/python" -c 'import cnnviz, os; print(os.path.dirname(cnnviz.__file__))')
case "$location" in "$repo"*) echo "smoke_wheel: imported the checkout ($location), not the wheel" >&2; exit 1;; esac
"$bin/python" -c 'from importlib import resources; from cnnviz.gui import language
assert all(language.catalogue_path(c).is_file() for c in language.LANGUAGES if c != "en"), "translations missing"'
"$bin/cnnviz" devices
"$bin/cnnviz" train --net tiny --steps 20 --no-save

echo "== the sdist's own tests against the installed wheel: all collected, a fast subset run"
cd "$sdist"
export QT_QPA_PLATFORM=offscreen
# pytest (not python -m pytest) keeps the sdist's folder off sys.path: the tests import the installed wheel.
"$bin/pytest" -p no:cacheprovider -n 0 -q --collect-only tests >"$work/collect.log" 2>&1 \
    || { tail -30 "$work/collect.log"; echo "smoke_wheel: the sdist's tests do not all collect" >&2; exit 1; }
tail -1 "$work/collect.log"
"$bin/pytest" -p no:cacheprovider -n 0 -q tests/test_release.py tests/test_wheel_contents.py tests/data/test_idx_reader.py \
    tests/data/test_files_and_limits.py
echo "smoke_wheel: ok in $(( $(date +%s) - start )) s"
