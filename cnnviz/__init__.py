"""cnnviz: watch a convolutional network learn, live."""

__version__ = "0.2.0"
"""The one version source: pyproject.toml reads it (``[tool.setuptools.dynamic]``); released as tag ``v0.2.0``
(docs/releasing.md)."""
