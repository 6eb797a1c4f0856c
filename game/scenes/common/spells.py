"""The book's spells as the player reads them, and the spells overlay a fight opens ("Sorts…").

``spell_label`` is shared by the sheet's Tools tab and the overlay: a spell's
name, the uses left and what one cast costs, all from the book data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.book_texts import amount_text, target_name
from game.app.modal import ModalScene
from game.books.ff_mechanics import Spell
from game.books.fighting_fantasy import FightingFantasyBook
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.draw import blit_text
from game.ui.layout import Column
from game.ui.scroll_list import ScrollList
from game.ui.speech import join
from game.ui.text_fit import wrap_words

if TYPE_CHECKING:
    from game.rules.ff.state import SheetState

SPELL_ROW = 36  # a spell in the list of the spells overlay
ROWS, ROWS_UP_TO = 5, 720  # spells in view on a page up to this high (one more per SPELL_ROW beyond)
PANEL_WIDTH, PANEL_CHROME = 600, 240  # the overlay; its height beside the list
PAD, LIST_TOP = 30, 70  # the list and the buttons, in from the panel's sides; the list under the title
BUTTONS_RISE, BUTTON_H, CANCEL_W, CAST_W, CAST_RIGHT = 76, 46, 200, 260, 290  # Cast: its left CAST_RIGHT from the right
DESCRIPTION_GAP, DESCRIPTION_LINE, DESCRIPTION_LINES = 12, 22, 2  # the chosen spell's description, under the list


def spell_label(book: FightingFantasyBook, spell: Spell, state: SheetState, language: str) -> str:
    """One spell as a row: its name, the uses left, what one cast costs."""
    parts = [spell.name.get(language)]
    if spell.counter is not None:
        parts.append(f"× {state.counters.get(spell.counter, 0)}")
    if spell.cost:
        costs = (f"{target_name(book, t, language)} −{amount_text(book, cost, language)}" for t, cost in spell.cost.items())
        parts.append(", ".join(costs))
    return " · ".join(parts)


class SpellsModal(ModalScene):
    """The book's spells during a fight (the combat board's "Sorts…"): pick one, cast it on the creature in front.

    ``check(index)`` is the rules' reason a spell cannot be cast now (None: it can);
    ``on_cast(index)`` casts it, through the board so its dice and outcome show there.
    """

    def __init__(
        self,
        ui: UIContext,
        book: FightingFantasyBook,
        state: SheetState,
        check: Callable[[int], str | None],
        on_cast: Callable[[int], object],
    ) -> None:
        super().__init__(ui)
        self.book = book
        self.check = check
        self.on_cast = on_cast
        self.state = state
        self.layout(self.page)

    def list_rows(self) -> int:
        """Five spells in view on a page up to 720 high, one more per 36 pixels beyond (all of them if they fit)."""
        return max(1, min(len(self.book.spells), ROWS + max(0, (self.room()[1] - ROWS_UP_TO) // SPELL_ROW)))

    def panel_size(self) -> tuple[int, int]:
        return PANEL_WIDTH, PANEL_CHROME + self.list_rows() * SPELL_ROW

    def place_widgets(self) -> None:
        ui, panel, book = self.ui, self.panel_rect(), self.book
        language = ui.catalogue.language
        self.list = self.group.add(
            ScrollList(
                ui,
                (panel.x + PAD, panel.y + LIST_TOP, panel.width - 2 * PAD, self.list_rows() * SPELL_ROW),
                [spell_label(book, spell, self.state, language) for spell in book.spells],
                row_height=SPELL_ROW,
                on_select=lambda i: self._sync(),
                on_activate=lambda i: self.cast(),
            )
        )
        bottom = panel.bottom - BUTTONS_RISE
        self.cancel_button = self.group.add(
            Button(ui, (panel.x + PAD, bottom, CANCEL_W, BUTTON_H), ui.tr("common.cancel"), on_click=self.dismiss)
        )
        self.cast_button = self.group.add(
            Button(
                ui,
                (panel.right - CAST_RIGHT, bottom, CAST_W, BUTTON_H),
                ui.tr("powers.cast"),
                style="primary",
                on_click=self.cast,
            )
        )
        self._sync()

    def restore_view(self, kept: object) -> None:
        super().restore_view(kept)
        self._sync()  # the spell selected before the re-layout decides the Cast button again

    def _sync(self) -> None:
        selected = self.list.selected
        if selected is None:
            self.cast_button.set_enabled(False, self.ui.tr("powers.select_spell"))
            return
        reason = self.check(selected)
        self.cast_button.set_enabled(reason is None, reason)

    def cast(self) -> None:
        selected = self.list.selected
        if selected is None or self.check(selected) is not None:
            return
        if self.stack is not None:
            self.stack.pop(self)
        self.on_cast(selected)

    def draw(self, surface: pygame.Surface) -> None:
        panel = self.draw_frame(surface, self.ui.t("powers.spells"))
        selected = self.list.selected
        small = self.ui.theme.text_size("small")
        description = self.book.spells[selected].description if selected is not None else None
        if description is not None:
            text = description.get(self.ui.catalogue.language)
            column = Column((panel.x + PAD, self.list.rect.bottom + DESCRIPTION_GAP, panel.width - 2 * PAD, panel.height))
            for line in wrap_words(text, "italic", small, panel.width - 2 * PAD)[:DESCRIPTION_LINES]:
                blit_text(surface, line, column.row(DESCRIPTION_LINE).topleft, "italic", small, self.ui.palette.ink_soft)
        self.group.draw(surface)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the book's spells and the one selected."""
        return join(self.ui.t("powers.spells"), self.list.spoken_value(), self.ui.t("access.tab_hint"))
