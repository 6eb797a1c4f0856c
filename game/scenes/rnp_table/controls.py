"""The controls of the Rôle'n Play table around its open tab: the top buttons and the tabs.

``build_controls`` makes them from the UI context, the table's regions and view and the
table's intents (a Protocol: the scene implements it); the open tab builds its own
controls (``<tab>.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Protocol

from game.i18n.catalogue import TextSource
from game.scenes.rnp_table.layout import TableRegions
from game.scenes.rnp_table.view import RnpTableView
from game.ui.button import Button
from game.ui.context import UIContext

TOP = ("players", "undo", "redo", "help", "back")  # the top buttons, left to right


class RnpTableIntents(Protocol):
    """What the table's own controls do."""

    def show_players(self) -> None: ...

    def undo(self) -> object: ...

    def redo(self) -> object: ...

    def open_help(self) -> None: ...

    def back(self) -> None: ...

    def select(self, tab: str) -> None: ...


@dataclass(frozen=True)
class RnpTableControls:
    """The top buttons by name (players, undo, redo, help, back) and the tabs by tab."""

    top: dict[str, Button]
    tabs: dict[str, Button]

    @property
    def named(self) -> dict[str, Button]:
        """Every one by name: the top buttons', then ``tab:<tab>``."""
        return {**self.top, **{f"tab:{tab}": button for tab, button in self.tabs.items()}}


def top_labels(ui: UIContext) -> list[TextSource]:
    """The top buttons' labels (the band's layout measures them)."""
    return [ui.tr(f"rnp.{name}") for name in TOP]


def build_controls(ui: UIContext, regions: TableRegions, view: RnpTableView, intents: RnpTableIntents) -> RnpTableControls:
    """The top buttons (undo and redo disabled with why when there is nothing to do again), then the tabs (the
    scene adds them to its widgets in that order: ``RnpTableControls.named``)."""
    actions = {
        "players": intents.show_players,
        "undo": intents.undo,
        "redo": intents.redo,
        "help": intents.open_help,
        "back": intents.back,
    }
    disabled = {
        "undo": None if view.can_undo else ui.tr("rnp.nothing_to_undo"),
        "redo": None if view.can_redo else ui.tr("rnp.nothing_to_redo"),
    }
    top: dict[str, Button] = {}
    for name, label, rect in zip(TOP, top_labels(ui), regions.buttons):
        button = Button(ui, rect, label, on_click=actions[name], tooltip=ui.tr(f"rnp.tip_{name}"))
        if disabled.get(name) is not None:
            button.set_enabled(False, disabled[name])
        top[name] = button
    tabs: dict[str, Button] = {}
    for tab, rect in zip(view.tabs, regions.tabs(len(view.tabs))):
        tabs[tab] = Button(ui, rect, ui.tr(f"rnp.tab_{tab}"), on_click=partial(intents.select, tab))
        tabs[tab].choice_of = ui.tr("rnp.tabs")  # heard: the row, and which tab is shown
        tabs[tab].set_chosen(tab == view.tab)
    return RnpTableControls(top, tabs)
