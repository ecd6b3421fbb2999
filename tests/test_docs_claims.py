"""docs/claims.md lists the docs' claims with the test or code line that keeps each (issue 30). A claim is only
kept while what it cites exists: every ``path::name`` there must name a file of the repository and a function,
class or assignment in it (a renamed or deleted test would otherwise leave its claim unkept, silently), and a
constant cited with its value (``path::NAME`` (= value)) must still have it.

The rest of the file checks the docs' own words against the code wherever that is mechanical: the README's
command table against the parser, its presets, tabs, keys and system libraries; about 90 numbers the docs state
against the constants that set them; every file the app reads against docs/security.md's table (from the syntax
tree); every name the docs quote. Each check has a test showing it fails on a wrong input, and all of them together
take seconds: they read text, import modules and parse, and build no window and train nothing."""

import ast
import math
import os
import re
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLAIMS = ROOT / "docs" / "claims.md"
CITATION = re.compile(r"`((?:tests|cnnviz)/[\w/]+\.py)(?:::(\w+))?`")


@cache
def defined_names(path: Path) -> frozenset[str]:
    """Every function, class and assigned name anywhere in the module at ``path``."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return frozenset(names)


def unkept(text: str) -> list[str]:
    """The citations in ``text`` whose file or name does not exist."""
    missing = []
    for path, name in CITATION.findall(text):
        file = ROOT / path
        if not file.is_file():
            missing.append(path)
        elif name and name not in defined_names(file):
            missing.append(f"{path}::{name}")
    return missing


def test_every_test_and_name_a_claim_cites_exists():
    text = CLAIMS.read_text(encoding="utf-8")
    assert len(CITATION.findall(text)) >= 100, "the list cites its tests as `path::name`"
    assert unkept(text) == []


def test_the_check_finds_a_citation_that_is_gone():
    assert unkept("`tests/test_docs_claims.py::test_that_was_renamed` `tests/no_such_file.py`") == [
        "tests/test_docs_claims.py::test_that_was_renamed",
        "tests/no_such_file.py",
    ]
    assert unkept("`tests/test_docs_claims.py::CLAIMS` `cnnviz/data/limits.py::MAX_LAYERS`") == []


# A code line is cited with its value: `cnnviz/data/limits.py::MAX_LAYERS` (= 64); the constant must have it.
VALUED = re.compile(r"`(cnnviz/[\w/]+\.py)::(\w+)` \(= ([^)`]+)\)")
ARITHMETIC = (ast.Expression, ast.Constant, ast.BinOp, ast.UnaryOp, ast.Add, ast.Sub, ast.Mult, ast.Pow, ast.USub)


def number(text: str):
    """The value a citation gives: a literal or plain arithmetic of literals (``512 * 2**20``)."""
    tree = ast.parse(text, mode="eval")
    if not all(isinstance(node, ARITHMETIC) for node in ast.walk(tree)):
        raise ValueError(f"not a plain value: {text}")
    return eval(compile(tree, "<claims>", "eval"), {"__builtins__": {}})


def wrong_values(text: str) -> list[str]:
    """The valued citations in ``text`` whose constant has another value (or none)."""
    import importlib

    wrong = []
    for path, name, value in VALUED.findall(text):
        module = importlib.import_module(path[: -len(".py")].replace("/", "."))
        actual = getattr(module, name, "(missing)")
        if actual != number(value):
            wrong.append(f"{path}::{name} is {actual!r}, not {value}")
    return wrong


def test_every_constant_a_claim_cites_has_the_value_it_gives():
    text = CLAIMS.read_text(encoding="utf-8")
    constants = [(path, name) for path, name in CITATION.findall(text) if name.lstrip("_").isupper()]
    valued = [(path, name) for path, name, _value in VALUED.findall(text)]
    assert len(valued) >= 17 and sorted(set(constants) - set(valued)) == [], "a constant is cited with its value"
    assert wrong_values(text) == []


def test_the_value_check_finds_a_constant_that_changed():
    assert wrong_values("`cnnviz/data/limits.py::MAX_LAYERS` (= 65) `cnnviz/data/limits.py::NOT_THERE` (= 1)") == [
        "cnnviz/data/limits.py::MAX_LAYERS is 64, not 65",
        "cnnviz/data/limits.py::NOT_THERE is '(missing)', not 1",
    ]
    assert wrong_values("`cnnviz/data/limits.py::FIXED_BUDGET_BYTES` (= 512 * 2**20)") == []


def test_the_list_covers_the_docs_it_names_and_is_linked_from_the_architecture():
    text = CLAIMS.read_text(encoding="utf-8")
    for doc in ("security", "architecture", "performance", "classroom"):
        assert f"## docs/{doc}.md" in text
    assert "## README.md" in text
    assert "claims.md" in (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


# --- Claims checked against the code itself, not only the names they cite ----------------------------------------


def doc_text(name: str) -> str:
    """A document with its lines joined, so that a phrase may wrap anywhere."""
    return " ".join((ROOT / name).read_text(encoding="utf-8").split())


# The README's command table: every flag it documents is in the command's --help, every choice it lists is
# accepted there, and a value it gives as the default is the parser's default.
COMMAND_ROW = re.compile(r"^\| `cnnviz (\w+)([^`]*)` \|", re.M)
FLAG = re.compile(r"(--[a-z][\w-]*)(?: ([^\s\[\]]+))?")
PLACEHOLDER = re.compile(r"[A-Z]")


@cache
def command_help(command: str) -> tuple[str, dict]:
    """``cnnviz COMMAND --help``'s text and the defaults of the command's options."""
    import contextlib
    import io

    from cnnviz.cli.main import build_parser

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        build_parser().parse_args([command, "--help"])
    required = {"predict": ["x.png"], "fool": ["x.png", "--target", "1", "--out", "x.png"], "filters": ["--out", "x"]}
    defaults = vars(build_parser().parse_args([command, *required.get(command, [])]))
    return " ".join(out.getvalue().split()), defaults


def readme_command_problems(text: str) -> list[str]:
    """What the command table in ``text`` says that the parser does not."""
    from cnnviz.cli.main import UsageError

    problems = []
    for command, synopsis in COMMAND_ROW.findall(text):
        try:
            help_text, defaults = command_help(command)
        except UsageError:
            problems.append(f"cnnviz {command}: no such command")
            continue
        for flag, value in FLAG.findall(synopsis.replace("\\|", "|")):
            if not re.search(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", help_text):
                problems.append(f"cnnviz {command} {flag}: not in its --help")
                continue
            if not value or value == "..." or PLACEHOLDER.search(value) and "|" not in value:
                continue
            words = [w for w in value.split("|") if not PLACEHOLDER.search(w)]
            if len(words) == 1 and (words[0].isdigit() or "," in words[0]):  # `--batch 64`: the default
                dest = flag[2:].replace("-", "_")
                if str(defaults.get(dest)) != words[0]:
                    problems.append(f"cnnviz {command} {flag}: documented {words[0]}, default {defaults.get(dest)}")
                continue
            for word in words:
                if not re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", help_text):
                    problems.append(f"cnnviz {command} {flag} {word}: not in its --help")
    return problems


def test_the_readme_s_commands_flags_choices_and_defaults_are_the_parser_s():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(COMMAND_ROW.findall(text)) == 7, "the README's table of headless commands"
    assert readme_command_problems(text) == []


def test_the_command_check_finds_a_flag_a_choice_and_a_default_that_are_not_so():
    row = "| `cnnviz bench [--batch 32] [--backends numpy,numba] [--colour] [--against torch\\|jax]` | x |"
    assert readme_command_problems(row) == [
        "cnnviz bench --batch: documented 32, default 64",
        "cnnviz bench --colour: not in its --help",
        "cnnviz bench --against jax: not in its --help",
    ]
    assert readme_command_problems("| `cnnviz teach [--net tiny]` | x |") == ["cnnviz teach: no such command"]


# The README's presets: each layer's shape as the table gives it is the preset's, and the fast preset's recipe is
# the one the table gives.
PRESET_ROW = re.compile(r"^\| `(\w+)` \| (.+) \|$", re.M)
LAYER_SHAPE = re.compile(r"conv(\d)x\1 (\d+)→(\d+)|dense (\d+)→(\d+)")


def test_the_readme_s_presets_are_the_code_s():
    from cnnviz.nn.model import PRESET_RECIPES, PRESETS, Sequential

    rows = dict(PRESET_ROW.findall((ROOT / "README.md").read_text(encoding="utf-8")))
    assert sorted(rows) == sorted(PRESETS)
    for name, layers in rows.items():
        documented = [
            (int(c_out), int(c_in), int(k), int(k)) if k else (int(d_out), int(d_in))
            for k, c_in, c_out, d_in, d_out in LAYER_SHAPE.findall(layers)
        ]
        weights = [s for key, s in Sequential.from_spec(PRESETS[name]).parameter_shapes().items() if "weight" in key]
        assert documented == weights, name
    assert (
        "with its recipe: 1.5 epochs, batch 256, Adam lr 0.01, betas (0.7, 0.9), one-cycle with a 15 % warm-up"
        in rows["fast"]
    )
    assert PRESET_RECIPES == {
        "fast": {
            "epochs": 1.5,
            "batch_size": 256,
            "lr": 0.01,
            "optimizer": "adam",
            "beta1": 0.7,
            "beta2": 0.9,
            "schedule": "onecycle",
            "warmup": 0.15,
        }
    }


def test_the_tabs_the_readme_lists_are_the_registry_s():
    from cnnviz.gui.panels.registry import PANELS, TAB

    text = doc_text("README.md").split("Tabs for the classroom: ")[1].split("; the Draw panel says")[0]
    listed = re.findall(r"\*\*([^*]+)\*\*", text)
    tabs = [spec for spec in PANELS if spec.place == TAB]
    assert len(listed) == len(tabs) and all(any(name in (s.title, s.short) for s in tabs) for name in listed), listed


def test_the_lessons_docs_classroom_lists_are_the_bundled_ones():
    import json

    text = doc_text("docs/classroom.md").split("The **Lessons** menu loads")[1].split("Loading a lesson during")[0]
    named = re.findall(r'"([^"]+)"', text)
    titles = [
        json.loads(f.read_text(encoding="utf-8"))["title"] for f in sorted((ROOT / "assets/presets").glob("*.json"))
    ]
    assert len(titles) == 8 and all(any(title.startswith(name) for name in named) for title in titles), (named, titles)
    same_start = json.loads((ROOT / "assets/presets/06_same_start_two_learning_rates.json").read_text(encoding="utf-8"))
    assert "plain SGD, 200 steps" in doc_text("docs/classroom.md")
    assert (
        same_start["optimizer"],
        same_start["schedule"],
        same_start["train_samples"] // same_start["batch_size"],
    ) == (
        "sgd",
        "constant",
        200,
    )


# Numbers the docs state that a constant of the code sets: (document, the phrase as written, the code's value,
# the value the phrase says). Changing either the text or the code without the other fails here.
def documented_numbers():
    from cnnviz.app import autosave, class_canvas, class_training
    from cnnviz.app.state import GUI_TRAIN_DEFAULTS
    from cnnviz.classroom import adversarial, drawings, lessons, optimised_inputs, uncertainty
    from cnnviz.cli import bench, bench_machine
    from cnnviz.cli import filters as cli_filters
    from cnnviz.data import limits, photo
    from cnnviz.gui import class_canvas as gui_class_canvas
    from cnnviz.gui import garbage, presenter, router, session, theme, window, window_memory, zoom
    from cnnviz.gui.devtools import fit, fit_plots
    from cnnviz.gui.panels import classify_bars, pictures
    from cnnviz.gui.panels import filters as filters_panel
    from cnnviz.gui.panels import fool as fool_panel
    from cnnviz.gui.panels import map as map_panel
    from cnnviz.nn import checkpoint, checkpoint_meta
    from cnnviz.nn.model import Sequential
    from cnnviz.train import config, thread_choice
    from cnnviz.web import server, strokes

    web = server.Limits()
    gui_eval_every = GUI_TRAIN_DEFAULTS["eval_every"]
    kb = 1024
    shapes_net = Sequential.from_spec(class_training.class_net(3), num_classes=3).parameter_shapes()
    runs = class_training.RUN_SETTINGS
    return [
        (
            "docs/see-inside.md",
            "(at least 64 px a side and no flat background: under half the pixels share one grey level;",
            (photo.PHOTO_SIDE, photo.FLAT_BACKGROUND),
            (64, 0.5),
        ),
        (
            "docs/see-inside.md",
            "measured in 8 x 8 blocks (each block's paper: its 90th percentile, the 10th on a dark page,",
            (photo.LIGHT_GRID, photo.PAPER_PERCENTILE),
            (8, 90),
        ),
        (
            "docs/see-inside.md",
            'Budgets: "a little everywhere" starts at ± 50 levels (about a fifth of full white), "the fewest pixels" '
            "at ± 255",
            (fool_panel.BUDGET["bim"], fool_panel.BUDGET["pixels"]),
            (50, 255),
        ),
        ("docs/see-inside.md", "after a 0.3 s pause", fool_panel.PAUSE_MS, 300),
        (
            "docs/architecture.md",
            "the window takes the server's arrivals onto the wall at most four times a second (`COLLECT_EVERY_S`)",
            gui_class_canvas.COLLECT_EVERY_S,
            0.25,
        ),
        ("docs/architecture.md", "(KeptMemory, the window's 5 s timer)", window.HEAP_CHECK_MS, 5000),
        ("docs/architecture.md", "pyqtgraph's `GarbageCollector` on a 250 ms timer", garbage.INTERVAL_S, 0.25),
        ("docs/architecture.md", "and hands them over at most 10 times a second", session.FLUSH_HZ, 10),
        ("docs/architecture.md", "at the router's throttled `TICK`, at most 5 times a second", router.CURVES_HZ, 5),
        (
            "docs/see-inside.md",
            "the tab keeps every map it made in the run (up to 120, older ones thinned out)",
            map_panel.MAX_HISTORY,
            120,
        ),
        (
            "docs/see-inside.md",
            "Bounded: all 2,000 held-out images for a small net, the first 500 of them for one of 100,000 weights or "
            "more.",
            (uncertainty.APP_IMAGES, uncertainty.APP_IMAGES_LARGE_NET, uncertainty.LARGE_NET_PARAMETERS),
            (2000, 500, 100_000),
        ),
        (
            "docs/see-inside.md",
            "at most 256 layers, finite milliseconds in [0, 1e7]",
            (checkpoint_meta.MAX_TIMING_LAYERS, checkpoint_meta.MAX_TIMING_MS),
            (256, 1e7),
        ),
        ("docs/see-inside.md", "after every evaluation (every 100 steps in the app,", gui_eval_every, 100),
        (
            "docs/security.md",
            "a kept run's timings (backend and layer names), takes only plain lower-case names "
            "(`[a-z][a-z0-9_]{0,39}`,",
            checkpoint_meta.TIMING_NAME.pattern,
            "[a-z][a-z0-9_]{0,39}",
        ),
        (
            "docs/security.md",
            "| 2 to 10 distinct names of at most 24 characters, as many as the net's outputs;",
            (checkpoint_meta.MAX_CLASS_NAMES, checkpoint_meta.MAX_CLASS_NAME_CHARS),
            (10, 24),
        ),
        (
            "docs/classroom.md",
            "feature maps under 24 px, kernels under 16 px, a canvas under 200 px, a plot under 80 px (probability "
            "bars: 50 px)",
            (
                fit.MIN_FEATURE_MAP_PX,
                fit.MIN_KERNEL_PX,
                fit.MIN_CANVAS_PX,
                fit_plots.MIN_PLOT_PX,
                classify_bars.MIN_BARS_PX,
            ),
            (24, 16, 200, 80, 50),
        ),
        ("docs/classroom.md", "the probability bars' digits under 4 px apart", classify_bars.DIGIT_SPACE_PX, 4),
        ("docs/classroom.md", "the Fool tab's pictures under 56 px", pictures.MIN_PICTURE_PX, 56),
        (
            "docs/classroom.md",
            "presenter mode without the curves, the maps, the canvas and its answer together or with figures under "
            "28 px",
            (fit.TOGETHER, fit.READABLE_PX),
            (("curves", "feature maps", "canvas", "answer"), 28),
        ),
        (
            "docs/classroom.md",
            "Presenter mode is a zoom of its own (15 pt instead of 11, 136 %)",
            (presenter.BASE_PT, theme.UNZOOMED["BASE_POINT_SIZE"], round(100 * presenter.BASE_PT / 11)),
            (15, 11, 136),
        ),
        (
            "docs/classroom.md",
            "a fresh tiny net (conv5-8, conv3-16, one output per class: 3,731 weights for three classes)",
            (class_training.CLASS_NET_BASE, sum(math.prod(shape) for shape in shapes_net.values())),
            ("conv5-8,relu,pool,conv3-16,relu,pool", 3731),
        ),
        (
            "docs/classroom.md",
            "each drawing repeated, moved by up to two pixels, to 1,920 images a pass; three passes, 180 steps of 32",
            (
                class_training.MAX_SHIFT,
                class_training.TRAIN_IMAGES,
                runs["epochs"],
                runs["epochs"] * class_training.TRAIN_IMAGES / runs["batch_size"],
                runs["batch_size"],
            ),
            (2, 1920, 3.0, 180.0, 32),
        ),
        (
            "docs/classroom.md",
            "At least 2 accepted drawings of each class are needed",
            class_training.MIN_PER_CLASS,
            2,
        ),
        (
            "docs/security.md",
            "| settings `view.json` (zoom, language; user config folder) | 64 KB, depth 4 |",
            (zoom.MAX_SETTINGS_BYTES, zoom.MAX_SETTINGS_DEPTH),
            (64 * kb, 4),
        ),
        (
            "docs/security.md",
            "Open recent; beside `view.json`, read by Qt's `QSettings`) | 64 KB, regular files only,",
            window_memory.MAX_WINDOW_BYTES,
            64 * kb,
        ),
        (
            "docs/security.md",
            "| lesson presets (`--lesson`, the Lessons menu) | 256 KB, depth 4 |",
            (lessons.MAX_LESSON_BYTES, lessons.MAX_LESSON_DEPTH),
            (256 * kb, 4),
        ),
        (
            "docs/security.md",
            "(`index.json` of a drawings folder) | 16 MB, depth 8 |",
            (drawings.MAX_INDEX_BYTES, drawings.MAX_INDEX_DEPTH),
            (16 * kb * kb, 8),
        ),
        (
            "docs/security.md",
            "the restore offer) | 1 M characters, depth 16,",
            (checkpoint.MAX_META_CHARS, limits.MAX_JSON_DEPTH),
            (1_000_000, 16),
        ),
        ("docs/security.md", "| epochs and losses at most 1e12 |", checkpoint_meta.MAX_HISTORY_VALUE, 1e12),
        (
            "docs/security.md",
            "| 64 KB, depth 2, whole numbers 1 to 4,096 |",
            (thread_choice.MAX_BYTES, thread_choice.MAX_THREADS),
            (64 * kb, 4096),
        ),
        (
            "docs/security.md",
            "which model's filters it holds) | 1 MB, depth 16 |",
            (cli_filters.MAX_MANIFEST_BYTES, limits.MAX_JSON_DEPTH),
            (kb * kb, 16),
        ),
        (
            "docs/security.md",
            "(`--steps` at most 10,000 and 2,000, `--images` at most 10,000,",
            (adversarial.MAX_STEPS, optimised_inputs.MAX_STEPS, cli_filters.TEST_IMAGES),
            (10_000, 2000, 10_000),
        ),
        (
            "docs/security.md",
            "a body of at most 32 KB (413, also when chunked), sent within 5 s (408)",
            (web.max_body_bytes, web.body_seconds),
            (32 * kb, 5.0),
        ),
        (
            "docs/security.md",
            "at most 64 strokes and 2,000 points in all, whole numbers inside a canvas of at most "
            "4096 px, a label among the classes, a pseudonym of at most 24 characters",
            (strokes.MAX_STROKES, strokes.MAX_POINTS, strokes.MAX_SIDE, strokes.MAX_PSEUDONYM),
            (64, 2000, 4096, 24),
        ),
        ("docs/security.md", "40 requests a second per address", web.requests_per_second, 40.0),
        (
            "docs/security.md",
            "64 requests in flight (503), 256 connections in all and 48 per address, none open "
            'longer than 30 s (told "Connection: close" with its answers from 24 s on, closed after its request '
            "in hand at 30 s, cut at 32 s",
            (
                web.in_flight,
                web.connections,
                web.connections_per_address,
                web.connection_seconds,
                server.WIND_DOWN * web.connection_seconds,
                web.connection_seconds + web.connection_grace_seconds,
            ),
            (64, 256, 48, 30.0, 24.0, 32.0),
        ),
        (
            "docs/security.md",
            "per session at most 3,000 drawings, 200 per phone, 500 phones and 400 waiting",
            (
                class_canvas.MAX_SESSION_DRAWINGS,
                class_canvas.MAX_PER_PHONE,
                class_canvas.MAX_PHONES,
                class_canvas.MAX_PENDING,
            ),
            (3000, 200, 500, 400),
        ),
        ("docs/security.md", "48 random bits (`secrets.token_urlsafe(6)`)", class_canvas.TOKEN_BYTES * 8, 48),
        (
            "docs/classroom.md",
            "step the app's own sizes through 80, 90, 100, 110, 125, 150, 175 and 200 %",
            zoom.STEPS,
            (80, 90, 100, 110, 125, 150, 175, 200),
        ),
        ("docs/classroom.md", "every 3 minutes of training", autosave.EVERY_S, 180.0),
        ("docs/classroom.md", "listing the newest five runs whose app has ended", autosave.MAX_OFFERED, 5),
        (
            "docs/classroom.md",
            "(at most 500 points each for training and testing;",
            checkpoint_meta.MAX_HISTORY_POINTS,
            500,
        ),
        ("docs/classroom.md", "2 to 10 names of up to 24 characters", class_canvas.MAX_CLASS_NAME_CHARS, 24),
        (
            "docs/measuring.md",
            "`--repeat` 1 to 100, `--steps` 1 to 10000, `--batch` 1 to 8192",
            (bench.MAX_REPEAT, bench.MAX_STEPS, config.MAX_BATCH),
            (100, 10000, 8192),
        ),
        (
            "docs/measuring.md",
            "At 0.5 or more before starting (a quarter of the cores on a machine with more than two",
            (bench_machine.BUSY_LOAD, bench_machine.busy_load() == max(0.5, bench_machine.cpu_count() / 4)),
            (0.5, True),
        ),
        (
            "docs/see-inside.md",
            "the 96th percentile of the scores of 2,000 held-out MNIST test images (every fifth, from the second)",
            (
                uncertainty.ACCEPT,
                len(range(10_000)[uncertainty.CALIBRATION_SLICE]),
                uncertainty.CALIBRATION_SLICE.start,
                uncertainty.CALIBRATION_SLICE.step,
            ),
            (0.96, 2000, 1, 5),
        ),
        ("docs/see-inside.md", "its top 9 of the **first 2,000 test images**", filters_panel.TEST_IMAGES, 2000),
        (
            "docs/see-inside.md",
            "Steps: 32 for a conv layer, 64 for the classes, fewer where the forward multiply-adds of a step "
            "(`step_macs`: each picture through the layers below and its own unit's channel) would pass 11 G in all "
            "(never below 12)",
            (filters_panel.STEPS, filters_panel.CLASS_STEPS, filters_panel.STEP_BUDGET_MACS, filters_panel.MIN_STEPS),
            (32, 64, 11e9, 12),
        ),
    ]


def test_the_numbers_the_docs_state_are_the_code_s():
    wrong = []
    for doc, phrase, value, expected in documented_numbers():
        if phrase not in doc_text(doc):
            wrong.append(f"{doc}: no longer says {phrase!r}")
        elif value != expected:
            wrong.append(f"{doc}: says {phrase!r}, the code has {value!r}")
    assert wrong == []


def test_the_variables_docs_security_names_change_the_limits():
    import subprocess

    assert (
        "(`cnnviz/data/limits.py`; `CNNVIZ_MEMORY_BUDGET_MB`, `CNNVIZ_MAX_PARAMETERS`, `CNNVIZ_MAX_LAYERS` change "
        "the limits)" in doc_text("docs/security.md")
    )
    variables = {"CNNVIZ_MEMORY_BUDGET_MB": "7", "CNNVIZ_MAX_PARAMETERS": "1234", "CNNVIZ_MAX_LAYERS": "3"}
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from cnnviz.data import limits as l; print(l.FIXED_BUDGET_BYTES, l.MAX_PARAMETERS, l.MAX_LAYERS)",
        ],
        env={**os.environ, **variables, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.split() == [str(7 * 2**20), "1234", "3"], done.stderr


def test_every_key_the_docs_name_is_bound_to_what_they_say():
    from cnnviz.gui.shortcuts import SHORTCUTS

    bound = {key: s.name for s in SHORTCUTS for key in s.keys}
    keys = {  # the documented key -> the shortcut's name in the one table of keys
        "Space": "start_or_pause",
        "S": "step",
        "C": "clear_drawing",
        "Left": "previous_test_image",
        "Right": "next_test_image",
        "PgDown": "lesson_next",
        "N": "lesson_next",
        "PgUp": "lesson_back",
        "B": "lesson_back",
        "Ctrl+Tab": "next_tab",
        "Ctrl+PgDown": "next_tab",
        "Ctrl+Shift+Tab": "previous_tab",
        "Ctrl+PgUp": "previous_tab",
        "K": "keep_for_comparison",
        "F5": "presenter",
        "F1": "help",
        "?": "help",
        "Ctrl+=": "zoom_in",
        "Ctrl++": "zoom_in",
        "Ctrl+-": "zoom_out",
        "Ctrl+0": "zoom_reset",
        "F6": "class_canvas",
        "A": "accept_drawing",
        "H": "hold_back_drawing",
        "R": "reject_drawing",
    }
    assert {key: bound.get(key) for key in keys} == keys
    classroom, readme = doc_text("docs/classroom.md"), doc_text("README.md")
    for phrase in (
        "Keys (**F1** or **?** lists them): Space start/pause/resume, S one step, C clear the drawing, ← → the test "
        "image, PgDown/PgUp (or N/B) the lesson's steps, Ctrl+Tab / Ctrl+PgDown and Ctrl+Shift+Tab / Ctrl+PgUp the "
        "next and previous tab, K keep this run for comparison, F5 presenter mode.",
        "(**Ctrl+=** or **Ctrl++**), Zoom out (**Ctrl+-**) and Actual size (**Ctrl+0**)",
        "Lessons > Open class canvas, **F6**,",
        "**A** accepts the chosen drawing",
        "**H** keeps it for *our own test set*",
        "**R** rejects it",
    ):
        assert phrase in classroom, phrase
    assert "(Space start/pause, S step, C clear the drawing, ← → the test image)" in readme


def test_the_readme_s_system_libraries_are_the_ones_the_app_checks():
    from cnnviz.gui.system_libraries import QT_GUI_LIBRARIES, XCB_LIBRARIES

    text = doc_text("README.md")
    listed = re.search(r"On Debian/Ubuntu they are: ([\w .-]+?)\. ", text)[1].split()
    assert sorted(listed) == sorted({lib.debian for lib in QT_GUI_LIBRARIES + XCB_LIBRARIES})


def test_every_extra_the_docs_name_is_one_pyproject_offers():
    import tomllib

    offered = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    )
    texts = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
    named = {
        (path.name, extra)
        for path in texts
        for group in re.findall(r"(?:\.|\.whl)\[([a-z0-9,-]+)\]", path.read_text(encoding="utf-8"))
        for extra in group.split(",")
    }
    assert {extra for _path, extra in named} >= {"test", "gpu", "bench", "bundle", "cuda-test"}
    assert sorted((path, extra) for path, extra in named if extra not in offered) == []


def heading_anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file (lower case, punctuation dropped, spaces -> -)."""
    headings = re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), re.M)
    return {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-") for heading in headings}


def broken_references(root: Path = ROOT) -> list[str]:
    """``docs/X.md`` named in the code, tests, tools and docs that does not exist, and Markdown links between the
    docs (with their #anchors) that lead nowhere."""
    broken = []
    sources = [p for folder in ("cnnviz", "tests", "tools", "packaging", "docs") for p in (root / folder).rglob("*")]
    for path in [*sources, root / "README.md", root / "CONTRIBUTING.md"]:
        if path.suffix not in (".py", ".md") or not path.is_file() or path.name == Path(__file__).name:
            continue  # (this file names missing docs on purpose)
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(root).as_posix()
        broken += [f"{where}: {name}" for name in re.findall(r"docs/[\w.-]+\.md", text) if not (root / name).is_file()]
        if path.suffix != ".md":
            continue
        for target, anchor in re.findall(r"\]\(([\w./-]+\.md)(?:#([^)]+))?\)", text):
            linked = (path.parent / target).resolve()
            if not linked.is_file():
                broken.append(f"{where}: {target}")
            elif anchor and anchor not in heading_anchors(linked):
                broken.append(f"{where}: {target}#{anchor}")
    return broken


def test_every_doc_named_and_every_link_between_docs_leads_somewhere():
    assert broken_references() == []


def test_the_reference_check_finds_a_missing_doc_and_a_wrong_anchor(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text(
        "# A kept run (A | B)\n[x](b.md) [y](a.md#a-kept-run-a--b) [z](a.md#gone)\n"
    )
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "t.py").write_text("# see docs/uncertainty.md\n")
    for name in ("README.md", "CONTRIBUTING.md"):
        (tmp_path / name).write_text("[a](docs/a.md#a-kept-run-a--b)\n")
    assert broken_references(tmp_path) == [
        "tests/t.py: docs/uncertainty.md",
        "docs/a.md: b.md",
        "docs/a.md: a.md#gone",
    ]


REPO_PATH = re.compile(r"(?<![\w/~.$%-])((?:cnnviz|tests|tools|packaging|assets|\.ci|\.github)/[\w./-]*\w/?)")
EXAMPLES = {"tests/x/test_y.py", "cnnviz/assets/"}  # a placeholder; the wheel's layout, not the tree's


def missing_paths(text: str, root: Path = ROOT) -> list[str]:
    """The repository paths ``text`` names (``tests/gui/test_fit.py``, ``cnnviz/web/static/``) that do not exist;
    a name cut short by a placeholder (``test_<name>.py``, ``cnnviz_{de,ja}.ts``) is skipped."""
    found = []
    for match in REPO_PATH.finditer(text):
        path, after = match[1], text[match.end() : match.end() + 1]
        if (after and after in "<{*") or path in EXAMPLES or (root / path).exists():
            continue
        found.append(path)
    return sorted(set(found))


def test_every_repository_path_the_docs_name_exists():
    texts = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
    assert {str(path.name): missing_paths(path.read_text(encoding="utf-8")) for path in texts} == {
        str(path.name): [] for path in texts
    }
    assert missing_paths("`tests/gui/test_gone.py`, `cnnviz/gui/`, ~/.local/share/cnnviz/models, test_<n>.py") == [
        "tests/gui/test_gone.py"
    ]


def test_every_module_the_architecture_names_exists():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    elsewhere = {"test_ops.py"}  # tinygrad's, named for its habit
    files = {p.name for folder in ("cnnviz", "tests", "packaging", "tools") for p in (ROOT / folder).rglob("*.py")}
    named = set(re.findall(r"(?<![\w.])(\w+\.py)\b", text)) - elsewhere
    assert len(named) > 100
    assert sorted(named - files) == []


NOT_OURS = {  # names docs/architecture.md quotes that cnnviz does not define, and whose they are
    "GarbageCollector": "pyqtgraph",
    "QGroupBox": "Qt",
    "QtViewer": "napari",
    "ViewerModel": "napari",
    "TYPE_CHECKING": "typing",
    "web": "the package cnnviz.web",
    "assets": "the package cnnviz.assets (assets/)",
    "toml": "pyproject.toml",
    "QT_SCALE_FACTOR": "Qt",
    "fsync": "os",
    "fstat": "os",
    "tracemalloc": "Python",
    "NUMBA_NUM_THREADS": "numba's own environment variable",
    "ini": "window.ini, a file name",
}


DEFINITIONS = re.compile(
    r"\b(?:def|class)[ \t]+(\w+)"  # a function or class
    r"|^[ \t]*(?:self\.)?(\w+)[ \t]*(?::[^=\n]+)?=(?!=)"  # an assignment, annotated or not, or a field
    r"|[\"'](\w+)[\"']"  # a name given as a string (the app state's events)
    r"|[(,][ \t]*\*{0,2}(\w+)[ \t]*[:=,)]",  # an argument
    re.M,
)


def defined_anywhere(*places: str) -> frozenset[str]:
    """Every module, function, class, assigned name, field, argument or quoted name in ``places`` (folders or
    files): found by regular expression, which is much faster than parsing the package and close enough here."""
    names = set()
    for place in places:
        for path in [ROOT / place] if place.endswith(".py") else (ROOT / place).rglob("*.py"):
            names.add(path.stem)
            for groups in DEFINITIONS.findall(path.read_text(encoding="utf-8")):
                names.update(filter(None, groups))
    return frozenset(names)


def test_every_name_the_docs_quote_is_defined():
    names = defined_anywhere("cnnviz", "tests") | set(NOT_OURS)
    for doc in ("architecture", "security", "classroom", "see-inside", "measuring"):
        text = (ROOT / "docs" / f"{doc}.md").read_text(encoding="utf-8")
        quoted = {name for name in re.findall(r"`([A-Za-z_][\w.]*)(?:\(\))?`", text) if not name.endswith(".py")}
        assert len(quoted) > 10 and sorted(name for name in quoted if name.split(".")[-1] not in names) == [], doc


# docs/security.md: "Every file the app reads". Each call of the bounded reader reads a file the table names, and
# no module opens a file in any other way except the few that the table's text allows.
BOUNDED_READERS = {"read_bytes_file", "read_text_file", "read_json_file"}
READ_BY = {  # module -> the file the table names for it
    "cnnviz/gui/zoom.py": "`view.json`",
    "cnnviz/gui/window_memory.py": "`window.ini`",
    "cnnviz/nn/checkpoint.py": "`last-model.json`",
    "cnnviz/classroom/lessons.py": "lesson presets",
    "cnnviz/classroom/drawings.py": "`index.json` of a drawings folder) | 16 MB",
    "cnnviz/train/thread_choice.py": "`numba-threads.json`",
    "cnnviz/cli/filters.py": "`filters.json`",
}
OPENS_OTHERWISE = {  # module -> how it opens files, and why that is not a reader of untrusted small files
    "cnnviz/data/files.py": "the bounded reader itself, and open_regular",
    "cnnviz/data/file_writing.py": "writes; a temporary file is opened only to test its lock",
    "cnnviz/data/drawing.py": "images, from open_regular's file, decoded within the budget",
    "cnnviz/data/idx.py": "IDX files, gzip from open_regular's file, checked against the header",
    "cnnviz/nn/checkpoint.py": "the zip from open_regular's file; the save target's probe",
    "cnnviz/classroom/drawings.py": "a drawing's PNG, listed as a regular file, 28x28 checked from its header",
    "cnnviz/app/autosave.py": "the autosave's lock file, locked and never read",
    "cnnviz/train/heap.py": "/proc/self/statm",
    "cnnviz/backends/numba_cpu/thread_probe.py": "/proc/cpuinfo",
    "cnnviz/backends/gpu_probe.py": "cnnviz's own installation record (direct_url.json)",
    "cnnviz/classroom/colormaps.py": "package data",
    "cnnviz/gui/translation_sources.py": "the package's own sources and catalogues",
    "cnnviz/gui/ts_catalogue.py": "the package's catalogues",
    "cnnviz/gui/window_memory.py": "QSettings, after read_bytes_file checked the file",
    "cnnviz/gui/offscreen_screen.py": "writes",
    "cnnviz/web/server.py": "the page's package data",
}
OPENERS = {
    "open",
    "os.open",
    "os.fdopen",
    "Image.open",
    "zipfile.ZipFile",
    "gzip.GzipFile",
    "gzip.open",
    "QSettings",
    "np.load",
    "numpy.load",
    "json.load",
    "np.fromfile",
    "np.memmap",
    "io.open",
    "codecs.open",
}
OPENER_NAMES = {callee.rsplit(".", 1)[-1] for callee in OPENERS} | {"read_text", "read_bytes"}
CALLS_BY_NAME = re.compile(r"\b(?:" + "|".join(sorted(OPENER_NAMES | BOUNDED_READERS)) + r")\(")


def file_reads(root: Path = ROOT / "cnnviz") -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Per module, the bounded readers it calls and the other ways it opens files (the callee as written)."""
    bounded, other = {}, {}
    for path in sorted(root.rglob("*.py")):
        module = path.relative_to(ROOT).as_posix()
        source = path.read_text(encoding="utf-8")
        if not CALLS_BY_NAME.search(source):  # (parsing only the modules that may call one: seconds less)
            continue
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in BOUNDED_READERS and module != "cnnviz/data/files.py":
                bounded.setdefault(module, set()).add(name)
            elif name in OPENER_NAMES and (ast.unparse(func) in OPENERS or name in ("read_text", "read_bytes")):
                other.setdefault(module, set()).add(ast.unparse(func))
    return bounded, other


def test_every_file_the_app_reads_is_in_the_security_table():
    bounded, other = file_reads()
    table = doc_text("docs/security.md").split("**Every file the app reads")[1].split("How it is tested")[0]
    assert sorted(set(bounded) - set(READ_BY)) == [], "a new reader of a file: add its row to docs/security.md"
    assert [module for module, name in READ_BY.items() if name not in table] == []
    assert sorted(set(other) - set(OPENS_OTHERWISE)) == [], "a file opened around the bounded reader"


def test_the_file_check_finds_a_module_that_opens_a_file(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    (tmp_path / "cnnviz").mkdir()
    (tmp_path / "cnnviz" / "sneaky.py").write_text(
        "import json\nfrom pathlib import Path\n"
        "def f(p):\n    return json.loads(Path(p).read_text()), read_json_file(p, 10)\n"
    )
    assert file_reads(tmp_path / "cnnviz") == (
        {"cnnviz/sneaky.py": {"read_json_file"}},
        {"cnnviz/sneaky.py": {"Path(p).read_text"}},
    )
