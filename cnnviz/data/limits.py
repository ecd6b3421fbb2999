"""How much an untrusted file may make cnnviz do, and bounded, escaped message text.

A classroom shares files: a checkpoint, a lesson preset, a network spec, an
image or an IDX file from a student is untrusted input. The rule: reading one
may make cnnviz use at most ``GROWTH_FACTOR`` times the file's own size plus
``FIXED_BUDGET_BYTES`` of memory before the file is refused. Readers check the
sizes a file *declares* (array headers, image dimensions, network specs)
against that budget before allocating anything.

The constants are read when a check runs, so they can be changed at run time
(``cnnviz.data.limits.MAX_PARAMETERS = ...``) or, for the common ones, through
environment variables: ``CNNVIZ_MAX_PARAMETERS``, ``CNNVIZ_MAX_LAYERS``,
``CNNVIZ_MEMORY_BUDGET_MB``.

Messages: anything that came from a file (array names, titles, paths) can hold
terminal escape sequences or be megabytes long. :func:`escape_control` makes
such text inert, :func:`shorten` bounds one piece, :func:`one_line` bounds a
whole message (the command line's ``cnnviz: error: ...``).
"""

from __future__ import annotations

import os

__all__ = [
    "FIXED_BUDGET_BYTES",
    "GROWTH_FACTOR",
    "MAX_PARAMETERS",
    "MAX_LAYERS",
    "MAX_VALUES_PER_IMAGE",
    "MAX_TRAINING_BYTES",
    "MAX_ERROR_CHARS",
    "MAX_JSON_DEPTH",
    "allowed_bytes",
    "megabytes",
    "training_bytes",
    "largest_batch",
    "escape_control",
    "shorten",
    "one_line",
    "listing",
]


def _env_int(name: str, default: int) -> int:
    try:
        value = int(os.environ.get(name, ""))
    except ValueError:
        return default
    return value if value > 0 else default


FIXED_BUDGET_BYTES: int = _env_int("CNNVIZ_MEMORY_BUDGET_MB", 512) * 2**20
"""Memory any one untrusted file may cost on top of ``GROWTH_FACTOR`` x its size."""
GROWTH_FACTOR: int = 10
"""An untrusted file may make cnnviz use this many times its own size (plus the fixed budget)."""

MAX_PARAMETERS: int = _env_int("CNNVIZ_MAX_PARAMETERS", 50_000_000)
"""Largest network cnnviz builds (the seed article's net has 1.7 M; Keras' mnist_cnn 1.2 M)."""
MAX_LAYERS: int = _env_int("CNNVIZ_MAX_LAYERS", 64)
"""Most layers a network spec may list."""
MAX_VALUES_PER_IMAGE: int = 16_000_000
"""Most activation values (layer outputs plus the convolutions' im2col columns) one image may
need in a forward pass: 64 MB in float32. The seed net needs about 0.3 M."""
MAX_TRAINING_BYTES: int = 4 * 2**30
"""Most memory training may be asked to use (batch size x network, :func:`training_bytes`): by a
lesson preset, and by a batch size the user chose (``cnnviz train --batch``)."""
TRAINING_COPIES: int = 3
"""Activation-sized buffers training keeps per image: the forward values, their gradients, and
the backward pass's scratch."""

MAX_SPEC_CHARS: int = 4000
"""Longest network spec text (64 layers of ``conv15-1024-valid`` are 1,200 characters)."""
MAX_JSON_DEPTH: int = 16
"""Deepest nesting accepted in a JSON file (presets and metadata need 2 or 3)."""
MAX_ERROR_CHARS: int = 300
"""Longest error line the command line prints."""
MAX_NAME_CHARS: int = 80
"""Longest piece of file-supplied text (an array name, a title) quoted inside a message."""


def allowed_bytes(file_size: int) -> int:
    """Memory a file of ``file_size`` bytes may make cnnviz use before it is refused."""
    return GROWTH_FACTOR * max(0, int(file_size)) + FIXED_BUDGET_BYTES


def training_bytes(batch_size: int, values_per_image: int, parameters: int, itemsize: int = 4) -> int:
    """About how much memory training a network needs at ``batch_size``: its activations
    (``TRAINING_COPIES`` per value) and its parameters with gradients and optimizer state."""
    return (int(batch_size) * int(values_per_image) * TRAINING_COPIES + int(parameters) * 4) * itemsize


def largest_batch(values_per_image: int, parameters: int, itemsize: int = 4) -> int:
    """The largest batch size whose :func:`training_bytes` fits ``MAX_TRAINING_BYTES`` (0 if none)."""
    room = MAX_TRAINING_BYTES // itemsize - int(parameters) * 4
    return max(0, room // max(1, int(values_per_image) * TRAINING_COPIES))


def megabytes(n: int | float) -> str:
    """``123.4 MB`` style, for messages (KB below 1 MB, GB above 1 GB, TB above 1 TB)."""
    n = float(n)
    for unit, size in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if n >= size:
            return f"{n / size:,.1f} {unit}"
    return f"{int(n)} bytes"


def escape_control(text: str) -> str:
    """``text`` with every non-printable character (ESC, CR, BEL, bidi overrides, other
    control and format characters) written as a visible ``\\x1b`` / ``\\u202e`` escape,
    so that no file can move the cursor, retitle or clear a terminal, or reorder what a
    reader sees. Ordinary spaces stay."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(
        c
        if c.isprintable()
        else (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}" if ord(c) < 0x10000 else f"\\U{ord(c):08x}")
        for c in text
    )


def shorten(text: str, limit: int = MAX_NAME_CHARS) -> str:
    """Escaped ``text`` of at most ``limit`` characters (the middle cut out, marked with '...')."""
    text = escape_control(text)
    if len(text) <= limit:
        return text
    head = (limit - 3) * 2 // 3
    return text[:head] + "..." + text[len(text) - (limit - 3 - head) :]


def one_line(text: str, limit: int = MAX_ERROR_CHARS) -> str:
    """A message as one bounded line: whitespace runs (newlines too) become one space,
    control characters are escaped, and a too-long middle is cut out.

    The start (which names the file) and the end (often the cause) are kept.
    """
    text = " ".join(str(text).split())
    return shorten(text, limit)


def listing(items, limit: int = 5, quote=repr) -> str:
    """``'a', 'b', 'c' and 99,997 more``: a bounded, escaped enumeration for messages."""
    items = list(items)
    shown = ", ".join(shorten(quote(i), MAX_NAME_CHARS) for i in items[:limit])
    if len(items) > limit:
        shown += f" and {len(items) - limit:,d} more"
    return shown or "none"
