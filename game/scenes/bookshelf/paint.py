"""Painting the bookshelf from its view: the title, the panels, the book cards, the broken book files, the
line under "continue", and the message over the widgets (the scene's group draws them between the two)."""

from __future__ import annotations

import pygame

from game.scenes.bookshelf.layout import BROKEN_ROW, MAX_BROKEN_SHOWN, PANEL_PAD, TITLE_Y, ShelfRegions
from game.scenes.bookshelf.view import ShelfView
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panel, draw_rule, parchment
from game.ui.layout import heading_at
from game.ui.text_fit import fit_line, fit_lines

CARD_RADIUS = 6
CARD_INSET, CARD_GAP = 14, 12  # a card's words: in from its left; clear of its button
HEADING_TOP, HEADING_BOX = (6, 4), 32  # the card's heading: its text's top and its box's, from the card's top; the box
BLURB_TOP, BLURB_LINES = 38, (2, 1)  # the blurb under the heading; its lines: on a roomy card, on a compact one
SERIES_DROP = 2  # a series' name, below its row's middle
PAGE_LABEL_GAP = 12  # "1/5", left of the page buttons
BROKEN_ROOM, BROKEN_LINES = 180, 2  # a broken file's error: the panel's width less this; its lines at most
MESSAGE_LINE, MESSAGE_LINES = 22, 2


def _cards(surface: pygame.Surface, view: ShelfView, r: ShelfRegions, ui: UIContext) -> None:
    """Each book of the page shown: its label and title, and as much of its blurb as the card holds."""
    p = ui.palette
    body, small = ui.theme.text_size("body"), ui.theme.text_size("small")
    compact = r.cards.compact
    for index, heading in view.headings:  # each series under its name
        rect = r.heading(index)
        text, size = fit_line(heading, "title", body, rect.width)
        at = (rect.x, rect.centery + SERIES_DROP)
        blit_text(surface, text, at, "title", size, p.rubric, "midleft", box=rect, owner="shelf series")
    for index, book in enumerate(view.cards):
        card, button = r.card(index), r.card_menu_button(index) if book.own else r.card_button(index)
        pygame.draw.rect(surface, p.parchment_light, card, border_radius=CARD_RADIUS)
        pygame.draw.rect(surface, p.ink_faint, card, width=1, border_radius=CARD_RADIUS)
        x = card.x + CARD_INSET
        room = button.x - CARD_GAP - x
        heading, size = fit_line(book.heading, "bold", small if compact else body, room)
        text_top, box_top = HEADING_TOP
        box = pygame.Rect(x, card.y + box_top, room, HEADING_BOX)
        blit_text(surface, heading, (x, card.y + text_top), "bold", size, p.ink, box=box, owner="shelf card")
        lines, _ = fit_lines(book.blurb, "italic", small, room, BLURB_LINES[compact])  # the whole blurb on hover
        for i, line in enumerate(lines):
            at = (x, card.y + BLURB_TOP + i * fonts.line_height("italic", small))
            blit_text(surface, line, at, "italic", small, p.ink_soft, box=card, owner="shelf card")
    if view.page_label is not None:
        previous = r.page_buttons()[0]
        blit_text(
            surface, view.page_label, (previous.x - PAGE_LABEL_GAP, previous.centery), "italic", small, p.ink_soft, "midright"
        )


def _broken(surface: pygame.Surface, view: ShelfView, r: ShelfRegions, ui: UIContext) -> None:
    """The broken book files below the cards: the first error of each (its button lists them all)."""
    p, books, small = ui.palette, r.books, ui.theme.text_size("small")
    y = r.cards.errors_top
    for index, text in enumerate(view.broken):
        lines, _cut = fit_lines(text, "body", small, books.width - BROKEN_ROOM, BROKEN_LINES)  # a cut one ends in "…"
        for i, line in enumerate(lines):
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
        blit_text(surface, ui.t(key), heading_at(rect), "title", ui.theme.text_size("heading"), p.ink)
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
    lines, _ = fit_lines(view.message, "body", small, r.message.width, MESSAGE_LINES)
    colour = p.bad if view.message_bad else p.ink
    for i, line in enumerate(lines):
        centre_y = r.message.centery + i * MESSAGE_LINE - (len(lines) - 1) * MESSAGE_LINE // 2
        blit_text(
            surface, line, (r.message.centerx, centre_y), "body", small, colour, "center", box=r.message, owner="shelf message"
        )
