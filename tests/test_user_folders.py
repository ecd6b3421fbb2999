"""One folder scheme (cnnviz/user_folders.py): every kind of user file under the app's folder with one
appname/appauthor, and the old Windows data folder (%LOCALAPPDATA%\\cnnviz\\cnnviz) moved in without losing
anything."""

from __future__ import annotations

from pathlib import Path

from cnnviz import user_folders


class _RecordingDirs:
    """platformdirs' functions, recording how they were asked."""

    def __init__(self, root: Path):
        self.root, self.calls = root, []

    def _folder(self, kind):
        def ask(appname=None, appauthor=None, **_):
            self.calls.append((kind, appname, appauthor))
            return str(self.root / kind / (appname or ""))

        return ask

    def __getattr__(self, name):
        return self._folder(name)


def test_every_kind_asks_for_one_appname_without_an_author_folder(monkeypatch, tmp_path):
    dirs = _RecordingDirs(tmp_path)
    monkeypatch.setattr(user_folders, "_platformdirs", lambda: dirs)
    folders = user_folders.all_folders()
    assert set(folders) == {"models", "drawings", "autosave", "settings", "cache", "logs"}
    assert {(app, author) for _, app, author in dirs.calls} == {("cnnviz", False)}
    assert {kind for kind, _, _ in dirs.calls} == {"user_data_dir", "user_config_dir", "user_cache_dir", "user_log_dir"}


def test_the_callers_use_the_one_scheme(monkeypatch, tmp_path):
    from cnnviz.app import autosave
    from cnnviz.backends import numba_cache
    from cnnviz.classroom import drawings
    from cnnviz.nn import checkpoint

    monkeypatch.setattr(user_folders, "_platformdirs", lambda: _RecordingDirs(tmp_path))
    assert checkpoint.default_models_dir() == user_folders.models() == user_folders.data() / "models"
    assert drawings.default_drawings_dir() == user_folders.drawings()
    assert autosave.default_folder() == user_folders.autosave()
    assert numba_cache.user_folder() == user_folders.cache() / "numba"


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_old_windows_data_folder_moves_in_and_nothing_is_lost(tmp_path):
    new = tmp_path / "cnnviz"  # %LOCALAPPDATA%\cnnviz; the old one is inside it: %LOCALAPPDATA%\cnnviz\cnnviz
    old = new / "cnnviz"
    (old / "models").mkdir(parents=True)
    (old / "models" / "tiny-1.npz").write_bytes(b"old model")
    (old / "models" / "seed-2.npz").write_bytes(b"only old")
    (old / "drawings").mkdir()
    (old / "drawings" / "3_x_20260101-000000_abcdef.png").write_bytes(b"drawing")
    (old / "autosave-12-ab.npz").write_bytes(b"autosave")
    (new / "models").mkdir(parents=True)
    (new / "models" / "tiny-1.npz").write_bytes(b"new model")  # the same name in both: both kept
    (new / "view.json").write_text("{}", encoding="utf-8")

    moved = user_folders.migrate(old, new)

    assert not old.exists(), "the old folder is gone once empty"
    assert _tree(new) == {
        "autosave-12-ab.npz": b"autosave",
        "drawings/3_x_20260101-000000_abcdef.png": b"drawing",
        "models/seed-2.npz": b"only old",
        "models/tiny-1-from-models.npz": b"old model",
        "models/tiny-1.npz": b"new model",
        "view.json": b"{}",
    }
    assert len(moved) == 4
    assert user_folders.migrate(old, new) == [], "a second start has nothing to move"


def test_a_file_that_cannot_move_stays_and_moves_on_a_later_start(tmp_path, monkeypatch):
    old, new = tmp_path / "old", tmp_path / "new"
    (old / "models").mkdir(parents=True)
    (old / "models" / "a.npz").write_bytes(b"a")
    (old / "autosave-1-aa.npz").write_bytes(b"locked")
    real_move = user_folders.shutil.move

    def locked(source, target):
        if source.endswith("autosave-1-aa.npz"):
            raise PermissionError("in use by another process")
        return real_move(source, target)

    monkeypatch.setattr(user_folders.shutil, "move", locked)
    user_folders.migrate(old, new)
    assert (old / "autosave-1-aa.npz").read_bytes() == b"locked" and (new / "models" / "a.npz").is_file()
    monkeypatch.setattr(user_folders.shutil, "move", real_move)
    user_folders.migrate(old, new)
    assert (new / "autosave-1-aa.npz").read_bytes() == b"locked" and not old.exists()


def test_where_old_and_new_are_one_folder_nothing_happens(tmp_path):
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "m.npz").write_bytes(b"m")
    assert user_folders.migrate(tmp_path, tmp_path) == []
    assert (tmp_path / "models" / "m.npz").read_bytes() == b"m"
