"""What the combat board shows, as one value: the frame its painters read, and their shared base."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.scenes.combat_board import CardGeometry, DiceSprites, Layout, fit_text
from game.scenes.combat_text import Told, result_key
from game.scenes.combat_timeline import Step
from game.ui.context import UIContext
from game.ui.draw import blit_text
from game.ui.text_fit import fit_line


@dataclass(frozen=True)
class BoardFrame:
    """Everything the board layer shows; a new frame is painted only when the scene's model changed."""

    state: Any  # what the cards show: the state before the newest step while its dice roll
    current: Any  # the session's state now
    step: Step | None  # the newest step of the fight
    told: Told | None  # its banner and tone
    log: tuple[tuple[str, str], ...]  # the fight log's lines (text, tone), oldest first
    hidden: frozenset[str]  # parts hidden while dice roll
    stepping: int | None  # the creature sliding in
    target: int | None  # the creature the hero attacks, in the state shown
    message: str | None  # a refusal to show
    log_scroll: int  # lines scrolled back in the log
    odds: dict[str, Any] | None  # the worker's answer for the state shown (None: computing)
    flying: bool  # the shot arrow is in the air (the quiver shows one fewer)

    @property
    def settled(self) -> bool:
        """The cards show the current state (no dice rolling)."""
        return self.state is self.current


class Painter:
    """What both painters share: the UI context, the book, the layout, the dice sprites, the frame."""

    def __init__(self, ui: UIContext, book: Any, layout: Layout, sprites: DiceSprites) -> None:
        self.ui = ui
        self.book = book
        self.layout = layout
        self.sprites = sprites
        self.frame: BoardFrame | Any = None

    def _stat_name(self, stat: str) -> str:
        try:
            return self.book.stat(stat).name.get(self.ui.catalogue.language)
        except KeyError:
            return stat

    def _short_name(self, stat: str) -> str:
        """The stat's short name where the book gives one (narrow places: a creature card)."""
        try:
            definition = self.book.stat(stat)
        except KeyError:
            return stat
        return (definition.short or definition.name).get(self.ui.catalogue.language)

    def _paint_roll(self, surface: pygame.Surface, geo: CardGeometry, dice: list[int], formula: str, label: str | None) -> None:
        p = self.ui.palette
        for center, face in zip(geo.dice, dice):
            self.sprites.draw(surface, center, geo.die_size, face, p)
        if geo.formula is None:
            return
        small = self.ui.theme.text_size("small")
        if geo.die_size >= 44:
            if label:
                blit_text(surface, label, (geo.formula[0], geo.formula[1] - 16), "italic", small, p.ink_soft, "midleft")
            # Up to the card's right edge (``tag`` is 18 px in from it): a narrow card sets the formula smaller.
            size = fit_text(formula, "bold", 22, geo.tag[0] + 8 - geo.formula[0])
            blit_text(surface, formula, (geo.formula[0], geo.formula[1] + 10), "bold", size, p.ink, "midleft")
        else:
            size = 20 if geo.die_size else small
            anchor = "midleft" if geo.die_size else "midright"
            blit_text(surface, formula, geo.formula, "bold", size, p.ink, anchor)

    def _row_state(self, surface: pygame.Surface, geo: Any, tag: str | None, tone: Any, exchange: Any) -> None:
        """A one-line card's right end: its state (defeated, target, wound to settle…) or its last exchange's result."""
        p, t = self.ui.palette, self.ui.t
        if tag is None and exchange is not None and "cards" not in self.frame.hidden:
            key = result_key(exchange.result) + ("_ally_card" if exchange.by_ally and exchange.result == "parry" else "_card")
            tag = t(key)
            tone = {"hero_hit": p.good, "ally_hit": p.good, "hero_wounded": p.bad, "ally_wounded": p.bad}.get(
                exchange.result, p.ink_soft
            )
        if tag is not None:
            room = geo.formula[0] - geo.bar.right - 56  # right of the bar's "4 / 4"
            text, size = fit_line(tag, "italic", self.ui.theme.text_size("small"), room)
            blit_text(surface, text, geo.formula, "italic", size, tone, "midright")
