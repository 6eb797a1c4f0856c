"""The combat board's regions for a page: the cards, the duel's centre, the log, the gauge, the buttons.

``compute_layout`` cuts the page the board is given (any size from 960×540 up) with
``game.ui.layout.split`` into the three columns, the header and the bottom band;
``card_geometry`` places the parts of one card, ``button_regions`` the board's
buttons. The shape depends on the fight (its creatures, an ally, a quiver) and on
the page only: the painters and the controls take every rect from here.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.layout import fill, fixed, split

GAP = 10  # between two cards of a column
COLUMN_GAP = 16
CARD_HEIGHT = 208  # a hero or creature card at its full size (never taller: a bigger page shows more of them)
ALLY_HEIGHT = 104
QUIVER_HEIGHT = 128
CARD_MIN_WIDTH = 290
CENTRE_MIN_WIDTH = 364
NARROW_BELOW = 1000  # a page narrower than this (960 wide: 200 % on a 1080p screen) gets narrower columns
NARROW_CARD_WIDTH, NARROW_CENTRE_WIDTH = 268, 340
TWO_COLUMNS_FROM = 1440  # a page at least this wide sets many creatures in two columns of cards
# Card heights from which a creature card is "full", "medium", "compact"; below, one line ("row": a crowd of creatures).
FULL_FROM, MEDIUM_FROM, COMPACT_FROM = 140, 84, 46
TIGHT_BELOW = 600  # a page shorter than this (540: 200 % on a 1080p screen): the decision's buttons go in the band
TALL_FROM = 900  # a page at least this tall puts the fight log under the hero's cards, the buttons alone below
BUTTONS_BAND = 132  # the buttons' band on a tall page
BUTTON_WIDTH, BUTTON_GAP = 320, 10  # the band's buttons: at most a hand's width, side by side
DECISION_WIDTH, DECISION_HEIGHT = 196, 48  # Luck, Accept (and Spells) in the centre panel
PANEL_INSET = 20  # the decision's buttons from the panel's sides


@dataclass(frozen=True)
class CombatLayout:
    """Where each part of the board goes on a page of ``page`` logical pixels, for a fight of ``count`` creatures."""

    page: tuple[int, int]
    hero: pygame.Rect
    ally: pygame.Rect | None
    quiver: pygame.Rect | None
    banner: pygame.Rect
    strip: pygame.Rect
    panel: pygame.Rect
    creatures: tuple[pygame.Rect, ...]
    card_mode: str  # "full", "medium", "compact", "row"
    log: pygame.Rect
    gauge: pygame.Rect
    buttons: pygame.Rect
    compact: bool = False  # a short page: smaller banner, strip and button rows
    decide_in_band: bool = False  # a very short page: Luck / Accept / Back take the moves' row, the panel keeps the words

    @property
    def margin(self) -> int:
        """The page's left (and right) margin."""
        return self.hero.x

    @property
    def actions_y(self) -> int:
        """The top of the decision's buttons (Luck, Accept, Back): under the panel's words, not at the foot of a tall panel."""
        if self.decide_in_band:  # they sit in the buttons' band: the words have the whole panel
            return self.panel.bottom - 4
        return min(self.panel.bottom - 66, self.panel.y + 320)

    def button_rows(self) -> tuple[int, int, int, int]:
        """The buttons' two rows: the first's top and height, the second's offset from it and its height."""
        return (self.buttons.y, 48, 56, 40) if self.compact else (self.buttons.y + 2, 52, 64, 44)

    @property
    def controls(self) -> ButtonRegions:
        """Where each of the board's buttons goes."""
        return button_regions(self)


@dataclass(frozen=True)
class ButtonRegions:
    """The board's buttons: the moves and the history rows in the band, the decision and Spells in the panel."""

    attack: pygame.Rect
    shoot: pygame.Rect
    escape: pygame.Rect
    undo: pygame.Rect
    redo: pygame.Rect
    stop: pygame.Rect
    luck: pygame.Rect
    accept: pygame.Rect
    finish: pygame.Rect
    spells: pygame.Rect
    sheet: pygame.Rect  # to the sheet, the fight kept in progress (Escape, issue 30 item 6)


def button_regions(lay: CombatLayout) -> ButtonRegions:
    """The buttons' rects: three moves, then four history buttons, on the band's right (smaller on a short page);
    Luck and Accept side by side under the panel's words, whatever its width (in the moves' row on a very short page)."""
    band, panel = lay.buttons, lay.panel
    y, big, second, small = lay.button_rows()
    w = min(BUTTON_WIDTH, (band.width - 2 * BUTTON_GAP) // 3)  # a wide band keeps buttons of a hand's width, on its right
    moves = pygame.Rect(band.right - 3 * w - 2 * BUTTON_GAP, y, 3 * w + 2 * BUTTON_GAP, big)
    attack, shoot, escape = split(moves, [fixed(w)] * 3, gap=BUTTON_GAP)
    # The history row: Undo, Redo, the sheet (the fight kept in progress) and Stop share the moves' width.
    history = pygame.Rect(moves.x, y + second, moves.width, small)
    undo, redo, sheet, stop = split(history, [fill()] * 4, gap=BUTTON_GAP)
    room = panel.width - 2 * PANEL_INSET - 12
    half = min(DECISION_WIDTH, room // 2)
    # In a narrow panel Luck (an icon and longer words) takes more of the row than Accept.
    luck_w = min(DECISION_WIDTH, max(half, room * 11 // 20))
    accept_w = min(DECISION_WIDTH, room - luck_w)
    luck = pygame.Rect(panel.x + PANEL_INSET, lay.actions_y, luck_w, DECISION_HEIGHT)
    accept = pygame.Rect(panel.right - PANEL_INSET - accept_w, lay.actions_y, accept_w, DECISION_HEIGHT)
    finish = pygame.Rect(panel.centerx - min(140, half), lay.actions_y, min(280, 2 * half), DECISION_HEIGHT)
    if lay.decide_in_band:  # a very short page: the decision takes the moves' row (the moves wait for it)
        luck = finish = attack.union(shoot)
        accept = escape
    spells = pygame.Rect(panel.x + PANEL_INSET, panel.bottom - 66, half, DECISION_HEIGHT)
    return ButtonRegions(attack, shoot, escape, undo, redo, stop, luck, accept, finish, spells, sheet)


def _mode(height: int) -> str:
    if height >= FULL_FROM:
        return "full"
    return "medium" if height >= MEDIUM_FROM else "compact" if height >= COMPACT_FROM else "row"


def creature_cards(area: pygame.Rect, count: int, columns: int) -> tuple[tuple[pygame.Rect, ...], str]:
    """``count`` creature cards in ``columns`` columns of ``area``, as tall as the room allows (at most full size)."""
    rows = max(1, -(-count // columns))
    # Cards sit closer rather than fall to one line; one-line cards closer still.
    gap = next((g for g in (GAP, 6) if (area.height - g * (rows - 1)) // rows >= COMPACT_FROM), 4)
    height = min(CARD_HEIGHT, (area.height - gap * (rows - 1)) // rows)
    width = (area.width - GAP * (columns - 1)) // columns
    cards = tuple(
        pygame.Rect(area.x + (i % columns) * (width + GAP), area.y + (i // columns) * (height + gap), width, height)
        for i in range(count)
    )
    return cards, _mode(height)


def compute_layout(page: tuple[int, int], count: int, has_ally: bool, has_quiver: bool) -> CombatLayout:
    """The board's rects for ``page``: hero (and ally, quiver) left, duel centre, creatures right, log and buttons below.

    The three columns share the width (never narrower than their cards need); the
    header, the banner, the strip and the bottom band keep their heights (smaller
    on a short page) and the panels take the rest. Many creatures on a wide page
    are set in two columns so each card keeps its full size; a tall page gives the
    log the room under the hero's cards.
    """
    width, height = page
    compact, tall, tight = height < 700, height >= TALL_FROM, height < TIGHT_BELOW
    margin = 20 if width < 1200 else 24
    top = 84 if compact else 92
    bottom = height - (8 if compact else 14)
    # The bottom band: the log and the buttons; on a tall page the buttons only (the log goes under the hero's cards).
    band = BUTTONS_BAND if tall else 120 if compact else max(140, min(220, round(height * 0.2)))
    board = pygame.Rect(margin, top, width - 2 * margin, bottom - band - 12 - top)
    one_column = (board.height - GAP * (count - 1)) // max(1, count) >= FULL_FROM
    columns = 2 if count > 1 and not one_column and width >= TWO_COLUMNS_FROM else 1
    card_w, centre_w = (NARROW_CARD_WIDTH, NARROW_CENTRE_WIDTH) if width < NARROW_BELOW else (CARD_MIN_WIDTH, CENTRE_MIN_WIDTH)
    left, centre, right = split(
        board,
        [fill(1, card_w), fill(1.15, centre_w), fill(columns, card_w * columns)],
        gap=12 if width < 1200 else COLUMN_GAP,
    )
    # A very short page with an ally and a quiver: the hero's and the ally's cards are shorter (still whole).
    crowded = tight and has_ally and has_quiver
    hero = pygame.Rect(left.x, top, left.width, 184 if crowded else CARD_HEIGHT)
    y = hero.bottom + GAP
    ally = quiver = None
    if has_ally:
        ally = pygame.Rect(left.x, y, left.width, 96 if crowded else ALLY_HEIGHT)
        y = ally.bottom + GAP
    if has_quiver:
        quiver = pygame.Rect(left.x, y, left.width, max(76, min(QUIVER_HEIGHT, board.bottom - y)))
        y = quiver.bottom + GAP
    creatures, mode = creature_cards(right, count, columns)
    banner_h, strip_h, gap = (44, 48, 4) if tight else (48, 56, 6) if compact else (60, 84, 8)
    banner = pygame.Rect(centre.x, top, centre.width, banner_h)
    strip = pygame.Rect(centre.x, banner.bottom + gap, centre.width, strip_h)
    panel = pygame.Rect(centre.x, strip.bottom + gap, centre.width, board.bottom - strip.bottom - gap)
    if tall:
        log = pygame.Rect(left.x, y + 6, left.width, bottom - y - 6)
        buttons = pygame.Rect(centre.x, bottom - band, right.right - centre.x, band)
    else:
        log, buttons = split(
            pygame.Rect(margin, bottom - band, board.width, band), [fill(1, 340), fill(1.03, 420)], gap=COLUMN_GAP
        )
        if y - GAP + 8 > log.y:  # the hero's column ran into the band: the log keeps the room under it (it scrolls)
            log = pygame.Rect(log.x, y - GAP + 8, log.width, log.bottom - (y - GAP + 8))
    gauge_w = max(556, min(720, round(width * 0.42)))
    return CombatLayout(
        page=(width, height),
        hero=hero,
        ally=ally,
        quiver=quiver,
        banner=banner,
        strip=strip,
        panel=panel,
        creatures=creatures,
        card_mode=mode,
        log=log,
        gauge=pygame.Rect(width - margin - gauge_w, 10, gauge_w, 74),
        buttons=buttons,
        compact=compact,
        decide_in_band=tight,
    )


# ---------------------------------------------------------------- card geometry


@dataclass(frozen=True)
class CardGeometry:
    """Inside one card: name line, stat line, STAMINA bar, dice, formula and tag."""

    name: tuple[int, int]
    name_size: str
    stats: tuple[int, int] | None
    bar: pygame.Rect
    dice: tuple[tuple[int, int], ...]
    die_size: int
    formula: tuple[int, int]
    tag: tuple[int, int]


def card_geometry(rect: pygame.Rect, mode: str, hero: bool = False) -> CardGeometry:
    """The parts of a hero, ally or creature card of the given size."""
    x, y, w, h = rect
    if mode == "full":
        size = 52 if hero else 44
        dy = y + h - (42 if hero else 36)
        bar = pygame.Rect(x + 150, y + 90, w - 170, 22) if hero else pygame.Rect(x + 150, y + 52, w - 170, 22)
        return CardGeometry(
            name=(x + 20, y + 10),
            name_size="heading",
            stats=(x + 20, y + 52),
            bar=bar,
            dice=((x + 20 + size // 2, dy), (x + 30 + size + size // 2, dy)),
            die_size=size,
            formula=(x + 44 + 2 * size, dy),
            tag=(x + w - 18, y + 16),
        )
    if mode == "medium":
        size = 30
        dy = y + h - 22
        return CardGeometry(
            name=(x + 16, y + 8),
            name_size="body",
            stats=None,
            bar=pygame.Rect(x + 16, y + 42, w - 32, 16),
            dice=((x + 16 + size // 2, dy), (x + 22 + size + size // 2, dy)),
            die_size=size,
            formula=(x + 32 + 2 * size, dy),
            tag=(x + w - 14, y + 12),
        )
    if mode == "row":  # name, bar and state on one line
        return CardGeometry(
            name=(x + 12, y + h // 2),
            name_size="small",
            stats=None,
            # The name keeps at least 150 px; the bar takes what the "4 / 4" and the state leave (at least 24).
            bar=pygame.Rect(x + max(w * 9 // 20, 160), y + h // 2 - 4, max(24, w - 120 - max(w * 9 // 20, 160)), 8),
            dice=(),
            die_size=0,
            formula=(x + w - 12, y + h // 2),
            tag=(x + w - 12, y + h // 2),
        )
    return CardGeometry(
        name=(x + 14, y + 8),
        name_size="small",
        stats=None,
        bar=pygame.Rect(x + 14, y + h - (22 if h >= 52 else 18), w - 110, 10),  # closer to the foot of a short card
        dice=(),
        die_size=0,
        # On a short card the total goes up to the name's line (which keeps its room): lower, it ran into the
        # STAMINA written right of the bar (six creatures at 960 x 540).
        formula=(x + w - 16, y + min(28, h // 2 - 4)),
        tag=(x + w - 10, y + 14),
    )


Slot = tuple[tuple[int, int], int]  # a die's centre and size


def dice_slots(lay: CombatLayout) -> dict[str, list[Slot]]:
    """Where each combatant's two dice sit: on its own card ("hero", "ally", "creature:<i>")."""
    hero = card_geometry(lay.hero, "full", hero=True)
    slots: dict[str, list[Slot]] = {"hero": [(c, hero.die_size) for c in hero.dice]}
    if lay.ally is not None:
        ally = card_geometry(lay.ally, "medium")
        slots["ally"] = [(c, ally.die_size) for c in ally.dice]
    for i, rect in enumerate(lay.creatures):
        geo = card_geometry(rect, lay.card_mode)
        slots[f"creature:{i}"] = [(c, geo.die_size) for c in geo.dice]
    return slots


def strip_slots(lay: CombatLayout) -> list[Slot]:
    """The two dice of a shot or a Luck test, on the strip under the banner."""
    strip = lay.strip
    size = min(50, strip.height - 10)  # smaller in the short strip of a short page
    return [((strip.x + 44, strip.centery), size), ((strip.x + 54 + size, strip.centery), size)]


def bar_rect(lay: CombatLayout, key: str) -> pygame.Rect:
    """The STAMINA bar of "hero", "ally" or "creature:<i>"."""
    if key == "hero":
        return card_geometry(lay.hero, "full", hero=True).bar
    if key == "ally" and lay.ally is not None:
        return card_geometry(lay.ally, "medium").bar
    index = int(key.split(":")[1])
    return card_geometry(lay.creatures[index], lay.card_mode).bar
