"""What the app loads when it starts: the developer modes (``cnnviz.gui.devtools``) never come with the window
a user opens, and a command line that opens no window imports no Qt.

Each check runs in a fresh Python: the test process has long imported everything its other tests use."""

import json
import os
import subprocess
import sys
import textwrap

# `cnnviz gui` as a user starts it, up to the event loop: the loop runs the calls queued for its start
# (the autosave's offer, the background warm-up), then reports the modules loaded and returns.
NORMAL_START = textwrap.dedent("""
    import json, sys
    from cnnviz.gui import theme

    make_application = theme.application

    class Application:
        def __init__(self):
            self.app = make_application()

        def exec(self):
            from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer

            loop = QEventLoop()
            QTimer.singleShot(300, loop.quit)
            loop.exec()
            QCoreApplication.processEvents()
            print(json.dumps(sorted(m for m in sys.modules if m.startswith("cnnviz"))))
            return 0

        def __getattr__(self, name):
            return getattr(self.app, name)

    theme.application = Application
    from cnnviz.cli.main import main

    sys.exit(main(["gui", "--backend", "numpy"]))
""")

COMMAND_LINE_ONLY = textwrap.dedent("""
    import json, sys
    from cnnviz.cli.main import build_parser

    build_parser().parse_args(["gui", "--tab", "map", "--screenshot", "x.png"])
    build_parser().parse_args(["train", "--epochs", "1"])
    print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6", "pyqtgraph"))))
""")


def _run(script: str, tmp_path) -> list[str]:
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        HOME=str(tmp_path),
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_CACHE_HOME=str(tmp_path / "cache"),
    )
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_window_a_user_opens_loads_no_developer_mode(tmp_path):
    loaded = _run(NORMAL_START, tmp_path)
    assert "cnnviz.gui.window" in loaded and "cnnviz.gui.panels.map" in loaded, "the window was built"
    assert [m for m in loaded if m.startswith("cnnviz.gui.devtools")] == []


def test_the_command_line_imports_no_qt_until_a_window_is_built(tmp_path):
    assert _run(COMMAND_LINE_ONLY, tmp_path) == []
