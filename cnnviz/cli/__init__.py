"""The commands: ``cnnviz`` (the app) and ``cnnviz train|predict|fool|filters|bench|devices|gui|install-desktop``.

``main.py`` parses and dispatches and turns every error into one bounded line; ``train.py`` is
``cnnviz train`` (its signals and its reserved save name); ``progress.py`` prints the trainer's events;
``predict.py``, ``fool.py`` and ``filters.py`` classify, attack and look into a saved model, sharing
``common.py`` (opening the model, the one-line error, argument types);
``bench.py`` (with ``bench_torch.py``, PyTorch's side, and ``bench_time_to.py``, ``--time-to``) and
``devices_check.py`` (``devices --check``, against ``float32_bounds.py``'s float64 reference) measure and check the
backends.
"""

from .main import main

__all__ = ["main"]
