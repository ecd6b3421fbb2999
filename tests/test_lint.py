"""The code is clean under the linter and formatter configured in pyproject.toml ([tool.ruff]): the same
checks .pre-commit-config.yaml runs before a commit, here so that CI runs them too (issue 30)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def ruff(*args: str) -> subprocess.CompletedProcess:
    pytest.importorskip("ruff", reason="the test extra installs ruff")
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args, "--no-cache", "."], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_ruff_finds_nothing():
    result = ruff("check", "--output-format", "concise")
    assert result.returncode == 0, f"ruff check:\n{result.stdout[-4000:]}{result.stderr[-1000:]}"


def test_the_code_is_formatted():
    result = ruff("format", "--check")
    assert result.returncode == 0, (
        f"ruff format --check (run `ruff format .`):\n{result.stdout[-4000:]}{result.stderr[-1000:]}"
    )
