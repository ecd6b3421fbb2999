"""Data in: IDX files -> arrays -> shuffled batches; a drawing -> the 28x28 MNIST-style input.

Modules: ``idx`` (IDX reader, :class:`~cnnviz.data.idx.DatasetError`),
``datasets`` (bundled MNIST, ``--data DIR``, Fashion-MNIST), ``batches``
(float32 NCHW mini-batches), ``drawing`` (MNIST-style preprocessing of a
picture or the GUI canvas). Import from the modules; this package imports
nothing so that ``cnnviz.data.idx`` does not pull in Pillow.
"""
