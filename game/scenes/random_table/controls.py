"""The Random Number Table's controls, placed in its regions and wired to the scene's intents."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.scenes.random_table.layout import TableRegions
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.text_field import TextField
from game.ui.widget import Widget


class TableIntents(Protocol):
    """What the player can do at the table (pointing at a cell is a click on the grid, or a key)."""

    def use_typed(self) -> None: ...
    def undo(self) -> None: ...
    def confirm(self) -> None: ...
    def dismiss(self) -> None: ...


@dataclass
class TableControls:
    """The table's widgets, in the keyboard's order."""

    typed: TextField
    use_typed: Button
    undo: Button
    ok: Button
    cancel: Button

    def widgets(self) -> list[Widget]:
        return [self.typed, self.use_typed, self.undo, self.ok, self.cancel]


def build_controls(ui: UIContext, r: TableRegions, intents: TableIntents) -> TableControls:
    """Every widget of the table for ``r``."""
    return TableControls(
        typed=TextField(
            ui,
            r.typed,
            numeric=True,
            minimum=0,
            maximum=9,
            max_length=1,
            on_submit=lambda _text: intents.use_typed(),
            spoken_name=ui.tr("random_table.typed_name"),
        ),
        use_typed=Button(ui, r.use_typed, ui.tr("random_table.use_typed"), on_click=intents.use_typed),
        undo=Button(ui, r.undo, ui.tr("random_table.undo"), on_click=intents.undo),
        ok=Button(ui, r.ok, ui.tr("common.ok"), style="primary", on_click=intents.confirm),
        cancel=Button(ui, r.cancel, ui.tr("common.cancel"), on_click=intents.dismiss),
    )
