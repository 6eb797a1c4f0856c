"""Where the reader's page, compact sheet and message line go on a page of any size.

Two columns: the book's page (its number, the section's text, the event strip
and the choices, placed down it by the scene) and the compact sheet beside it.
The book's page takes most of the width; its text keeps a readable measure,
centred on the page, and re-wraps to it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.layout import fill, split

CHOICE_H = 46
CHOICE_GAP = 8
STRIP_H = 64  # the event strip: the test / fight button and what happened
MAX_AUTOMATIC = 50  # events applied in one go on arrival (a section has at most 20)
ICONS = {"arrow": "arrow", "herb": "herbs", "potion": "potion", "provisions": "provisions", "gold": "gold"}
WHEEL_STEP = 60
TOP = 70  # below the book's title and the sheet button
MESSAGE_BAND = 36  # the message line at the foot of the page
TEXT_MARGIN = 40  # the text's margins inside the book's page
TEXT_MAX = 960  # the longest line of text: wider pages centre the text column
TEXT_TOP = 84  # below the section's number


@dataclass(frozen=True)
class ReaderRegions:
    """The reader's parts for one page size."""

    page: tuple[int, int]
    book_page: pygame.Rect  # the section: its number, text, strip and choices
    side: pygame.Rect  # the compact sheet

    @property
    def text_column(self) -> tuple[int, int]:
        """The x and width of the section's text (a readable measure, centred on the book's page)."""
        width = min(TEXT_MAX, self.book_page.width - 2 * TEXT_MARGIN)
        return self.book_page.x + (self.book_page.width - width) // 2, width

    @property
    def sheet_button(self) -> pygame.Rect:
        return pygame.Rect(self.page[0] - 16 - 150, 12, 150, 44)

    @property
    def message_centre(self) -> tuple[int, int]:
        """Where the message line is centred."""
        return self.page[0] // 2, self.page[1] - MESSAGE_BAND // 2 + 1


def reader_regions(size: tuple[int, int]) -> ReaderRegions:
    """The reader's parts on a page of ``size`` logical pixels."""
    width, height = size
    book_page, side = split(
        pygame.Rect(16, TOP, width - 32, height - TOP - MESSAGE_BAND), [fill(840, minimum=560), fill(392, minimum=340)], gap=16
    )
    return ReaderRegions(size, book_page, side)
