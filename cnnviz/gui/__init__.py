"""The desktop app: PySide6 + pyqtgraph panels fed by a Trainer in a QThread.

The only package allowed to import Qt. ``app`` (entry points), ``window``
(the main window), ``worker`` (the training thread and event coalescing),
``canvas`` (the drawing pad), ``inference`` (a NumPy copy of the weights for
the canvas), ``panels/`` (one file per panel). Import the modules; this
package imports nothing so that ``import cnnviz.gui`` stays cheap.
"""
