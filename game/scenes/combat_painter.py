"""The combat board's painter: the page, the header gauge and the cards, plus what moves per frame.

It reads a :class:`BoardFrame` (what to show, built by the scene from the
session, the animator and the odds worker) and paints; it never changes the
fight. The centre column and the log are painted by ``combat_panel``.
Everything still between two changes is painted once into a board layer; per
frame only the bars, the sliding card, the dice and the damage are drawn.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.scenes.combat_animator import Animator
from game.scenes.combat_board import (
    DiceSprites,
    Layout,
    bar_rect,
    card_geometry,
    draw_bar,
    ellipsize,
    fit_text,
)
from game.scenes.combat_frame import BoardFrame, Painter
from game.scenes.combat_panel import CentrePainter
from game.scenes.combat_text import name_of, percent, result_key, roll_text
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panel, parchment, rounded_box
from game.ui.icons import draw_icon
from game.ui.text_fit import fit_line, fit_lines


class BoardPainter(Painter):
    """Paints the board layer (page, gauge, cards) and the live layer; the centre goes to ``CentrePainter``."""

    def __init__(self, ui: UIContext, book: Any, layout: Layout, sprites: DiceSprites) -> None:
        super().__init__(ui, book, layout, sprites)
        self.centre = CentrePainter(ui, book, layout, sprites)
        self._step_card: tuple[tuple[int, int], pygame.Surface] | None = None  # (creature, state shown), picture

    def relayout(self, layout: Layout) -> None:
        """Paint for a new layout (the page changed size)."""
        self.layout = self.centre.layout = layout
        self._step_card = None

    def draw_live(self, surface: pygame.Surface, animator: Animator) -> None:
        """What moves every frame, over the board layer: bars, the sliding card, the dice, the damage."""
        p = self.ui.palette
        stepping = None if animator.step_in is None else f"creature:{animator.step_in.creature}"
        compact = self.layout.card_mode in ("compact", "row")
        for key, bar in animator.bars.items():
            if key == stepping or key == "ally" and self.layout.ally is None:
                continue
            rect = bar_rect(self.layout, key)
            draw_bar(surface, rect, bar.value, bar.maximum, p, size=min(18, rect.height + 2))
            if compact and key.startswith("creature:"):
                blit_text(
                    surface, f"{round(bar.value)} / {bar.maximum}", (rect.right + 12, rect.centery), "bold", 16, p.ink, "midleft"
                )
        if animator.step_in is not None:
            index = animator.step_in.creature
            t = animator.step_in.progress
            ease = 1 - (1 - t) ** 3
            rect = self.layout.creatures[index]
            if self._step_card is None or self._step_card[0] != (index, id(self.frame.state)):
                card = pygame.Surface(rect.size, pygame.SRCALPHA)
                local = pygame.Rect((0, 0), rect.size)
                self._paint_creature(card, local, index, self.frame.state, local=True)
                step_bar = animator.bars.get(f"creature:{index}")
                if step_bar is not None:
                    draw_bar(card, card_geometry(local, self.layout.card_mode).bar, step_bar.target, step_bar.maximum, p)
                self._step_card = ((index, id(self.frame.state)), card)
            card = self._step_card[1]
            card.set_alpha(round(80 + 175 * ease))
            surface.blit(card, rect.move(round(120 * (1 - ease)), 0))
        if animator.tumble is not None:
            animator.tumble.draw(surface, self.sprites, p)
        for floater in animator.floaters:
            t = 1 - floater.left / floater.total if floater.total else 1
            blit_text(surface, floater.text, (floater.pos[0], floater.pos[1] - 30 * t), "bold", 26, floater.colour, "midbottom")

    def paint(self, surface: pygame.Surface, frame: BoardFrame) -> None:
        """Paint everything that stays still until the next change into ``surface`` (the board layer)."""
        self.frame = frame
        p, theme, t = self.ui.palette, self.ui.theme, self.ui.t
        lay = self.layout
        state = self.frame.state
        fight = state.fight
        surface.blit(parchment(surface.get_size(), p), (0, 0))
        # The title and the subtitle share the header with the gauge, left of it.
        header = pygame.Rect(lay.margin, 0, lay.gauge.x - 16 - lay.margin, lay.hero.y)
        title, size = fit_line(t("combat.title"), "title", theme.text_size("title"), header.width)
        blit_text(surface, title, (lay.margin, 8), "title", size, p.rubric, box=header, owner="combat title")
        sub = t(f"combat.mode_{fight.mode}") if len(fight.enemies) > 1 else t("combat.mode_single")
        if fight.stats.rounds:
            sub = t("combat.subtitle_rounds", mode=sub, n=fight.stats.rounds)
        sub, size = fit_line(sub, "italic", theme.text_size("small"), header.width - 2)
        blit_text(surface, sub, (lay.margin + 2, 58), "italic", size, p.ink_soft, box=header, owner="combat subtitle")
        self._paint_gauge(surface)
        self._paint_hero(surface, state)
        if lay.ally is not None:
            self._paint_ally(surface, lay.ally, state)
        if lay.quiver is not None:
            self._paint_quiver(surface, lay.quiver, state)
        stepping = self.frame.stepping
        for i, rect in enumerate(lay.creatures):
            if i != stepping:
                self._paint_creature(surface, rect, i, state)
        self.centre.paint(surface, frame)

    # -- header gauge
    def _paint_gauge(self, surface: pygame.Surface) -> None:
        p, t = self.ui.palette, self.ui.t
        rect = self.layout.gauge
        small = self.ui.theme.text_size("small")
        fight = self.frame.state.fight
        if not fight.active:
            return
        answer = self.frame.odds
        odds = answer.get("odds") if answer else None
        rows: tuple[tuple[str, str], ...] = (("combat.gauge_no_luck", "no_luck"), ("combat.gauge_best_luck", "best_luck"))
        if not self.book.profile(fight.profile).luck_allowed:  # no Luck in this fight: one chance of victory, said so
            rows = (("combat.gauge_luck_forbidden", "no_luck"),)
        label_w = 250
        for row, (key, field) in enumerate(rows):
            y = rect.y + 4 + row * 26
            blit_text(surface, t(key), (rect.x + label_w - 8, y + 10), "body", small, p.ink_soft, "midright")
            estimate = odds is not None and not odds.get("exact", True)
            bar = pygame.Rect(rect.x + label_w, y + 2, rect.width - label_w - (150 if estimate else 70), 18)
            if odds is None:
                pygame.draw.rect(surface, p.parchment_dark, bar, border_radius=9)
                pygame.draw.rect(surface, p.ink_faint, bar, width=1, border_radius=9)
                # Inside the empty bar (below it, the next row's bar hid half of it).
                blit_text(
                    surface,
                    t("combat.computing"),
                    bar.center,
                    "italic",
                    small - 2,
                    p.ink_soft,
                    "center",
                    box=bar,
                    owner="odds computing",
                )
                continue
            value = odds[field]
            pygame.draw.rect(surface, p.parchment_dark, bar, border_radius=9)
            fill = bar.copy()
            fill.width = max(bar.height, round(bar.width * value)) if value > 0 else 0
            if fill.width:
                pygame.draw.rect(surface, p.good if value >= 0.5 else p.bad, fill, border_radius=9)
            pygame.draw.rect(surface, p.ink_soft, bar, width=1, border_radius=9)
            shown = percent(self.ui, value)
            if estimate:
                # A Monte Carlo estimate (a fight too large to solve in time) says so: "≈ 42 % ± 1".
                shown = t("combat.estimate", value=shown, margin=percent(self.ui, max(odds["margin"], 0.005)))
            blit_text(surface, shown, (rect.right - 4, y + 11), "bold", 20, p.ink, "midright")
        if fight.ally is not None:  # under the labels on a very short page (the creatures' tabs are just below)
            at = (rect.x + label_w - 8, rect.y + 54) if self.layout.decide_in_band else (rect.right - 4, rect.y + 56)
            blit_text(surface, t("combat.ally_not_counted"), at, "italic", small - 2, p.ink_soft, "topright")

    # -- cards
    def _card_frame(
        self, surface: pygame.Surface, rect: pygame.Rect, *, highlight: str | None = None, dim: bool = False, local: bool = False
    ) -> None:
        p = self.ui.palette
        draw_panel(surface, rect, p, shadow=not local, fill_alpha=235 if not dim else 150)
        if highlight is not None:
            colour = {"target": p.rubric, "pending": p.focus}.get(highlight, p.rubric)
            pygame.draw.rect(surface, colour, rect.inflate(-6, -6), width=3, border_radius=6)

    def _paint_hero(self, surface: pygame.Surface, state: Any) -> None:
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        rect = self.layout.hero
        fight = state.fight
        pending = fight.pending[0] if fight.pending else None
        highlight = "pending" if pending is not None and pending.kind == "wound" and pending.to == "hero" else None
        self._card_frame(surface, rect, highlight=highlight)
        if highlight is not None:
            self._pill(surface, t("combat.tag_pending"), rect, p.focus)
        geo = card_geometry(rect, "full", hero=True)
        assert geo.stats is not None  # a full card always has its stat line
        hero = state.hero
        name = hero.name or t("combat.hero")
        blit_text(
            surface,
            ellipsize(name, "title", theme.text_size("heading"), rect.width - 40),
            geo.name,
            "title",
            theme.text_size("heading"),
            p.ink,
        )
        body = theme.text_size("body")
        rules = self.book.profile(fight.profile)  # a vehicle or ship fight shows its own pair of scores
        luck = self._stat_name("luck")
        stats = t(
            "combat.hero_stats",
            skill_name=self._stat_name(rules.attack),
            skill=hero.scores[rules.attack],
            luck_name=luck,
            luck=hero.scores["luck"],
            luck_max=hero.initial["luck"],
        )
        stats, size = fit_line(stats, "body", body, rect.width - 36, min_size=15)  # smaller before shortened
        blit_text(surface, stats, geo.stats, "body", size, p.ink, box=rect, owner="combat hero scores")
        blit_text(
            surface,
            self._stat_name(rules.stamina),
            (rect.x + 20, geo.bar.centery),
            "title",
            theme.text_size("small"),
            p.ink_soft,
            "midleft",
        )
        if hero.weapon_lost:
            blit_text(
                surface,
                t("combat.bare_hands", n=self.book.combat.lost_weapon_penalty),
                (rect.right - 18, rect.y + 16),
                "italic",
                theme.text_size("small"),
                p.bad,
                "topright",
            )
        own = [x for x in fight.last_round if not x.by_ally]
        if own and "cards" not in self.frame.hidden:
            roll = own[0].hero_roll
            self._paint_roll(surface, geo, roll.dice, roll_text(t, roll), t("combat.attack_strength"))
        elif not own:
            blit_text(
                surface,
                t("combat.no_round_yet"),
                (rect.x + 20, geo.dice[0][1]),
                "italic",
                theme.text_size("small"),
                p.ink_faint,
                "midleft",
            )

    def _pill(self, surface: pygame.Surface, text: str, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
        """A small label tab sitting on a card's top edge (target, waiting, defeated, wound to settle)."""
        p = self.ui.palette
        size = self.ui.theme.text_size("small") - 2
        width = fonts.text_width(text, "italic", size) + 20
        box = pygame.Rect(0, 0, width, 22)
        box.midright = (rect.right - 18, rect.top + 2)
        surface.blit(rounded_box(box.size, p.parchment_light, colour, 11), box)
        blit_text(surface, text, (box.centerx, box.centery), "italic", size, colour, "center")

    def _paint_ally(self, surface: pygame.Surface, rect: pygame.Rect, state: Any) -> None:
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        fight = state.fight
        ally = fight.ally
        self._card_frame(surface, rect, dim=ally.stamina <= 0)
        geo = card_geometry(rect, "medium")
        blit_text(
            surface, t("combat.ally_name", name=ally.name, skill=ally.skill), geo.name, "bold", theme.text_size("body"), p.ink
        )
        exchange = next((x for x in fight.last_round if x.by_ally), None)
        if ally.stamina <= 0:
            blit_text(
                surface,
                t("combat.ally_out"),
                (rect.right - 14, rect.y + 12),
                "italic",
                theme.text_size("small"),
                p.bad,
                "topright",
            )
        if exchange is not None and "cards" not in self.frame.hidden:
            text = t(
                "combat.ally_formula",
                ours=exchange.hero_roll.total,
                name=name_of(state, exchange.creature),
                theirs=exchange.creature_roll.total,
                result=t(result_key(exchange.result) + "_ally"),
            )
            room = rect.right - geo.formula[0] - 12
            for center, face in zip(geo.dice, exchange.hero_roll.dice):
                self.sprites.draw(surface, center, geo.die_size, face, p)
            size = fit_text(text, "body", 20, room)
            blit_text(surface, ellipsize(text, "body", size, room), geo.formula, "body", size, p.ink, "midleft")

    def _paint_quiver(self, surface: pygame.Surface, rect: pygame.Rect, state: Any) -> None:
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        fight = state.fight
        archery = self.book.archery
        counter = self.book.counter(archery.counter)
        arrows = state.counters.get(archery.counter, 0)
        draw_panel(surface, rect, p, fill_alpha=235)
        title = t("combat.quiver", n=arrows)
        blit_text(surface, title, (rect.x + 18, rect.y + 10), "title", theme.text_size("body"), p.ink)
        slots = max(counter.maximum or 0, arrows)
        flying = self.frame.flying  # the arrow in the air left its place
        small = theme.text_size("small")
        # A short card (a short page) says the shots on the title's line; a broken string takes the arrows' row.
        short = rect.height < 110
        # Every slot shows, however many the quiver holds: closer together in a narrow card (room for the bow).
        step = max(8, min(40, (rect.width - 36 - 56) // max(1, slots)))
        for i in range(0 if short and fight.bow_broken else slots):
            box = pygame.Rect(rect.x + 18 + i * step, rect.y + 42, min(36, step + 20), 36)
            if i < arrows - (1 if flying else 0):
                draw_icon(surface, "arrow", box, p.ink, p.rubric)
            else:
                pygame.draw.line(surface, p.ink_faint, (box.x + 6, box.bottom - 6), (box.right - 6, box.y + 6), 1)
        if fight.bow_broken:
            broken_bow(surface, p, (rect.right - 44, rect.y + 58))
            size = small - 2  # left of the broken bow, on two lines at most
            lines, _ = fit_lines(t("combat.string_broken"), "bold", size, rect.width - 84, 2)
            y = rect.y + 44 if short else rect.bottom - 22 - (len(lines) - 1) * fonts.line_height("bold", size)
            for line in lines:
                blit_text(surface, line, (rect.x + 18, y), "bold", size, p.bad, "midleft" if not short else "topleft")
                y += fonts.line_height("bold", size)
        elif fight.active:
            at, anchor = ((rect.right - 18, rect.y + 24), "midright") if short else ((rect.x + 18, rect.bottom - 22), "midleft")
            room = rect.width - 36 - (fonts.text_width(title, "title", theme.text_size("body")) + 12 if short else 0)
            text = t("combat.shots_left", n=fight.shots_left)
            if fonts.text_width(text, "italic", small - 2) > room:  # beside the title of a narrow card: the short form
                text = t("combat.shots_short", n=fight.shots_left)
            text, size = fit_line(text, "italic", small, room)
            blit_text(surface, text, at, "italic", size, p.ink_soft, anchor, box=rect, owner="combat quiver")

    def _paint_creature(self, surface: pygame.Surface, rect: pygame.Rect, index: int, state: Any, local: bool = False) -> None:
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        fight = state.fight
        creature = fight.enemies[index]
        mode = self.layout.card_mode
        dead = creature.stamina <= 0
        front = fight.front()
        waiting = fight.mode == "one_after_another" and not dead and index != front
        target = self.frame.target
        pending = fight.pending[0] if fight.pending else None
        highlight = None
        # only the side whose wound (or missed arrow) waits is marked: a wound to the hero marks the hero's card
        if (
            pending is not None
            and pending.creature == index
            and not (pending.kind == "wound" and pending.escape)
            and (pending.kind == "missed_arrow" or pending.to == "creature")
        ):
            highlight = "pending"
        elif fight.active and index == target and not dead and fight.mode == "all_together":
            highlight = "target"
        self._card_frame(surface, rect, highlight=highlight, dim=dead or waiting, local=local)
        geo = card_geometry(rect, mode)
        ink = p.ink_faint if dead else p.ink
        face = {"heading": "title", "body": "bold", "small": "bold"}[geo.name_size]
        size = theme.text_size(geo.name_size) if mode != "row" else min(theme.text_size("small"), rect.height * 3 // 4)
        label = creature.name if mode == "full" else t("combat.creature_short", name=creature.name, skill=creature.skill)
        # A compact card keeps its right for the total of its last roll, when it has one.
        rolled = "cards" not in self.frame.hidden and any(x.creature == index for x in fight.last_round)
        room = rect.width - {"full": 40, "medium": 32}.get(mode, 150 if rolled else 32)
        if mode == "row":  # the name and SKILL left of the bar, on the card's one line
            room = geo.bar.x - geo.name[0] - 10
        anchor = "midleft" if mode == "row" else "topleft"
        blit_text(surface, ellipsize(label, face, size, room), geo.name, face, size, ink, anchor)
        if geo.stats is not None:
            attack = self.book.profile(state.fight.profile).attack
            blit_text(
                surface,
                f"{self._short_name(attack)} {creature.skill}",
                (geo.stats[0], geo.bar.centery),
                "title",
                theme.text_size("small"),
                p.ink_soft,
                "midleft",
            )
        if mode == "full" and creature.notes:  # special abilities typed at setup or kept in the box
            assert geo.stats is not None  # a full card always has its stat line
            blit_text(
                surface,
                ellipsize(creature.notes, "italic", theme.text_size("small"), rect.width - 40),
                (geo.stats[0], geo.bar.bottom + 8),
                "italic",
                theme.text_size("small"),
                p.rubric,
            )
        tag, tone = None, p.ink_soft
        if dead:
            tag, tone = t("combat.tag_dead"), p.bad
        elif waiting:
            tag = t("combat.tag_waiting")
        elif highlight == "target":
            tag, tone = t("combat.tag_target"), p.rubric
        elif highlight == "pending":
            tag, tone = t("combat.tag_pending"), p.focus
        exchange = next((x for x in fight.last_round if x.creature == index and not x.by_ally), None)
        exchange = exchange or next((x for x in fight.last_round if x.creature == index), None)
        if mode == "row":
            self._row_state(surface, geo, tag, tone, exchange)
            tag = None  # said on the card's line, not on a tab over the card above
        elif exchange is not None and "cards" not in self.frame.hidden:
            formula = (
                roll_text(t, exchange.creature_roll)
                if geo.die_size
                else t("combat.total_short", total=exchange.creature_roll.total)
            )
            result = t(
                result_key(exchange.result) + ("_ally_card" if exchange.by_ally and exchange.result == "parry" else "_card")
            )
            colour = {"hero_hit": p.good, "ally_hit": p.good, "hero_wounded": p.bad, "ally_wounded": p.bad}.get(
                exchange.result, p.ink_soft
            )
            if mode == "full":  # the result takes the place of the "Attack Strength" label, above the formula
                self._paint_roll(surface, geo, exchange.creature_roll.dice, formula, None)
                blit_text(
                    surface, result, (geo.formula[0], geo.formula[1] - 16), "bold", theme.text_size("small"), colour, "midleft"
                )
            else:
                self._paint_roll(surface, geo, exchange.creature_roll.dice, formula, None)
                if mode == "compact":
                    if tag is None:
                        tag, tone = result, colour
                else:
                    # Right of the formula when it fits there (a narrow card: on the card's tag instead).
                    small = theme.text_size("small")
                    room = rect.right - 16 - (geo.formula[0] + fonts.text_width(formula, "bold", 20) + 12)
                    if fonts.text_width(result, "bold", small) > room and tag is None:
                        tag, tone = result, colour
                    else:
                        result, size = fit_line(result, "bold", small, max(room, 40))
                        blit_text(surface, result, (rect.right - 16, geo.dice[0][1]), "bold", size, colour, "midright")
        if dead:
            inset = min(16, rect.height // 3)
            pygame.draw.line(surface, p.bad, (rect.x + 16, rect.bottom - inset), (rect.right - 16, rect.y + inset), 2)
        if tag is not None:
            self._pill(surface, tag, rect, tone)

    # -- centre


def broken_bow(surface: pygame.Surface, p: Any, centre: tuple[int, int]) -> None:
    """The bow with its string snapped (R-BOW-4), drawn in the quiver."""
    x, y = centre
    pygame.draw.arc(surface, p.ink, (x - 18, y - 30, 30, 60), -1.4, 1.4, 4)
    pygame.draw.line(surface, p.bad, (x - 2, y - 29), (x - 8, y - 4), 2)
    pygame.draw.line(surface, p.bad, (x - 2, y + 29), (x + 4, y + 6), 2)
