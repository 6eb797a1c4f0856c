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
DECISION_GAP = 12  # between Luck and Accept
LUCK_SHARE = (11, 20)  # in a narrow panel Luck (an icon and longer words) takes 11/20 of the row
FINISH_WIDTH = 280  # the end of the fight's button, centred
DECISION_ABOVE_FOOT, DECISION_TOP_MOST = 66, 320  # the decision's row: above the panel's foot, at most this far down
BAND_DECISION_RISE = 4  # on a very short page the decision sits in the band, its top just above the panel's foot
# The band's two rows of buttons: the first's top from the band's and its height, the second's offset and height.
BUTTON_ROWS, COMPACT_BUTTON_ROWS = (2, 52, 64, 44), (0, 48, 56, 40)
COMPACT_BELOW = 700  # a page shorter than this gets the smaller banner, strip and button rows
WIDE_FROM = 1200  # a page at least this wide gets the wider margin and column gap
MARGIN, WIDE_MARGIN = 20, 24
NARROW_COLUMN_GAP = 12
TOP, COMPACT_TOP = 92, 84  # under the header and the gauge
FOOT, COMPACT_FOOT = 14, 8  # the band's distance from the page's foot
COMPACT_BAND, BAND_LEAST, BAND_MOST, BAND_SHARE = 120, 140, 220, 0.2  # the log's and buttons' band: a fifth of the page
BAND_GAP = 12  # between the board and the band
CROWDED_HERO_HEIGHT, CROWDED_ALLY_HEIGHT = 184, 96  # a very short page with an ally and a quiver
QUIVER_LEAST = 76
# The banner's and the strip's heights, and the gap under each: on a very short, a short and a tall page.
TIGHT_CENTRE, COMPACT_CENTRE, CENTRE = (44, 48, 4), (48, 56, 6), (60, 84, 8)
LOG_GAP = 6  # on a tall page, between the hero's cards and the log under them
LOG_LEAST, BAND_BUTTONS_LEAST = 340, 420  # the band's log and buttons never narrower
LOG_UNDER_HERO = 8  # when the hero's column runs into the band, the log starts this far under it
GAUGE_LEAST, GAUGE_MOST, GAUGE_SHARE = 556, 720, 0.42  # the odds gauge: 42 % of the page's width, within these
GAUGE_TOP, GAUGE_HEIGHT = 10, 74
GAUGE_LABEL_WIDTH = 250  # the gauge's labels, right-aligned left of its bars
GAUGE_ROW, GAUGE_ROWS_TOP = 26, 4  # one chance of winning a row, from the gauge's top
GAUGE_LABEL_GAP, GAUGE_LABEL_MIDDLE = 8, 10  # a label's right end before its bar; its middle down the row
GAUGE_BAR_TOP, GAUGE_BAR_H = 2, 18
GAUGE_VALUE_ROOM, GAUGE_ESTIMATE_ROOM = 70, 90  # the percentage right of a bar (wider for an estimate's "≥ 41 %")
GAUGE_VALUE_INSET, GAUGE_VALUE_MIDDLE = 4, 11  # the percentage's right end from the gauge's; its middle down the row
GAUGE_NOTE_Y, BAND_GAUGE_NOTE_Y = 56, 54  # the note under the bars (under the labels on a very short page)
HEADER_GAP = 16  # the title and subtitle stop this far left of the gauge
TITLE_TOP, SUBTITLE_AT = 8, (2, 58)  # the board's title; its subtitle (from the margin, from the top)
CLOSER_GAP, ROW_CARD_GAP = 6, 4  # creature cards sit closer rather than fall to one line; one-line cards closer still
STRIP_DIE, STRIP_DIE_ROOM = 50, 10  # the strip's dice: at most 50, smaller in a short strip
STRIP_DICE_X, STRIP_DICE_GAP = 44, 10  # the first die's centre from the strip's left, the gap between them


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
            return self.panel.bottom - BAND_DECISION_RISE
        return min(self.panel.bottom - DECISION_ABOVE_FOOT, self.panel.y + DECISION_TOP_MOST)

    def button_rows(self) -> tuple[int, int, int, int]:
        """The buttons' two rows: the first's top and height, the second's offset from it and its height."""
        top, big, second, small = COMPACT_BUTTON_ROWS if self.compact else BUTTON_ROWS
        return self.buttons.y + top, big, second, small

    @property
    def header(self) -> pygame.Rect:
        """The title's and the subtitle's room: from the margin to the gauge, above the cards."""
        return pygame.Rect(self.margin, 0, self.gauge.x - HEADER_GAP - self.margin, self.hero.y)

    def gauge_row(self, row: int, estimate: bool) -> GaugeRow:
        """The gauge's row ``row``: where its label ends, its bar, where its percentage ends."""
        gauge = self.gauge
        y = gauge.y + GAUGE_ROWS_TOP + row * GAUGE_ROW
        room = GAUGE_ESTIMATE_ROOM if estimate else GAUGE_VALUE_ROOM
        return GaugeRow(
            label_end=(gauge.x + GAUGE_LABEL_WIDTH - GAUGE_LABEL_GAP, y + GAUGE_LABEL_MIDDLE),
            bar=pygame.Rect(gauge.x + GAUGE_LABEL_WIDTH, y + GAUGE_BAR_TOP, gauge.width - GAUGE_LABEL_WIDTH - room, GAUGE_BAR_H),
            value_end=(gauge.right - GAUGE_VALUE_INSET, y + GAUGE_VALUE_MIDDLE),
        )

    @property
    def gauge_note(self) -> tuple[int, int]:
        """The top right of the gauge's note: under its bars, or under its labels on a very short page."""
        gauge = self.gauge
        if self.decide_in_band:  # the creatures' tabs are just below
            return gauge.x + GAUGE_LABEL_WIDTH - GAUGE_LABEL_GAP, gauge.y + BAND_GAUGE_NOTE_Y
        return gauge.right - GAUGE_VALUE_INSET, gauge.y + GAUGE_NOTE_Y

    @property
    def controls(self) -> ButtonRegions:
        """Where each of the board's buttons goes."""
        return button_regions(self)


@dataclass(frozen=True)
class GaugeRow:
    """One row of the odds gauge: its label's right middle, its bar, its percentage's right middle."""

    label_end: tuple[int, int]
    bar: pygame.Rect
    value_end: tuple[int, int]


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
    room = panel.width - 2 * PANEL_INSET - DECISION_GAP
    half = min(DECISION_WIDTH, room // 2)
    # In a narrow panel Luck (an icon and longer words) takes more of the row than Accept.
    luck_w = min(DECISION_WIDTH, max(half, room * LUCK_SHARE[0] // LUCK_SHARE[1]))
    accept_w = min(DECISION_WIDTH, room - luck_w)
    luck = pygame.Rect(panel.x + PANEL_INSET, lay.actions_y, luck_w, DECISION_HEIGHT)
    accept = pygame.Rect(panel.right - PANEL_INSET - accept_w, lay.actions_y, accept_w, DECISION_HEIGHT)
    finish_w = min(FINISH_WIDTH, 2 * half)
    finish = pygame.Rect(panel.centerx - min(FINISH_WIDTH // 2, half), lay.actions_y, finish_w, DECISION_HEIGHT)
    if lay.decide_in_band:  # a very short page: the decision takes the moves' row (the moves wait for it)
        luck = finish = attack.union(shoot)
        accept = escape
    spells = pygame.Rect(panel.x + PANEL_INSET, panel.bottom - DECISION_ABOVE_FOOT, half, DECISION_HEIGHT)
    return ButtonRegions(attack, shoot, escape, undo, redo, stop, luck, accept, finish, spells, sheet)


def _mode(height: int) -> str:
    if height >= FULL_FROM:
        return "full"
    return "medium" if height >= MEDIUM_FROM else "compact" if height >= COMPACT_FROM else "row"


def creature_cards(area: pygame.Rect, count: int, columns: int) -> tuple[tuple[pygame.Rect, ...], str]:
    """``count`` creature cards in ``columns`` columns of ``area``, as tall as the room allows (at most full size)."""
    rows = max(1, -(-count // columns))
    # Cards sit closer rather than fall to one line; one-line cards closer still.
    gap = next((g for g in (GAP, CLOSER_GAP) if (area.height - g * (rows - 1)) // rows >= COMPACT_FROM), ROW_CARD_GAP)
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
    compact, tall, tight = height < COMPACT_BELOW, height >= TALL_FROM, height < TIGHT_BELOW
    margin = MARGIN if width < WIDE_FROM else WIDE_MARGIN
    top = COMPACT_TOP if compact else TOP
    bottom = height - (COMPACT_FOOT if compact else FOOT)
    # The bottom band: the log and the buttons; on a tall page the buttons only (the log goes under the hero's cards).
    band = BUTTONS_BAND if tall else COMPACT_BAND if compact else max(BAND_LEAST, min(BAND_MOST, round(height * BAND_SHARE)))
    board = pygame.Rect(margin, top, width - 2 * margin, bottom - band - BAND_GAP - top)
    one_column = (board.height - GAP * (count - 1)) // max(1, count) >= FULL_FROM
    columns = 2 if count > 1 and not one_column and width >= TWO_COLUMNS_FROM else 1
    card_w, centre_w = (NARROW_CARD_WIDTH, NARROW_CENTRE_WIDTH) if width < NARROW_BELOW else (CARD_MIN_WIDTH, CENTRE_MIN_WIDTH)
    left, centre, right = split(
        board,
        [fill(1, card_w), fill(1.15, centre_w), fill(columns, card_w * columns)],
        gap=NARROW_COLUMN_GAP if width < WIDE_FROM else COLUMN_GAP,
    )
    # A very short page with an ally and a quiver: the hero's and the ally's cards are shorter (still whole).
    crowded = tight and has_ally and has_quiver
    hero = pygame.Rect(left.x, top, left.width, CROWDED_HERO_HEIGHT if crowded else CARD_HEIGHT)
    y = hero.bottom + GAP
    ally = quiver = None
    if has_ally:
        ally = pygame.Rect(left.x, y, left.width, CROWDED_ALLY_HEIGHT if crowded else ALLY_HEIGHT)
        y = ally.bottom + GAP
    if has_quiver:
        quiver = pygame.Rect(left.x, y, left.width, max(QUIVER_LEAST, min(QUIVER_HEIGHT, board.bottom - y)))
        y = quiver.bottom + GAP
    creatures, mode = creature_cards(right, count, columns)
    banner_h, strip_h, gap = TIGHT_CENTRE if tight else COMPACT_CENTRE if compact else CENTRE
    banner = pygame.Rect(centre.x, top, centre.width, banner_h)
    strip = pygame.Rect(centre.x, banner.bottom + gap, centre.width, strip_h)
    panel = pygame.Rect(centre.x, strip.bottom + gap, centre.width, board.bottom - strip.bottom - gap)
    if tall:
        log = pygame.Rect(left.x, y + LOG_GAP, left.width, bottom - y - LOG_GAP)
        buttons = pygame.Rect(centre.x, bottom - band, right.right - centre.x, band)
    else:
        log, buttons = split(
            pygame.Rect(margin, bottom - band, board.width, band),
            [fill(1, LOG_LEAST), fill(1.03, BAND_BUTTONS_LEAST)],
            gap=COLUMN_GAP,
        )
        under_hero = y - GAP + LOG_UNDER_HERO
        if under_hero > log.y:  # the hero's column ran into the band: the log keeps the room under it (it scrolls)
            log = pygame.Rect(log.x, under_hero, log.width, log.bottom - under_hero)
    gauge_w = max(GAUGE_LEAST, min(GAUGE_MOST, round(width * GAUGE_SHARE)))
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
        gauge=pygame.Rect(width - margin - gauge_w, GAUGE_TOP, gauge_w, GAUGE_HEIGHT),
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


@dataclass(frozen=True)
class CardMetrics:
    """One kind of card with two dice ("full", "medium"), measured from its corners."""

    inset: int  # the name, the scores and the first die from the card's left edge
    name_top: int
    name_size: str
    stats_top: int | None  # the scores' line (None: the card has none)
    bar: tuple[int, int, int, int]  # the STAMINA bar: from the left, from the top, short of the right edge, height
    die: int  # a die's side
    die_gap: int  # between the two dice
    dice_above_foot: int  # the dice's centre line above the card's foot
    formula_gap: int  # from the second die to the total
    tag: tuple[int, int]  # the state's tag from the card's top right corner (left, down)


FULL_HERO = CardMetrics(20, 10, "heading", 52, (150, 90, 20, 22), 52, 10, 42, 24, (18, 16))
FULL_CREATURE = CardMetrics(20, 10, "heading", 52, (150, 52, 20, 22), 44, 10, 36, 24, (18, 16))
MEDIUM = CardMetrics(16, 8, "body", None, (16, 42, 16, 16), 30, 6, 22, 16, (14, 12))
ROW_INSET = 12  # a one-line card's name, and its total from the right edge
ROW_NAME_ROOM, ROW_NAME_SHARE = 160, (9, 20)  # the name keeps at least 160 px, or 9/20 of the card
ROW_RIGHT_ROOM, ROW_BAR_MIN, ROW_BAR_HEIGHT = 120, 24, 8  # the bar takes what "4 / 4" and the state leave
COMPACT_INSET, COMPACT_NAME_TOP, COMPACT_RIGHT_ROOM = 14, 8, 110
COMPACT_BAR_HEIGHT, COMPACT_SHORT_BELOW = 10, 52  # the bar, closer to the foot of a card shorter than 52
COMPACT_BAR_ABOVE_FOOT, COMPACT_SHORT_BAR_ABOVE_FOOT = 22, 18
COMPACT_FORMULA = (16, 28)  # the total from the right edge, and at most this far down (the name's line)
COMPACT_TAG = (10, 14)


def _two_dice_card(rect: pygame.Rect, m: CardMetrics) -> CardGeometry:
    x, y, w, h = rect
    bar_x, bar_top, bar_short, bar_height = m.bar
    dy = y + h - m.dice_above_foot
    first = x + m.inset + m.die // 2
    return CardGeometry(
        name=(x + m.inset, y + m.name_top),
        name_size=m.name_size,
        stats=None if m.stats_top is None else (x + m.inset, y + m.stats_top),
        bar=pygame.Rect(x + bar_x, y + bar_top, w - bar_x - bar_short, bar_height),
        dice=((first, dy), (first + m.die_gap + m.die, dy)),
        die_size=m.die,
        formula=(x + m.inset + m.formula_gap + 2 * m.die, dy),
        tag=(x + w - m.tag[0], y + m.tag[1]),
    )


def card_geometry(rect: pygame.Rect, mode: str, hero: bool = False) -> CardGeometry:
    """The parts of a hero, ally or creature card of the given size."""
    if mode == "full":
        return _two_dice_card(rect, FULL_HERO if hero else FULL_CREATURE)
    if mode == "medium":
        return _two_dice_card(rect, MEDIUM)
    x, y, w, h = rect
    if mode == "row":  # name, bar and state on one line
        name_room = max(w * ROW_NAME_SHARE[0] // ROW_NAME_SHARE[1], ROW_NAME_ROOM)
        return CardGeometry(
            name=(x + ROW_INSET, y + h // 2),
            name_size="small",
            stats=None,
            bar=pygame.Rect(
                x + name_room, y + h // 2 - ROW_BAR_HEIGHT // 2, max(ROW_BAR_MIN, w - ROW_RIGHT_ROOM - name_room), ROW_BAR_HEIGHT
            ),
            dice=(),
            die_size=0,
            formula=(x + w - ROW_INSET, y + h // 2),
            tag=(x + w - ROW_INSET, y + h // 2),
        )
    above_foot = COMPACT_BAR_ABOVE_FOOT if h >= COMPACT_SHORT_BELOW else COMPACT_SHORT_BAR_ABOVE_FOOT
    return CardGeometry(
        name=(x + COMPACT_INSET, y + COMPACT_NAME_TOP),
        name_size="small",
        stats=None,
        bar=pygame.Rect(x + COMPACT_INSET, y + h - above_foot, w - COMPACT_RIGHT_ROOM, COMPACT_BAR_HEIGHT),
        dice=(),
        die_size=0,
        # On a short card the total goes up to the name's line (which keeps its room): lower, it ran into the
        # STAMINA written right of the bar (six creatures at 960 x 540).
        formula=(x + w - COMPACT_FORMULA[0], y + min(COMPACT_FORMULA[1], h // 2 - 4)),
        tag=(x + w - COMPACT_TAG[0], y + COMPACT_TAG[1]),
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
    size = min(STRIP_DIE, strip.height - STRIP_DIE_ROOM)  # smaller in the short strip of a short page
    first = strip.x + STRIP_DICE_X
    return [((first, strip.centery), size), ((first + STRIP_DICE_GAP + size, strip.centery), size)]


def bar_rect(lay: CombatLayout, key: str) -> pygame.Rect:
    """The STAMINA bar of "hero", "ally" or "creature:<i>"."""
    if key == "hero":
        return card_geometry(lay.hero, "full", hero=True).bar
    if key == "ally" and lay.ally is not None:
        return card_geometry(lay.ally, "medium").bar
    index = int(key.split(":")[1])
    return card_geometry(lay.creatures[index], lay.card_mode).bar
