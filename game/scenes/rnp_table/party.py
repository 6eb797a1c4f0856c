"""The party panel: a card per character, as many a row as the width holds, rows scrolling (the form is the
character form overlay, ``character_form.py``).

Cards show what the rules' view says: scores and modifiers, passive Perception
(with the pace's effect), senses, the exhaustion track 0–6 with the book's text
of every effect in force, days without food and water drunk today. The track's
boxes are the eraser (``set_exhaustion``); hit points take a typed amount.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pygame

from game.books.rolenplay import RolenplayBook
from game.rules.errors import Refused
from game.rules.rnp import actions as a
from game.rules.session import ActionLike, make_action
from game.scenes.rnp_table.data import Json
from game.scenes.rnp_table.panel import Kit, Panel, fit
from game.scenes.rnp_table.pen import Pen
from game.scenes.rnp_table.words import amount, clock_time, num, signed
from game.ui.button import Button
from game.ui.context import UIContext
from game.ui.draw import Colour, blit_text, rounded_box
from game.ui.text_fit import ellipsize_middle

SENSES = ("darkvision", "blindsight", "truesight")
CARD_WIDTH = 236  # the narrowest card: a row holds as many as fit
CARD_WIDEST = 400  # a small party on a wide page: wider cards, not a row of narrow ones
CARD_HEIGHT = 530  # the shortest card: a short page scrolls
CARD_BUTTON = 36
CARD_GAP = 12
CARD_PAD = 12  # the card's text and controls, in from its sides
CARD_RISE = 6  # the cards start this far above the content (the panel's heading band is above them)
ADD_W, ADD_H, ADD_DY = 260, 38, 6  # "Add a character", in the heading's band
# Where the card's parts start, from its top (the track and the hit point controls are widgets).
HP_Y, TRACK_Y = 216, 308
HP_FIELD, HP_H, HP_GAP = 56, 36, 6
TRACK_H, TRACK_GAP = 32, 4
TAGS_DY, ABILITIES_DY = 36, 58
ABILITY_ROWS = (18, 42)  # under an ability's short name: its score, then its modifier
ABILITIES_H = 66
SHORT_SMALLER = 3  # an ability's short name is set smaller than the small text
HP_CAPTION = 26  # the hit points' line above their controls
TRACK_CAPTION = 26  # the exhaustion's line above its track
EFFECTS_DY = 38  # the effects in force, under the track
PACK_LINES = 4  # the pack's lines at the foot of the card, over its buttons


@dataclass(frozen=True)
class PartyView:
    """What the party tab shows: each character as the rules' view has them, in the party's order."""

    book: RolenplayBook
    order: tuple[str, ...]
    party: Json  # name → the rules' view of that character


@dataclass(frozen=True)
class PartyRegions:
    """The add button in the heading's band, and every card (row by row, in the content: scrolled with it)."""

    area: pygame.Rect
    viewport: pygame.Rect  # the part of the page the content shows through
    add: pygame.Rect
    cards: tuple[tuple[str, pygame.Rect], ...]


def per_row(width: int) -> int:
    """How many cards a row holds in ``width``."""
    return max(1, (width + CARD_GAP) // (CARD_WIDTH + CARD_GAP))


def party_regions(area: pygame.Rect, panel: pygame.Rect, viewport: pygame.Rect, order: tuple[str, ...]) -> PartyRegions:
    """The party tab: a row holds as many cards as fit, a small party's cards get wider (up to CARD_WIDEST)."""
    row, height = per_row(area.width), max(CARD_HEIGHT, viewport.height - CARD_RISE)
    shown = max(1, min(row, len(order)))
    width = (area.width - (shown - 1) * CARD_GAP) // shown
    if shown < row:
        width = min(CARD_WIDEST, width)
    cards = tuple(
        (
            name,
            pygame.Rect(
                area.left + (i % row) * (width + CARD_GAP), area.top - CARD_RISE + (i // row) * (height + CARD_GAP), width, height
            ),
        )
        for i, name in enumerate(order)
    )
    return PartyRegions(area, viewport, pygame.Rect(area.right - ADD_W, panel.top + ADD_DY, ADD_W, ADD_H), cards)


class PartyIntents(Protocol):
    def open_add(self) -> None: ...

    def open_edit(self, name: str) -> None: ...

    def confirm_remove(self, name: str) -> None: ...

    def hp_act(self, name: str, do: str) -> None: ...

    def act(self, action: ActionLike) -> object: ...


class TrackBox(Button):
    """One box of the exhaustion track: levels reached are filled; the current one is ringed."""

    reached = False  # a level the character has reached (filled)
    current = False  # the character's level (ringed)

    def _colours(self) -> tuple[tuple, tuple, tuple]:
        p = self.ui.palette
        if self.reached:
            return p.rubric, p.ink, p.accent_text
        if self.current:  # level 0, the current one
            return p.parchment_dark, p.ink, p.ink
        return super()._colours()

    def _dashed(self) -> bool:
        # The current level is disabled (setting it again does nothing) but its ring already says so: the
        # dashes inside a box this small hugged the digit, dark on red, like a smudge.
        return super()._dashed() and not self.current

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.current:
            pygame.draw.rect(surface, self.ui.palette.ink, self.rect.inflate(6, 6), 2, border_radius=8)


@dataclass(frozen=True)
class PartyControls:
    add: Button


def build_party_controls(kit: Kit, regions: PartyRegions, view: PartyView, intents: PartyIntents) -> PartyControls:
    """ "Add a character", then on each card: the exhaustion track, the hit points, edit and remove."""
    ui = kit.ui
    add = kit.button("add", regions.add, ui.tr("rnp.party_add"), intents.open_add, style="primary")
    for name, card in regions.cards:
        member = view.party[name]
        track_controls(kit, view.book.exhaustion.maximum, name, member, card, intents)
        hp_controls(kit, name, member, card, intents)
        x, y = card.left + CARD_PAD, card.bottom - CARD_BUTTON - 10
        half = (card.width - 2 * CARD_PAD - 8) // 2
        kit.button(f"edit:{name}", (x, y, half, CARD_BUTTON), ui.tr("rnp.edit"), partial(intents.open_edit, name))
        remove = partial(intents.confirm_remove, name)
        kit.button(f"remove:{name}", (x + half + 8, y, half, CARD_BUTTON), ui.tr("rnp.remove"), remove, style="danger")
    return PartyControls(add)


def track_controls(kit: Kit, top: int, name: str, member: Json, card: pygame.Rect, intents: PartyIntents) -> None:
    """The exhaustion track, 0 to the book's maximum: a box sets that level (the current one is disabled)."""
    ui, x = kit.ui, card.left + CARD_PAD
    box = (card.width - 2 * CARD_PAD - TRACK_GAP * top) // (top + 1)
    for level in range(top + 1):
        erase = partial(intents.act, a.SetExhaustion(character=name, level=level))
        rect = (x + level * (box + TRACK_GAP), card.top + TRACK_Y, box, TRACK_H)
        button = TrackBox(ui, rect, str(level), on_click=erase, tooltip=ui.tr("rnp.set_exhaustion_tip", name=name, level=level))
        button.reached, button.current = 0 < level <= member["exhaustion"], level == member["exhaustion"]
        if level == member["exhaustion"]:
            button.set_enabled(False, ui.tr("rnp.exhaustion_current", level=level))
        kit.add(f"exh:{name}:{level}", button)


def hp_controls(kit: Kit, name: str, member: Json, card: pygame.Rect, intents: PartyIntents) -> None:
    """Hit points: a typed amount, then damage or healing; without a maximum, a field to set one."""
    ui = kit.ui
    x, y, width = card.left + CARD_PAD, card.top + HP_Y + HP_CAPTION, card.width - 2 * CARD_PAD
    spoken = ui.tr("access.rnp_hp", name=name)
    kit.field(f"hp:{name}", (x, y, HP_FIELD, HP_H), "", placeholder="0", max_length=4, spoken_name=spoken)
    after = x + HP_FIELD + HP_GAP
    if not member["hp_max"]:
        set_max = partial(intents.hp_act, name, "set_hp")
        kit.button(f"hp_max:{name}", (after, y, width - HP_FIELD - HP_GAP, HP_H), ui.tr("rnp.hp_set_max"), set_max)
        return
    half = (width - HP_FIELD - 2 * HP_GAP) // 2
    damage, heal = partial(intents.hp_act, name, "damage"), partial(intents.hp_act, name, "heal")
    kit.button(f"damage:{name}", (after, y, half, HP_H), ui.tr("rnp.hp_damage"), damage, style="danger")
    kit.button(f"heal:{name}", (after + half + HP_GAP, y, half, HP_H), ui.tr("rnp.hp_heal"), heal)


def paint_party(surface: pygame.Surface, view: PartyView, regions: PartyRegions, ui: UIContext) -> None:
    """Every card in view (or the empty party's word)."""
    pen = Pen(surface, ui)
    if not view.order:
        area = regions.area
        pen.soft(ui.t("rnp.party_empty"), area.left, area.top + 20, area.width)
        return
    for name, card in regions.cards:
        if card.colliderect(regions.viewport):
            paint_card(pen, view, name, card, regions.viewport)


def paint_card(pen: Pen, view: PartyView, name: str, card: pygame.Rect, viewport: pygame.Rect) -> None:
    """One character's card, from its name down to its pack."""
    p, member = pen.ui.palette, view.party[name]
    pen.surface.blit(rounded_box(card.size, p.parchment_light, p.ink_soft, 8, 2), card)
    x, width = card.left + CARD_PAD, card.width - 2 * CARD_PAD
    paint_card_head(pen, view, name, member, x, card.top, width)
    y = paint_abilities(pen, view, member, card, viewport)
    paint_details(pen, view, member, x, y, width)
    paint_hit_points(pen, member, x, card.top + HP_Y, width)
    y = paint_exhaustion(pen, view, member, x, card, width)
    paint_pack(pen, member, x, y, width)


def paint_card_head(pen: Pen, view: PartyView, name: str, member: Json, x: int, top: int, width: int) -> None:
    """The name, then what stands out: dead or dying, hidden, left behind."""
    ui, p = pen.ui, pen.ui.palette
    shown = ellipsize_middle(name, "title", ui.theme.text_size("heading"), width)  # twenty alike stay told apart
    pen.text(shown, (x, top + 6), face="title", role="heading", colour=p.ink)
    tags = []
    if not member["alive"]:
        tags.append(ui.t("rnp.dead"))
    elif member["dying"]:
        tags.append(ui.t("rnp.dying"))
    if member["hidden"]:
        tags.append(ui.t("rnp.hidden_dc", dc=member["stealth_dc"]))
    if member["left_at_s"] is not None:
        tags.append(ui.t("rnp.left_behind_at", time=clock_time(ui, view.book, member["left_at_s"])))
    if tags:
        colour = p.bad if not member["alive"] or member["dying"] else p.ink_soft
        line = fit(" · ".join(tags), "italic", ui.theme.text_size("small"), width)
        pen.text(line, (x, top + TAGS_DY), face="italic", role="small", colour=colour)


def paint_abilities(pen: Pen, view: PartyView, member: Json, card: pygame.Rect, viewport: pygame.Rect) -> int:
    """The six abilities: short name, score, modifier; returns the y below their rule."""
    ui, p, language = pen.ui, pen.ui.palette, pen.ui.catalogue.language
    x, width = card.left + CARD_PAD, card.width - 2 * CARD_PAD
    cell = width / 6
    y = card.top + ABILITIES_DY
    size = ui.theme.text_size("small")
    score_dy, modifier_dy = ABILITY_ROWS
    for i, ability in enumerate(view.book.abilities.scores):
        cx = round(x + i * cell + cell / 2)
        if card.colliderect(viewport):
            blit_text(pen.surface, ability.short.get(language), (cx, y), "body", size - SHORT_SMALLER, p.ink_soft, "midtop")
        pen.text(str(member["scores"][ability.id]), (cx, y + score_dy), face="bold", role="body", anchor="midtop")
        modifier = signed(member["modifiers"][ability.id])
        pen.text(modifier, (cx, y + modifier_dy), role="small", colour=p.ink_soft, anchor="midtop")
    y += ABILITIES_H
    pen.divider((x, y), (x + width, y))
    return y + 4


def paint_details(pen: Pen, view: PartyView, member: Json, x: int, y: int, width: int) -> None:
    """Passive Perception (and at rest), senses, proficiency and skills, saving throws: a line each."""
    ui, p, book, language = pen.ui, pen.ui.palette, view.book, pen.ui.catalogue.language
    passive, at_rest = member["passive_perception"], member["passive_perception_at_rest"]
    pp = ui.t("rnp.passive", value=passive) if passive == at_rest else ui.t("rnp.passive_short", value=passive, rest=at_rest)
    senses = [
        ui.t("rnp.sense_range", sense=book.sense(s).name.get(language), m=num(ui, member["senses"][s]))
        for s in SENSES
        if member["senses"].get(s)
    ]
    skills = [book.skill(s).name.get(language) for s in member["skills"]]
    profs = ui.t("rnp.proficiency", bonus=signed(member["proficiency"]))
    if skills:
        profs += " · " + ", ".join(skills)
    saves = [book.ability(ab).short.get(language) for ab in member["saves"]]
    lines: list[tuple[str, Colour]] = [
        (pp, p.ink),
        (", ".join(senses) if senses else ui.t("rnp.no_senses"), p.ink if senses else p.ink_soft),
        (profs, p.ink_soft),
        (ui.t("rnp.saves_prof", saves=", ".join(saves) if saves else "—"), p.ink_soft),
    ]
    paint_lines(pen, lines, x, y, width)


def paint_lines(pen: Pen, lines: list[tuple[str, Colour]], x: int, y: int, width: int) -> int:
    """Small lines, each cut to ``width``; returns the y below them."""
    size = pen.ui.theme.text_size("small")
    for text, colour in lines:
        pen.text(fit(text, "body", size, width), (x, y), role="small", colour=colour)
        y += pen.line_height("small")
    return y


def paint_hit_points(pen: Pen, member: Json, x: int, y: int, width: int) -> None:
    """Hit points out of the maximum (halved by exhaustion, temporary ones), or that they are not tracked."""
    ui, p = pen.ui, pen.ui.palette
    if not member["hp_max"]:
        pen.text(ui.t("rnp.hp_untracked"), (x, y), face="italic", role="small", colour=p.ink_soft)
        return
    hp = ui.t("rnp.hp", hp=member["hp"], max=member["hp_max_now"])
    if member["hp_max_now"] != member["hp_max"]:
        hp += " " + ui.t("rnp.hp_halved", max=member["hp_max"])
    if member["hp_temp"]:
        hp += " " + ui.t("rnp.hp_temp", n=member["hp_temp"])
    colour = p.bad if member["hp"] * 2 <= member["hp_max_now"] else p.ink
    pen.text(fit(hp, "bold", ui.theme.text_size("small"), width), (x, y), face="bold", role="small", colour=colour)


def paint_exhaustion(pen: Pen, view: PartyView, member: Json, x: int, card: pygame.Rect, width: int) -> int:
    """The exhaustion level over its track (the boxes are widgets), then the effects in force as far as the
    card has room above the pack; returns where the pack starts."""
    ui, p, small = pen.ui, pen.ui.palette, pen.line_height("small")
    level = member["exhaustion"]
    caption = ui.t("rnp.exhaustion", level=level, max=view.book.exhaustion.maximum)
    pen.text(
        caption, (x, card.top + TRACK_Y - TRACK_CAPTION), face="title", role="small", colour=p.rubric if level else p.ink_soft
    )
    y = card.top + TRACK_Y + EFFECTS_DY
    texts = member["exhaustion_text"] or [ui.t("rnp.no_exhaustion")]
    if not member["alive"]:
        texts = texts[-1:]  # death: the other effects no longer matter
    food_top = card.bottom - CARD_BUTTON - 12 - PACK_LINES * small - 4
    for line in texts:
        if y + small > food_top - 4:
            break
        colour = p.bad if level else p.ink_soft
        y = pen.paragraph("• " + line if level else line, x, y, width, role="small", colour=colour, max_lines=2)
    return max(y + 6, food_top)


def paint_pack(pen: Pen, member: Json, x: int, y: int, width: int) -> None:
    """The pack (rations and water), days without food, water drunk today, dehydration and blocked recovery."""
    ui, p = pen.ui, pen.ui.palette
    pen.divider((x, y - 4), (x + width, y - 4))
    pack = ui.t("rnp.pack", rations=amount(member["rations"]), water=amount(member["water_l"]))
    rows: list[tuple[str, Colour]] = [
        (pack, p.ink),
        (ui.t("rnp.fasting_short", days=num(ui, member["fasting_days"]), safe=member["safe_fasting_days"]), p.ink),
        (ui.t("rnp.water_today", litres=num(ui, member["water_today_l"])), p.ink),
    ]
    flags = []
    if member["dehydrated"]:
        flags.append(ui.t("rnp.dehydrated"))
    if member["recovery_blocked"]:
        flags.append(ui.t(f"rnp.blocked_{member['recovery_blocked']}"))
    if flags:
        rows.append((" · ".join(flags), p.bad))
    paint_lines(pen, rows, x, y, width)


class PartyPanel(Panel):
    """Every character of the party: a row of cards as wide as the panel, more rows scroll."""

    def shown(self) -> PartyView:
        return PartyView(self.book, tuple(self.rules["party_order"]), self.rules["party"])

    def regions(self) -> PartyRegions:
        return party_regions(self.inner(), self.rect, self.viewport, tuple(self.rules["party_order"]))

    controls: PartyControls | None = None

    def build(self) -> None:
        self.controls = build_party_controls(self.kit, self.regions(), self.shown(), self)

    def draw_content(self, surface: pygame.Surface) -> None:
        paint_party(surface, self.shown(), self.regions(), self.ui)

    @property
    def per_row(self) -> int:
        """How many cards a row holds in the panel's width."""
        return per_row(self.content.width)

    def content_height(self, width: int) -> int:
        rows = max(1, -(-len(self.rules["party_order"]) // per_row(width)))
        return rows * (max(CARD_HEIGHT, self.viewport.height - CARD_RISE) + CARD_GAP) - CARD_GAP - 10

    def cards(self) -> list[tuple[str, pygame.Rect]]:
        """The cards in view (at least in part)."""
        return [(name, card) for name, card in self.regions().cards if self.on_page(card).colliderect(self.viewport)]

    # -- intents ----------------------------------------------------------------------------------
    def hp_act(self, name: str, do: str) -> None:
        whole = self.whole(f"hp:{name}")
        if whole is None:
            self.table.show(self.ui.t("rnp.type_whole"), bad=True)
            return
        action: a.Action | Refused
        if do == "set_hp":
            action = make_action(a.SetHp, character=name, maximum=whole)
        else:
            action = make_action(a.Damage if do == "damage" else a.Heal, character=name, amount=whole)
        self.texts[f"hp:{name}"] = ""
        self.table.act(action)

    def open_add(self) -> None:
        self.table.open_form(None)

    def open_edit(self, name: str) -> None:
        self.table.open_form(self.rules["party"][name])

    def confirm_remove(self, name: str) -> None:
        self.table.ask_remove(name)
