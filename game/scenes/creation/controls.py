"""Hero creation's controls, placed in the regions of the page (``layout.creation_regions``).

``build_controls`` makes every widget from the regions, the book's data (its
scores, ready-made heroes and creation steps) and the screen's intents, in the
keyboard's order; the scene adds them to its group and makes them again when
the page changes (the focus is kept by its index).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Protocol

from game.books.ff_mechanics import ChoiceStep
from game.books.fighting_fantasy import FightingFantasyBook
from game.scenes.creation.layout import BACK_BUTTON, CreationRegions
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.text_field import TextField
from game.ui.toggle import Toggle
from game.ui.widget import Widget


class CreationIntents(Protocol):
    """What the player can do while creating a hero."""

    def back(self) -> None: ...
    def roll(self) -> None: ...
    def apply_typed(self) -> None: ...
    def set_physical(self, on: bool) -> None: ...
    def set_honest(self, on: bool) -> None: ...
    def pick(self, name: str) -> None: ...
    def choose(self, step: ChoiceStep) -> None: ...
    def confirm(self) -> None: ...
    def point_at_table(self) -> None: ...


@dataclass
class CreationControls:
    """Hero creation's widgets."""

    back_button: Button
    fields: dict[str, TextField]  # a field per rolled score, by its id
    roll_button: Button
    typed_button: Button
    physical_toggle: Toggle
    honest_toggle: Toggle
    table_button: Button | None  # the Random Number Table (a book whose creation dice are random numbers)
    pick_buttons: dict[str, Button]  # a button per ready-made hero, by name
    step_buttons: dict[str, Button]  # a "choose" button per creation step, by its id
    start_button: Button
    name_field: TextField

    def widgets(self) -> list[Widget]:
        """Every widget in the keyboard's order: back, the scores, the dice, the heroes, the steps, the name, start
        (reading order: the name field is left of Start)."""
        return [
            self.back_button,
            *self.fields.values(),
            self.roll_button,
            self.typed_button,
            *([self.table_button] if self.table_button is not None else []),
            self.physical_toggle,
            self.honest_toggle,
            *self.pick_buttons.values(),
            *self.step_buttons.values(),
            self.name_field,
            self.start_button,
        ]


def _score_fields(ui: UIContext, r: CreationRegions, book: FightingFantasyBook, intents: CreationIntents) -> dict[str, TextField]:
    """A field for each score the dice make (the player's own dice typed in), named by the score to a screen reader."""
    fields = {}
    for index, stat in enumerate(book.stats):
        if stat.roll is None:
            continue
        fields[stat.id] = TextField(
            ui,
            r.field_rect(index),
            numeric=True,
            max_length=3,
            on_submit=lambda _text: intents.apply_typed(),
            spoken_name=lambda s=stat: s.name.get(ui.catalogue.language),
        )
    return fields


def _pick_buttons(ui: UIContext, r: CreationRegions, book: FightingFantasyBook, intents: CreationIntents) -> dict[str, Button]:
    """A "pick" button for each ready-made hero: the card may shorten the name, hover and the screen reader give it
    whole, with the row and whether this hero is the one picked ("Anvus Ravalan, bouton, Héros prêts à jouer, choisi")."""
    buttons = {}
    for index, ready in enumerate(book.ready_heroes):
        button = Button(
            ui, r.pick_button(index), ui.tr("creation.pick"), on_click=partial(intents.pick, ready.name), tooltip=ready.name
        )
        button.spoken_name, button.choice_of = ready.name, ui.tr("creation.ready_heading")
        buttons[ready.name] = button
    return buttons


def build_controls(
    ui: UIContext, regions: CreationRegions, book: FightingFantasyBook, intents: CreationIntents, *, physical: bool
) -> CreationControls:
    """Every widget of hero creation for ``regions``; ``physical``: the physical-dice switch starts on."""
    r, rows = regions, regions.rules_controls
    name_rect, start_rect = r.name_and_start()
    return CreationControls(
        back_button=Button(
            ui, BACK_BUTTON.copy(), ui.tr("creation.back"), on_click=intents.back, tooltip=ui.tr("creation.back_tooltip")
        ),
        fields=_score_fields(ui, r, book, intents),
        roll_button=Button(
            ui, rows.roll, ui.tr("creation.roll"), style="primary", on_click=intents.roll, tooltip=ui.tr("creation.roll_tooltip")
        ),
        typed_button=Button(
            ui,
            rows.typed,
            ui.tr("creation.apply_typed"),
            on_click=intents.apply_typed,
            tooltip=ui.tr("creation.apply_typed_tooltip"),
        ),
        table_button=None
        if rows.table is None
        else Button(
            ui,
            rows.table,
            ui.tr("creation.random_table"),
            on_click=intents.point_at_table,
            tooltip=ui.tr("creation.random_table_tooltip"),
        ),
        physical_toggle=Toggle(
            ui,
            rows.physical,
            ui.tr("creation.physical"),
            value=physical,
            on_change=intents.set_physical,
            tooltip=ui.tr("creation.physical_tooltip"),
        ),
        honest_toggle=Toggle(
            ui,
            rows.honest,
            ui.tr("play.honest_toggle"),
            value=False,
            on_change=intents.set_honest,
            tooltip=ui.tr("play.honest_tooltip"),
        ),
        pick_buttons=_pick_buttons(ui, r, book, intents),
        step_buttons={
            step.id: Button(ui, r.step_button(index), ui.tr("steps.choose"), on_click=partial(intents.choose, step))
            for index, step in enumerate(book.creation)
        },
        start_button=Button(ui, start_rect, ui.tr("creation.start"), style="primary", on_click=intents.confirm),
        name_field=TextField(
            ui,
            name_rect,
            max_length=40,
            placeholder=ui.tr("creation.name_placeholder"),
            on_submit=lambda _text: intents.confirm(),
        ),
    )
