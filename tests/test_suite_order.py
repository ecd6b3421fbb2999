"""The longest test files are handed to the workers first, in the order tests/suite_order.py gives."""

import tomllib
from pathlib import Path

from suite_order import LONGEST_FIRST

ROOT = Path(__file__).resolve().parents[1]


def test_the_longest_files_are_handed_out_first_in_the_order_given():
    """xdist reorders files by how many tests each has unless told not to: the one-test simulator files, the
    longest, then ran last while the other worker had nothing left."""
    addopts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["addopts"]
    assert "--dist loadfile" in addopts and "--no-loadscope-reorder" in addopts.split(), addopts
    missing = [name for name in LONGEST_FIRST if not (ROOT / name).is_file()]
    assert not missing, f"LONGEST_FIRST names files that do not exist: {missing}"
