"""Atomic file writes for the exporters: the one implementation lives in
:mod:`cnnviz.data.files` (shared with checkpoints); this name stays for the
modules that import it from here."""

from ..data.files import atomic_write_bytes, atomic_write_text

__all__ = ["atomic_write_bytes", "atomic_write_text"]
