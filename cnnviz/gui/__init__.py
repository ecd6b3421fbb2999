"""The desktop app: PySide6 + pyqtgraph panels fed by a Trainer in a QThread.

The only package allowed to import Qt. ``app`` (entry point), ``window``
(composes the parts), ``session`` (the training thread's lifecycle), ``worker``
(the thread's worker and event coalescing), ``router`` (one handler per event
type), ``run_state`` (the run's history), ``panels/registry`` (every panel named
once), ``layout``, ``menus``, ``exports``, ``lessons``; ``devtools`` (the
developer modes: screenshots, the layout check, the latency report, soak,
monkey; the window a user opens never loads them); see docs/architecture.md.
Import the modules; this package imports nothing so that ``import cnnviz.gui``
stays cheap.
"""
