"""The developer modes of ``cnnviz gui``, apart from the product's start-up path.

``unattended`` (``--screenshot`` and ``--latency-report``), ``soak`` (``--soak``), ``monkey``
(``--monkey``) and ``fit`` (``--check-layout``, and the layout tests); ``driving`` and ``memory`` are
what they share. :mod:`cnnviz.gui.launch` imports each only when its option is given: the window a user
opens never loads them (``tests/gui/test_start_up.py`` checks it). This package imports nothing.
"""
