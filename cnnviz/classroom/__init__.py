"""Classroom analysis tools behind the GUI's teaching panels (no Qt here).

* :mod:`.confusion` -- confusion matrix, per-class accuracy, worst mistakes;
* :mod:`.saliency` -- which pixels the prediction depends on (gradient, occlusion);
* :mod:`.timelapse` -- kernels and feature maps over a run, exported as GIF/PNGs;
* :mod:`.drawings` -- the class's own drawn digits: store, accuracy, fine-tuning;
* :mod:`.lessons` -- the lesson files (JSON in ``assets/presets``);
* :mod:`.report` -- CSV exports and a printable one-file HTML report.

Everything works on host NumPy arrays and the trainer's event dataclasses, so
the same code serves the GUI, the CLI and the tests.
"""
