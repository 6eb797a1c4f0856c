"""The death page's controls: the row of buttons under the story and the STAMINA panel's field and buttons.

``build_controls`` makes them from the page's regions, the book (whether death
may not be the end) and the screen's intents; the buttons of the row are then
sized to their labels by :meth:`DeathControls.arrange` (again whenever the
language may have changed).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from game.books.fighting_fantasy import FightingFantasyBook
from game.scenes.death.layout import BUTTON_H, BUTTON_MIN, DeathRegions
from game.ui import fonts
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.text_field import TextField
from game.ui.widget import Widget

LABEL_ROOM = 44  # a button of the row is its label's width and this much


class DeathIntents(Protocol):
    """What the player can do on the death page."""

    def undo(self) -> object: ...
    def restart(self) -> None: ...
    def ask_revive(self) -> None: ...
    def to_shelf(self) -> None: ...
    def revive(self) -> None: ...
    def close_revive(self) -> None: ...


@dataclass
class DeathControls:
    """The death page's widgets; ``buttons`` is the row shown (undo is left out in honest play)."""

    undo_button: Button
    restart_button: Button
    continue_button: Button | None  # only where the book says death may not be the end
    shelf_button: Button
    buttons: list[Button]
    stamina_field: TextField
    revive_button: Button
    cancel_revive: Button

    def widgets(self) -> list[Widget]:
        """Every widget, in the keyboard's order: the row, then the STAMINA panel."""
        return [*self.buttons, self.stamina_field, self.revive_button, self.cancel_revive]

    def arrange(self, ui: UIContext, regions: DeathRegions) -> None:
        """The row's buttons sized to their labels (in the language of the moment), centred in one row."""
        size = ui.theme.text_size("button")
        widths = []
        for button in self.buttons:
            face = "bold" if button.style == "primary" else "body"
            widths.append(max(BUTTON_MIN, fonts.text_width(ui.text(button.label), face, size) + LABEL_ROOM))
        for button, rect in zip(self.buttons, regions.button_row(widths)):
            button.rect = rect

    def show_revive(self, reviving: bool) -> None:
        """The STAMINA panel's widgets show while it is open; "carry on" is disabled meanwhile."""
        for widget in (self.stamina_field, self.revive_button, self.cancel_revive):
            widget.visible = reviving


def _row_button(
    ui: UIContext, key: str, on_click: Callable[[], object], *, style: str = "normal", tooltip: str | None = None
) -> Button:
    """A button of the row (placed by ``arrange``); ``tooltip`` is a catalogue key."""
    return Button(
        ui, (0, 0, 10, BUTTON_H), ui.tr(key), on_click=on_click, style=style, tooltip=ui.tr(tooltip) if tooltip else None
    )


def build_controls(
    ui: UIContext,
    regions: DeathRegions,
    book: FightingFantasyBook,
    intents: DeathIntents,
    *,
    undo_offered: bool,
    revive_prompt: Callable[[], str],
) -> DeathControls:
    """The widgets of the death page; ``undo_offered`` is False when honest play lets the fatal roll stand,
    ``revive_prompt`` names the STAMINA field (the most the book gives back)."""
    undo = _row_button(ui, "death.undo", intents.undo, tooltip="death.undo_tooltip")
    restart = _row_button(ui, "death.restart", intents.restart, tooltip="death.restart_tooltip")
    carry_on = None
    if book.death.may_continue:
        carry_on = _row_button(ui, "death.continue", intents.ask_revive, style="primary", tooltip="death.continue_tooltip")
    shelf = _row_button(ui, "death.shelf", intents.to_shelf)
    undo.visible = undo_offered
    buttons = [b for b in (undo, restart, carry_on, shelf) if b and b.visible]
    panel = regions.revive
    stamina = TextField(
        ui,
        panel.field,
        numeric=True,
        max_length=3,
        on_submit=lambda _text: intents.revive(),
        visible=False,
        spoken_name=revive_prompt,
    )
    revive = Button(ui, panel.revive, ui.tr("death.revive"), style="primary", on_click=intents.revive, visible=False)
    cancel = Button(ui, panel.cancel, ui.tr("common.cancel"), on_click=intents.close_revive, visible=False)
    return DeathControls(undo, restart, carry_on, shelf, buttons, stamina, revive, cancel)
