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
STACKED_BELOW = 380  # a backpack narrower than this puts each counter under its name


@dataclass(frozen=True)
class SheetRegions:
    """The sheet's panels for one page size."""

    page: tuple[int, int]
    hero: pygame.Rect
    paragraph: pygame.Rect
    backpack: pygame.Rect
    side_column: pygame.Rect  # the tabs and the side panel

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
    hero_col, pack_col, side_col = split(
        pygame.Rect(16, TOP, width - 32, bottom - TOP), [fill(400, 360), fill(400, 290), fill(416, 310)], gap=16
    )
    hero = pygame.Rect(hero_col.x, TOP, hero_col.width, bottom - PARAGRAPH_HEIGHT - 10 - TOP)
    paragraph = pygame.Rect(hero_col.x, hero.bottom + 10, hero_col.width, PARAGRAPH_HEIGHT)
    return SheetRegions(size, hero, paragraph, pack_col, side_col)


def calendar_rect(backpack: pygame.Rect) -> pygame.Rect:
    """The calendar line at the foot of the backpack."""
    return pygame.Rect(backpack.x, backpack.bottom - CALENDAR_HEIGHT, backpack.width, CALENDAR_HEIGHT)
