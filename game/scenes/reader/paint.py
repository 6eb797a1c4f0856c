"""Painting the reader from its view: the page with its header and its finis, the event strip and its note,
the compact sheet, and the message line (over the widgets, which the scene's group draws between the two)."""

from __future__ import annotations

import pygame

from game.scenes.reader.layout import (
    AFTER_RULE,
    AFTER_TODAY,
    AFTER_WEAPON_LOST,
    EQUIPMENT_ABOVE_BUTTONS,
    EQUIPMENT_HEADING,
    EQUIPMENT_LEAST,
    EQUIPMENT_LINE,
    FINIS_BELOW_TEXT,
    FINIS_FOOT,
    FINIS_RULE,
    FINIS_RULE_DROP,
    FINIS_RULE_GAP,
    ICON_ROOM,
    INITIAL_FROM_RIGHT,
    NO_DAY,
    NOTE_LINE,
    NOTE_LINES,
    NOTE_MIDDLE,
    NUMBER_RULE_GAP,
    NUMBER_RULE_SIDE,
    NUMBER_RULE_Y,
    NUMBER_Y,
    ROW_MIDDLE,
    RULE_DROP,
    SIDE_ICON,
    SIDE_NAME_TOP,
    SIDE_ROWS_TOP,
    STRIP_NOTE_X,
    STRIP_RULE_ABOVE,
    TICKED,
    TITLE_AT,
    TITLE_BOX,
    TODAY_NAME,
    TODAY_RULE_ROOM,
    VALUE_FROM_RIGHT,
    WEAPON_LOST_DROP,
    ReaderRegions,
)
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
    blit_text(surface, view.number, (centre, page.y + NUMBER_Y), "bold", NUMBER_SIZE, p.rubric, "center")
    half = fonts.text_width(view.number, "bold", NUMBER_SIZE) // 2 + NUMBER_RULE_GAP
    draw_rule(surface, page.x + NUMBER_RULE_SIDE, centre - half, page.y + NUMBER_RULE_Y, p.ink_soft)
    draw_rule(surface, centre + half, page.right - NUMBER_RULE_SIDE, page.y + NUMBER_RULE_Y, p.ink_soft)


def _finis(surface: pygame.Surface, view: ReaderView, r: ReaderRegions, p: Palette) -> None:
    """An ending closes with a centred "Fin" between two rules, under the text when there is room."""
    if view.finis is None:
        return
    y = view.text_end + FINIS_BELOW_TEXT
    if y > r.section.text.bottom - FINIS_FOOT:
        return
    half = fonts.text_width(view.finis, "title", FINIS_SIZE) // 2
    centre = r.book_page.centerx
    blit_text(surface, view.finis, (centre, y), "title", FINIS_SIZE, p.rubric, "center")
    rule_y = y + FINIS_RULE_DROP
    draw_rule(surface, centre - half - FINIS_RULE, centre - half - FINIS_RULE_GAP, rule_y, p.ink_soft)
    draw_rule(surface, centre + half + FINIS_RULE_GAP, centre + half + FINIS_RULE, rule_y, p.ink_soft)


def _strip(surface: pygame.Surface, view: ReaderView, r: ReaderRegions, ui: UIContext) -> None:
    """The strip's rule and, beside its button, its note on up to three lines."""
    p, strip = ui.palette, r.section.strip
    if strip.height == 0:  # nothing shows in it (nor before the first section is placed)
        return
    rule_y = strip.y - STRIP_RULE_ABOVE
    pygame.draw.line(surface, p.parchment_dark, (strip.x, rule_y), (strip.right, rule_y), 2)
    body, small = ui.theme.text_size("body"), ui.theme.text_size("small")
    note_x = strip.x + (STRIP_NOTE_X if view.strip_button else 0)
    note = view.strip_note
    if note:
        size = body if fonts.text_width(note, "italic", body) <= strip.right - note_x else small
        lines = wrap_words(note, "italic", size, strip.right - note_x)[:NOTE_LINES]
        top = strip.y + NOTE_MIDDLE - (len(lines) - 1) * NOTE_LINE // 2
        colour = _tone(p, view.strip_tone, p.ink_soft)
        for i, line in enumerate(lines):
            blit_text(surface, line, (note_x, top + i * NOTE_LINE), "italic", size, colour, "midleft")


def _scores(surface: pygame.Surface, side: SideSheet, r: ReaderRegions, ui: UIContext, y: int, row: int) -> int:
    """The scores, then the counters, one row each; the height reached."""
    p, body = ui.palette, ui.theme.text_size("body")
    x, right = r.side_inner
    for stat in side.stats:
        middle = y + ROW_MIDDLE
        blit_text(surface, stat.name, (x, middle), "title", body, p.ink, "midleft")
        blit_text(surface, stat.initial, (right - INITIAL_FROM_RIGHT, middle), "body", body, p.ink_soft, "midleft")
        colour = p.bad if stat.low else p.ink
        blit_text(surface, stat.value, (right - VALUE_FROM_RIGHT, middle), "bold", VALUE_SIZE, colour, "midright")
        y += row
    draw_rule(surface, x, right, y + RULE_DROP, p.ink_faint)
    y += AFTER_RULE
    for counter in side.counters:
        draw_icon(surface, counter.icon, pygame.Rect(x, y, SIDE_ICON, SIDE_ICON), p.ink, p.parchment_light)
        blit_text(surface, counter.name, (x + ICON_ROOM, y + ROW_MIDDLE), "body", body, p.ink, "midleft")
        blit_text(surface, counter.value, (right, y + ROW_MIDDLE), "bold", body, p.ink, "midright")
        y += row
    return y


def _today(surface: pygame.Surface, side: SideSheet, r: ReaderRegions, ui: UIContext, y: int) -> int:
    """Today's name and the days ticked, in a book with a calendar; the height reached."""
    if side.today is None:
        return y
    p, body, small = ui.palette, ui.theme.text_size("body"), ui.theme.text_size("small")
    x, right = r.side_inner
    draw_rule(surface, x, right, y + RULE_DROP, p.ink_faint)
    y += TODAY_RULE_ROOM
    blit_text(surface, ui.t("reader.today"), (x, y), "italic", small, p.ink_soft)
    if side.today.name is None:
        blit_text(surface, ui.t("sheet.no_day_yet"), (x, y + NO_DAY), "italic", body, p.ink_soft)
    else:
        blit_text(surface, side.today.name, (x, y + TODAY_NAME), "bold", body, p.rubric)
        blit_text(surface, side.today.ticked, (right, y + TICKED), "italic", small, p.ink_soft, "topright")
    return y + AFTER_TODAY


def _equipment(surface: pygame.Surface, side: SideSheet, r: ReaderRegions, ui: UIContext, y: int, bottom: int) -> None:
    """The equipment, as many lines of it as fit above the recovery buttons (the last says there is more)."""
    p, small = ui.palette, ui.theme.text_size("small")
    x, right = r.side_inner
    if not side.equipment or y + EQUIPMENT_LEAST >= bottom:
        return
    draw_rule(surface, x, right, y + RULE_DROP, p.ink_faint)
    y += AFTER_RULE
    blit_text(surface, ui.t("reader.equipment"), (x, y), "italic", small, p.ink_soft)
    y += EQUIPMENT_HEADING
    lines = wrap_words(" · ".join(side.equipment), "body", small, right - x)
    room = max(1, (bottom - y) // EQUIPMENT_LINE)
    more = ui.t("reader.more_items")
    if len(lines) > room:
        lines = lines[: room - 1] + [more]
    for line in lines:
        blit_text(surface, line, (x, y), "italic" if line == more else "body", small, p.ink)
        y += EQUIPMENT_LINE


def _side(surface: pygame.Surface, side: SideSheet | None, r: ReaderRegions, ui: UIContext) -> None:
    """The compact sheet: the hero's name, scores and counters, today, a lost weapon, the equipment."""
    if side is None:
        return
    p = ui.palette
    x, right = r.side_inner
    name, size = fit_line(side.hero_name, "title", ui.theme.text_size("heading"), right - x)
    blit_text(surface, name, (x, r.side.y + SIDE_NAME_TOP), "title", size, p.ink, box=r.side, owner="reader hero")
    y = _today(surface, side, r, ui, _scores(surface, side, r, ui, r.side.y + SIDE_ROWS_TOP, r.side_row))
    if side.weapon_lost:
        at = (x, y + WEAPON_LOST_DROP)
        blit_text(surface, ui.t("reader.weapon_lost"), at, "italic", ui.theme.text_size("small"), p.bad)
        y += AFTER_WEAPON_LOST
    _equipment(surface, side, r, ui, y, r.side_buttons_top - EQUIPMENT_ABOVE_BUTTONS)


def paint_page(surface: pygame.Surface, view: ReaderView, r: ReaderRegions, ui: UIContext) -> None:
    """Everything under the widgets: the title, the book's page (number, strip, finis) and the compact sheet."""
    p = ui.palette
    surface.blit(parchment(r.page, p), (0, 0))
    room = r.title_room
    title, size = fit_line(view.title, "title", ui.theme.text_size("heading"), room)
    box = pygame.Rect(TITLE_BOX[0], 0, room + TITLE_BOX[1], TITLE_BOX[2])
    blit_text(surface, title, TITLE_AT, "title", size, p.rubric, "midleft", box=box, owner="reader title")
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
