"""Where the bookshelf's panels, book cards and buttons go on a page of any size.

Two panels side by side share the width: the books (grouped by series, each
group under its heading, as many cards as the panel's height holds, turned by
pages when there are more, then the broken book files' lines) and the saved adventures (the "continue" button, the list as
tall as the panel allows, its buttons at the foot); the message and a row of
buttons run along the page's foot. Computed for a page size and the shelf
shown (how many books, how many broken files, which page of cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.layout import fill, split

TOP = 96  # below the title and its rule
TITLE_Y, TITLE_RULE_Y, TITLE_RULE_HALF = 44, 78, 300
MARGIN = 24
COMPACT_MARGIN = 16  # page edges and the gap between the panels below 1024 px wide (200 % on a 1080p screen)
PANEL_PAD = 20  # the panels' inner margin; their headings at (PANEL_PAD, 14)
BAR_H = 44  # the row of buttons at the foot of the page
BAR_WIDTHS = (180, 140, 240, 180)  # settings, help, my books, chronicles; quit at the right end
QUIT_W = 140
MESSAGE_H = 44  # two lines of the message, above that row
CARDS_TOP = 60  # the first card, below the panel's heading
CARD_H = 100
MIN_CARD_H = 64
CARD_GAP = 10
HEADING_H = 30  # a series' heading, above the first of its cards on a page
BROKEN_ROW = 48  # one broken book file: two lines of its first error and its "errors" button
MAX_BROKEN_SHOWN = 2
SAVE_ROW = 54
MENU_W = 46  # a card's "…" menu (the player's own books)
PAGE_BUTTON = (44, 36)  # "‹" and "›", at the panel's top right
PAGE_BUTTONS_TOP, PAGE_BUTTONS_FROM_RIGHT = 12, (112, 60)  # "‹" and "›" from the panel's top and its right
COMPACT_CARD_BELOW = 84  # a card shorter than this shows its heading small and one line of blurb
CARD_INSET = 16  # the book cards from the panel's sides
HEADING_INSET = 2  # a series heading, a little inside its cards' width
CARD_BUTTON_W, NARROW_CARD_BUTTON_W, WIDE_CARD_FROM = 186, 160, 520  # "new hero" (narrower on a narrow card)
CARD_BUTTON_H, CARD_BUTTON_INSET, MENU_GAP = 46, 4, 8  # "new hero" at the card's right end; the "…" left of it
ERROR_BUTTON, ERROR_BUTTON_FROM_RIGHT = (116, 36), 136  # a broken file's "errors" button
CONTINUE_H, LAST_SAVE_TOP, LAST_SAVE_H = 50, 112, 30  # "continue" (at CARDS_TOP) and the line under it
SAVE_BUTTONS_ABOVE_FOOT, SAVE_BUTTON_H, BUTTON_GAP = 70, 46, 10  # open, delete, export, import
SAVES_LIST_TOP, SAVES_LIST_GAP = 160, 14  # the saves' list, from the panel's top to above its buttons
CARDS_ROOM_TAKEN, MORE_BROKEN = 70, 24  # the heading's and the foot's room; the "and N more" line
WIDE_FROM = 1024  # a page at least this wide gets MARGIN, a narrower one COMPACT_MARGIN
BAR_FOOT, PANEL_GAP = 8, 4  # the bottom row above the page's foot; the message and the panels a little apart
BOOKS_SHARE, BOOKS_LEAST, SAVES_LEAST = 1.15, 420, 460


@dataclass(frozen=True)
class CardsPage:
    """The page of book cards shown: which books (``first``, ``count`` in shelf order), how tall each card is,
    which cards a series' heading stands above (their index on the page), where each page starts, where the
    broken book files' lines begin."""

    index: int
    pages: int
    per_page: int
    first: int
    count: int
    card_h: int
    errors_top: int
    headings: tuple[int, ...] = ()
    starts: tuple[int, ...] = (0,)

    def headings_to(self, index: int) -> int:
        """How many series headings stand above card ``index`` of the page (its own included)."""
        return sum(1 for at in self.headings if at <= index)

    @property
    def compact(self) -> bool:
        """Short cards: the heading in the small size and one line of blurb."""
        return self.card_h < COMPACT_CARD_BELOW


@dataclass(frozen=True)
class ShelfRegions:
    """The shelf's panels for one page size: the books, the saved adventures, the message and the bottom row;
    ``cards``: the page of book cards shown."""

    page: tuple[int, int]
    books: pygame.Rect
    saves: pygame.Rect
    message: pygame.Rect
    bar: pygame.Rect
    cards: CardsPage

    @property
    def title_rule(self) -> tuple[int, int, int]:
        centre = self.page[0] // 2
        return centre - TITLE_RULE_HALF, centre + TITLE_RULE_HALF, TITLE_RULE_Y

    def card(self, index: int) -> pygame.Rect:
        """The ``index``-th book card of the page shown (below the series headings above it)."""
        height = self.cards.card_h
        top = self.books.y + CARDS_TOP + index * (height + CARD_GAP) + self.cards.headings_to(index) * HEADING_H
        return pygame.Rect(self.books.x + CARD_INSET, top, self.books.width - 2 * CARD_INSET, height)

    def heading(self, index: int) -> pygame.Rect:
        """The series heading above card ``index`` of the page."""
        card = self.card(index)
        return pygame.Rect(card.x + HEADING_INSET, card.y - HEADING_H, card.width - 2 * HEADING_INSET, HEADING_H)

    def card_button(self, index: int) -> pygame.Rect:
        """A card's "new hero" button, at its right end (narrower on a narrow card, leaving the blurb room)."""
        card = self.card(index)
        width = CARD_BUTTON_W if card.width >= WIDE_CARD_FROM else NARROW_CARD_BUTTON_W
        return pygame.Rect(card.right - CARD_BUTTON_INSET - width, card.centery - CARD_BUTTON_H // 2, width, CARD_BUTTON_H)

    def card_menu_button(self, index: int) -> pygame.Rect:
        """The "…" button of a card of the player's own book, left of its "new hero" button."""
        button = self.card_button(index)
        return pygame.Rect(button.x - MENU_GAP - MENU_W, button.y, MENU_W, button.height)

    def page_buttons(self) -> tuple[pygame.Rect, pygame.Rect]:
        """ "‹" and "›" at the top right of the books' panel."""
        width, height = PAGE_BUTTON
        top, (previous, following) = self.books.y + PAGE_BUTTONS_TOP, PAGE_BUTTONS_FROM_RIGHT
        right = self.books.right
        return pygame.Rect(right - previous, top, width, height), pygame.Rect(right - following, top, width, height)

    def error_button(self, index: int) -> pygame.Rect:
        """The "errors" button of the ``index``-th broken book file's line."""
        return pygame.Rect(self.books.right - ERROR_BUTTON_FROM_RIGHT, self.cards.errors_top + index * BROKEN_ROW, *ERROR_BUTTON)

    @property
    def continue_button(self) -> pygame.Rect:
        return pygame.Rect(self.saves.x + PANEL_PAD, self.saves.y + CARDS_TOP, self.saves.width - 2 * PANEL_PAD, CONTINUE_H)

    @property
    def last_save(self) -> pygame.Rect:
        """The line under "continue" that says which adventure it reopens."""
        return pygame.Rect(self.saves.x + PANEL_PAD, self.saves.y + LAST_SAVE_TOP, self.saves.width - 2 * PANEL_PAD, LAST_SAVE_H)

    def save_buttons(self) -> list[pygame.Rect]:
        """Open, delete, export, import: a row at the foot of the saves panel."""
        top = self.saves.bottom - SAVE_BUTTONS_ABOVE_FOOT
        row = pygame.Rect(self.saves.x + PANEL_PAD, top, self.saves.width - 2 * PANEL_PAD, SAVE_BUTTON_H)
        return split(row, [fill(), fill(), fill(), fill()], gap=BUTTON_GAP)

    def saves_list(self) -> pygame.Rect:
        """The list of saved adventures: between the "continue" line and the buttons, as tall as the page allows."""
        top = self.saves.y + SAVES_LIST_TOP
        bottom = self.save_buttons()[0].y - SAVES_LIST_GAP
        return pygame.Rect(self.saves.x + PANEL_PAD, top, self.saves.width - 2 * PANEL_PAD, bottom - top)

    def bar_buttons(self) -> tuple[list[pygame.Rect], pygame.Rect]:
        """The bottom row: settings, help, my books and chronicles from the left; quit at the right."""
        x, rects = self.bar.x, []
        for width in BAR_WIDTHS:
            rects.append(pygame.Rect(x, self.bar.y, width, self.bar.height))
            x += width + BUTTON_GAP
        return rects, pygame.Rect(self.bar.right - QUIT_W, self.bar.y, QUIT_W, self.bar.height)


def card_room(books: pygame.Rect, broken: int) -> int:
    """The height the book cards share, below the heading and above the broken files' lines."""
    more = MORE_BROKEN if broken > MAX_BROKEN_SHOWN else 0
    return books.height - CARDS_ROOM_TAKEN - BROKEN_ROW * min(broken, MAX_BROKEN_SHOWN) - more


def _pages(room: int, series: Sequence[str]) -> list[tuple[int, int, tuple[int, ...]]]:
    """The books cut into pages of cards: each page's first book, its count and the cards a heading stands above
    (the first of each series, and the first of a page when its series goes on from the page before)."""
    pages: list[tuple[int, int, tuple[int, ...]]] = []
    first = 0
    while first < len(series) or not pages:
        used, headings, count = 0, [], 0
        for at in range(first, len(series)):
            heading = at == first or series[at] != series[at - 1]
            need = MIN_CARD_H + CARD_GAP + (HEADING_H if heading else 0)
            if count and used + need > room:
                break
            used += need
            count += 1
            if heading:
                headings.append(at - first)
        pages.append((first, count, tuple(headings)))
        first += max(1, count)
    return pages


def cards_page(books_panel: pygame.Rect, books: int | Sequence[str], broken: int, first_shown: int) -> CardsPage:
    """The page of cards that holds book ``first_shown``, beside ``broken`` broken files' lines: as many cards as
    fit (more on a taller page), shrunk to fit every book of the page. ``books``: each book's series in shelf order
    (a heading above the first of each), or only how many there are (no headings)."""
    room = card_room(books_panel, broken)
    pages: list[tuple[int, int, tuple[int, ...]]]
    if isinstance(books, int):
        per_page = max(1, room // (MIN_CARD_H + CARD_GAP))
        starts = list(range(0, max(1, books), per_page))
        pages = [(start, min(per_page, books - start), ()) for start in starts] or [(0, 0, ())]
    else:
        pages = _pages(room, books)
        per_page = max(count for _, count, _ in pages) or 1
    index = max(i for i, (start, _, _) in enumerate(pages) if start <= max(0, first_shown))
    first, count, headings = pages[index]
    card_h = max(MIN_CARD_H, min(CARD_H, (room - len(headings) * HEADING_H) // max(1, count) - CARD_GAP))
    errors_top = books_panel.y + CARDS_TOP + max(count, 1) * (card_h + CARD_GAP) + len(headings) * HEADING_H
    if isinstance(books, int):
        errors_top = books_panel.y + CARDS_TOP + per_page * (card_h + CARD_GAP)
    starts_at = tuple(start for start, _, _ in pages)
    return CardsPage(index, len(pages), per_page, first, count, card_h, errors_top, headings, starts_at)


def shelf_regions(size: tuple[int, int], books: int | Sequence[str] = 0, broken: int = 0, first_shown: int = 0) -> ShelfRegions:
    """The shelf's regions on a page of ``size`` logical pixels for ``books`` (how many, or each one's series) and
    ``broken`` broken files,
    on the page of cards that holds book ``first_shown``: two panels side by side sharing the width."""
    width, height = size
    margin = MARGIN if width >= WIDE_FROM else COMPACT_MARGIN
    bar = pygame.Rect(margin, height - BAR_FOOT - BAR_H, width - 2 * margin, BAR_H)
    message = pygame.Rect(margin, bar.y - PANEL_GAP - MESSAGE_H, width - 2 * margin, MESSAGE_H)
    books_panel, saves = split(
        pygame.Rect(margin, TOP, width - 2 * margin, message.y - PANEL_GAP - TOP),
        [fill(BOOKS_SHARE, BOOKS_LEAST), fill(1, SAVES_LEAST)],
        gap=margin,
    )
    return ShelfRegions(size, books_panel, saves, message, bar, cards_page(books_panel, books, broken, first_shown))
