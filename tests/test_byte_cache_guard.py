"""The guard against tests that write into CPython's shared one-byte bytes (tests/byte_cache.py).

On an H100 run, test_cupy_kernels_compile handed NVRTC ``b" " * size`` as the log buffer; for an
empty log (size 1) that is CPython's one ``b" "``, and NVRTC's NUL made it ``b"\\x00"``. NumPy
pads every ``.npy`` header with ``b' ' * n``, so every checkpoint that test process wrote
afterwards had NULs in its header and could not be read back (``tokenize.TokenError: source
code cannot contain null bytes`` on Python 3.12+). Reproduced here without NVRTC: ctypes writes
the NUL the way NVRTC did, in a process of its own.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from byte_cache import damaged_one_byte_bytes

HERE = Path(__file__).resolve().parent

SCRIPT = r"""
import ctypes, inspect, sys
import numpy as np
from numpy.lib import _format_impl
from byte_cache import damaged_one_byte_bytes

assert damaged_one_byte_bytes() == []
# NumPy's header writer as it runs when compiled from source in the process (no usable .pyc):
namespace = dict(vars(_format_impl))
exec(compile(inspect.getsource(_format_impl._wrap_header), _format_impl.__file__, "exec"), namespace)
wrap_header = namespace["_wrap_header"]
HEADER = "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }"
def padding():
    return set(wrap_header(HEADER, (1, 0)).rsplit(b"}", 1)[1][:-1])  # between the dict and the final newline
assert padding() == {32}  # spaces

log = b" " * 1  # what the NVRTC test handed nvrtcGetProgramLog for an empty log
ctypes.memset(id(log) + sys.getsizeof(b"") - 1, 0, 1)  # the log's terminating NUL, written into it
print(damaged_one_byte_bytes())
print(sorted(padding()))  # NULs
"""


def test_no_test_so_far_damaged_the_one_byte_bytes():
    assert damaged_one_byte_bytes() == []


def test_writing_into_a_shared_one_byte_bytes_is_caught_and_is_what_broke_the_checkpoints():
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(HERE)},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["[32]", "[0]"], result.stdout
