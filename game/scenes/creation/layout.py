"""Where hero creation's panels and controls go on a page of any size (the controls and the painter read them).

Two columns: the book's creation rules on the left (its scores, the dice
buttons, the hints), and on the right the ready-made heroes or the sheet
preview above the hero panel (name, "Begin"). The rules column grows a little
with the page, the right column takes the rest; the hero panel keeps its height
and the top panel takes what the page gives (taller cards, more of the blurb).
Computed for a page size and the book's counts (scores, ready-made heroes,
creation steps), never for a book by its id.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.books.fighting_fantasy import FightingFantasyBook
from game.ui.layout import fill, fixed, split

PAD = 20
HEADING_SPACE = 50
ROW_H = 54  # a score row of the rules panel (48 on a short page)
FIELD_W = 84
CARD_GAP = 12
MARGIN = 28
TOP = 102  # below the title, the subtitle and their rule
SHORT_BELOW = 600  # a page less tall (540: 200 % on a 1080p screen) closes up the title and the rules' rows
SHORT_TOP, SHORT_ROW_H = 82, 42
BOTTOM = 16
HERO_HEIGHT = 148
RULES_MIN, RULES_WIDE, RULES_MAX = 400, 470, 600  # narrower than RULES_WIDE: each formula under its score's name
NAME_MIN = 144  # the score names column of the rules panel
START_W = 270  # "Begin the adventure"
NAME_FIELD_MAX = 360
BACK_BUTTON = pygame.Rect(28, 24, 150, 42)
TITLE_CLEAR = BACK_BUTTON.right + 16  # the centred title stays clear of the back button
BUTTON_H, TOGGLE_H = 46, 32
STEP_ROW = 52  # a creation step's row: its name, what was picked, its "choose" button
STEP_ROW_CLOSE = 40  # the same when several steps share a short page (Loup Solitaire's four)
STEP_BUTTON = (190, 42)
PICK_H = 42  # a ready-made hero's "pick" button, at the foot of its card
TILE_MIN = 150  # a sheet preview's tile at its smallest
PICK_ROOM = 58  # the foot of a ready-made hero's card, where its "pick" button sits
PICK_INSET, PICK_ABOVE_FOOT = 14, 56  # the "pick" button from the card's sides and above its foot
ROWS_BELOW_HEADING = 44  # the rules panel's first score row, under its heading
FORMULA_GAP = 12  # a score's formula after its name column (a wide rules panel)
NAME_SHARE = (2, 5)  # the score names' column: two fifths of a wide rules panel
FIELD_GAP = 8  # in a narrow rules panel, between the name column and the score field
FIELD_H = 42  # a score field (or a fixed score's box)
# A narrow panel's name and formula lines, above and below the row's middle: in a short row, and in a row.
TWO_LINES_SHORT_BELOW, TWO_LINES_SHORT, TWO_LINES = 48, (10, 10), (11, 12)
HEADING_YS, SHORT_HEADING_YS = (8, 60, 92), (4, 46, 72)  # the title's, the subtitle's and their rule's tops
# Under the score rows: the gap, then the physical-dice and honest-play switches' offsets (a short page, a page).
RULES_CONTROLS, SHORT_RULES_CONTROLS = (14, 58, 96), (8, 52, 88)
TABLE_RISE = 4  # the Random Number Table's button sits this much above the switch it pushes down
BUTTON_GAP = 10  # roll and "use my scores", side by side
NAME_LEAST, START_GAP, NAME_FIELD_H = 160, 16, 44  # the hero's name field beside the start button
CONTENT_ABOVE_STEPS = 10  # the top panel's content stops this far above the creation steps
STEP_BUTTON_ROOM = 6  # a step's "choose" button is at most its row less this
BELOW_HEADING = 8  # the cards and the tiles, under the top panel's heading
CARD_FOOT = 10  # a ready-made hero's card reaches this much past the content's padding
# A preview tile: 196 high, half of the room past 372 added, at most 260 and 100 short of the room.
TILE_BASE, TILE_ROOM_FROM, TILE_MOST, TILE_ROOM_LEFT = 196, 372, 260, 100
RULES_SHARE = (470, 1208)  # the rules panel's share of the page's width (470 at 1280)
COLUMN_GAP, HERO_GAP = 16, 14  # between the rules and the right column; above the hero panel
TALL_FROM, SHORT_PAGE_ROW_H = 700, 48  # a page at least this tall has full score rows; a short one, 48


@dataclass(frozen=True)
class RulesControls:
    """The rules panel's controls under the score rows: roll and "use my scores", the Random Number Table
    (a book whose creation dice are random numbers), then the two switches."""

    roll: pygame.Rect
    typed: pygame.Rect
    physical: pygame.Rect
    honest: pygame.Rect
    table: pygame.Rect | None = None


def random_numbers(book: FightingFantasyBook) -> bool:
    """The book's creation dice are all random numbers 0–9 (its scores' and drawn steps' rolls): a Random Number
    Table may give them."""
    rolls = [stat.roll for stat in book.stats if stat.roll is not None] + [step.roll for step in book.creation if step.roll]
    return bool(rolls) and all(roll is not None and roll.zero_based and roll.sides == 10 for roll in rolls)


@dataclass(frozen=True)
class CreationRegions:
    """Hero creation's panels for one page size."""

    page: tuple[int, int]
    rules: pygame.Rect
    top: pygame.Rect  # ready-made heroes, or the sheet preview
    hero: pygame.Rect
    row_h: int
    stats: int  # the book's scores, one row each
    ready: int  # the book's ready-made heroes (0: the sheet preview instead)
    steps: int  # the book's creation steps
    table: bool = False  # a Random Number Table button under roll and "use my scores"

    @property
    def centre_x(self) -> int:
        return self.page[0] // 2

    @property
    def inner(self) -> tuple[int, int]:
        """The x and width of the rules panel's content."""
        return self.rules.x + PAD, self.rules.width - 2 * PAD

    @property
    def rows_top(self) -> int:
        """The top of the first score row of the rules panel."""
        return self.rules.y + HEADING_SPACE + ROWS_BELOW_HEADING

    @property
    def compact(self) -> bool:
        """A narrow rules panel (a small page): each score's formula goes under its name, not beside it."""
        return self.rules.width < RULES_WIDE

    @property
    def name_width(self) -> int:
        """The score names' column: wider in a wide rules panel, the formulas after it (or under it)."""
        if self.compact:
            return self.inner[1] - FIELD_W - FIELD_GAP
        return max(NAME_MIN, (self.inner[1] - FIELD_W) * NAME_SHARE[0] // NAME_SHARE[1])

    @property
    def short(self) -> bool:
        """A short page: the title, the subtitle and the rules' rows close up."""
        return self.page[1] < SHORT_BELOW

    @property
    def heading_ys(self) -> tuple[int, int, int]:
        """The page's title, its subtitle and the rule under them (their tops)."""
        return SHORT_HEADING_YS if self.short else HEADING_YS

    def name_and_formula(self, index: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """Where score ``index``'s name and formula start (their left middle)."""
        row = self.score_row(index)
        if self.compact:
            above, below = TWO_LINES_SHORT if self.row_h < TWO_LINES_SHORT_BELOW else TWO_LINES  # inside a short row
            return (row.x, row.centery - above), (row.x, row.centery + below)
        return (row.x, row.centery), (row.x + self.name_width + FORMULA_GAP, row.centery)

    def score_row(self, index: int) -> pygame.Rect:
        """Score ``index``'s row in the rules panel."""
        x0, width = self.inner
        return pygame.Rect(x0, self.rows_top + index * self.row_h, width, self.row_h)

    def field_rect(self, index: int) -> pygame.Rect:
        """The score field (or the fixed score's box) at the right of row ``index``."""
        row = self.score_row(index)
        return pygame.Rect(row.right - FIELD_W, row.centery - FIELD_H // 2, FIELD_W, FIELD_H)

    @property
    def rules_controls(self) -> RulesControls:
        """Roll and "use my scores" side by side under the score rows, then the two switches (closer on a short page)."""
        x0, width = self.inner
        gap, physical_y, honest_y = SHORT_RULES_CONTROLS if self.short else RULES_CONTROLS
        top = self.rows_top + self.stats * self.row_h + gap
        half = (width - BUTTON_GAP) // 2
        table = None
        if self.table:
            table = pygame.Rect(x0, top + physical_y - TABLE_RISE, width, BUTTON_H)
            physical_y, honest_y = physical_y + BUTTON_H + gap, honest_y + BUTTON_H + gap
        return RulesControls(
            pygame.Rect(x0, top, half, BUTTON_H),
            pygame.Rect(x0 + half + BUTTON_GAP, top, half, BUTTON_H),
            pygame.Rect(x0, top + physical_y, width, TOGGLE_H),
            pygame.Rect(x0, top + honest_y, width, TOGGLE_H),
            table,
        )

    def name_and_start(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The hero's name field and the start button, on one row at the foot of the hero panel."""
        row = pygame.Rect(self.hero.x + PAD, self.hero.bottom - PAD - BUTTON_H, self.hero.width - 2 * PAD, BUTTON_H)
        name, gap, start = split(row, [fill(1, minimum=NAME_LEAST), fixed(START_GAP), fixed(START_W)])
        name = pygame.Rect(name.x, row.y + 1, min(NAME_FIELD_MAX, name.width), NAME_FIELD_H)
        return name, start

    @property
    def steps_rect(self) -> pygame.Rect:
        """The book's creation steps, at the foot of the top panel (no height without steps)."""
        height = self.steps * self.step_row_h
        return pygame.Rect(self.top.x + PAD, self.top.bottom - PAD // 2 - height, self.top.width - 2 * PAD, height)

    def step_row(self, index: int) -> pygame.Rect:
        """Creation step ``index``'s row of the strip."""
        strip = self.steps_rect
        return pygame.Rect(strip.x, strip.y + index * self.step_row_h, strip.width, self.step_row_h)

    @property
    def step_row_h(self) -> int:
        """A step's row: closer when three steps or more share a short page."""
        return STEP_ROW_CLOSE if self.short and self.steps >= 3 else STEP_ROW

    @property
    def tiles_fit(self) -> bool:
        """The sheet preview's tiles have room above the steps (else the hero panel's heading shows the scores)."""
        return self.content_bottom - (self.top.y + HEADING_SPACE + BELOW_HEADING) >= TILE_MIN

    def step_button(self, index: int) -> pygame.Rect:
        """Creation step ``index``'s "choose" button, at the right of its row."""
        width, height = STEP_BUTTON
        height = min(height, self.step_row_h - STEP_BUTTON_ROOM)
        row = self.step_row(index)
        return pygame.Rect(row.right - width, row.y + (self.step_row_h - height) // 2, width, height)

    @property
    def content_bottom(self) -> int:
        """The bottom of the top panel's content: above the book's creation steps, when it has some."""
        return self.top.bottom - CONTENT_ABOVE_STEPS - self.steps * self.step_row_h - (PAD // 2 if self.steps else 0)

    def card_rect(self, index: int) -> pygame.Rect:
        """Where ready-made hero ``index`` is drawn (the cards side by side across the top panel)."""
        count = max(1, self.ready)
        inner = self.top.width - 2 * PAD
        width = (inner - CARD_GAP * (count - 1)) // count
        top = self.top.y + HEADING_SPACE + BELOW_HEADING
        bottom = self.content_bottom - PAD + CARD_FOOT
        return pygame.Rect(self.top.x + PAD + index * (width + CARD_GAP), top, width, bottom - top)

    def tiles(self) -> list[pygame.Rect]:
        """The sheet preview's tiles, one per score across the top panel: shorter on a short page (the starting
        equipment keeps a few lines), taller on a big one (up to 260, with bigger dice)."""
        inner = self.top.width - 2 * PAD
        width = (inner - CARD_GAP * (self.stats - 1)) // self.stats
        top = self.top.y + HEADING_SPACE + BELOW_HEADING
        room = self.content_bottom - top
        tile_h = max(TILE_MIN, min(TILE_BASE + max(0, room - TILE_ROOM_FROM) // 2, TILE_MOST, room - TILE_ROOM_LEFT))
        return [pygame.Rect(self.top.x + PAD + i * (width + CARD_GAP), top, width, tile_h) for i in range(self.stats)]

    def pick_button(self, index: int) -> pygame.Rect:
        """Ready-made hero ``index``'s "pick" button, across the foot of its card."""
        card = self.card_rect(index)
        return pygame.Rect(card.x + PICK_INSET, card.bottom - PICK_ABOVE_FOOT, card.width - 2 * PICK_INSET, PICK_H)


def creation_regions(size: tuple[int, int], book: FightingFantasyBook) -> CreationRegions:
    """The panels of hero creation on a page of ``size`` logical pixels, for ``book``'s scores, ready-made heroes
    and creation steps."""
    width, height = size
    room = width - 2 * MARGIN - COLUMN_GAP
    rules_w = max(RULES_MIN, min(RULES_MAX, room * RULES_SHARE[0] // RULES_SHARE[1]))
    top_y = SHORT_TOP if height < SHORT_BELOW else TOP
    body = pygame.Rect(MARGIN, top_y, width - 2 * MARGIN, height - top_y - BOTTOM)
    rules, right = split(body, [fixed(rules_w), fill(1)], gap=COLUMN_GAP)
    top, hero = split(right, [fill(1), fixed(HERO_HEIGHT)], gap=HERO_GAP, vertical=True)
    row_h = ROW_H if height >= TALL_FROM else SHORT_PAGE_ROW_H if height >= SHORT_BELOW else SHORT_ROW_H
    return CreationRegions(
        size, rules, top, hero, row_h, len(book.stats), len(book.ready_heroes), len(book.creation), random_numbers(book)
    )
