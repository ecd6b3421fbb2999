"""The architecture's import rules (docs/architecture.md), enforced by import-linter.

The contracts live in pyproject.toml ([tool.importlinter]): imports only go down
(data/backends -> nn -> train -> classroom -> app -> gui -> cli), only cnnviz.gui imports
Qt or pyqtgraph (the application model, cnnviz.app, neither Qt nor the gui), and no two modules of a package import
each other in a cycle.
"""

import logging
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_import_contracts_are_kept(capsys):
    from importlinter import cli  # the test extra installs it

    # lint_imports configures logging with logging.config.dictConfig, which disables every logger that
    # exists (cnnviz's too): later tests in this process then found the log file empty.
    enabled = [
        lg for lg in logging.Logger.manager.loggerDict.values() if isinstance(lg, logging.Logger) and not lg.disabled
    ]
    try:
        code = cli.lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    finally:
        for lg in enabled:
            lg.disabled = False
    report = capsys.readouterr().out
    assert code == 0, report
    assert "5 kept, 0 broken" in report, report
