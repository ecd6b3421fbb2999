"""A check that CPython's cached one-byte ``bytes`` objects still hold their byte.

CPython keeps one ``bytes`` object for each of the 256 one-byte values: ``bytes([32])``,
``b" " * 1`` and every ``b" "`` literal compiled from source in the process are that same
object. Bytes are immutable, but a C function that takes a ``char*`` output buffer (NVRTC's
``nvrtcGetProgramLog`` through cuda-bindings, for one) writes into a ``bytes`` handed to it;
given ``b" " * 1`` it writes into the shared ``b" "``, and from then on every ``b" "`` of the
process is ``b"\\x00"`` -- NumPy's ``.npy`` headers (padded with ``b' ' * n``) included, so
every checkpoint the process writes afterwards is unreadable. tests/conftest.py runs this
check after every test, so such a test fails itself instead of the tests that come after it.
"""

from __future__ import annotations


def damaged_one_byte_bytes() -> list[int]:
    """The byte values whose cached one-byte ``bytes`` object no longer holds that byte."""
    return [value for value in range(256) if bytes([value])[0] != value]
