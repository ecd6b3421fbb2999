"""The commit-msg check (tools/check_commit_subject.py) refuses subjects over 72 characters (issue 30)."""

import importlib.util
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[1] / "tools" / "check_commit_subject.py"


@pytest.fixture(scope="module")
def check():
    if not TOOL.exists():
        pytest.skip("tools/ is not shipped in this tree")
    spec = importlib.util.spec_from_file_location("check_commit_subject", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_subject_of_72_characters_passes_and_73_is_refused(check, tmp_path):
    ok, long = tmp_path / "ok", tmp_path / "long"
    ok.write_text("x" * 72 + "\n\nThe why, as long as it needs to be. " * 5)
    long.write_text("# a comment git strips\n" + "y" * 73 + "\n")
    assert check.main([str(ok)]) == 0
    assert check.main([str(long)]) == 1
    assert "73 characters" in check.problem(long.read_text())


def test_an_empty_message_is_refused_and_merges_pass(check):
    assert check.problem("# only a comment\n\n") == "the commit message has no subject"
    assert check.problem("Merge branch 's41-audit' of a very long name " + "z" * 60) is None


def test_the_pre_commit_config_runs_it_at_the_commit_msg_stage():
    path = TOOL.parents[1] / ".pre-commit-config.yaml"
    if not path.exists():
        pytest.skip("no .pre-commit-config.yaml in this tree (an unpacked sdist)")
    config = path.read_text()
    assert "tools/check_commit_subject.py" in config and "commit-msg" in config
