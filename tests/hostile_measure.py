"""Measure what small hostile files make cnnviz do: peak memory (RSS) and time until refused.

Not a test (pytest does not collect it): a script for the README's "Hostile inputs"
figures, run before and after a change::

    python tests/hostile_measure.py [--code DIR] [--only NAME,...] [--scale 0.5]

``--code`` is the source tree to measure (default: this checkout), so an older
version (``git archive``) can be measured with the same files. Each case runs
in its own process; its peak RSS is that process's ``VmHWM`` (Linux).
The files are made in a temporary folder and removed afterwards.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def tiny_checkpoint_arrays() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    shapes = {
        "conv1.weight": (8, 1, 5, 5),
        "conv1.bias": (8,),
        "conv2.weight": (16, 8, 3, 3),
        "conv2.bias": (16,),
        "dense1.weight": (10, 784),
        "dense1.bias": (10,),
    }
    return {k: rng.standard_normal(s).astype(np.float32) * 0.1 for k, s in shapes.items()}


def write_npz(
    path: Path,
    arrays: dict[str, np.ndarray],
    meta: dict,
    extra_members: dict[str, bytes] | None = None,
    compress: bool = False,
) -> Path:
    """A checkpoint written member by member (so hostile members can be added as raw .npy bytes)."""
    mode = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
    with zipfile.ZipFile(path, "w", mode) as zf:
        for name, arr in {**arrays, "cnnviz_meta": np.array(json.dumps(meta))}.items():
            buffer = io.BytesIO()
            np.lib.format.write_array(buffer, np.asarray(arr), allow_pickle=False)
            zf.writestr(name + ".npy", buffer.getvalue())
        for name, data in (extra_members or {}).items():
            with zf.open(name, "w", force_zip64=True) as fh:
                fh.write(data) if isinstance(data, bytes) else data(fh)
    return path


def zeros_npy_writer(shape, dtype=np.float32):
    """Writes an .npy header for ``shape`` and then zeros, in 16 MB pieces (never all in memory)."""

    def write(fh):
        header = io.BytesIO()
        np.lib.format.write_array_header_1_0(
            header, {"descr": np.dtype(dtype).str, "fortran_order": False, "shape": tuple(shape)}
        )
        fh.write(header.getvalue())
        left = int(np.prod(shape)) * np.dtype(dtype).itemsize
        block = bytes(16 << 20)
        while left > 0:
            fh.write(block[: min(left, len(block))])
            left -= len(block)

    return write


def huge_net_checkpoint(folder: Path, spec: str) -> Path:
    """A small checkpoint (the tiny net's weights) whose metadata names a huge network."""
    return write_npz(folder / "huge-net.npz", tiny_checkpoint_arrays(), {"format": 1, "spec": spec})


def zip_bomb_checkpoint(folder: Path, gigabytes: float) -> Path:
    """The tiny net's checkpoint plus one deflated member of zeros declaring ``gigabytes``."""
    count = int(gigabytes * 2**30 / 4)
    meta = {"format": 1, "spec": "conv5-8,relu,pool,conv3-16,relu,pool,dense-10"}
    return write_npz(
        folder / "bomb.npz",
        tiny_checkpoint_arrays(),
        meta,
        {"optim.conv1.weight.m.npy": zeros_npy_writer((count,))},
        compress=True,
    )


def tiny_checkpoint(folder: Path) -> Path:
    return write_npz(
        folder / "tiny.npz",
        tiny_checkpoint_arrays(),
        {"format": 1, "spec": "conv5-8,relu,pool,conv3-16,relu,pool,dense-10"},
    )


def huge_png(folder: Path, side: int, mode: str = "RGB") -> Path:
    """A white ``side`` x ``side`` PNG with a black bar (a '1'): a few hundred KB."""
    from PIL import Image, ImageDraw

    image = Image.new(mode, (side, side), "white")
    ImageDraw.Draw(image).rectangle([side // 2 - side // 40, side // 5, side // 2 + side // 40, side * 4 // 5], "black")
    path = folder / f"huge-{side}-{mode}.png"
    image.save(path, optimize=False, compress_level=9)
    return path


def digit_png(folder: Path) -> Path:
    from PIL import Image

    pixels = np.zeros((28, 28), np.uint8)
    pixels[5:23, 13:16] = 255
    path = folder / "one.png"
    Image.fromarray(pixels).save(path)
    return path


def idx_bomb_folder(folder: Path, gigabytes: float) -> Path:
    """A --data folder whose gzipped training images declare ``gigabytes`` of zeros (present, compressed)."""
    data = folder / "idx-bomb"
    data.mkdir()
    count = int(gigabytes * 2**30 / 784)
    with gzip.open(data / "train-images-idx3-ubyte.gz", "wb", compresslevel=9) as fh:
        fh.write(bytes([0, 0, 8, 3]) + np.array([count, 28, 28], ">u4").tobytes())
        left, block = count * 784, bytes(16 << 20)
        while left > 0:
            fh.write(block[: min(left, len(block))])
            left -= len(block)
    _copy_other_mnist_files(data, skip="train-images-idx3-ubyte.gz")
    return data


def idx_trailing_folder(folder: Path, gigabytes: float) -> Path:
    """A --data folder whose training labels are followed by ``gigabytes`` of zeros inside the gzip stream."""
    data = folder / "idx-trailing"
    data.mkdir()
    source = _mnist_dir() / "train-labels-idx1-ubyte.gz"
    with gzip.open(data / "train-labels-idx1-ubyte.gz", "wb", compresslevel=9) as fh:
        fh.write(gzip.decompress(source.read_bytes()))
        left, block = int(gigabytes * 2**30), bytes(16 << 20)
        while left > 0:
            fh.write(block[: min(left, len(block))])
            left -= len(block)
    _copy_other_mnist_files(data, skip="train-labels-idx1-ubyte.gz")
    return data


def _mnist_dir() -> Path:
    return ROOT / "assets" / "mnist"


def _copy_other_mnist_files(data: Path, skip: str) -> None:
    for f in _mnist_dir().glob("*.gz"):
        if f.name != skip:
            shutil.copy(f, data / f.name)


def measure(code_root: Path, argv: list[str], timeout: float = 600) -> dict:
    """Run ``python argv...`` with ``code_root`` on PYTHONPATH; peak RSS (MB), seconds, last stderr line."""
    env = dict(os.environ, PYTHONPATH=str(code_root), XDG_DATA_HOME=tempfile.gettempdir() + "/cnnviz-measure-home")
    script = (
        "import resource, runpy, sys; sys.argv = sys.argv[1:];"
        "code = 0\n"
        "try:\n    runpy.run_module(sys.argv[0], run_name='__main__') if sys.argv[0] != '-c' else exec(sys.argv[1])\n"
        "except SystemExit as e:\n    code = e.code or 0\n"
        # VmHWM, not ru_maxrss: Linux keeps ru_maxrss across exec (the parent's peak would show).
        "hwm = [l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')]\n"
        "print('PEAK_KB', hwm[0] if hwm else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
        "sys.exit(code)"
    )
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", script, *argv], capture_output=True, text=True, env=env, timeout=timeout, cwd=code_root
    )
    seconds = time.perf_counter() - start
    lines = [l for l in proc.stderr.splitlines() if l.strip()]
    peak = next((int(l.split()[1]) for l in lines if l.startswith("PEAK_KB")), None)
    message = next((l for l in reversed(lines) if not l.startswith("PEAK_KB")), "")
    return {
        "rc": proc.returncode,
        "seconds": round(seconds, 1),
        "peak_mb": peak and round(peak / 1024),
        "message": message[:160],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", type=Path, default=ROOT, help="source tree to measure")
    parser.add_argument("--only", default="", help="comma-separated case names")
    parser.add_argument("--scale", type=float, default=1.0, help="scale the hostile sizes (memory of the old code)")
    args = parser.parse_args()
    s = args.scale
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        one = digit_png(folder)
        cases = {
            "checkpoint-huge-net": lambda: [
                "cnnviz",
                "predict",
                "--model",
                str(huge_net_checkpoint(folder, f"conv15-1024,conv15-{int(512 * s)},dense-10")),
                str(one),
            ],
            "spec-3000-layers": lambda: [
                "-c",
                "from cnnviz.nn.model import Sequential\n"
                f"try:\n    Sequential.from_spec(','.join(['conv3-64'] * int(3000 * {s!r})) "
                "+ ',dense-10').initialise(0)\nexcept Exception as e:\n"
                "    print('refused:', str(e)[:150], file=__import__('sys').stderr)",
            ],
            "npz-zip-bomb": lambda: [
                "cnnviz",
                "predict",
                "--model",
                str(zip_bomb_checkpoint(folder, 1.0 * s)),
                str(one),
            ],
            "png-huge": lambda: [
                "cnnviz",
                "predict",
                "--model",
                str(tiny_checkpoint(folder)),
                str(huge_png(folder, int(13000 * s**0.5))),
            ],
            "png-huge-grey": lambda: [
                "cnnviz",
                "predict",
                "--model",
                str(tiny_checkpoint(folder)),
                str(huge_png(folder, int(13000 * s**0.5), "L")),
            ],
            "idx-gzip-bomb": lambda: [
                "cnnviz",
                "train",
                "--data",
                str(idx_bomb_folder(folder, 1.1 * s)),
                "--steps",
                "1",
                "--backend",
                "numpy",
                "--no-save",
            ],
            "idx-trailing-zeros": lambda: [
                "cnnviz",
                "train",
                "--data",
                str(idx_trailing_folder(folder, 2.0 * s)),
                "--steps",
                "1",
                "--backend",
                "numpy",
                "--no-save",
            ],
        }
        only = [c for c in args.only.split(",") if c] or list(cases)
        for name in only:
            argv = cases[name]()
            files = [a for a in argv if a.startswith(str(folder))]
            sizes = ", ".join(f"{Path(f).name} {_size(Path(f))}" for f in files)
            if "--no-save" in argv and not (args.code / "cnnviz" / "cli.py").read_text().count("--no-save"):
                argv = [a for a in argv if a != "--no-save"]  # older code: no such option
            result = measure(args.code, argv)
            print(json.dumps({"case": name, "files": sizes, **result}), flush=True)
    return 0


def _size(path: Path) -> str:
    if path.is_dir():
        return f"{sum(f.stat().st_size for f in path.iterdir()) / 1e6:.1f} MB (folder)"
    return f"{path.stat().st_size / 1e3:.0f} KB"


if __name__ == "__main__":
    sys.exit(main())
