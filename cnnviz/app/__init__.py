"""The application model, Qt-free: what the app knows and keeps, apart from the Qt that shows it
(the run's history, the NumPy copy of the model, the autosaves, the arithmetic of the feature-map layout)."""
