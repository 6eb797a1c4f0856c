"""The combat board's cards: the hero's, the ally's, the quiver and the creatures', painted from a view.

Each card shows the state the view shows (the state before the newest step
while its dice roll) and its last exchange once the dice have landed; the
STAMINA bars themselves are drawn per frame by the live layer (they ease).
"""

from __future__ import annotations

import pygame

from game.app.book_texts import target_name
from game.rules.ff.context import counter_maximum
from game.rules.ff.ruleset import hero_side
from game.rules.ff.state import Exchange, Fight
from game.scenes.combat.drawing import Painter, broken_bow, fit_text
from game.scenes.combat.layout import CardGeometry, card_geometry
from game.scenes.combat.text import name_of, protection_held, result_key, roll_text, table_text
from game.scenes.combat.view import CombatView
from game.ui import fonts
from game.ui.draw import blit_text, draw_panel, rounded_box
from game.ui.icons import draw_icon
from game.ui.text_fit import ellipsize, fit_line, fit_lines
from game.ui.theme import RGB

#: Where the hero's (or the ally's) side won, and where it lost: the colour of an exchange's result.
GOOD_RESULTS, BAD_RESULTS = ("hero_hit", "ally_hit"), ("hero_wounded", "ally_wounded")
CARD_ALPHA, DIM_ALPHA = 235, 150  # a card's panel, and a defeated or waiting creature's
RING_INSET, RING_WIDTH, RING_RADIUS = 6, 3, 6  # the target's (or a pending wound's) ring inside its card
PILL_PAD, PILL_HEIGHT, PILL_RIGHT, PILL_DROP = 20, 22, 18, 2  # a tab on a card's top edge, from its right end
INSET, RIGHT = 20, 18  # a card's words, in from its left and from its right
NAME_ROOM = 2 * INSET  # a line of a card: its width less this
STATS_ROOM = 2 * RIGHT
STATS_LEAST, WOUNDS_LEAST, TABLE_LEAST, SCORE_LEAST = 15, 12, 13, 12  # the smallest size each line shrinks to
BIG_DIE = 44  # dice at least this large write their label above the formula
LABEL_RISE, FORMULA_DROP = 16, 10  # the label above the formula's row, the formula below it (big dice)
FORMULA_SIZE = 22  # big dice
SMALL_FORMULA_SIZE = 20  # small dice, and the ally's line
TAG_REACH = 8  # the formula may run to this past the tag's start
WOUNDS_CLEAR = 28  # the wound score's name stops this far left of the bar
BARE_HANDS_TOP = 16
ALLY_FORMULA_GAP = 12  # the ally's formula stops this far from the card's right
QUIVER_INSET, QUIVER_TITLE_TOP = 18, 10  # the quiver's words and slots from its sides; its title from its top
SHORT_QUIVER = 110  # a quiver card less tall says its shots on the title's line
SLOT_STEP = (8, 40)  # from one arrow's slot to the next: at least, at most
BOW_ROOM = 56  # the broken bow's, right of the slots
SLOT_TOP, SLOT_SIZE, SLOT_REACH = 42, 36, 20  # a slot: down from the top, its size, its reach past the step
EMPTY_SLOT_INSET = 6  # an empty slot's stroke, in from its corners
BOW_AT = (44, 58)  # the broken bow: in from the right, down from the top
BROKEN_ROOM = 84  # the broken string's words: the card's width less the bow's room
BROKEN_TOP, FOOT_LINE = 44, 22  # the words on a short card, from its top; on a tall one, the last line above the foot
SHOTS_TOP = 24  # the shots left on a short card's title line
TITLE_GAP = 12  # between a short quiver's title and its shots
DEFEATED_INSET = 16  # the stroke across a defeated creature's card: in from the sides (at most from the top and foot)
ROOM_BY_MODE = {"full": 40, "medium": 32}  # a creature's name: the card's width less this (else COMPACT_ROOM)
COMPACT_ROOM, ROLLED_ROOM = 32, 150  # a compact card, and one keeping its right for its last total
ROW_NAME_CLEAR, SCORE_CLEAR = 10, 8  # the name (a one-line card) and the attack score stop this far left of the bar
NOTES_DROP = 8  # a full creature card's notes, under its bar
RESULT_GAP, RESULT_LEAST, RESULT_RIGHT = 12, 40, 16  # a medium card's result: after the formula, its least room, its end
BAR_VALUE_ROOM = 56  # a one-line card's state: right of the bar's "4 / 4"


class CardPainter(Painter):
    """Paints the hero's, the ally's, the quiver's and the creatures' cards."""

    def result_colour(self, result: str) -> RGB:
        """An exchange's result in the colour of the side it favours (ink for a parry)."""
        p = self.ui.palette
        return p.good if result in GOOD_RESULTS else p.bad if result in BAD_RESULTS else p.ink_soft

    def result_words(self, exchange: Exchange, view: CombatView) -> tuple[str, RGB]:
        """An exchange's result as a card's tag ("Touché", "Paré par Sorrel"…) and its colour; a wound the
        hero's protection roll stopped says so (the newest step's, once its dice are down)."""
        if exchange.result == "hero_wounded" and view.step is not None and view.settled:
            if protection_held(view.step, exchange.protected):
                return self.ui.t("combat.result_protected_card"), self.result_colour("hero_hit")
        suffix = "_ally_card" if exchange.by_ally and exchange.result == "parry" else "_card"
        return self.ui.t(result_key(exchange.result) + suffix), self.result_colour(exchange.result)

    def card_frame(
        self, surface: pygame.Surface, rect: pygame.Rect, *, highlight: str | None = None, dim: bool = False, local: bool = False
    ) -> None:
        """A card's panel, dimmed (a defeated or waiting creature) or ringed (the target, a wound to settle)."""
        p = self.ui.palette
        draw_panel(surface, rect, p, shadow=not local, fill_alpha=CARD_ALPHA if not dim else DIM_ALPHA)
        if highlight is not None:
            colour = {"target": p.rubric, "pending": p.focus}.get(highlight, p.rubric)
            inset = -RING_INSET
            pygame.draw.rect(surface, colour, rect.inflate(inset, inset), width=RING_WIDTH, border_radius=RING_RADIUS)

    def pill(self, surface: pygame.Surface, text: str, rect: pygame.Rect, colour: RGB) -> None:
        """A small label tab sitting on a card's top edge (target, waiting, defeated, wound to settle)."""
        p = self.ui.palette
        size = self.ui.theme.text_size("small") - 2
        width = fonts.text_width(text, "italic", size) + PILL_PAD
        box = pygame.Rect(0, 0, width, PILL_HEIGHT)
        box.midright = (rect.right - PILL_RIGHT, rect.top + PILL_DROP)
        surface.blit(rounded_box(box.size, p.parchment_light, colour, PILL_HEIGHT // 2), box)
        blit_text(surface, text, (box.centerx, box.centery), "italic", size, colour, "center")

    def paint_roll(self, surface: pygame.Surface, geo: CardGeometry, dice: list[int], formula: str, label: str | None) -> None:
        """A card's two dice and the formula of its Attack Strength."""
        p = self.ui.palette
        for center, face in zip(geo.dice, dice):
            self.sprites.draw(surface, center, geo.die_size, face, p)
        if geo.formula is None:
            return
        small = self.ui.theme.text_size("small")
        if geo.die_size >= BIG_DIE:
            if label:
                at = (geo.formula[0], geo.formula[1] - LABEL_RISE)
                blit_text(surface, label, at, "italic", small, p.ink_soft, "midleft")
            # Up to the card's right edge (``tag`` is 18 px in from it): a narrow card sets the formula smaller.
            size = fit_text(formula, "bold", FORMULA_SIZE, geo.tag[0] + TAG_REACH - geo.formula[0])
            blit_text(surface, formula, (geo.formula[0], geo.formula[1] + FORMULA_DROP), "bold", size, p.ink, "midleft")
        else:
            size = SMALL_FORMULA_SIZE if geo.die_size else small
            anchor = "midleft" if geo.die_size else "midright"
            blit_text(surface, formula, geo.formula, "bold", size, p.ink, anchor)

    # -- the hero's side
    def paint_hero(self, surface: pygame.Surface, view: CombatView) -> None:
        """The hero's card: name, attack and LUCK, the wound score's name, the last roll (or "no round yet")."""
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        rect = self.regions.hero
        fight, hero = view.fight, view.hero
        pending = fight.pending[0] if fight.pending else None
        highlight = "pending" if pending is not None and pending.kind == "wound" and pending.to == "hero" else None
        self.card_frame(surface, rect, highlight=highlight)
        if highlight is not None:
            self.pill(surface, t("combat.tag_pending"), rect, p.focus)
        geo = card_geometry(rect, "full", hero=True)
        assert geo.stats is not None  # a full card always has its stat line
        name = hero.name or t("combat.hero")
        heading = theme.text_size("heading")
        blit_text(surface, ellipsize(name, "title", heading, rect.width - NAME_ROOM), geo.name, "title", heading, p.ink)
        side = hero_side(self.book, view.state)  # a vehicle, ship or army fight shows its own scores
        attack_name = self.stat_name(side.attack_score) if side.attack_score is not None else t("combat.attack_bonus")
        attack = side.attack if side.attack is not None else "—"
        if side.luck is None:  # a book without LUCK
            stats = t("combat.hero_stats_no_luck", skill_name=attack_name, skill=attack)
        else:
            stats = t(
                "combat.hero_stats",
                skill_name=attack_name,
                skill=attack,
                luck_name=self.stat_name("luck"),
                luck=side.luck,
                luck_max=side.luck_initial,
            )
        stats, size = fit_line(
            stats, "body", theme.text_size("body"), rect.width - STATS_ROOM, min_size=STATS_LEAST
        )  # smaller first
        blit_text(surface, stats, geo.stats, "body", size, p.ink, box=rect, owner="combat hero scores")
        small = theme.text_size("small")
        room = geo.bar.x - rect.x - WOUNDS_CLEAR  # the name never runs under the bar
        wounds = target_name(self.book, side.wounds, self.ui.catalogue.language)
        if fonts.text_width(wounds, "title", small) > room and self.book.has_stat(side.wounds):
            wounds = self.short_name(side.wounds)  # CREW, where CREW STRENGTH does not fit
        wounds, size = fit_line(wounds, "title", small, room, min_size=WOUNDS_LEAST)
        blit_text(surface, wounds, (rect.x + INSET, geo.bar.centery), "title", size, p.ink_soft, "midleft")
        if hero.weapon_lost:
            bare = t("combat.bare_hands", n=self.book.combat.lost_weapon_penalty)
            blit_text(surface, bare, (rect.right - RIGHT, rect.y + BARE_HANDS_TOP), "italic", small, p.bad, "topright")
        own = [x for x in fight.last_round if not x.by_ally]
        if own and "cards" not in view.hidden and own[0].table is not None:
            # a round read on the book's table: the number drawn, the column (the index) and the cell, no dice
            text, size = fit_line(
                table_text(t, own[0].table, view.table, short=True),
                "bold",
                theme.text_size("body"),
                rect.width - NAME_ROOM,
                min_size=TABLE_LEAST,
            )
            at = (rect.x + INSET, geo.dice[0][1])
            blit_text(surface, text, at, "bold", size, p.ink, "midleft", box=rect, owner="combat table")
        elif own and "cards" not in view.hidden:
            roll = own[0].hero_roll
            self.paint_roll(surface, geo, roll.dice, roll_text(t, roll), t("combat.attack_strength"))
        elif not own:
            # The ally fighting in the hero's place (R-ALLY-1): the hero watches, not "no round yet".
            ally = fight.ally
            watching = fight.ally_alone is not None and ally is not None and ally.stamina > 0
            words = t("combat.hero_watching", ally=ally.name) if watching and ally is not None else t("combat.no_round_yet")
            words, size = fit_line(words, "italic", small, rect.width - NAME_ROOM)
            blit_text(surface, words, (rect.x + INSET, geo.dice[0][1]), "italic", size, p.ink_faint, "midleft")

    def paint_ally(self, surface: pygame.Surface, rect: pygame.Rect, view: CombatView) -> None:
        """The ally's card: name and SKILL, out of the fight once down, its last exchange."""
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        fight = view.fight
        ally = fight.ally
        assert ally is not None  # the layout has an ally's card only in a fight with an ally
        self.card_frame(surface, rect, dim=ally.stamina <= 0)
        geo = card_geometry(rect, "medium")
        # A summoned ally's name may be long ("Copie conforme"): set smaller, then the name shortened, its SKILL kept.
        full, room = t("combat.ally_name", name=ally.name, skill=ally.skill), rect.width - STATS_ROOM
        name, size = fit_line(full, "bold", theme.text_size("body"), room)
        if name != full:
            rest = fonts.text_width(t("combat.ally_name", name="", skill=ally.skill), "bold", size)
            name = t("combat.ally_name", name=ellipsize(ally.name, "bold", size, room - rest), skill=ally.skill)
        blit_text(surface, name, geo.name, "bold", size, p.ink)
        exchange = next((x for x in fight.last_round if x.by_ally), None)
        if ally.stamina <= 0:  # a tab on the card's edge, as a defeated creature's: the name keeps its line
            self.pill(surface, t("combat.ally_out"), rect, p.bad)
        if exchange is not None and "cards" not in view.hidden:
            text = t(
                "combat.ally_formula",
                ours=exchange.hero_roll.total,
                name=name_of(view.state, exchange.creature),
                theirs=exchange.creature_roll.total,
                result=t(result_key(exchange.result) + "_ally"),
            )
            room = rect.right - geo.formula[0] - ALLY_FORMULA_GAP
            for center, face in zip(geo.dice, exchange.hero_roll.dice):
                self.sprites.draw(surface, center, geo.die_size, face, p)
            size = fit_text(text, "body", SMALL_FORMULA_SIZE, room)
            blit_text(surface, ellipsize(text, "body", size, room), geo.formula, "body", size, p.ink, "midleft")

    def paint_quiver(self, surface: pygame.Surface, rect: pygame.Rect, view: CombatView) -> None:
        """The quiver: one slot per arrow it holds, the shots left, or the broken string (R-BOW-4)."""
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        fight = view.fight
        archery = self.book.archery
        assert archery is not None  # the layout has a quiver only in a book with archery
        arrows = view.state.counters.get(archery.counter, 0)
        draw_panel(surface, rect, p, fill_alpha=CARD_ALPHA)
        title = t("combat.quiver", n=arrows)
        left = QUIVER_INSET
        blit_text(surface, title, (rect.x + left, rect.y + QUIVER_TITLE_TOP), "title", theme.text_size("body"), p.ink)
        slots = max(counter_maximum(self.book, archery.counter, view.state) or 0, arrows)  # a book's expression: worked out
        # A short card (a short page) says the shots on the title's line; a broken string takes the arrows' row.
        short = rect.height < SHORT_QUIVER
        # Every slot shows, however many the quiver holds: closer together in a narrow card (room for the bow).
        least, most = SLOT_STEP
        step = max(least, min(most, (rect.width - 2 * QUIVER_INSET - BOW_ROOM) // max(1, slots)))
        for i in range(0 if short and fight.bow_broken else slots):
            box = pygame.Rect(rect.x + left + i * step, rect.y + SLOT_TOP, min(SLOT_SIZE, step + SLOT_REACH), SLOT_SIZE)
            if i < arrows - (1 if view.flying else 0):  # the arrow in the air left its place
                draw_icon(surface, "arrow", box, p.ink, p.rubric)
            else:
                corner = EMPTY_SLOT_INSET
                pygame.draw.line(
                    surface, p.ink_faint, (box.x + corner, box.bottom - corner), (box.right - corner, box.y + corner)
                )
        if fight.bow_broken:
            self._broken_string(surface, rect, short)
        elif fight.active:
            self._shots_left(surface, rect, fight, title, short)

    def _broken_string(self, surface: pygame.Surface, rect: pygame.Rect, short: bool) -> None:
        p = self.ui.palette
        broken_bow(surface, p, (rect.right - BOW_AT[0], rect.y + BOW_AT[1]))
        size = self.ui.theme.text_size("small") - 2  # left of the broken bow, on two lines at most
        lines, _ = fit_lines(self.ui.t("combat.string_broken"), "bold", size, rect.width - BROKEN_ROOM, 2)
        y = rect.y + BROKEN_TOP if short else rect.bottom - FOOT_LINE - (len(lines) - 1) * fonts.line_height("bold", size)
        for line in lines:
            blit_text(surface, line, (rect.x + QUIVER_INSET, y), "bold", size, p.bad, "midleft" if not short else "topleft")
            y += fonts.line_height("bold", size)

    def _shots_left(self, surface: pygame.Surface, rect: pygame.Rect, fight: Fight, title: str, short: bool) -> None:
        t, theme = self.ui.t, self.ui.theme
        small = theme.text_size("small")
        if short:
            at, anchor = (rect.right - QUIVER_INSET, rect.y + SHOTS_TOP), "midright"
        else:
            at, anchor = (rect.x + QUIVER_INSET, rect.bottom - FOOT_LINE), "midleft"
        room = (
            rect.width
            - 2 * QUIVER_INSET
            - (fonts.text_width(title, "title", theme.text_size("body")) + TITLE_GAP if short else 0)
        )
        text = t("combat.shots_left", n=fight.shots_left)
        if fonts.text_width(text, "italic", small - 2) > room:  # beside the title of a narrow card: the short form
            text = t("combat.shots_short", n=fight.shots_left)
        text, size = fit_line(text, "italic", small, room)
        blit_text(surface, text, at, "italic", size, self.ui.palette.ink_soft, anchor, box=rect, owner="combat quiver")

    # -- the creatures
    def paint_creature(
        self, surface: pygame.Surface, rect: pygame.Rect, index: int, view: CombatView, local: bool = False
    ) -> None:
        """Creature ``index``'s card: name and SKILL, its state (defeated, waiting, target…), its last exchange."""
        p, t = self.ui.palette, self.ui.t
        fight = view.fight
        dead = fight.enemies[index].stamina <= 0
        waiting = fight.mode == "one_after_another" and not dead and index != fight.front()
        highlight = creature_highlight(fight, index, view.target, dead)
        self.card_frame(surface, rect, highlight=highlight, dim=dead or waiting, local=local)
        geo = card_geometry(rect, self.regions.card_mode)
        self._creature_words(surface, rect, geo, index, view)
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
        if self.regions.card_mode == "row":
            self._row_state(surface, geo, tag, tone, exchange, view)
            tag = None  # said on the card's line, not on a tab over the card above
        elif exchange is not None and "cards" not in view.hidden:
            tag, tone = self._creature_exchange(surface, rect, geo, exchange, tag, tone, view)
        if dead:
            inset, side = min(DEFEATED_INSET, rect.height // 3), DEFEATED_INSET
            pygame.draw.line(surface, p.bad, (rect.x + side, rect.bottom - inset), (rect.right - side, rect.y + inset), 2)
        if tag is not None:
            self.pill(surface, tag, rect, tone)

    def _creature_words(
        self, surface: pygame.Surface, rect: pygame.Rect, geo: CardGeometry, index: int, view: CombatView
    ) -> None:
        """The creature's name (with its SKILL on a small card), its attack score and the notes of a full card."""
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        fight = view.fight
        creature = fight.enemies[index]
        mode = self.regions.card_mode
        ink = p.ink_faint if creature.stamina <= 0 else p.ink
        face = {"heading": "title", "body": "bold", "small": "bold"}[geo.name_size]
        size = theme.text_size(geo.name_size) if mode != "row" else min(theme.text_size("small"), rect.height * 3 // 4)
        label = creature.name if mode == "full" else t("combat.creature_short", name=creature.name, skill=creature.skill)
        # A compact card keeps its right for the total of its last roll, when it has one.
        rolled = "cards" not in view.hidden and any(x.creature == index for x in fight.last_round)
        room = rect.width - ROOM_BY_MODE.get(mode, ROLLED_ROOM if rolled else COMPACT_ROOM)
        if mode == "row":  # the name and SKILL left of the bar, on the card's one line
            room = geo.bar.x - geo.name[0] - ROW_NAME_CLEAR
        anchor = "midleft" if mode == "row" else "topleft"
        blit_text(surface, ellipsize(label, face, size, room), geo.name, face, size, ink, anchor)
        small = theme.text_size("small")
        if geo.stats is not None:
            attack_score = self.book.profile(fight.profile).attack  # an expression (an army's strength): the creature's SKILL
            score = self.short_name(attack_score if self.book.has_stat(attack_score) else "skill")
            room = geo.bar.x - geo.stats[0] - SCORE_CLEAR  # a long name ("HABILETÉ AU COMBAT") must not run under the bar
            value = f" {creature.skill}"
            _, size = fit_line(score + value, "title", small, room, min_size=SCORE_LEAST)
            score = ellipsize(score, "title", size, room - fonts.text_width(value, "title", size)) + value  # the value stays
            blit_text(surface, score, (geo.stats[0], geo.bar.centery), "title", size, p.ink_soft, "midleft")
        if mode == "full" and creature.notes:  # special abilities typed at setup or kept in the box
            assert geo.stats is not None  # a full card always has its stat line
            notes = ellipsize(creature.notes, "italic", small, rect.width - NAME_ROOM)
            blit_text(surface, notes, (geo.stats[0], geo.bar.bottom + NOTES_DROP), "italic", small, p.rubric)

    def _creature_exchange(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        geo: CardGeometry,
        exchange: Exchange,
        tag: str | None,
        tone: RGB,
        view: CombatView,
    ) -> tuple[str | None, RGB]:
        """The creature's last roll and its result; the result becomes the card's tag where it has no room."""
        t, theme = self.ui.t, self.ui.theme
        mode = self.regions.card_mode
        roll = exchange.creature_roll
        formula = roll_text(t, roll) if geo.die_size else t("combat.total_short", total=roll.total)
        result, colour = self.result_words(exchange, view)
        if exchange.table is None:  # a round read on the table: the creature rolls nothing (the hero's card says it)
            self.paint_roll(surface, geo, roll.dice, formula, None)
        small = theme.text_size("small")
        if mode == "full":  # the result takes the place of the "Attack Strength" label, above the formula
            blit_text(surface, result, (geo.formula[0], geo.formula[1] - LABEL_RISE), "bold", small, colour, "midleft")
        elif mode == "compact":
            if tag is None:
                return result, colour
        else:
            # Right of the formula when it fits there (a narrow card: on the card's tag instead).
            room = (
                rect.right
                - DEFEATED_INSET
                - (geo.formula[0] + fonts.text_width(formula, "bold", SMALL_FORMULA_SIZE) + RESULT_GAP)
            )
            if fonts.text_width(result, "bold", small) > room and tag is None:
                return result, colour
            result, size = fit_line(result, "bold", small, max(room, RESULT_LEAST))
            blit_text(surface, result, (rect.right - RESULT_RIGHT, geo.dice[0][1]), "bold", size, colour, "midright")
        return tag, tone

    def _row_state(
        self, surface: pygame.Surface, geo: CardGeometry, tag: str | None, tone: RGB, exchange: Exchange | None, view: CombatView
    ) -> None:
        """A one-line card's right end: its state (defeated, target, wound to settle…) or its last exchange's result."""
        if tag is None and exchange is not None and "cards" not in view.hidden:
            tag, tone = self.result_words(exchange, view)
        if tag is not None:
            room = geo.formula[0] - geo.bar.right - BAR_VALUE_ROOM  # right of the bar's "4 / 4"
            text, size = fit_line(tag, "italic", self.ui.theme.text_size("small"), room)
            blit_text(surface, text, geo.formula, "italic", size, tone, "midright")


def creature_highlight(fight: Fight, index: int, target: int | None, dead: bool) -> str | None:
    """How creature ``index``'s card is ringed: "pending" (its wound or missed arrow waits), "target", or None.

    Only the side whose wound (or missed arrow) waits is marked: a wound to the hero marks the hero's card.
    """
    pending = fight.pending[0] if fight.pending else None
    if (
        pending is not None
        and pending.creature == index
        and not (pending.kind == "wound" and pending.escape)
        and (pending.kind == "missed_arrow" or pending.to == "creature")
    ):
        return "pending"
    if fight.active and index == target and not dead and fight.mode == "all_together":
        return "target"
    return None
