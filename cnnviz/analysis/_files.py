"""Atomic file writes for the exporters: the one implementation lives in
:mod:`cnnviz.data.file_writing` (shared with checkpoints); this name stays for the
modules that import it from here."""

from ..data.file_writing import atomic_write_bytes, atomic_write_text

__all__ = ["atomic_write_bytes", "atomic_write_text"]
