"""The combat board's painter: the page, the header and its odds gauge, the cards, the centre; what moves per frame.

It reads a :class:`~game.scenes.combat.view.CombatView` (what to show, built by the
scene from the session, the animator and the odds worker) and paints; it never
changes the fight and never sees the scene. The cards are painted by
``cards.CardPainter``, the centre column and the log by ``centre.CentrePainter``.
Everything still between two changes is painted once into a board layer; per
frame only the bars, the sliding card, the dice and the damage are drawn.
"""

from __future__ import annotations

from typing import Literal

import pygame

from game.books.fighting_fantasy import FightingFantasyBook
from game.scenes.combat.animator import Animator
from game.scenes.combat.cards import CardPainter
from game.scenes.combat.centre import CentrePainter
from game.scenes.combat.drawing import DiceSprites, Painter, draw_bar
from game.scenes.combat.layout import GAUGE_BAR_H, SUBTITLE_AT, TITLE_TOP, CombatLayout, bar_rect, card_geometry
from game.scenes.combat.odds import FightOdds
from game.scenes.combat.text import percent
from game.scenes.combat.view import CombatView
from game.ui.context import UIContext
from game.ui.draw import blit_text, parchment
from game.ui.text_fit import fit_line

GaugeRow = tuple[str, Literal["no_luck", "best_luck"]]  # its label's key, the chance it shows


def gauge_rows(book: FightingFantasyBook, profile: str | None) -> tuple[GaugeRow, ...]:
    """The gauge's rows: without Luck and with its best use, or one row where Luck is not allowed (or not in the book)."""
    if not book.rules.profile(profile).luck_allowed:
        return (("combat.gauge_luck_forbidden", "no_luck"),)
    return (("combat.gauge_no_luck", "no_luck"), ("combat.gauge_best_luck", "best_luck"))


class BoardPainter(Painter):
    """Paints the board layer (page, header, gauge, cards, centre) and the live layer over it."""

    def __init__(self, ui: UIContext, book: FightingFantasyBook, regions: CombatLayout, sprites: DiceSprites) -> None:
        super().__init__(ui, book, regions, sprites)
        self.cards = CardPainter(ui, book, regions, sprites)
        self.centre = CentrePainter(ui, book, regions, sprites)
        self._step_card: tuple[tuple[int, int], pygame.Surface] | None = None  # (creature, state shown), picture

    def relayout(self, regions: CombatLayout) -> None:
        """Paint for new regions (the page changed size)."""
        self.regions = self.cards.regions = self.centre.regions = regions
        self._step_card = None

    def paint(self, surface: pygame.Surface, view: CombatView) -> None:
        """Paint everything that stays still until the next change into ``surface`` (the board layer)."""
        lay = self.regions
        surface.blit(parchment(surface.get_size(), self.ui.palette), (0, 0))
        self._paint_header(surface, view)
        self._paint_gauge(surface, view)
        self.cards.paint_hero(surface, view)
        if lay.ally is not None and view.fight.ally is not None:  # an ally cast this step waits for its dice to land
            self.cards.paint_ally(surface, lay.ally, view)
        if lay.quiver is not None:
            self.cards.paint_quiver(surface, lay.quiver, view)
        for i, rect in enumerate(lay.creatures):
            if i != view.stepping:
                self.cards.paint_creature(surface, rect, i, view)
        self.centre.paint(surface, view)

    def draw_live(self, surface: pygame.Surface, animator: Animator, view: CombatView) -> None:
        """What moves every frame, over the board layer: bars, the sliding card, the dice, the damage."""
        p = self.ui.palette
        stepping = None if animator.step_in is None else f"creature:{animator.step_in.creature}"
        compact = self.regions.card_mode in ("compact", "row")
        for key, bar in animator.bars.items():
            if key == stepping or key == "ally" and self.regions.ally is None:
                continue
            rect = bar_rect(self.regions, key)
            draw_bar(surface, rect, bar.value, bar.maximum, p, size=min(18, rect.height + 2))
            if compact and key.startswith("creature:"):
                shown = f"{round(bar.value)} / {bar.maximum}"
                blit_text(surface, shown, (rect.right + 12, rect.centery), "bold", 16, p.ink, "midleft")
        if animator.step_in is not None:
            self._draw_step_in(surface, animator, view)
        if animator.tumble is not None:
            animator.tumble.draw(surface, self.sprites, p)
        for floater in animator.floaters:
            t = 1 - floater.left / floater.total if floater.total else 1
            blit_text(surface, floater.text, (floater.pos[0], floater.pos[1] - 30 * t), "bold", 26, floater.colour, "midbottom")

    def _draw_step_in(self, surface: pygame.Surface, animator: Animator, view: CombatView) -> None:
        """The next creature's card sliding in from the right, fading in (one after another)."""
        assert animator.step_in is not None
        index = animator.step_in.creature
        ease = 1 - (1 - animator.step_in.progress) ** 3
        rect = self.regions.creatures[index]
        if self._step_card is None or self._step_card[0] != (index, id(view.state)):
            card = pygame.Surface(rect.size, pygame.SRCALPHA)
            local = pygame.Rect((0, 0), rect.size)
            self.cards.paint_creature(card, local, index, view, local=True)
            step_bar = animator.bars.get(f"creature:{index}")
            if step_bar is not None:
                geometry = card_geometry(local, self.regions.card_mode)
                draw_bar(card, geometry.bar, step_bar.target, step_bar.maximum, self.ui.palette)
            self._step_card = ((index, id(view.state)), card)
        card = self._step_card[1]
        card.set_alpha(round(80 + 175 * ease))
        surface.blit(card, rect.move(round(120 * (1 - ease)), 0))

    # -- the header
    def _paint_header(self, surface: pygame.Surface, view: CombatView) -> None:
        """The title and the subtitle (the kind of fight, the rounds), left of the gauge."""
        p, theme, t = self.ui.palette, self.ui.theme, self.ui.t
        lay = self.regions
        fight = view.fight
        header = lay.header
        title, size = fit_line(t("combat.title"), "title", theme.text_size("title"), header.width)
        blit_text(surface, title, (lay.margin, TITLE_TOP), "title", size, p.rubric, box=header, owner="combat title")
        sub = t(f"combat.mode_{fight.mode}") if len(fight.enemies) > 1 else t("combat.mode_single")
        if fight.stats.rounds:
            sub = t("combat.subtitle_rounds", mode=sub, n=fight.stats.rounds)
        sub, size = fit_line(sub, "italic", theme.text_size("small"), header.width - SUBTITLE_AT[0])
        at = (lay.margin + SUBTITLE_AT[0], SUBTITLE_AT[1])
        blit_text(surface, sub, at, "italic", size, p.ink_soft, box=header, owner="combat subtitle")

    def _paint_gauge(self, surface: pygame.Surface, view: CombatView) -> None:
        """The chances of winning, without Luck and with the best use of it (or one row where Luck is not allowed)."""
        p, t = self.ui.palette, self.ui.t
        small = self.ui.theme.text_size("small")
        fight = view.fight
        if not fight.active:
            return
        odds = view.odds["odds"] if view.odds else None
        rows = gauge_rows(self.book, fight.profile)
        estimate = odds is not None and not odds.get("exact", True)
        for row, (key, field) in enumerate(rows):
            place = self.regions.gauge_row(row, estimate)
            blit_text(surface, t(key), place.label_end, "body", small, p.ink_soft, "midright")
            if odds is None:
                error = view.odds.get("error") if view.odds else None
                self._computing(surface, place.bar, None if error is None else t("combat.odds_unavailable", reason=t(error)))
                continue
            self._gauge_bar(surface, place.bar, odds, field, estimate, place.value_end)
        note = self._gauge_note(odds)
        if note:
            blit_text(surface, note, self.regions.gauge_note, "italic", small - 2, p.ink_soft, "topright")

    def _gauge_note(self, odds: FightOdds | None) -> str:
        """What the figure counts beside the hero (an ally, R-ALLY-1), or which rules in force it leaves out."""
        t = self.ui.t
        if odds is None:
            return ""
        if odds["leaves_out"]:
            return t("combat.odds_leaves_out", rules=", ".join(t(key) for key in odds["leaves_out"]))
        return "" if odds["counts"] == "hero" else t(f"combat.odds_counts_{odds['counts']}")

    def _computing(self, surface: pygame.Surface, bar: pygame.Rect, unavailable: str | None = None) -> None:
        """An empty gauge bar saying the odds are being computed, or why they are unavailable (inside the bar)."""
        p = self.ui.palette
        pygame.draw.rect(surface, p.parchment_dark, bar, border_radius=GAUGE_BAR_H // 2)
        pygame.draw.rect(surface, p.ink_faint, bar, width=1, border_radius=GAUGE_BAR_H // 2)
        size = self.ui.theme.text_size("small") - 2
        blit_text(
            surface,
            self.ui.t("combat.computing") if unavailable is None else unavailable,
            bar.center,
            "italic",
            size,
            p.ink_soft,
            "center",
            box=bar,
            owner="odds computing",
        )

    def _gauge_bar(
        self,
        surface: pygame.Surface,
        bar: pygame.Rect,
        odds: FightOdds,
        field: Literal["no_luck", "best_luck"],
        estimate: bool,
        at: tuple[int, int],
    ) -> None:
        """One chance of winning as a bar filled to it (green from one in two) and its percentage at ``at``."""
        p, t = self.ui.palette, self.ui.t
        value = odds[field]
        pygame.draw.rect(surface, p.parchment_dark, bar, border_radius=GAUGE_BAR_H // 2)
        fill = bar.copy()
        fill.width = max(bar.height, round(bar.width * value)) if value > 0 else 0
        if fill.width:
            pygame.draw.rect(surface, p.good if value >= 0.5 else p.bad, fill, border_radius=GAUGE_BAR_H // 2)
        pygame.draw.rect(surface, p.ink_soft, bar, width=1, border_radius=GAUGE_BAR_H // 2)
        shown = percent(self.ui, value)
        bound = odds["at_least"][field] if estimate else None
        if bound is not None:
            # An estimate of a stated play (a fight too large to solve in time): the best play does at
            # least as well, so the board shows the lower bound, "≥ 41 %" (docs/ODDS.md).
            shown = t("combat.at_least", value=percent(self.ui, bound))
        blit_text(surface, shown, at, "bold", 20, p.ink, "midright")
