"""Where the reader's page, compact sheet and message line go on a page of any size.

Two columns: the book's page (its number, the section's text, the event strip
and the choices, placed down it for each section by :meth:`ReaderRegions.place`)
and the compact sheet beside it. The book's page takes most of the width; its
text keeps a readable measure, centred on the page, and re-wraps to it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from game.ui.layout import fill, split

CHOICE_H = 46
CHOICE_GAP = 8
STRIP_H = 64  # the event strip: the test / fight button and what happened
STRIP_BUTTON = (330, 48)  # the strip's button (test, fight, to the death page, close the book), 8 below its top
STRIP_NOTE_X = 350  # the strip's note starts this far right of its button's left
MAX_AUTOMATIC = 50  # events applied in one go on arrival (a section has at most 20)
ICONS = {"arrow": "arrow", "herb": "herbs", "potion": "potion", "provisions": "provisions", "gold": "gold"}
WHEEL_STEP = 60
TOP = 70  # below the book's title and the sheet button
MESSAGE_BAND = 36  # the message line at the foot of the page
MARGIN = 16
PAGE_PAD = 24  # the strip and the choices inside the book's page
PAGE_FOOT = 20  # below the last choice
TEXT_MARGIN = 40  # the text's margins inside the book's page
TEXT_MAX = 960  # the longest line of text: wider pages centre the text column
TEXT_TOP = 84  # below the section's number
SHEET_BUTTON = (150, 44)
SIDE_PAD = 20  # the compact sheet's margins
USE_ROW, USE_H = 52, 44  # the compact sheet's recovery buttons (herbs, a meal), at its foot
TITLE_AT, TITLE_BOX = (20, 34), (16, 8, 68)  # the book's title: its left middle; its box: left, room past the title's, height
NUMBER_Y, NUMBER_RULE_Y = 40, 42  # the section's number (its centre) and the rules beside it, under the page's top
NUMBER_RULE_SIDE, NUMBER_RULE_GAP = 60, 24  # the rules from the page's sides and from the number
FINIS_BELOW_TEXT, FINIS_FOOT = 44, 20  # an ending's "Fin" under the text, if it stays this far above its foot
FINIS_RULE, FINIS_RULE_GAP, FINIS_RULE_DROP = 150, 20, 2  # its rules' reach and gap from the word, below its middle
STRIP_RULE_ABOVE = 6  # the strip's rule above it
NOTE_MIDDLE, NOTE_LINE, NOTE_LINES = 32, 20, 3  # the strip's note: its middle line, its line pitch, three at most
SIDE_NAME_TOP, SIDE_ROWS_TOP = 14, 62  # the compact sheet's hero name and its first score row, under its top
SIDE_ROW, SHORT_SIDE_ROW, SHORT_SIDE_BELOW = 34, 30, 600  # a short compact sheet packs its rows (the equipment keeps room)
ROW_MIDDLE = 14  # a row's words are centred this far down it
INITIAL_FROM_RIGHT, VALUE_FROM_RIGHT = 40, 46  # a score's initial value (its left) and current one (its right)
SIDE_ICON, ICON_ROOM = 28, 38  # a counter's icon, and where its name starts
RULE_DROP, AFTER_RULE = 6, 18  # a section rule of the compact sheet under the last row, and the room it takes
TODAY_RULE_ROOM, TODAY_NAME, NO_DAY, TICKED, AFTER_TODAY = 20, 22, 24, 26, 56  # today's lines, under its rule
WEAPON_LOST_DROP, AFTER_WEAPON_LOST = 4, 28
EQUIPMENT_LEAST, EQUIPMENT_HEADING, EQUIPMENT_LINE = 50, 26, 23  # the equipment: room it needs, its heading, its lines
EQUIPMENT_ABOVE_BUTTONS = 12
SHEET_BUTTON_TOP, TITLE_CLEAR = 12, 36  # the sheet button's top; the title stops this far left of it
MESSAGE_DROP, MESSAGE_MARGIN = 1, 20  # the message line: below its band's middle; from the page's sides
SIDE_FOOT, USE_DROP = 16, 8  # the recovery buttons: above the sheet's foot; their first's top, below its row's
STRIP_ABOVE_CHOICES = 16
TEXT_ABOVE_STRIP, TEXT_FOOT = 14, 22  # the text stops this far above the strip (or, with no strip, above the choices)
STRIP_BUTTON_DROP = 8  # the strip's button, under the strip's top
PAGE_PART, SIDE_PART = (840, 560), (392, 340)  # the book's page and the compact sheet: share of the width, least width
UNPLACED_TEXT, UNPLACED_STRIP_BUTTON = 300, (300, 48)  # before the first section is placed


def text_column(book_page: pygame.Rect) -> tuple[int, int]:
    """The x and width of a section's text on ``book_page``: a readable measure, centred."""
    width = min(TEXT_MAX, book_page.width - 2 * TEXT_MARGIN)
    return book_page.x + (book_page.width - width) // 2, width


@dataclass(frozen=True)
class Placement:
    """The book's page for one section: the text above, the event strip, then the choices at the foot."""

    text: pygame.Rect
    strip: pygame.Rect  # no height when nothing is shown in it
    strip_button: pygame.Rect
    choices: tuple[pygame.Rect, ...]


@dataclass(frozen=True)
class ReaderRegions:
    """The reader's parts for one page size, and the book's page as placed for the section shown."""

    page: tuple[int, int]
    book_page: pygame.Rect  # the section: its number, text, strip and choices
    side: pygame.Rect  # the compact sheet
    use_count: int  # the compact sheet's recovery buttons (the book's herbs, its meal)
    section: Placement  # the text, strip and choices of the section shown (:meth:`place`)

    @property
    def text_column(self) -> tuple[int, int]:
        """The x and width of the section's text (a readable measure, centred on the book's page)."""
        return text_column(self.book_page)

    @property
    def sheet_button(self) -> pygame.Rect:
        width, height = SHEET_BUTTON
        return pygame.Rect(self.page[0] - MARGIN - width, SHEET_BUTTON_TOP, width, height)

    @property
    def title_room(self) -> int:
        """How wide the book's title may be, left of the sheet button."""
        return self.sheet_button.x - TITLE_CLEAR

    @property
    def side_row(self) -> int:
        """A row of the compact sheet's scores and counters (closer on a short page)."""
        return SIDE_ROW if self.side.height >= SHORT_SIDE_BELOW else SHORT_SIDE_ROW

    @property
    def message_centre(self) -> tuple[int, int]:
        """Where the message line is centred."""
        return self.page[0] // 2, self.page[1] - MESSAGE_BAND // 2 + MESSAGE_DROP

    @property
    def message_width(self) -> int:
        return self.page[0] - 2 * MESSAGE_MARGIN

    @property
    def side_inner(self) -> tuple[int, int]:
        """The left and right of the compact sheet's content."""
        return self.side.x + SIDE_PAD, self.side.right - SIDE_PAD

    @property
    def use_buttons(self) -> list[pygame.Rect]:
        """The compact sheet's recovery buttons, one under the other at its foot."""
        top, width = self.side_buttons_top, self.side.width - 2 * SIDE_PAD
        return [pygame.Rect(self.side.x + SIDE_PAD, top + i * USE_ROW, width, USE_H) for i in range(self.use_count)]

    @property
    def side_buttons_top(self) -> int:
        """The top of the first recovery button (the equipment's list stops above it)."""
        return self.side.bottom - SIDE_FOOT - USE_ROW * self.use_count + USE_DROP

    def place(self, choices: int, strip: bool) -> ReaderRegions:
        """These regions with the book's page placed for a section of ``choices`` ways on (``strip``: something
        shows in the event strip): the text above, the strip, the choices at the foot."""
        return replace(self, section=self._placement(choices, strip))

    def _placement(self, choices: int, strip: bool) -> Placement:
        page = self.book_page
        text_x, text_width = self.text_column
        strip_height = STRIP_H if strip else 0
        bottom = page.bottom - PAGE_FOOT
        choices_top = bottom - choices * (CHOICE_H + CHOICE_GAP) + CHOICE_GAP if choices else bottom
        strip_top = choices_top - (STRIP_ABOVE_CHOICES if choices and strip_height else 0) - strip_height
        strip_rect = pygame.Rect(page.x + PAGE_PAD, strip_top, page.width - 2 * PAGE_PAD, strip_height)
        text_top = page.y + TEXT_TOP
        text = pygame.Rect(text_x, text_top, text_width, strip_top - (TEXT_ABOVE_STRIP if strip_height else TEXT_FOOT) - text_top)
        rows = tuple(
            pygame.Rect(page.x + PAGE_PAD, choices_top + i * (CHOICE_H + CHOICE_GAP), page.width - 2 * PAGE_PAD, CHOICE_H)
            for i in range(choices)
        )
        return Placement(text, strip_rect, pygame.Rect(strip_rect.x, strip_rect.y + STRIP_BUTTON_DROP, *STRIP_BUTTON), rows)


def reader_regions(size: tuple[int, int], uses: int) -> ReaderRegions:
    """The reader's parts on a page of ``size`` logical pixels, with ``uses`` recovery buttons on the sheet."""
    width, height = size
    book_page, side = split(
        pygame.Rect(MARGIN, TOP, width - 2 * MARGIN, height - TOP - MESSAGE_BAND),
        [fill(*PAGE_PART), fill(*SIDE_PART)],
        gap=MARGIN,
    )
    text_x, text_width = text_column(book_page)
    # Before the first section is placed: the text at the top, an empty strip, no choices.
    unplaced = Placement(
        pygame.Rect(text_x, book_page.y + TEXT_TOP, text_width, UNPLACED_TEXT),
        pygame.Rect(book_page.x + PAGE_PAD, book_page.bottom - PAGE_FOOT, book_page.width - 2 * PAGE_PAD, 0),
        pygame.Rect(book_page.x + PAGE_PAD, 0, *UNPLACED_STRIP_BUTTON),
        (),
    )
    return ReaderRegions(size, book_page, side, uses, unplaced)
