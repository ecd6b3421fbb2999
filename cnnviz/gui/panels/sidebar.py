"""The sidebar's parts, named once, as :mod:`.registry` names the panels.

One :class:`SidebarPart` per group of the sidebar (:class:`.controls.ControlsPanel`), top to bottom: its key
is the sidebar's attribute that holds the part's widget (``window.controls.<key>``) and the name of the
function in :mod:`.sidebar_groups` that builds it (``build(sidebar) -> QWidget``: it sets on the sidebar the
widgets the sidebar's behaviour uses). ``wire=`` names the sidebar's method that connects the part once it is
placed (fills a menu, chooses the first backend). The window builds the sidebar with :func:`create_sidebar`,
which builds its parts from :data:`PARTS`; :func:`problems` (a test keeps it empty) checks every name.

No Qt here, like the registry: the sidebar's class and its groups are imported when the window asks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .controls import ControlsPanel


@dataclass(frozen=True)
class SidebarPart:
    key: str
    """The sidebar's attribute holding the part, and its builder's name in :mod:`.sidebar_groups`."""
    wire: str = ""
    """The sidebar's method called once the part is placed (empty: nothing to connect)."""


PARTS: tuple[SidebarPart, ...] = (
    SidebarPart("run_box", wire="place_run_buttons"),  # Start, Pause, Step, Reset, Save, Load
    SidebarPart("data_note"),  # what is wrong with the data set, when something is
    SidebarPart("net_box", wire="fill_first_datasets"),  # the data set, the network and its spec
    SidebarPart("backend_box", wire="choose_first_backend"),
    SidebarPart("opt_box"),  # optimizer, schedule, learning rate, momentum, batch size, epochs
    SidebarPart("keys_hint"),  # when changes apply, the keys
)
"""The sidebar's parts, top to bottom (the stretch below them keeps them at the top)."""


def create_sidebar(backends, **arguments) -> ControlsPanel:
    """The sidebar, its parts built from :data:`PARTS`; ``backends`` are the backends it offers (their
    :class:`~cnnviz.backends.registry.BackendInfo`), ``arguments`` the first net, backend and data set."""
    from .controls import ControlsPanel

    return ControlsPanel(backends, **arguments, parts=PARTS)


def problems() -> list[str]:
    """What is wrong with :data:`PARTS`: unique keys, a builder for each, the ``wire`` methods the sidebar has."""
    from . import sidebar_groups
    from .controls import ControlsPanel

    keys = [part.key for part in PARTS]
    found = [f"every part's key must be unique: {keys}"] if len(set(keys)) != len(keys) else []
    found += [
        f"{part.key}: no builder sidebar_groups.{part.key}"
        for part in PARTS
        if not callable(getattr(sidebar_groups, part.key, None))
    ]
    found += [
        f"{part.key}: ControlsPanel has no method {part.wire!r}"
        for part in PARTS
        if part.wire and not callable(getattr(ControlsPanel, part.wire, None))
    ]
    found += [
        f"{part.key}: ControlsPanel already has an attribute {part.key!r}"
        for part in PARTS
        if hasattr(ControlsPanel, part.key)
    ]
    return found
