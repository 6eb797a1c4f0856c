"""Painting the reader from its view: the page with its header and its finis, the event strip and its note,
the compact sheet, and the message line (over the widgets, which the scene's group draws between the two)."""

from __future__ import annotations

import pygame

from game.scenes.reader.layout import STRIP_NOTE_X, ReaderRegions
from game.scenes.reader.view import ReaderView, SideSheet, Tone
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panel, draw_rule, parchment
from game.ui.icons import draw_icon
from game.ui.text_fit import fit_line, wrap_words
from game.ui.theme import Palette

Colour = tuple[int, int, int]
NUMBER_SIZE, FINIS_SIZE, VALUE_SIZE = 40, 34, 26


def _tone(p: Palette, tone: Tone, neutral: Colour) -> Colour:
    return {"bad": p.bad, "good": p.good}.get(tone, neutral)


def _header(surface: pygame.Surface, view: ReaderView, r: ReaderRegions, p: Palette) -> None:
    """The section's number between two rules."""
    page = r.book_page
    centre = page.centerx
    blit_text(surface, view.number, (centre, page.y + 40), "bold", NUMBER_SIZE, p.rubric, "center")
    width = fonts.text_width(view.number, "bold", NUMBER_SIZE)
    draw_rule(surface, page.x + 60, centre - width // 2 - 24, page.y + 42, p.ink_soft)
    draw_rule(surface, centre + width // 2 + 24, page.right - 60, page.y + 42, p.ink_soft)


def _finis(surface: pygame.Surface, view: ReaderView, r: ReaderRegions, p: Palette) -> None:
    """An ending closes with a centred "Fin" between two rules, under the text when there is room."""
    if view.finis is None:
        return
    y = view.text_end + 44
    if y > r.section.text.bottom - 20:
        return
    width = fonts.text_width(view.finis, "title", FINIS_SIZE)
    centre = r.book_page.centerx
    blit_text(surface, view.finis, (centre, y), "title", FINIS_SIZE, p.rubric, "center")
    draw_rule(surface, centre - width // 2 - 150, centre - width // 2 - 20, y + 2, p.ink_soft)
    draw_rule(surface, centre + width // 2 + 20, centre + width // 2 + 150, y + 2, p.ink_soft)


def _strip(surface: pygame.Surface, view: ReaderView, r: ReaderRegions, ui: UIContext) -> None:
    """The strip's rule and, beside its button, its note on up to three lines."""
    p, strip = ui.palette, r.section.strip
    if strip.height == 0:  # nothing shows in it (nor before the first section is placed)
        return
    pygame.draw.line(surface, p.parchment_dark, (strip.x, strip.y - 6), (strip.right, strip.y - 6), 2)
    body, small = ui.theme.text_size("body"), ui.theme.text_size("small")
    note_x = strip.x + (STRIP_NOTE_X if view.strip_button else 0)
    note = view.strip_note
    if note:
        size = body if fonts.text_width(note, "italic", body) <= strip.right - note_x else small
        lines = wrap_words(note, "italic", size, strip.right - note_x)[:3]
        top = strip.y + 32 - (len(lines) - 1) * 10
        colour = _tone(p, view.strip_tone, p.ink_soft)
        for i, line in enumerate(lines):
            blit_text(surface, line, (note_x, top + i * 20), "italic", size, colour, "midleft")


def _scores(surface: pygame.Surface, side: SideSheet, r: ReaderRegions, ui: UIContext, y: int, row: int) -> int:
    """The scores, then the counters, one row each; the height reached."""
    p, body = ui.palette, ui.theme.text_size("body")
    x, right = r.side_inner
    for stat in side.stats:
        blit_text(surface, stat.name, (x, y + 14), "title", body, p.ink, "midleft")
        blit_text(surface, stat.initial, (right - 40, y + 14), "body", body, p.ink_soft, "midleft")
        blit_text(surface, stat.value, (right - 46, y + 14), "bold", VALUE_SIZE, p.bad if stat.low else p.ink, "midright")
        y += row
    draw_rule(surface, x, right, y + 6, p.ink_faint)
    y += 18
    for counter in side.counters:
        draw_icon(surface, counter.icon, pygame.Rect(x, y, 28, 28), p.ink, p.parchment_light)
        blit_text(surface, counter.name, (x + 38, y + 14), "body", body, p.ink, "midleft")
        blit_text(surface, counter.value, (right, y + 14), "bold", body, p.ink, "midright")
        y += row
    return y


def _today(surface: pygame.Surface, side: SideSheet, r: ReaderRegions, ui: UIContext, y: int) -> int:
    """Today's name and the days ticked, in a book with a calendar; the height reached."""
    if side.today is None:
        return y
    p, body, small = ui.palette, ui.theme.text_size("body"), ui.theme.text_size("small")
    x, right = r.side_inner
    draw_rule(surface, x, right, y + 6, p.ink_faint)
    y += 20
    blit_text(surface, ui.t("reader.today"), (x, y), "italic", small, p.ink_soft)
    if side.today.name is None:
        blit_text(surface, ui.t("sheet.no_day_yet"), (x, y + 24), "italic", body, p.ink_soft)
    else:
        blit_text(surface, side.today.name, (x, y + 22), "bold", body, p.rubric)
        blit_text(surface, side.today.ticked, (right, y + 26), "italic", small, p.ink_soft, "topright")
    return y + 56


def _equipment(surface: pygame.Surface, side: SideSheet, r: ReaderRegions, ui: UIContext, y: int, bottom: int) -> None:
    """The equipment, as many lines of it as fit above the recovery buttons (the last says there is more)."""
    p, small = ui.palette, ui.theme.text_size("small")
    x, right = r.side_inner
    if not side.equipment or y + 50 >= bottom:
        return
    draw_rule(surface, x, right, y + 6, p.ink_faint)
    y += 18
    blit_text(surface, ui.t("reader.equipment"), (x, y), "italic", small, p.ink_soft)
    y += 26
    lines = wrap_words(" · ".join(side.equipment), "body", small, right - x)
    room = max(1, (bottom - y) // 23)
    more = ui.t("reader.more_items")
    if len(lines) > room:
        lines = lines[: room - 1] + [more]
    for line in lines:
        blit_text(surface, line, (x, y), "italic" if line == more else "body", small, p.ink)
        y += 23


def _side(surface: pygame.Surface, side: SideSheet | None, r: ReaderRegions, ui: UIContext) -> None:
    """The compact sheet: the hero's name, scores and counters, today, a lost weapon, the equipment."""
    if side is None:
        return
    p = ui.palette
    x, right = r.side_inner
    name, size = fit_line(side.hero_name, "title", ui.theme.text_size("heading"), right - x)
    blit_text(surface, name, (x, r.side.y + 14), "title", size, p.ink, box=r.side, owner="reader hero")
    row = 34 if r.side.height >= 600 else 30  # a short page packs the rows so the equipment keeps some room
    y = _today(surface, side, r, ui, _scores(surface, side, r, ui, r.side.y + 62, row))
    if side.weapon_lost:
        blit_text(surface, ui.t("reader.weapon_lost"), (x, y + 4), "italic", ui.theme.text_size("small"), p.bad)
        y += 28
    _equipment(surface, side, r, ui, y, r.side_buttons_top - 12)


def paint_page(surface: pygame.Surface, view: ReaderView, r: ReaderRegions, ui: UIContext) -> None:
    """Everything under the widgets: the title, the book's page (number, strip, finis) and the compact sheet."""
    p = ui.palette
    surface.blit(parchment(r.page, p), (0, 0))
    room = r.title_room
    title, size = fit_line(view.title, "title", ui.theme.text_size("heading"), room)
    blit_text(
        surface, title, (20, 34), "title", size, p.rubric, "midleft", box=pygame.Rect(16, 0, room + 8, 68), owner="reader title"
    )
    draw_panel(surface, r.book_page, p)
    _header(surface, view, r, p)
    _strip(surface, view, r, ui)
    _finis(surface, view, r, p)
    draw_panel(surface, r.side, p)
    _side(surface, view.side, r, ui)


def paint_message(surface: pygame.Surface, view: ReaderView, r: ReaderRegions, ui: UIContext) -> None:
    """The message line at the foot of the page (a refusal, a verdict, a failed save)."""
    if not view.message:
        return
    message, size = fit_line(view.message, "body", ui.theme.text_size("small"), r.message_width)
    blit_text(surface, message, r.message_centre, "body", size, _tone(ui.palette, view.message_tone, ui.palette.ink), "center")
