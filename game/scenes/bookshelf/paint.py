"""Painting the bookshelf from its view: the title, the panels, the book cards, the broken book files, the
line under "continue", and the message over the widgets (the scene's group draws them between the two)."""

from __future__ import annotations

import pygame

from game.scenes.bookshelf.layout import BROKEN_ROW, MAX_BROKEN_SHOWN, PANEL_PAD, TITLE_Y, ShelfRegions
from game.scenes.bookshelf.view import ShelfView
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panel, draw_rule, parchment
from game.ui.text_fit import fit_line, fit_lines, wrap_words


def _cards(surface: pygame.Surface, view: ShelfView, r: ShelfRegions, ui: UIContext) -> None:
    """Each book of the page shown: its label and title, and as much of its blurb as the card holds."""
    p = ui.palette
    body, small = ui.theme.text_size("body"), ui.theme.text_size("small")
    compact = r.cards.compact
    for index, heading in view.headings:  # each series under its name
        rect = r.heading(index)
        text, size = fit_line(heading, "title", body, rect.width)
        blit_text(surface, text, (rect.x, rect.centery + 2), "title", size, p.rubric, "midleft", box=rect, owner="shelf series")
    for index, book in enumerate(view.cards):
        card, button = r.card(index), r.card_menu_button(index) if book.own else r.card_button(index)
        pygame.draw.rect(surface, p.parchment_light, card, border_radius=6)
        pygame.draw.rect(surface, p.ink_faint, card, width=1, border_radius=6)
        room = button.x - 12 - (card.x + 14)
        heading, size = fit_line(book.heading, "bold", small if compact else body, room)
        box = pygame.Rect(card.x + 14, card.y + 4, room, 32)
        blit_text(surface, heading, (card.x + 14, card.y + 6), "bold", size, p.ink, box=box, owner="shelf card")
        lines, _ = fit_lines(book.blurb, "italic", small, room, 1 if compact else 2)  # the whole blurb on hover
        for i, line in enumerate(lines):
            at = (card.x + 14, card.y + 38 + i * fonts.line_height("italic", small))
            blit_text(surface, line, at, "italic", small, p.ink_soft, box=card, owner="shelf card")
    if view.page_label is not None:
        previous = r.page_buttons()[0]
        blit_text(surface, view.page_label, (previous.x - 12, previous.centery), "italic", small, p.ink_soft, "midright")


def _broken(surface: pygame.Surface, view: ShelfView, r: ShelfRegions, ui: UIContext) -> None:
    """The broken book files below the cards: the first error of each (its button lists them all)."""
    p, books, small = ui.palette, r.books, ui.theme.text_size("small")
    y = r.cards.errors_top
    for index, text in enumerate(view.broken):
        for i, line in enumerate(wrap_words(text, "body", small, books.width - 180)[:2]):
            at = (books.x + PANEL_PAD, y + index * BROKEN_ROW + i * fonts.line_height("body", small))
            blit_text(surface, line, at, "body", small, p.bad)
    if view.more_broken is not None:
        blit_text(surface, view.more_broken, (books.x + PANEL_PAD, y + MAX_BROKEN_SHOWN * BROKEN_ROW), "italic", small, p.bad)


def paint_page(surface: pygame.Surface, view: ShelfView, r: ShelfRegions, ui: UIContext) -> None:
    """Everything under the widgets: the title, the two panels, the cards, the broken files, the last adventure."""
    p = ui.palette
    surface.blit(parchment(surface.get_size(), p), (0, 0))
    left, right, rule_y = r.title_rule
    blit_text(surface, ui.t("app.title"), (r.page[0] // 2, TITLE_Y), "title", ui.theme.text_size("title"), p.rubric, "center")
    draw_rule(surface, left, right, rule_y, p.ink_soft)
    for rect, key in ((r.books, "shelf.books"), (r.saves, "shelf.saves")):
        draw_panel(surface, rect, p)
        blit_text(surface, ui.t(key), (rect.x + PANEL_PAD, rect.y + 14), "title", ui.theme.text_size("heading"), p.ink)
    _cards(surface, view, r, ui)
    _broken(surface, view, r, ui)
    if view.last_save is not None:
        box, small = r.last_save, ui.theme.text_size("small")
        text, size = fit_line(view.last_save, "italic", small, box.width)
        blit_text(surface, text, box.topleft, "italic", size, p.ink_soft, box=box, owner="shelf last save")


def paint_message(surface: pygame.Surface, view: ShelfView, r: ShelfRegions, ui: UIContext) -> None:
    """The message, on two lines at most, centred above the bottom row."""
    if not view.message:
        return
    p, small = ui.palette, ui.theme.text_size("small")
    lines, _ = fit_lines(view.message, "body", small, r.message.width, 2)
    colour = p.bad if view.message_bad else p.ink
    for i, line in enumerate(lines):
        centre_y = r.message.centery + i * 22 - (len(lines) - 1) * 11
        blit_text(
            surface, line, (r.message.centerx, centre_y), "body", small, colour, "center", box=r.message, owner="shelf message"
        )
