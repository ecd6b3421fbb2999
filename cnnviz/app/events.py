"""The model's news, in plain Python: an :class:`Event` calls back whoever connected to it.

The window observes the model the way napari's ``QtViewer`` observes its ``ViewerModel``: each
part connects a callback to the events it shows (``state.events.views.connect(menus.show_views)``)
and the model never knows who listens. Callbacks run at once, in the thread that changed the model
(the GUI thread: the trainer's events reach the model through the window's router).
"""

from __future__ import annotations

from collections.abc import Callable


class Event:
    """One kind of change; :meth:`emit` calls every connected callback, in the order they connected."""

    def __init__(self, name: str):
        self.name = name
        self._callbacks: list[Callable] = []

    def connect(self, callback: Callable) -> Callable:
        """Call ``callback`` with the event's value whenever it is emitted (returns it: usable as a decorator)."""
        if callback not in self._callbacks:
            self._callbacks.append(callback)
        return callback

    def disconnect(self, callback: Callable) -> None:
        if callback in self._callbacks:
            self._callbacks.remove(callback)

    def emit(self, *value) -> None:
        for callback in list(self._callbacks):
            callback(*value)

    def __len__(self) -> int:
        return len(self._callbacks)

    def __repr__(self) -> str:
        return f"Event({self.name!r}, {len(self)} callbacks)"


class Events:
    """A model's events by name: ``events.dataset`` is the :class:`Event` ``dataset``."""

    def __init__(self, *names: str):
        for name in names:
            setattr(self, name, Event(name))

    def __iter__(self):
        return iter(vars(self).values())
