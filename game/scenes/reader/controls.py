"""The reader's controls: the sheet button, the section's text, the event strip's buttons, the compact sheet's
recovery buttons (from the book's herbs and meal) and the choices of the section shown.

``build_controls`` makes every control but the choices; ``build_choices`` makes
the section's choice buttons at the rows of its placement (the scene swaps them
in its group when the section, its number of ways on or its strip change).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Protocol

from game.books.fighting_fantasy import FightingFantasyBook
from game.scenes.reader.layout import ReaderRegions
from game.scenes.reader.text import SectionText
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.widget import Widget

#: The compact sheet's recovery buttons: the intent's word, the label's key and the icon.
USE_LABELS = {"herb": ("reader.use_herb", "herbs"), "eat": ("reader.eat", "provisions")}


class ReaderIntents(Protocol):
    """What the player can do on the reader."""

    def to_sheet(self) -> None: ...
    def run_event(self) -> None: ...
    def to_death(self) -> None: ...
    def to_shelf(self) -> None: ...
    def heal(self, action: str) -> None: ...
    def choose(self, index: int) -> None: ...


@dataclass
class ReaderControls:
    """The reader's widgets (``choice_buttons`` are those of the section shown)."""

    sheet_button: Button
    text: SectionText
    event_button: Button  # the section's test or fight, or "resume at" a section the book lacks
    death_button: Button
    shelf_button: Button  # an ending: close the book
    use_buttons: dict[str, Button]  # "herb", "eat": the recovery the book has
    choice_buttons: list[Button]

    @property
    def strip_buttons(self) -> tuple[Button, Button, Button]:
        """The event strip's buttons: one shows at most."""
        return self.event_button, self.death_button, self.shelf_button

    def widgets(self) -> list[Widget]:
        """Every widget but the choices, in the keyboard's order."""
        return [self.sheet_button, self.text, *self.strip_buttons, *self.use_buttons.values()]

    def place(self, regions: ReaderRegions) -> None:
        """The strip's buttons where the section's placement puts them (the scene re-typesets the text)."""
        for button in self.strip_buttons:
            button.rect = regions.section.strip_button.copy()


def uses(book: FightingFantasyBook) -> list[str]:
    """The recovery the book offers outside fights, in the sheet's order: its herbs, then its meal."""
    return [action for action, healing in (("herb", book.herb), ("eat", book.meal)) if healing is not None]


def build_controls(ui: UIContext, regions: ReaderRegions, book: FightingFantasyBook, intents: ReaderIntents) -> ReaderControls:
    """The reader's widgets for ``regions`` (the section not placed yet: ``place`` and ``build_choices`` follow)."""
    strip = regions.section.strip_button
    use_buttons = {}
    for action, rect in zip(uses(book), regions.use_buttons):
        healing = book.herb if action == "herb" else book.meal
        assert healing is not None  # uses() lists only what the book has
        key, icon = USE_LABELS[action]
        use_buttons[action] = Button(
            ui, rect, ui.tr(key, stamina=healing.stamina), icon=icon, on_click=partial(intents.heal, action)
        )
    return ReaderControls(
        sheet_button=Button(
            ui, regions.sheet_button, ui.tr("reader.sheet"), on_click=intents.to_sheet, tooltip=ui.tr("reader.sheet_tip")
        ),
        text=SectionText(ui, regions.section.text.copy()),
        event_button=Button(ui, strip.copy(), "", style="primary", on_click=intents.run_event),
        death_button=Button(ui, strip.copy(), ui.tr("reader.to_death"), style="danger", on_click=intents.to_death, visible=False),
        shelf_button=Button(
            ui, strip.copy(), ui.tr("reader.to_shelf"), style="primary", on_click=intents.to_shelf, visible=False
        ),
        use_buttons=use_buttons,
        choice_buttons=[],
    )


def build_choices(ui: UIContext, regions: ReaderRegions, intents: ReaderIntents) -> list[Button]:
    """One button per way on of the section placed in ``regions`` (labelled by the scene's refresh)."""
    return [Button(ui, rect, "", on_click=partial(intents.choose, index)) for index, rect in enumerate(regions.section.choices)]
