"""Where the Adventure Sheet's panels go on a page of any size (shared by the scene, its widgets and its painter).

Three columns share the width (hero and paragraph, backpack, the side tabs), each
never narrower than it needs; the panels take the height the page gives. Rows
the book adds (scores, counters) scroll inside their panel when they outnumber it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.layout import fill, split

CALENDAR_HEIGHT = 72
STAT_ROW = 54
STATS_TOP = 76  # below the hero's name and the column headings
COUNTER_ROW = 54
STACKED_ROW = 76  # a counter under its name (a narrow backpack)
EQUIPMENT_MIN = 3 * 32  # the equipment list never shrinks below three rows: the counters scroll first
ICONS = {"arrow": "arrow", "herb": "herbs", "potion": "potion", "provisions": "provisions", "gold": "gold"}
TAB_ORDER = ("creatures", "calendar", "notes", "journal", "tools")
HISTORY_CHIPS = 8
TOP = 70  # below the title and the top buttons
MESSAGE_BAND = 36  # the status line at the bottom
PARAGRAPH_HEIGHT = 164
COMPACT_PARAGRAPH_HEIGHT = 136  # one row of history chips
STACKED_BELOW = 380  # a backpack narrower than this puts each counter under its name
COMPACT_BELOW = (1024, 640)  # a page narrower or shorter than this (200 % on a 1080p screen) is laid out compact


@dataclass(frozen=True)
class SheetRegions:
    """The sheet's panels for one page size."""

    page: tuple[int, int]
    hero: pygame.Rect
    paragraph: pygame.Rect
    backpack: pygame.Rect
    side_column: pygame.Rect  # the tabs and the side panel

    @property
    def compact(self) -> bool:
        """Whether the page is smaller than 1024×640: narrower score columns, one row of history chips."""
        return self.page[0] < COMPACT_BELOW[0] or self.page[1] < COMPACT_BELOW[1]

    @property
    def history_chips(self) -> int:
        """How many paragraph chips the paragraph panel shows (one row of four on a compact page)."""
        return HISTORY_CHIPS // 2 if self.compact else HISTORY_CHIPS

    @property
    def stat_counter_width(self) -> int:
        """Score counters are narrower in a narrow hero panel, leaving room for the names."""
        return 140 if self.hero.width >= 380 else 118

    @property
    def initial_x(self) -> int:
        """The centre of the "initial" column (right of the counters, left of the erasers)."""
        return self.hero.right - (78 if self.compact else 87)

    @property
    def stat_column(self) -> int:
        """The x of the score counters (the "current" column): left of the "initial" one and the eraser."""
        return self.hero.right - (102 if self.compact else 120) - self.stat_counter_width

    @property
    def stacked_counters(self) -> bool:
        """Whether counter rows put the counter below the name (a narrow backpack)."""
        return self.backpack.width < STACKED_BELOW

    @property
    def message_centre(self) -> tuple[int, int]:
        """Where the status line is centred."""
        return self.page[0] // 2, self.page[1] - MESSAGE_BAND // 2 + 1


def sheet_regions(size: tuple[int, int]) -> SheetRegions:
    """The panels of a sheet on a page of ``size`` logical pixels."""
    width, height = size
    bottom = height - MESSAGE_BAND
    narrow = width < COMPACT_BELOW[0]  # 960 wide: the three columns give up some of their minimum
    minimums = (336, 270, 290) if narrow else (360, 290, 310)
    parts = [fill(share, least) for share, least in zip((400, 400, 416), minimums)]
    hero_col, pack_col, side_col = split(pygame.Rect(16, TOP, width - 32, bottom - TOP), parts, gap=16)
    paragraph_height = COMPACT_PARAGRAPH_HEIGHT if narrow or height < COMPACT_BELOW[1] else PARAGRAPH_HEIGHT
    hero = pygame.Rect(hero_col.x, TOP, hero_col.width, bottom - paragraph_height - 10 - TOP)
    paragraph = pygame.Rect(hero_col.x, hero.bottom + 10, hero_col.width, paragraph_height)
    return SheetRegions(size, hero, paragraph, pack_col, side_col)


def calendar_rect(backpack: pygame.Rect) -> pygame.Rect:
    """The calendar line at the foot of the backpack."""
    return pygame.Rect(backpack.x, backpack.bottom - CALENDAR_HEIGHT, backpack.width, CALENDAR_HEIGHT)


def week_pitch(inner: pygame.Rect, days: int) -> int:
    """The height of a day's row in the calendar tab: 56, closer on a short page so the week and its summary fit."""
    return max(28, min(56, (inner.height - 40 - 28) // max(1, days)))
