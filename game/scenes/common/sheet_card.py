"""The Adventure Sheet as a one-page picture to share, in the book's look.

Scores (current / initial), counters, equipment, the paragraph and the road
taken, creature boxes, notes, and how the adventure is played. Drawn on an
off-screen surface from the state and the book data, so any book's scores and
counters appear; saved as a PNG by the share screen.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app.journal import play_badge
from game.rules.ff.ruleset import calendar_view
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panel, draw_rule, parchment, wrap_words

CARD_SIZE = (900, 1272)  # an A4 page's proportions
PAD = 34
BOXES_SHOWN = 9


def render_sheet_card(ui: UIContext, adventure: Any) -> pygame.Surface:
    """The sheet of ``adventure`` as a surface of CARD_SIZE."""
    p, theme = ui.palette, ui.theme
    book, state, session = adventure.book, adventure.state, adventure.session
    language = ui.catalogue.language
    surface = pygame.Surface(CARD_SIZE)
    surface.blit(parchment(CARD_SIZE, p), (0, 0))
    width = CARD_SIZE[0]
    heading, body, small = theme.text_size("heading"), theme.text_size("body"), theme.text_size("small")
    label = book.label(language) if hasattr(book, "label") else ""
    title = (f"{label} · " if label else "") + book.title.get(language)
    blit_text(surface, title, (width // 2, 30), "title", theme.text_size("title"), p.rubric, "midtop")
    blit_text(surface, ui.t("play.card_subtitle"), (width // 2, 86), "italic", small, p.ink_soft, "midtop")
    draw_rule(surface, 200, width - 200, 118, p.ink_soft)
    hero = getattr(state, "hero", None)
    name = getattr(hero, "name", "") or ui.t("sheet.nameless")
    blit_text(surface, name, (PAD, 136), "title", heading, p.ink)
    blit_text(surface, play_badge(ui, session), (width - PAD, 146), "italic", small, p.ink_soft, "topright")

    # scores and paragraph
    scores = pygame.Rect(PAD, 184, 420, 70 + 46 * len(book.stats))
    draw_panel(surface, scores, p)
    blit_text(surface, ui.t("sheet.heading_current"), (scores.x + 270, scores.y + 22), "italic", small, p.ink_soft, "center")
    blit_text(surface, ui.t("sheet.heading_initial"), (scores.x + 360, scores.y + 22), "italic", small, p.ink_soft, "center")
    for index, stat in enumerate(book.stats):
        y = scores.y + 62 + index * 46
        blit_text(surface, stat.name.get(language), (scores.x + 20, y), "title", body, p.ink, "midleft")
        if hero is not None:
            blit_text(surface, str(hero.scores.get(stat.id, "—")), (scores.x + 270, y), "bold", heading, p.ink, "center")
            initial = str(hero.initial.get(stat.id, "—")) if stat.capped_at_initial else "—"
            blit_text(surface, initial, (scores.x + 360, y), "body", body, p.ink_soft, "center")
    para = pygame.Rect(scores.right + 20, 184, width - scores.right - 20 - PAD, scores.height)
    draw_panel(surface, para, p)
    blit_text(surface, ui.t("sheet.paragraph"), (para.x + 20, para.y + 14), "title", body, p.ink)
    current = f"§ {state.paragraph}" if getattr(state, "paragraph", None) else "§ —"
    blit_text(surface, current, (para.centerx, para.y + 86), "bold", 54, p.rubric, "center")
    calendar = calendar_view(book, state, language) if getattr(book, "calendar", None) is not None else None
    if calendar is not None and calendar["today"] is not None:  # R-TIME-1: the day ticked last
        day = (
            ui.t("sheet.today", day=calendar["today"])
            + " · "
            + ui.t("sheet.calendar_short", ticked=calendar["ticked"], weeks=calendar["weeks"])
        )
        blit_text(surface, day, (para.x + 20, para.bottom - 30), "italic", small, p.ink_soft)
    road = list(getattr(state, "paragraph_history", []))[-12:]
    if road:
        trail = " → ".join(str(n) for n in road)
        room = 2 if calendar is not None and calendar["today"] is not None else 3  # the day's line takes the third
        for i, line in enumerate(wrap_words(trail, "body", small, para.width - 40)[-room:]):
            blit_text(surface, line, (para.x + 20, para.y + 130 + i * 22), "body", small, p.ink_soft)

    # backpack: counters then equipment
    top = scores.bottom + 18
    bag = pygame.Rect(PAD, top, 420, 440)
    draw_panel(surface, bag, p)
    blit_text(surface, ui.t("sheet.backpack"), (bag.x + 20, bag.y + 14), "title", body, p.ink)
    y = bag.y + 56
    for counter in book.counters:
        blit_text(surface, counter.name.get(language), (bag.x + 20, y), "body", body, p.ink, "midleft")
        blit_text(surface, str(state.counters.get(counter.id, 0)), (bag.right - 40, y), "bold", body, p.ink, "center")
        y += 34
    y += 6
    blit_text(surface, ui.t("sheet.equipment"), (bag.x + 20, y), "title", small, p.ink_soft)
    y += 30
    for item in getattr(state, "equipment", []):
        if y > bag.bottom - 30:
            blit_text(surface, "…", (bag.x + 20, y), "body", small, p.ink_soft)
            break
        blit_text(surface, wrap_words(item, "body", small, bag.width - 50)[0], (bag.x + 24, y), "body", small, p.ink)
        y += 26

    # creature boxes
    boxes = pygame.Rect(bag.right + 20, top, width - bag.right - 20 - PAD, 440)
    draw_panel(surface, boxes, p)
    blit_text(surface, ui.t("play.card_creatures"), (boxes.x + 20, boxes.y + 14), "title", body, p.ink)
    skill, stamina = _short(book, "skill", language), _short(book, "stamina", language)
    y = boxes.y + 56
    creature_boxes = list(getattr(state, "creature_boxes", []))
    for box in creature_boxes[:BOXES_SHOWN]:
        pygame.draw.rect(surface, p.ink_faint, (boxes.x + 16, y - 4, boxes.width - 32, 40), 1, border_radius=4)
        label = box.name if box.stamina > 0 else ui.t("play.card_defeated", name=box.name)
        blit_text(
            surface,
            wrap_words(label, "body", small, boxes.width - 170)[0],
            (boxes.x + 26, y + 16),
            "body",
            small,
            p.ink if box.stamina > 0 else p.ink_soft,
            "midleft",
        )
        blit_text(
            surface,
            f"{skill} {box.skill} · {stamina} {box.stamina}",
            (boxes.right - 26, y + 16),
            "body",
            small,
            p.ink,
            "midright",
        )
        y += 44
    if len(creature_boxes) > BOXES_SHOWN:
        more = ui.t("play.and_more", n=len(creature_boxes) - BOXES_SHOWN)
        blit_text(surface, more, (boxes.x + 26, y), "italic", small, p.ink_soft)
    if not creature_boxes:
        blit_text(surface, ui.t("sheet.no_creatures"), (boxes.centerx, boxes.y + 120), "italic", small, p.ink_faint, "center")

    # notes
    notes = pygame.Rect(PAD, bag.bottom + 18, width - 2 * PAD, CARD_SIZE[1] - bag.bottom - 18 - 60)
    draw_panel(surface, notes, p)
    blit_text(surface, ui.t("sheet.tab_notes"), (notes.x + 20, notes.y + 14), "title", body, p.ink)
    y = notes.y + 54
    line_h = fonts.line_height("italic", small)
    for line in wrap_words(getattr(state, "notes", "") or "", "italic", small, notes.width - 40):
        if y + line_h > notes.bottom - 12:
            break
        blit_text(surface, line, (notes.x + 20, y), "italic", small, p.ink)
        y += line_h
    blit_text(
        surface,
        ui.t("play.card_footer", entries=len(session.entries)),
        (width // 2, CARD_SIZE[1] - 30),
        "italic",
        small,
        p.ink_soft,
        "center",
    )
    return surface


def _short(book: Any, stat: str, language: str) -> str:
    try:
        definition = book.stat(stat)
    except KeyError:
        return stat
    return (definition.short or definition.name).get(language)
