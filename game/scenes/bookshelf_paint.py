"""Painting the bookshelf: the panels, the book cards, the broken book files and the message, read from the scene's state.

Draws only (never changes the shelf); the layout figures live here because the
scene places its buttons by them too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import fonts
from game.ui.draw import blit_text, draw_panel, draw_rule, parchment, wrap_words
from game.ui.text_fit import fit_lines

if TYPE_CHECKING:
    from game.scenes.bookshelf import BookshelfScene

BOOKS_PANEL = pygame.Rect(24, 96, 600, 560)
SAVES_PANEL = pygame.Rect(648, 96, 608, 560)
CARD_H = 100
MIN_CARD_H = 64
BROKEN_ROW = 48  # one broken book file: two lines of its first error and its "errors" button
MAX_BROKEN_SHOWN = 2


def books_per_page(broken: int) -> int:
    """How many book cards fit in the panel beside the broken files' lines."""
    room = BOOKS_PANEL.height - 70 - BROKEN_ROW * min(broken, MAX_BROKEN_SHOWN) - (24 if broken > MAX_BROKEN_SHOWN else 0)
    return max(1, room // (MIN_CARD_H + 10))


def card_height(books: int, broken: int) -> int:
    """Book cards shrink to fit every book (and the broken files' messages) in the panel."""
    room = BOOKS_PANEL.height - 70 - BROKEN_ROW * min(broken, MAX_BROKEN_SHOWN) - (24 if broken > MAX_BROKEN_SHOWN else 0)
    return max(MIN_CARD_H, min(CARD_H, room // max(1, books) - 10))


def draw(scene: BookshelfScene, surface: pygame.Surface) -> None:
    """Paint the whole shelf under and around the scene's widgets."""
    ui, p = scene.ui, scene.ui.palette
    language = ui.catalogue.language
    surface.blit(parchment(surface.get_size(), p), (0, 0))
    blit_text(surface, ui.t("app.title"), (640, 44), "title", ui.theme.text_size("title"), p.rubric, "center")
    draw_rule(surface, 340, 940, 78, p.ink_soft)
    for rect, key in ((BOOKS_PANEL, "shelf.books"), (SAVES_PANEL, "shelf.saves")):
        draw_panel(surface, rect, p)
        blit_text(surface, ui.t(key), (rect.x + 20, rect.y + 14), "title", ui.theme.text_size("heading"), p.ink)
    body, small = ui.theme.text_size("body"), ui.theme.text_size("small")
    cards = scene.services.shelf.cards
    for button, book_id in scene.book_buttons:
        book = cards.get(book_id)
        if book is None:
            continue
        card = pygame.Rect(BOOKS_PANEL.x + 16, button.rect.centery - scene.card_h // 2, BOOKS_PANEL.width - 32, scene.card_h)
        pygame.draw.rect(surface, p.parchment_light, card, border_radius=6)
        pygame.draw.rect(surface, p.ink_faint, card, width=1, border_radius=6)
        label = book.label(language) if hasattr(book, "label") else ""
        heading = (f"{label} · " if label else "") + book.title.get(language)
        size = body if scene.card_h >= 84 and fonts.text_width(heading, "bold", body) <= card.width - 222 else small
        blit_text(surface, heading, (card.x + 14, card.y + 6), "bold", size, p.ink)
        blurb = getattr(book, "blurb", None)
        text = blurb.get(language) if blurb else ""
        lines, _ = fit_lines(text, "italic", small, card.width - 230, 2 if scene.card_h >= 84 else 1)  # the whole blurb on hover
        for i, line in enumerate(lines):
            blit_text(
                surface,
                line,
                (card.x + 14, card.y + 38 + i * fonts.line_height("italic", small)),
                "italic",
                small,
                p.ink_soft,
            )
    errors = scene.services.shelf.errors
    y = BOOKS_PANEL.y + 60 + books_per_page(len(errors)) * (scene.card_h + 10)
    if scene.pages > 1:
        blit_text(
            surface,
            ui.t("shelf.page", page=scene.page + 1, pages=scene.pages),
            (BOOKS_PANEL.right - 124, BOOKS_PANEL.y + 30),
            "italic",
            small,
            p.ink_soft,
            "midright",
        )
    for index, error in enumerate(errors[:MAX_BROKEN_SHOWN]):
        text = ui.t("shelf.book_broken", error=str(error))
        for i, line in enumerate(wrap_words(text, "body", small, BOOKS_PANEL.width - 180)[:2]):
            blit_text(
                surface,
                line,
                (BOOKS_PANEL.x + 20, y + index * BROKEN_ROW + i * fonts.line_height("body", small)),
                "body",
                small,
                p.bad,
            )
    if len(errors) > MAX_BROKEN_SHOWN:
        blit_text(
            surface,
            ui.t("shelf.more_broken", count=len(errors) - MAX_BROKEN_SHOWN),
            (BOOKS_PANEL.x + 20, y + MAX_BROKEN_SHOWN * BROKEN_ROW),
            "italic",
            small,
            p.bad,
        )
    last = scene.services.saves.last()
    if last is not None:
        item = next((i for i in scene.listing if i.id == last), None)
        if item is not None:
            blit_text(surface, scene._describe(item), (SAVES_PANEL.x + 20, SAVES_PANEL.y + 118), "italic", small, p.ink_soft)
    if not scene.listing:
        blit_text(
            surface, ui.t("shelf.no_saves"), (SAVES_PANEL.centerx, SAVES_PANEL.y + 290), "italic", body, p.ink_faint, "center"
        )
    scene.group.draw(surface)
    if scene.message:
        lines = wrap_words(scene.message, "body", small, 700)[:2]
        for i, line in enumerate(lines):
            blit_text(
                surface,
                line,
                (640, 676 + i * 22 - (len(lines) - 1) * 11),
                "body",
                small,
                p.bad if scene.message_bad else p.ink,
                "center",
            )
