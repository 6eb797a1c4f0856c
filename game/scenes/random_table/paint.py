"""Painters of the Random Number Table: the grid of digits and the numbers picked (from a TableView)."""

from __future__ import annotations

import pygame

from game.scenes.random_table.layout import SIDE, TableRegions
from game.scenes.random_table.view import TableView
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text
from game.ui.text_fit import fit_line


def paint_table(surface: pygame.Surface, view: TableView, r: TableRegions, ui: UIContext) -> None:
    """The prompt, the grid and the picks' column."""
    p, theme = ui.palette, ui.theme
    text, size = fit_line(view.prompt, "body", theme.text_size("body"), r.prompt.width)
    blit_text(surface, text, r.prompt.midleft, "body", size, p.ink, "midleft", box=r.prompt, owner="random table")
    paint_grid(surface, view, r, ui)
    size = theme.text_size("body")
    for index, row in enumerate(view.rows):
        rect = r.pick_row(index)
        colour = p.rubric if row.current else p.ink
        value = "—" if row.value is None else str(row.value)
        label, label_size = fit_line(row.label, "body", size, rect.width - fonts.text_width(value, "bold", size) - 16)
        blit_text(surface, label, rect.midleft, "body", label_size, colour, "midleft", box=rect, owner="random table")
        blit_text(surface, value, rect.midright, "bold", size, colour, "midright", box=rect, owner="random table")
    below = r.typed.y - 6
    blit_text(surface, view.typed_label, (r.typed.x, below), "italic", theme.text_size("small"), p.ink_soft, "bottomleft")


def paint_grid(surface: pygame.Surface, view: TableView, r: TableRegions, ui: UIContext) -> None:
    """Ten rows of ten digits, as the paper table prints them; the cell pointed at in red, the keyboard's outlined."""
    p = ui.palette
    pygame.draw.rect(surface, p.parchment_light, r.grid)
    size = max(14, min(ui.theme.text_size("heading"), r.cell * 2 // 3))
    for index, digit in enumerate(view.digits):
        cell = r.cell_rect(index)
        if index == view.pointed:
            pygame.draw.rect(surface, p.rubric, cell)
            colour = p.accent_text
        else:
            colour = p.ink
        if digit is None:
            pygame.draw.rect(surface, p.parchment_dark, cell.inflate(-6, -6), border_radius=3)
        else:
            blit_text(surface, str(digit), cell.center, "body", size, colour, "center")
    for line in range(SIDE + 1):
        x = r.grid.x + line * r.cell
        y = r.grid.y + line * r.cell
        width = 2 if line in (0, SIDE // 2, SIDE) else 1
        pygame.draw.line(surface, p.ink_soft, (x, r.grid.y), (x, r.grid.y + SIDE * r.cell), width)
        pygame.draw.line(surface, p.ink_soft, (r.grid.x, y), (r.grid.x + SIDE * r.cell, y), width)
    if view.cursor is not None:
        pygame.draw.rect(surface, p.focus, r.cell_rect(view.cursor).inflate(2, 2), 3)
