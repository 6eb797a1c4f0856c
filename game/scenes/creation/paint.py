"""Painting hero creation from its view: the book's rules, the ready-made heroes or the sheet preview, the hero
panel and the book's creation steps (the widgets are drawn by the scene's group, over them)."""

from __future__ import annotations

import pygame

from game.scenes.creation.layout import HEADING_SPACE, PAD, PICK_ROOM, STEP_ROW, TITLE_CLEAR, CreationRegions
from game.scenes.creation.view import CreationView, HeroPanel, ReadyCard, StatName, Tile
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panel, draw_polyhedral, draw_rule, parchment, rounded_box
from game.ui.text_fit import ellipsize, fit_line, fit_lines, wrap_words

RULE_HALF = 280  # the rule under the title and subtitle
HEADING_AT, RULE_AT = 12, 44  # a panel's heading and the rule under it, down from its top
FORMULA_GAP = 6  # a score's formula stops this far left of its box
BOX_RADIUS, CARD_RADIUS = 4, 6
FIXED_PAD = (10, 8)  # a fixed score's value and "fixed", in from its box's left and right
RULES_FOOT = 12  # the rules panel's text stops this far above its foot
HELP_RULE_GAP, HELP_RULE_INSET = 10, 60  # the rule over what each score means: above and below it, in from the sides
ENTRY_GAP = 4  # between two scores' explanations
HELP_SLACK = 6  # the help's box reaches this much below the text's foot
INTRO_GAP = 8  # the rules' intro under the heading
MESSAGE_GAP, MESSAGE_LINES, AFTER_MESSAGE = 14, 3, 8  # the message under the switches: its gap, lines, the gap after
CARD_INSET, CARD_TOP, WIDE_CARD = 14, 10, 300  # a ready-made hero's card; at least WIDE_CARD wide, read at body size
CHOSEN_BORDER = 3
NAME_BLOCK = 36  # the name's line and the room under it, before the scores
SCORE_GAP, VALUE_GAP = 3, 8  # between two score lines; between a score's name and its value
RULE_DROP, RULE_BLOCK = 6, 14  # the rule under the scores, and the room it takes
KIT_FOOT, KIT_DROP = 64, 4  # the portrait and kit stop this far above the card's foot; the kit's lines drop this much
TILE_DESIGN = 196  # a tile's height as designed: its rows are placed in proportion to it
TILE_VALUE_AT, TILE_DICE_AT = 74, 132  # the value's middle and the dice's, on a tile of TILE_DESIGN
TILE_TOP, TILE_NAME_PAD, TILE_NOTE_PAD, TILE_NOTE_RISE = 10, 12, 10, 14
DIE_LEAST, DIE_DESIGN, DIE_GAP, DICE_SIDES_PAD, PLUS_GAP = 16, 34, 8, 16, 12
STARTING_GAP, BLURB_GAP, WIDE_PANEL = 18, 8, 900  # under the tiles; before the blurb; a panel read at body size
SUMMARY_TOP = (14, 8)  # the hero's scores on one line, on two
STEP_TITLE_AT, STEP_PICK_AT, STEP_TEXT_ROOM = 16, 38, 200  # on a step row of STEP_ROW; the picks leave the button room


def fitted_name(name: StatName, face: str, size: int, width: int) -> str:
    """The stat's name where it fits in ``width``, else the book's short name, else the name cut with "…"."""
    if fonts.text_width(name.name, face, size) <= width or name.short is None:
        return ellipsize(name.name, face, size, width)
    return ellipsize(name.short, face, size, width)


def summary(hero: HeroPanel, ui: UIContext, r: CreationRegions) -> str:
    """``HABILETÉ 11 · ENDURANCE 20 · CHANCE 9`` for the current hero (the short names if the panel is narrow)."""
    if hero.summary is None or hero.short_summary is None:
        return ""
    if fonts.text_width(hero.summary, "bold", ui.theme.text_size("body")) <= r.hero.width - 2 * PAD:
        return hero.summary
    return hero.short_summary


def summary_lines(hero: HeroPanel, ui: UIContext, r: CreationRegions, width: int) -> tuple[list[str], int]:
    """The summary on one line (a little smaller if need be), else on two at the small size, cut between scores."""
    text, body, small = summary(hero, ui, r), ui.theme.text_size("body"), ui.theme.text_size("small")
    line, size = fit_line(text, "bold", body, width, min_size=small)
    if line == text:
        return [line], size
    lines: list[str] = []
    for part in text.split(" · "):
        if lines and fonts.text_width(lines[-1] + " · " + part, "bold", small) <= width:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    if len(lines) > 2:
        lines = [lines[0], fit_line(" · ".join(lines[1:]), "bold", small, width, min_size=small)[0]]
    return lines, small


def card_name(name: str, size: int, width: int) -> list[str]:
    """A ready-made hero's name on one line, or two on a narrow card (the second ending in "…" if still too long)."""
    return fit_lines(name, "bold", size, width, 2)[0]


def _heading(surface: pygame.Surface, ui: UIContext, rect: pygame.Rect, key: str) -> None:
    """A panel with its heading and the rule under it."""
    p = ui.palette
    draw_panel(surface, rect, p)
    blit_text(surface, ui.t(key), (rect.x + PAD, rect.y + HEADING_AT), "title", ui.theme.text_size("heading"), p.ink)
    pygame.draw.line(surface, p.ink_faint, (rect.x + PAD, rect.y + RULE_AT), (rect.right - PAD, rect.y + RULE_AT))


def _score_rows(surface: pygame.Surface, view: CreationView, r: CreationRegions, ui: UIContext) -> None:
    """Each score's row: its name, its formula and range (or "fixed"), and a fixed score's box."""
    p, small, body = ui.palette, ui.theme.text_size("small"), ui.theme.text_size("body")
    for index, stat in enumerate(view.rules):
        row = r.score_row(index)
        if index:
            pygame.draw.line(surface, p.ink_faint, row.topleft, row.topright)
        name_at, formula_at = r.name_and_formula(index)
        blit_text(surface, fitted_name(stat.name, "body", body, r.name_width), name_at, "body", body, p.ink, "midleft")
        box = r.field_rect(index)
        text, size = fit_line(stat.rule, "italic", small, box.x - FORMULA_GAP - formula_at[0])
        blit_text(surface, text, formula_at, "italic", size, p.ink_soft, "midleft", box=row, owner="creation formula")
        if not stat.rolled and stat.fixed is not None:  # a computed score has no box: its rule says its formula
            surface.blit(rounded_box(box.size, p.parchment_dark, p.ink_faint, BOX_RADIUS), box)
            left, right = FIXED_PAD
            blit_text(surface, str(stat.fixed), (box.x + left, row.centery), "body", body, p.ink_soft, "midleft")
            fixed = ui.t("creation.fixed_short")
            blit_text(surface, fixed, (box.right - right, row.centery), "italic", small, p.ink_soft, "midright")


def _score_help(surface: pygame.Surface, about: tuple[str, ...], r: CreationRegions, ui: UIContext, y: int) -> None:
    """What each score stands for, under a rule: whole entries when they fit, else a smaller size, else one line
    each ending in "…" — every score is explained."""
    p, theme = ui.palette, ui.theme
    x0, width = r.inner
    small, bottom = theme.text_size("small"), r.rules.bottom - RULES_FOOT
    y += HELP_RULE_GAP
    draw_rule(surface, x0 + HELP_RULE_INSET, x0 + width - HELP_RULE_INSET, y, p.ink_faint)
    y += HELP_RULE_GAP
    for size in (theme.text_size("body"), small, small - 2):  # the biggest size at which every score is explained
        size_h = fonts.line_height("body", size)
        wrapped = [wrap_words(entry, "body", size, width) for entry in about]
        if y + sum(len(lines) * size_h + ENTRY_GAP for lines in wrapped) <= bottom:
            break
    else:
        per_line = max(1, (bottom - y) // len(about) // size_h)
        wrapped = [fit_lines(entry, "body", size, width, per_line)[0] for entry in about]
    gap = ENTRY_GAP if y + sum(len(lines) * size_h + ENTRY_GAP for lines in wrapped) <= bottom else 0
    box = pygame.Rect(x0, y, width, bottom - y + HELP_SLACK)
    for lines in wrapped:
        for line in lines:
            blit_text(surface, line, (x0, y), "body", size, p.ink, box=box, owner="creation score help")
            y += size_h
        y += gap


def _rules(surface: pygame.Surface, view: CreationView, r: CreationRegions, ui: UIContext) -> None:
    """The rules panel: the score rows, then (under the switches) the message, the hint and what each score means."""
    p, small = ui.palette, ui.theme.text_size("small")
    _heading(surface, ui, r.rules, "creation.rules_heading")
    x0, width = r.inner
    blit_text(surface, ui.t("creation.rules_intro"), (x0, r.rules.y + HEADING_SPACE + INTRO_GAP), "italic", small, p.ink_soft)
    _score_rows(surface, view, r, ui)
    y = r.rules_controls.honest.bottom + MESSAGE_GAP
    if view.message:
        for line in wrap_words(view.message, "body", small, width)[:MESSAGE_LINES]:
            blit_text(surface, line, (x0, y), "body", small, p.bad)
            y += fonts.line_height("body", small)
        y += AFTER_MESSAGE
    line_h = fonts.line_height("italic", small)
    bottom = r.rules.bottom - RULES_FOOT
    help_h = len(view.about) * fonts.line_height("body", small - 2) + 2 * HELP_RULE_GAP
    # The hint gives way (down to one line ending in "…") so that every score keeps at least one line below.
    reserved = help_h if view.about else 0
    hint_lines, _ = fit_lines(view.hint, "italic", small, width, max(1, (bottom - y - reserved) // line_h))
    for line in hint_lines:
        if y + line_h > bottom:
            return
        blit_text(surface, line, (x0, y), "italic", small, p.ink_soft)
        y += line_h
    if view.about and y + help_h <= bottom:
        _score_help(surface, view.about, r, ui, y)


def _ready_card(surface: pygame.Surface, ready: ReadyCard, card: pygame.Rect, ui: UIContext) -> None:
    """A ready-made hero's card: the name, the scores (never under the "pick" button), the portrait, the kit."""
    p, small, body = ui.palette, ui.theme.text_size("small"), ui.theme.text_size("body")
    surface.blit(
        rounded_box(
            card.size,
            p.parchment_light,
            p.accent if ready.chosen else p.ink_faint,
            CARD_RADIUS,
            CHOSEN_BORDER if ready.chosen else 1,
        ),
        card,
    )
    x, inner = card.x + CARD_INSET, card.width - 2 * CARD_INSET
    y = card.y + CARD_TOP
    size = body if card.width >= WIDE_CARD else small  # a wide card (a big page) is read at the body size
    names = card_name(ready.name, body, inner)  # two lines on a narrow card
    scores_h = len(ready.scores) * (fonts.line_height("body", size) + SCORE_GAP)
    if y + NAME_BLOCK + (len(names) - 1) * fonts.line_height("bold", body) + scores_h > card.bottom - PICK_ROOM:
        names = [fit_line(ready.name, "bold", body, inner)[0]]  # a short card: the name on one line
    for line in names:
        blit_text(surface, line, (card.centerx, y), "bold", body, p.rubric, "midtop", box=card, owner="ready hero")
        y += fonts.line_height("bold", body)
    y += NAME_BLOCK - fonts.line_height("bold", body)
    for name, value in ready.scores:
        if y + fonts.line_height("body", size) > card.bottom - PICK_ROOM:
            break  # never under the "pick" button (the scores are on the sheet once picked)
        room = inner - fonts.text_width(value, "bold", size) - VALUE_GAP
        blit_text(surface, fitted_name(name, "body", size, room), (x, y), "body", size, p.ink_soft)
        blit_text(surface, value, (x + inner, y), "bold", size, p.ink, "topright")
        y += fonts.line_height("body", size) + SCORE_GAP
    pygame.draw.line(surface, p.ink_faint, (x, y + RULE_DROP), (x + inner, y + RULE_DROP))
    y += RULE_BLOCK
    line_h = fonts.line_height("italic", size)
    limit = card.bottom - KIT_FOOT
    # The portrait gets the room (its last line ending in "…" if cut), then the equipment if two lines are left.
    for line in fit_lines(ready.portrait, "italic", size, inner, max(1, (limit - y) // line_h))[0]:
        if y + line_h > limit:
            break
        blit_text(surface, line, (x, y), "italic", size, p.ink)
        y += line_h
    if ready.equipment and y + line_h * 2 <= limit:
        for line in wrap_words(ready.equipment, "body", size, inner):
            if y + line_h > limit:
                break
            blit_text(surface, line, (x, y + KIT_DROP), "body", size, p.ink_soft)
            y += line_h


def _tile(surface: pygame.Surface, tile: Tile, rect: pygame.Rect, ui: UIContext) -> None:
    """A score's tile: its name, its value (or "—"), the dice that made it or its formula, and a note."""
    p, small, body = ui.palette, ui.theme.text_size("small"), ui.theme.text_size("body")
    tile_h = rect.height
    dice_y = rect.y + tile_h * TILE_DICE_AT // TILE_DESIGN
    surface.blit(rounded_box(rect.size, p.parchment_light, p.ink_faint, CARD_RADIUS, 1), rect)
    name = fitted_name(tile.name, "body", body, rect.width - TILE_NAME_PAD)
    blit_text(surface, name, (rect.centerx, rect.y + TILE_TOP), "body", body, p.ink, "midtop")
    value, colour = ("—", p.ink_faint) if tile.value is None else (str(tile.value), p.ink)
    blit_text(
        surface,
        value,
        (rect.centerx, rect.y + tile_h * TILE_VALUE_AT // TILE_DESIGN),
        "bold",
        ui.theme.text_size("title"),
        colour,
        "center",
    )
    faces, plus = tile.faces, tile.plus
    if faces:
        plus_w = fonts.text_width(f"+ {abs(plus)}", "body", body) + PLUS_GAP if plus else 0
        room = (rect.width - DICE_SIDES_PAD - plus_w) // len(faces) - DIE_GAP
        size = max(DIE_LEAST, min(DIE_DESIGN * tile_h // TILE_DESIGN, room))  # narrow tiles: smaller dice
        total_w = len(faces) * (size + DIE_GAP) - DIE_GAP
        sx = rect.centerx - (total_w + plus_w) // 2 + size // 2
        for i, face in enumerate(faces):
            draw_polyhedral(
                surface, (sx + i * (size + DIE_GAP), dice_y), size, face, tile.sides, p
            )  # a d6's pips, else its number
        if plus:
            text = f"+ {plus}" if plus > 0 else f"− {-plus}"
            blit_text(surface, text, (sx + total_w - size // 2 + PLUS_GAP, dice_y), "body", body, p.ink_soft, "midleft")
    else:
        text = tile.formula if tile.formula is not None else ui.t("creation.fixed_short")
        blit_text(surface, text, (rect.centerx, dice_y), "italic", body, p.ink_soft, "center")
    note, size = fit_line(tile.note, "italic", small, rect.width - TILE_NOTE_PAD)
    at = (rect.centerx, rect.bottom - TILE_NOTE_RISE)
    blit_text(surface, note, at, "italic", size, p.ink_faint, "midbottom", box=rect, owner="tile note")


def _sheet_preview(surface: pygame.Surface, view: CreationView, r: CreationRegions, ui: UIContext) -> None:
    """The sheet to be: one tile per score, then what the hero starts with and the book's blurb."""
    p, small, body = ui.palette, ui.theme.text_size("small"), ui.theme.text_size("body")
    panel, content_bottom = r.top, r.content_bottom
    _heading(surface, ui, panel, "creation.sheet_heading")
    if not r.tiles_fit:
        return  # a short page full of the book's steps: the hero panel's heading says the scores
    tiles = r.tiles()
    for tile, rect in zip(view.tiles, tiles):
        _tile(surface, tile, rect, ui)
    y = tiles[0].bottom + STARTING_GAP
    x, inner = panel.x + PAD, panel.width - 2 * PAD
    if y + fonts.line_height("bold", body) > content_bottom:
        return  # a short page with the book's creation steps below: the tiles take the room
    blit_text(surface, ui.t("creation.starting_heading"), (x, y), "bold", body, p.ink)
    y += fonts.line_height("bold", body) + 2
    size = body if inner >= WIDE_PANEL else small  # a wide panel (a big page) is read at the body size
    line_h = fonts.line_height("italic", size)
    for line in fit_lines(view.starting, "italic", size, inner, max(1, (content_bottom - y) // line_h))[0]:
        if y + line_h > content_bottom:
            break
        blit_text(surface, line, (x, y), "italic", size, p.ink)
        y += line_h
    if view.blurb is not None and y + BLURB_GAP + line_h * 2 <= content_bottom:
        y += BLURB_GAP
        for line in fit_lines(view.blurb, "italic", size, inner, (content_bottom - y) // line_h)[0]:
            blit_text(surface, line, (x, y), "italic", size, p.ink_soft)
            y += line_h


def _hero_panel(surface: pygame.Surface, hero: HeroPanel, r: CreationRegions, ui: UIContext) -> None:
    """Before a hero exists: "Your hero" and what to do; after: the scores as the heading, how the hero was made."""
    p, small, body = ui.palette, ui.theme.text_size("small"), ui.theme.text_size("body")
    panel = r.hero
    x = panel.x + PAD
    y = panel.y + HEADING_SPACE + 2
    if hero.summary is None:
        _heading(surface, ui, panel, "creation.hero_heading")
        text, size = fit_line(hero.no_hero, "italic", body, panel.width - 2 * PAD)
        blit_text(surface, text, (x, y), "italic", size, p.ink_soft, box=panel, owner="creation hero panel")
        return
    draw_panel(surface, panel, p)
    lines, size = summary_lines(hero, ui, r, panel.width - 2 * PAD)
    top = panel.y + SUMMARY_TOP[len(lines) != 1]
    for line in lines:
        blit_text(surface, line, (x, top), "bold", size, p.ink, box=panel, owner="creation summary")
        top += fonts.line_height("bold", size)
    rule_y = max(panel.y + RULE_AT, top + 2)
    pygame.draw.line(surface, p.ink_faint, (x, rule_y), (panel.right - PAD, rule_y))
    y += rule_y - (panel.y + RULE_AT)
    if hero.status:
        blit_text(surface, hero.status, (x, y), "italic", small, p.ink_soft)


def _steps(surface: pygame.Surface, view: CreationView, r: CreationRegions, ui: UIContext) -> None:
    """One row per creation step of the book: its name, what was picked (or that it is still to choose)."""
    p, body, small = ui.palette, ui.theme.text_size("body"), ui.theme.text_size("small")
    for index, step in enumerate(view.steps):
        row = r.step_row(index)
        pygame.draw.line(surface, p.ink_faint, (row.x, row.y), (row.right, row.y))
        blit_text(surface, step.title, (row.x, row.y + row.height * STEP_TITLE_AT // STEP_ROW), "bold", body, p.ink, "midleft")
        text = step.picks or step.closed or ui.t("steps.to_choose")
        lines = wrap_words(text, "italic", small, row.width - STEP_TEXT_ROOM)
        shown = lines[0] + ("…" if len(lines) > 1 else "")
        colour = p.ink_soft if step.picks or step.closed else p.bad  # a step not offered is not missing
        blit_text(surface, shown, (row.x, row.y + row.height * STEP_PICK_AT // STEP_ROW + 1), "italic", small, colour, "midleft")


def paint_page(surface: pygame.Surface, view: CreationView, r: CreationRegions, ui: UIContext) -> None:
    """Everything under the widgets: the title, the rules, the ready-made heroes or the sheet preview, the hero
    panel and the book's creation steps."""
    p, theme = ui.palette, ui.theme
    surface.blit(parchment(r.page, p), (0, 0))
    centre = r.centre_x
    title_y, subtitle_y, rule_y = r.heading_ys
    # The title keeps clear of the back button at the top left (a narrow page: smaller, then cut with "…").
    title, size = fit_line(view.title, "title", theme.text_size("title"), r.page[0] - 2 * TITLE_CLEAR)
    blit_text(surface, title, (centre, title_y), "title", size, p.rubric, "midtop")
    blit_text(surface, view.subtitle, (centre, subtitle_y), "italic", theme.text_size("small"), p.ink_soft, "midtop")
    draw_rule(surface, centre - RULE_HALF, centre + RULE_HALF, rule_y, p.ink_soft)
    _rules(surface, view, r, ui)
    if view.ready:
        _heading(surface, ui, r.top, "creation.ready_heading")
        for index, ready in enumerate(view.ready):
            _ready_card(surface, ready, r.card_rect(index), ui)
    else:
        _sheet_preview(surface, view, r, ui)
    _hero_panel(surface, view.hero, r, ui)
    _steps(surface, view, r, ui)
