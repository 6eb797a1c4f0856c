"""Painting the fight's setup: the two panels, the creature rows, the form's labels and the refusal.

Painters of ``(surface, view, regions, ui)``: they draw what the
:class:`~game.scenes.fight_setup.view.SetupView` says where the
:class:`~game.scenes.fight_setup.layout.SetupRegions` put it, and never change
the setup. The options' labels are painted with their pane's rows (``*_row``,
given the row's rect wherever it has scrolled).
"""

from __future__ import annotations

import pygame

from game.scenes.fight_setup.layout import (
    ARCHERY_TITLE_TOP,
    ESCAPE_NOTE_GAP,
    FORM_RULE_ABOVE,
    HEADING_ROOM,
    LABEL_ABOVE,
    LABEL_GAP,
    LABEL_SPILL,
    MODE_LABEL_TOP,
    NO_BOXES_RISE,
    OPTION_LABEL_INSET,
    PAD,
    PANEL_RULE_Y,
    PANEL_TITLE_TOP,
    QUIVER_TOP,
    ROW_H,
    TITLE_RULE_HALF,
    TITLE_RULE_Y,
    TITLE_TOP,
    TOGGLE_H,
    SetupRegions,
)
from game.scenes.fight_setup.view import SetupView
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panel, draw_rule, parchment
from game.ui.text_fit import ellipsize, fit_line, fit_lines, wrap_words


def draw(surface: pygame.Surface, view: SetupView, regions: SetupRegions, ui: UIContext) -> None:
    """Paint the setup under and around its widgets."""
    p, theme, t = ui.palette, ui.theme, ui.t
    width, height = surface.get_size()
    surface.blit(parchment((width, height), p), (0, 0))
    blit_text(surface, t("combat.setup_title"), (width // 2, TITLE_TOP), "title", theme.text_size("title"), p.rubric, "midtop")
    draw_rule(surface, width // 2 - TITLE_RULE_HALF, width // 2 + TITLE_RULE_HALF, TITLE_RULE_Y, p.ink_soft)
    heading = theme.text_size("heading")
    for rect, key in ((regions.left, "combat.setup_enemies"), (regions.right, "combat.setup_options")):
        draw_panel(surface, rect, p)
        title, size = fit_line(t(key), "title", heading, rect.width - 2 * PAD)
        at = (rect.x + PAD, rect.y + PANEL_TITLE_TOP)
        blit_text(surface, title, at, "title", size, p.ink, box=rect, owner="setup panel title")
        rule_y = rect.y + PANEL_RULE_Y
        pygame.draw.line(surface, p.ink_faint, (rect.x + PAD, rule_y), (rect.right - PAD, rule_y))
    _creatures(surface, view, regions, ui)
    _form(surface, view, regions, ui)
    if view.message:
        _refusal(surface, view.message, regions.refusal, ui)


def _refusal(surface: pygame.Surface, message: str, room: pygame.Rect, ui: UIContext) -> None:
    """Why the fight cannot start, whole (issue 30 item 4): on one line, else wrapped on two at a smaller size."""
    theme, colour = ui.theme, ui.palette.bad
    for size in (theme.text_size("body"), theme.text_size("small")):
        lines = wrap_words(message, "italic", size, room.width)
        if len(lines) <= room.height // fonts.line_height("italic", size):
            break
    lines, _ = fit_lines(message, "italic", size, room.width, max(1, room.height // fonts.line_height("italic", size)))
    pitch = fonts.line_height("italic", size)
    top = room.centery - pitch * len(lines) // 2
    for n, line in enumerate(lines):
        blit_text(surface, line, (room.x, top + n * pitch), "italic", size, colour, box=room, owner="setup refusal")


def _creatures(surface: pygame.Surface, view: SetupView, regions: SetupRegions, ui: UIContext) -> None:
    """The boxes' words (none, or how many have no room) and the typed creatures."""
    p, t, rows = ui.palette, ui.t, regions.creatures
    body, small = ui.theme.text_size("body"), ui.theme.text_size("small")
    left, x = rows.panel, rows.x
    if not rows.shown:
        at = (x, left.y + HEADING_ROOM + ROW_H // 2 - NO_BOXES_RISE)
        blit_text(surface, t("combat.setup_no_boxes"), at, "italic", body, p.ink_soft, "midleft")
    if rows.hidden > 0:
        at = (left.right - PAD, rows.typed_label_y)
        blit_text(surface, t("combat.setup_more_boxes", n=rows.hidden), at, "italic", small, p.ink_soft, "topright")
    blit_text(surface, t("combat.setup_typed"), (x, rows.typed_label_y), "italic", small, p.ink_soft)
    room = rows.removes[0].x - LABEL_GAP - x
    middle = rows.typed_top + TOGGLE_H // 2  # level with the first Remove button's middle
    for row, label in enumerate(view.typed[: rows.typed_rows]):
        blit_text(surface, ellipsize(label, "body", body, room), (x, middle + row * ROW_H), "body", body, p.ink, "midleft")
    if not view.typed:
        blit_text(surface, t("combat.setup_typed_none"), (x, middle), "italic", small, p.ink_faint, "midleft")


def _form(surface: pygame.Surface, view: SetupView, regions: SetupRegions, ui: UIContext) -> None:
    """The creature form's labels, above its fields."""
    p, rows, small = ui.palette, regions.creatures, ui.theme.text_size("small")
    fy = rows.form_y
    pygame.draw.line(surface, p.ink_faint, (rows.x, fy - FORM_RULE_ABOVE), (rows.panel.right - PAD, fy - FORM_RULE_ABOVE))
    attack, stamina = view.score_names
    for field, label in ((rows.name, ui.t("combat.setup_name")), (rows.skill, attack), (rows.stamina, stamina)):
        label, size = fit_line(label, "italic", small, field.width + LABEL_SPILL)
        blit_text(surface, label, (field.x, field.y - LABEL_ABOVE), "italic", size, p.ink_soft)
    blit_text(surface, ui.t("combat.setup_notes"), (rows.x, rows.notes.y - LABEL_ABOVE), "italic", small, p.ink_soft)


def _row_label(surface: pygame.Surface, ui: UIContext, rect: pygame.Rect, key: str, top: int, owner: str) -> None:
    """An option row's italic label, ``top`` pixels down its row, above the row's buttons."""
    p, small = ui.palette, ui.theme.text_size("small")
    at = (rect.x + OPTION_LABEL_INSET, rect.y + top)
    blit_text(surface, ui.t(key), at, "italic", small, p.ink_soft, box=rect, owner=owner)


def mode_row(surface: pygame.Surface, view: SetupView, regions: SetupRegions, ui: UIContext, row: pygame.Rect) -> None:
    """The mode's label above its three buttons."""
    _row_label(surface, ui, row, "combat.setup_mode", MODE_LABEL_TOP, "setup mode")


def profile_row(surface: pygame.Surface, view: SetupView, regions: SetupRegions, ui: UIContext, row: pygame.Rect) -> None:
    """The kind of fight's label (a book with vehicle or ship fights)."""
    _row_label(surface, ui, row, "combat.setup_profile", 0, "setup profile")


def archery_row(surface: pygame.Surface, view: SetupView, regions: SetupRegions, ui: UIContext, row: pygame.Rect) -> None:
    """Archery's heading and the arrows in the quiver, left of the shots counter."""
    p, t, theme = ui.palette, ui.t, ui.theme
    body, small = theme.text_size("body"), theme.text_size("small")
    at = (row.x + OPTION_LABEL_INSET, row.y + ARCHERY_TITLE_TOP)
    blit_text(surface, t("combat.setup_archery"), at, "title", body, p.ink, box=row, owner="setup archery")
    at = (row.x + OPTION_LABEL_INSET, row.y + QUIVER_TOP)
    blit_text(surface, t("combat.setup_quiver", n=view.arrows), at, "italic", small, p.ink_soft, box=row, owner="setup archery")


def ally_row(surface: pygame.Surface, view: SetupView, regions: SetupRegions, ui: UIContext, row: pygame.Rect) -> None:
    """The ally's field labels (faint while there is no ally)."""
    p, t, small, options = ui.palette, ui.t, ui.theme.text_size("small"), regions.options
    ink = p.ink_soft if view.ally else p.ink_faint
    for field, key in zip(options.ally_fields, ("combat.setup_name", "combat.setup_skill", "combat.setup_stamina")):
        field = options.at(field, "ally", row)
        label, size = fit_line(t(key), "italic", small, field.width + LABEL_SPILL)
        blit_text(surface, label, (field.x, field.y - LABEL_ABOVE), "italic", size, ink, box=row, owner="setup ally")


def escape_row(surface: pygame.Surface, view: SetupView, regions: SetupRegions, ui: UIContext, row: pygame.Rect) -> None:
    """What escaping costs, once escape is allowed."""
    if view.escape:
        p, small = ui.palette, ui.theme.text_size("small")
        cost = regions.options.at(regions.options.escape_cost, "escape", row)
        at = (row.x + OPTION_LABEL_INSET, cost.bottom + ESCAPE_NOTE_GAP)
        blit_text(surface, ui.t("combat.setup_escape_note"), at, "italic", small, p.ink_soft, box=row, owner="setup escape")
