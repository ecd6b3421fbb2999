#!/usr/bin/env bash
# Build cnnviz's sdist and wheel, install the wheel into a fresh venv away from the checkout, and run
# `cnnviz devices` and a 20-step training from it: what a user gets from `pip install cnnviz`.
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
if [ -n "${KEEP_DIST:-}" ]; then mkdir -p "$KEEP_DIST" && cp "$work"/dist/* "$KEEP_DIST"/; fi

echo "== install the wheel into a fresh venv"
"$python" -m venv "$work/venv"
bin=$(venv_bin "$work/venv")
"$bin/python" -m pip install -q "$work"/dist/cnnviz-*.whl

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
echo "smoke_wheel: ok in $(( $(date +%s) - start )) s"
