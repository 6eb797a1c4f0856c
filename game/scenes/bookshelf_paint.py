"""Painting the bookshelf: the panels, the book cards, the broken book files and the message, read from the scene's state.

Draws only (never changes the shelf); the layout figures live here because the
scene places its buttons by them too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui import fonts
from game.ui.draw import blit_text, draw_panel, draw_rule, parchment, wrap_words
from game.ui.layout import fill, split
from game.ui.text_fit import fit_line, fit_lines

if TYPE_CHECKING:
    from game.scenes.bookshelf import BookshelfScene

TOP = 96  # below the title and its rule
MARGIN = 24
COMPACT_MARGIN = 16  # page edges and the gap between the panels below 1024 px wide (200 % on a 1080p screen)
BAR_H = 44  # the row of buttons at the foot of the page
MESSAGE_H = 44  # two lines of the message, above that row
CARD_H = 100
MIN_CARD_H = 64
BROKEN_ROW = 48  # one broken book file: two lines of its first error and its "errors" button
MAX_BROKEN_SHOWN = 2
SAVE_ROW = 54


@dataclass(frozen=True)
class ShelfRegions:
    """The shelf's panels for one page size: the books, the saved adventures, the message and the bottom row."""

    page: tuple[int, int]
    books: pygame.Rect
    saves: pygame.Rect
    message: pygame.Rect
    bar: pygame.Rect

    def card_room(self, broken: int) -> int:
        """The height the book cards share, below the heading and above the broken files' lines."""
        return self.books.height - 70 - BROKEN_ROW * min(broken, MAX_BROKEN_SHOWN) - (24 if broken > MAX_BROKEN_SHOWN else 0)

    def books_per_page(self, broken: int) -> int:
        """How many book cards fit in the panel beside the broken files' lines (more on a taller page)."""
        return max(1, self.card_room(broken) // (MIN_CARD_H + 10))

    def card_height(self, books: int, broken: int) -> int:
        """Book cards shrink to fit every book (and the broken files' messages) in the panel."""
        return max(MIN_CARD_H, min(CARD_H, self.card_room(broken) // max(1, books) - 10))

    def card(self, index: int, height: int) -> pygame.Rect:
        """The ``index``-th book card of the page shown."""
        return pygame.Rect(self.books.x + 16, self.books.y + 60 + index * (height + 10), self.books.width - 32, height)

    def save_buttons(self) -> list[pygame.Rect]:
        """Open, delete, export, import: a row at the foot of the saves panel."""
        row = pygame.Rect(self.saves.x + 20, self.saves.bottom - 70, self.saves.width - 40, 46)
        return split(row, [fill(), fill(), fill(), fill()], gap=10)

    def card_button(self, card: pygame.Rect) -> pygame.Rect:
        """A card's "new hero" button, at its right end (narrower on a narrow card, leaving the blurb room)."""
        width = 186 if card.width >= 520 else 160
        return pygame.Rect(card.right - 4 - width, card.centery - 23, width, 46)

    def saves_list(self) -> pygame.Rect:
        """The list of saved adventures: between the "continue" line and the buttons, as tall as the page allows."""
        top = self.saves.y + 160
        return pygame.Rect(self.saves.x + 20, top, self.saves.width - 40, self.save_buttons()[0].y - 14 - top)


def shelf_regions(size: tuple[int, int]) -> ShelfRegions:
    """The shelf's regions on a page of ``size`` logical pixels: two panels side by side sharing the width."""
    width, height = size
    margin = MARGIN if width >= 1024 else COMPACT_MARGIN
    bar = pygame.Rect(margin, height - 8 - BAR_H, width - 2 * margin, BAR_H)
    message = pygame.Rect(margin, bar.y - 4 - MESSAGE_H, width - 2 * margin, MESSAGE_H)
    books, saves = split(
        pygame.Rect(margin, TOP, width - 2 * margin, message.y - 4 - TOP), [fill(1.15, 420), fill(1, 460)], gap=margin
    )
    return ShelfRegions(size, books, saves, message, bar)


def draw(scene: BookshelfScene, surface: pygame.Surface) -> None:
    """Paint the whole shelf under and around the scene's widgets."""
    ui, p, r = scene.ui, scene.ui.palette, scene.r
    surface.blit(parchment(surface.get_size(), p), (0, 0))
    centre = r.page[0] // 2
    blit_text(surface, ui.t("app.title"), (centre, 44), "title", ui.theme.text_size("title"), p.rubric, "center")
    draw_rule(surface, centre - 300, centre + 300, 78, p.ink_soft)
    for rect, key in ((r.books, "shelf.books"), (r.saves, "shelf.saves")):
        draw_panel(surface, rect, p)
        blit_text(surface, ui.t(key), (rect.x + 20, rect.y + 14), "title", ui.theme.text_size("heading"), p.ink)
    _draw_cards(scene, surface)
    _draw_broken(scene, surface)
    small = ui.theme.text_size("small")
    last = scene.services.saves.last()
    item = next((i for i in scene.listing if i.id == last), None) if last is not None else None
    if item is not None:
        width = r.saves.width - 40
        text, size = fit_line(scene._describe(item), "italic", small, width)
        box = pygame.Rect(r.saves.x + 20, r.saves.y + 112, width, 30)
        blit_text(surface, text, box.topleft, "italic", size, p.ink_soft, box=box, owner="shelf last save")
    scene.group.draw(surface)
    if scene.message:
        lines, _ = fit_lines(scene.message, "body", small, r.message.width, 2)
        for i, line in enumerate(lines):
            centre_y = r.message.centery + i * 22 - (len(lines) - 1) * 11
            colour = p.bad if scene.message_bad else p.ink
            blit_text(
                surface,
                line,
                (r.message.centerx, centre_y),
                "body",
                small,
                colour,
                "center",
                box=r.message,
                owner="shelf message",
            )


def _draw_cards(scene: BookshelfScene, surface: pygame.Surface) -> None:
    """Each book of the page shown: its label and title, and as much of its blurb as the card holds."""
    ui, p = scene.ui, scene.ui.palette
    language = ui.catalogue.language
    body, small = ui.theme.text_size("body"), ui.theme.text_size("small")
    cards = scene.services.shelf.cards
    for button, book_id in scene.book_buttons:
        book = cards.get(book_id)
        if book is None:
            continue
        card = pygame.Rect(scene.r.books.x + 16, button.rect.centery - scene.card_h // 2, scene.r.books.width - 32, scene.card_h)
        pygame.draw.rect(surface, p.parchment_light, card, border_radius=6)
        pygame.draw.rect(surface, p.ink_faint, card, width=1, border_radius=6)
        label = book.label(language)
        heading = (f"{label} · " if label else "") + book.title.get(language)
        room = button.rect.x - 12 - (card.x + 14)
        size = body if scene.card_h >= 84 else small
        heading, size = fit_line(heading, "bold", size, room)
        box = pygame.Rect(card.x + 14, card.y + 4, room, 32)
        blit_text(surface, heading, (card.x + 14, card.y + 6), "bold", size, p.ink, box=box, owner="shelf card")
        blurb = getattr(book, "blurb", None)
        text = blurb.get(language) if blurb else ""
        lines, _ = fit_lines(text, "italic", small, room, 2 if scene.card_h >= 84 else 1)  # the whole blurb on hover
        for i, line in enumerate(lines):
            at = (card.x + 14, card.y + 38 + i * fonts.line_height("italic", small))
            blit_text(surface, line, at, "italic", small, p.ink_soft, box=card, owner="shelf card")
    if scene.pages > 1:
        at = (scene.previous_page.rect.x - 12, scene.previous_page.rect.centery)
        page = ui.t("shelf.page", page=scene.book_page + 1, pages=scene.pages)
        blit_text(surface, page, at, "italic", small, p.ink_soft, "midright")


def _draw_broken(scene: BookshelfScene, surface: pygame.Surface) -> None:
    """The broken book files below the cards: the first error of each (its button lists them all)."""
    ui, p, books = scene.ui, scene.ui.palette, scene.r.books
    small = ui.theme.text_size("small")
    errors = scene.services.shelf.errors
    y = scene.first_error_y
    for index, error in enumerate(errors[:MAX_BROKEN_SHOWN]):
        text = ui.t("shelf.book_broken", error=str(error))
        for i, line in enumerate(wrap_words(text, "body", small, books.width - 180)[:2]):
            at = (books.x + 20, y + index * BROKEN_ROW + i * fonts.line_height("body", small))
            blit_text(surface, line, at, "body", small, p.bad)
    if len(errors) > MAX_BROKEN_SHOWN:
        more = ui.t("shelf.more_broken", count=len(errors) - MAX_BROKEN_SHOWN)
        blit_text(surface, more, (books.x + 20, y + MAX_BROKEN_SHOWN * BROKEN_ROW), "italic", small, p.bad)
