"""The file browser's controls, built from its intents for one layout: a button per place, "up", the path
field, the folder's rows, Cancel and the action (Import, Choose this folder…)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Protocol

from game.scenes.common.files.layout import ROW_H, BrowserLayout
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.scroll_list import ScrollList
from game.ui.text_field import TextField
from game.ui.widget import Widget

MAX_PATH_CHARS = 4000  # a typed path (PATH_MAX on Linux is 4096)


class BrowserIntents(Protocol):
    """What the player can do in the file browser."""

    def go_to_place(self, index: int) -> None: ...
    def go_up(self) -> None: ...
    def path_typed(self, text: str) -> None: ...
    def row_selected(self, index: int) -> None: ...
    def row_activated(self, index: int) -> None: ...
    def choose_pressed(self) -> None: ...
    def dismiss(self) -> None: ...


@dataclass
class BrowserControls:
    """The browser's widgets."""

    field: TextField
    rows: ScrollList
    choose: Button
    cancel: Button
    up: Button
    places: list[Button]

    def widgets(self) -> list[Widget]:
        """In the keyboard's order, which is reading order: the places and up (the top row, left to right),
        the path, the rows, then Cancel and the action (the bottom row, left to right)."""
        return [*self.places, self.up, self.field, self.rows, self.cancel, self.choose]


def build_controls(
    ui: UIContext, parts: BrowserLayout, place_labels: Sequence[str], choose_label: str, intents: BrowserIntents
) -> BrowserControls:
    """Every control for ``parts``: ``place_labels`` are the places' buttons (those that fit are placed)."""
    places = [
        Button(ui, rect, label, on_click=partial(intents.go_to_place, index), tooltip=label)
        for index, (rect, label) in enumerate(zip(parts.places, place_labels, strict=False))
    ]
    return BrowserControls(
        field=TextField(
            ui, parts.field, max_length=MAX_PATH_CHARS, on_submit=intents.path_typed, spoken_name=ui.tr("files.path")
        ),
        rows=ScrollList(
            ui,
            parts.rows,
            row_height=ROW_H,
            on_select=intents.row_selected,
            on_activate=intents.row_activated,
            empty=ui.tr("files.empty"),
            spoken_name=ui.tr("files.rows"),
        ),
        choose=Button(ui, parts.choose, choose_label, style="primary", on_click=intents.choose_pressed),
        cancel=Button(ui, parts.cancel, ui.tr("common.cancel"), on_click=intents.dismiss),
        up=Button(ui, parts.up, "↑", on_click=intents.go_up, tooltip=ui.tr("files.up"), spoken_name=ui.tr("files.up")),
        places=places,
    )
