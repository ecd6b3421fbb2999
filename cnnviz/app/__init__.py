"""The application model, Qt-free: the app's state and its runs (:mod:`.state`, :mod:`.run`), changed
through intents and observed by the window (:mod:`cnnviz.gui`) through plain-Python events
(:mod:`.events`), with what the app keeps apart from the Qt that shows it (the run's history, the NumPy
copy of the model, the autosaves, the arithmetic of the feature-map layout)."""
