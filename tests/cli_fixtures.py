"""Fixtures the command-line tests share (imported by them: a conftest here would reach every test)."""

import pytest


@pytest.fixture(autouse=True)
def user_data_home(tmp_path_factory, monkeypatch):
    """cnnviz train saves to the user data folder by default: never the real one in tests."""
    home = tmp_path_factory.mktemp("xdg-data")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home
