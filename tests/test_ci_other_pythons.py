"""CI's GUI lifetime tests on every other supported Python (.ci/other_pythons, issue 33): a Python the machine lacks
is said and is no failure, a failing test is; the list is the one the newest-Python stage runs."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / ".ci" / "other_pythons"

pytestmark = pytest.mark.skipif(
    sys.platform == "win32" or shutil.which("bash") is None, reason="CI's scripts are bash (Linux)"
)

FAKE_PYTHON = """#!/bin/sh
# A Python 9.8 for the test: makes a venv whose pip installs nothing and whose pytest says its arguments
case "$1" in
    -c) exit 0 ;;
    --version) echo "Python 9.8.0"; exit 0 ;;
    -m)
        mkdir -p "$3/bin"
        printf '#!/bin/sh\\nexit 0\\n' > "$3/bin/pip"
        printf 'PATH="%s/bin:$PATH"\\n' "$3" > "$3/bin/activate"
        printf '#!/bin/sh\\necho "$@" >> "%s/pytest-args"\\nexit %s\\n' "$3" "$PYTEST_EXIT" > "$3/bin/pytest"
        chmod +x "$3/bin/pip" "$3/bin/pytest"
        exit 0 ;;
esac
exit 2
"""


def _run(tmp_path, pytest_exit: int, *already_run: str):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    (bin_dir / "python9.8").write_text(FAKE_PYTHON)
    (bin_dir / "python9.8").chmod(0o755)
    env = {
        "PATH": f"{bin_dir}{os.pathsep}/usr/bin{os.pathsep}/bin",
        "HOME": str(tmp_path),
        "PYENV_ROOT": str(tmp_path / "no-pyenv"),
        "SUPPORTED": "9.9 9.8 9.7",
        "LIFETIME_TESTS": "tests/a.py tests/b.py",
        "PYTEST_EXIT": str(pytest_exit),
    }
    work = tmp_path / "work"
    done = subprocess.run(
        ["bash", str(SCRIPT), str(work), *already_run],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    args = work / "venv-9.8" / "pytest-args"
    return done.returncode, done.stdout + done.stderr, args.read_text() if args.exists() else None


def test_a_missing_python_is_said_and_no_failure_but_a_failing_test_is(tmp_path):
    code, log, args = _run(tmp_path, 1, "9.9")
    assert code != 0, log
    assert args is not None and args.split()[-2:] == ["tests/a.py", "tests/b.py"]
    assert "no Python 9.7 on this machine" in log and "not a failure" in log
    assert not (tmp_path / "work" / "venv-9.9").exists(), "a version stage 1 or 2 ran was run again"

    code, log, _ = _run(tmp_path, 0, "9.9")
    assert code == 0, log
    code, log, _ = _run(tmp_path, 5, "9.9")  # no test collected
    assert code != 0 and "collected no tests" in log


def test_no_python_to_run_is_no_failure(tmp_path):
    code, log, args = _run(tmp_path, 1, "9.8", "9.9")
    assert code == 0 and args is None, log


def test_every_python_runs_the_newest_stages_gui_lifetime_tests():
    def listed(text: str) -> list[str]:
        found = re.search(r'LIFETIME_TESTS="(?:\$\{LIFETIME_TESTS:-)?([^"}]*)', text)
        assert found, "no LIFETIME_TESTS list"
        return found.group(1).split()

    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    tests = listed(ci)
    assert tests == listed(SCRIPT.read_text(encoding="utf-8"))
    assert "tests/gui/test_restarts_leave_nothing_behind.py" in tests
    assert all((REPO / path).is_file() for path in tests), tests
    assert "$LIFETIME_TESTS" in ci and ".ci/other_pythons" in ci
