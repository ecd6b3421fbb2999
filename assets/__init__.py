"""Data shipped with cnnviz: the MNIST IDX files, lesson presets, the README screenshot."""
