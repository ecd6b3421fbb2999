"""`cnnviz --language de` (no command) opens the app as `cnnviz` alone does; it was refused."""

import importlib

cli = importlib.import_module("cnnviz.cli.main")


def test_gui_options_without_the_gui_command_open_the_app(monkeypatch):
    opened = []
    monkeypatch.setitem(cli._COMMANDS, "gui", lambda args: opened.append(args) or 0)
    assert cli.main(["--language", "de"]) == 0
    assert opened and opened[-1].command == "gui" and opened[-1].language == "de"
    assert cli.main([]) == 0 and opened[-1].command == "gui"


def test_an_unknown_option_is_still_one_error_line(capsys):
    assert cli.main(["--no-such-option"]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("cnnviz: error:"), err
