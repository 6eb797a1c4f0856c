"""Painting the fight's setup: the two panels, the creature rows, the form's labels and the refusal.

Painters of ``(surface, view, regions, ui)``: they draw what the
:class:`~game.scenes.fight_setup.view.SetupView` says where the
:class:`~game.scenes.fight_setup.layout.SetupRegions` put it, and never change
the setup. The options' labels are painted with their pane's rows (``*_row``,
given the row's rect wherever it has scrolled).
"""

from __future__ import annotations

import pygame

from game.scenes.fight_setup.layout import PAD, ROW_H, SetupRegions
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
    blit_text(surface, t("combat.setup_title"), (width // 2, 14), "title", theme.text_size("title"), p.rubric, "midtop")
    draw_rule(surface, width // 2 - 300, width // 2 + 300, 72, p.ink_soft)
    heading = theme.text_size("heading")
    for rect, key in ((regions.left, "combat.setup_enemies"), (regions.right, "combat.setup_options")):
        draw_panel(surface, rect, p)
        title, size = fit_line(t(key), "title", heading, rect.width - 2 * PAD)
        blit_text(surface, title, (rect.x + PAD, rect.y + 10), "title", size, p.ink, box=rect, owner="setup panel title")
        pygame.draw.line(surface, p.ink_faint, (rect.x + PAD, rect.y + 46), (rect.right - PAD, rect.y + 46))
    _creatures(surface, view, regions, ui)
    _form(surface, view, regions, ui)
    if view.message:
        room = pygame.Rect(regions.left.x, regions.buttons_y, regions.cancel.x - 16 - regions.left.x, 52)
        _refusal(surface, view.message, room, ui)


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
        blit_text(surface, t("combat.setup_no_boxes"), (x, left.y + 60 + ROW_H // 2 - 3), "italic", body, p.ink_soft, "midleft")
    if rows.hidden > 0:
        at = (left.right - PAD, rows.typed_label_y)
        blit_text(surface, t("combat.setup_more_boxes", n=rows.hidden), at, "italic", small, p.ink_soft, "topright")
    blit_text(surface, t("combat.setup_typed"), (x, rows.typed_label_y), "italic", small, p.ink_soft)
    room = rows.removes[0].x - 12 - x
    for row, label in enumerate(view.typed[: rows.typed_rows]):
        at = (x, rows.typed_top + row * ROW_H + 16)
        blit_text(surface, ellipsize(label, "body", body, room), at, "body", body, p.ink, "midleft")
    if not view.typed:
        blit_text(surface, t("combat.setup_typed_none"), (x, rows.typed_top + 16), "italic", small, p.ink_faint, "midleft")


def _form(surface: pygame.Surface, view: SetupView, regions: SetupRegions, ui: UIContext) -> None:
    """The creature form's labels, above its fields."""
    p, rows, small = ui.palette, regions.creatures, ui.theme.text_size("small")
    fy = rows.form_y
    pygame.draw.line(surface, p.ink_faint, (rows.x, fy - 4), (rows.panel.right - PAD, fy - 4))
    attack, stamina = view.score_names
    for field, label in ((rows.name, ui.t("combat.setup_name")), (rows.skill, attack), (rows.stamina, stamina)):
        label, size = fit_line(label, "italic", small, field.width + 12)
        blit_text(surface, label, (field.x, fy + 4), "italic", size, p.ink_soft)
    blit_text(surface, ui.t("combat.setup_notes"), (rows.x, fy + 78), "italic", small, p.ink_soft)


def _row_label(surface: pygame.Surface, ui: UIContext, rect: pygame.Rect, key: str, top: int, owner: str) -> None:
    """An option row's italic label, ``top`` pixels down its row, above the row's buttons."""
    p, small = ui.palette, ui.theme.text_size("small")
    blit_text(surface, ui.t(key), (rect.x + 18, rect.y + top), "italic", small, p.ink_soft, box=rect, owner=owner)


def mode_row(surface: pygame.Surface, view: SetupView, regions: SetupRegions, ui: UIContext, row: pygame.Rect) -> None:
    """The mode's label above its three buttons."""
    _row_label(surface, ui, row, "combat.setup_mode", 4, "setup mode")


def profile_row(surface: pygame.Surface, view: SetupView, regions: SetupRegions, ui: UIContext, row: pygame.Rect) -> None:
    """The kind of fight's label (a book with vehicle or ship fights)."""
    _row_label(surface, ui, row, "combat.setup_profile", 0, "setup profile")


def archery_row(surface: pygame.Surface, view: SetupView, regions: SetupRegions, ui: UIContext, row: pygame.Rect) -> None:
    """Archery's heading and the arrows in the quiver, left of the shots counter."""
    p, t, theme = ui.palette, ui.t, ui.theme
    body, small = theme.text_size("body"), theme.text_size("small")
    blit_text(surface, t("combat.setup_archery"), (row.x + 18, row.y + 10), "title", body, p.ink, box=row, owner="setup archery")
    at = (row.x + 18, row.y + 42)
    blit_text(surface, t("combat.setup_quiver", n=view.arrows), at, "italic", small, p.ink_soft, box=row, owner="setup archery")


def ally_row(surface: pygame.Surface, view: SetupView, regions: SetupRegions, ui: UIContext, row: pygame.Rect) -> None:
    """The ally's field labels (faint while there is no ally)."""
    p, t, small, options = ui.palette, ui.t, ui.theme.text_size("small"), regions.options
    ink = p.ink_soft if view.ally else p.ink_faint
    for field, key in zip(options.ally_fields, ("combat.setup_name", "combat.setup_skill", "combat.setup_stamina")):
        field = options.at(field, "ally", row)
        label, size = fit_line(t(key), "italic", small, field.width + 12)
        blit_text(surface, label, (field.x, field.y - 26), "italic", size, ink, box=row, owner="setup ally")


def escape_row(surface: pygame.Surface, view: SetupView, regions: SetupRegions, ui: UIContext, row: pygame.Rect) -> None:
    """What escaping costs, once escape is allowed."""
    if view.escape:
        p, small = ui.palette, ui.theme.text_size("small")
        at = (row.x + 18, regions.options.at(regions.options.escape_cost, "escape", row).bottom + 8)
        blit_text(surface, ui.t("combat.setup_escape_note"), at, "italic", small, p.ink_soft, box=row, owner="setup escape")
