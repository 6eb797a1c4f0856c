"""The death page's scene: its intents (undo, start over, carry on, leave) and the STAMINA panel's state.

Events go to the widgets first (``controls``), then Ctrl+Z and Escape; each
frame is painted from a new :class:`~game.scenes.death.view.DeathView`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.adventure import Change
from game.app.adventure_scene import AdventureScene
from game.app.fluid import FluidLayout
from game.app.journal import undo_state
from game.app.navigator import Screen
from game.app.painted import PaintedPage
from game.app.services import Services
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.ff import actions as a
from game.rules.session import HONEST, make_action
from game.scenes.common.narration import hero_words
from game.scenes.death.controls import DeathControls, build_controls
from game.scenes.death.layout import DeathRegions, death_regions
from game.scenes.death.paint import paint_message, paint_page
from game.scenes.death.view import DeathView, revive_prompt, view_of
from game.ui.speech import join
from game.ui.theme import LOGICAL_SIZE

if TYPE_CHECKING:
    from game.app.adventure import FFAdventure


class DeathScene(PaintedPage[DeathView, DeathRegions], FluidLayout, AdventureScene):
    """The hero is dead: undo, start over, carry on (when the book allows), or leave."""

    screen = Screen.DEATH
    paint_under = staticmethod(paint_page)
    paint_over = staticmethod(paint_message)
    help_topic = "sheet"

    adventure: FFAdventure
    book: FightingFantasyBook
    r: DeathRegions
    controls: DeathControls

    def __init__(self, services: Services, adventure: FFAdventure, size: tuple[int, int] = LOGICAL_SIZE) -> None:
        super().__init__(services, adventure)
        self.reviving = False
        # honest play: the death screen offers no undo of the fatal roll (a death set by hand can still be undone)
        self.honest_roll = adventure.session.undo_refusal() is not None and adventure.session.play == HONEST
        self.layout(size)

    def place_widgets(self) -> None:
        """The buttons in a row under the story, and the STAMINA panel's field and buttons, for ``self.page``."""
        self.r = death_regions(self.page, self.book.death.may_continue)
        self.controls = build_controls(
            self.ui,
            self.r,
            self.book,
            self,
            undo_offered=not self.honest_roll,
            revive_prompt=lambda: revive_prompt(self.ui, self.adventure.state),
        )
        self.group.add(*self.controls.widgets())
        self.controls.arrange(self.ui, self.r)
        self._refresh()

    def keep_view(self) -> str:
        """A re-layout keeps the STAMINA being typed."""
        return self.controls.stamina_field.text

    def restore_view(self, kept: str) -> None:
        self.controls.stamina_field.text = kept

    def _refresh(self) -> None:
        controls = self.controls
        controls.undo_button.set_enabled(*undo_state(self.ui, self.adventure, "death.nothing_to_undo"))
        controls.show_revive(self.reviving)
        if controls.continue_button is not None:
            controls.continue_button.set_enabled(not self.reviving, self.ui.tr("death.continue_open"))

    # -- actions ------------------------------------------------------------------------------------
    def refresh(self, changes: list[Change]) -> None:
        """Undo (the button, Ctrl+Z) or revive brought the hero back (and no ending of the book holds): the sheet again."""
        state = self.adventure.state
        hero = state.hero
        if hero is not None and hero.alive and state.ended is None and self.stack is not None:
            self.navigator.go(self, Screen.SHEET, self.adventure)
            return
        self._refresh()

    def restart(self) -> None:
        """A new hero for the same book (this adventure's save stays on the shelf)."""
        if self.stack is not None:
            self.navigator.go(self, Screen.CREATION, self.book)

    def to_shelf(self) -> None:
        if self.stack is not None:
            self.navigator.to_shelf(self)

    def ask_revive(self) -> None:
        """Show the STAMINA field: the book says how much the hero gets back."""
        if not self.book.death.may_continue:
            return
        self.reviving = True
        self.message = None
        self._refresh()
        self.group.focus.focus(self.controls.stamina_field)

    def close_revive(self) -> None:
        self.reviving = False
        self.message = None
        self._refresh()
        # Cancelled: back on "Continue" (the keyboard's place), never on nothing (issue 29)
        self.group.focus.focus(self.controls.continue_button)

    def revive(self) -> None:
        """Apply ``revive`` with the typed STAMINA; a refusal is shown under the field."""
        value = self.controls.stamina_field.value
        if value is None:
            self.message = self.ui.t("death.stamina_missing")
            return
        self.act(make_action(a.Revive, stamina=value))

    # -- frame -----------------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.help_key(event):
            return None
        if event.type == pygame.KEYDOWN:
            if not self.controls.stamina_field.focused and self.history_key(event):
                return None
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            self.controls.arrange(self.ui, self.r)
        if self.group.process_event(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.reviving:
            self.close_revive()
            return None
        return event

    def resume(self) -> None:
        self.controls.arrange(self.ui, self.r)  # the language may have changed under an overlay
        super().resume()

    def view(self) -> DeathView:
        """What the page shows now."""
        return view_of(
            self.ui, self.book, self.adventure.state, honest_roll=self.honest_roll, reviving=self.reviving, message=self.message
        )

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the death page, what the page tells (where, the fatal blow, whether
        the book lets death be the end), then the hero's scores."""
        ui = self.ui
        story = (line.text for line in self.view().story)
        hero = hero_words(ui, self.adventure.book, self.adventure.state)
        return join(ui.t("access.screen_death"), *story, hero, ui.t("access.tab_hint"))
