"""Where the Random Number Table's parts go in its panel: the prompt, the 10×10 grid, the picks, the buttons.

The grid is square and takes the panel's left part (its side follows the panel's height); the right column
lists each number asked with its value, then the typed number and its button; OK and Cancel at the foot.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

SIDE = 10  # a 10×10 grid: each digit ten times
PAD = 24
PROMPT_TOP = 64  # below the panel's title
PROMPT_H = 34
BUTTON_H = 46
PICK_ROW = 36
RIGHT_MIN = 250  # the picks' column
GRID_GAP, GRID_FOOT = 8, 12  # the grid under the prompt, and above the buttons
LEAST_CELL = 18  # a grid's cell is at least this
TYPED_ABOVE = 44  # room for "or your own number:" above the field
TYPED, TYPED_GAP, USE_LEAST = (84, 44), 10, 80  # the field and the button beside it
UNDO_DROP, UNDO_H = 56, 42  # Undo, under the field
ANSWER_W, ANSWER_GAP = 130, 12  # OK and Cancel


@dataclass(frozen=True)
class TableRegions:
    """The table's parts for one panel."""

    panel: pygame.Rect
    prompt: pygame.Rect
    grid: pygame.Rect
    picks: pygame.Rect  # the numbers asked, one row each
    typed: pygame.Rect  # the number typed from one's own book
    use_typed: pygame.Rect
    undo: pygame.Rect
    ok: pygame.Rect
    cancel: pygame.Rect

    @property
    def cell(self) -> int:
        """A cell's side."""
        return self.grid.width // SIDE

    def cell_rect(self, index: int) -> pygame.Rect:
        """Cell ``index`` (row-major, 0 at the top left)."""
        row, column = divmod(index, SIDE)
        side = self.cell
        return pygame.Rect(self.grid.x + column * side, self.grid.y + row * side, side, side)

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The cell under ``pos``, or None off the grid."""
        if not self.grid.collidepoint(pos):
            return None
        column = (pos[0] - self.grid.x) // self.cell
        row = (pos[1] - self.grid.y) // self.cell
        if not (0 <= row < SIDE and 0 <= column < SIDE):
            return None
        return row * SIDE + column

    def pick_row(self, index: int) -> pygame.Rect:
        """Row ``index`` of the picks' column."""
        return pygame.Rect(self.picks.x, self.picks.y + index * PICK_ROW, self.picks.width, PICK_ROW)


def table_regions(panel: pygame.Rect, asked: int) -> TableRegions:
    """The parts of the table in ``panel`` for ``asked`` random numbers."""
    foot = panel.bottom - PAD - BUTTON_H
    top = panel.y + PROMPT_TOP
    prompt = pygame.Rect(panel.x + PAD, top, panel.width - 2 * PAD, PROMPT_H)
    grid_top = prompt.bottom + GRID_GAP
    room = min(foot - GRID_FOOT - grid_top, panel.width - 3 * PAD - RIGHT_MIN)
    side = max(SIDE * LEAST_CELL, room) // SIDE * SIDE
    grid = pygame.Rect(panel.x + PAD, grid_top, side, side)
    right = pygame.Rect(grid.right + PAD, grid_top, panel.right - PAD - grid.right - PAD, side)
    picks = pygame.Rect(right.x, right.y, right.width, PICK_ROW * asked)
    typed_y = picks.bottom + TYPED_ABOVE
    typed = pygame.Rect(right.x, typed_y, *TYPED)
    use_width = max(USE_LEAST, right.right - typed.right - TYPED_GAP)
    use_typed = pygame.Rect(typed.right + TYPED_GAP, typed_y, use_width, TYPED[1])
    undo = pygame.Rect(right.x, typed_y + UNDO_DROP, right.width, UNDO_H)
    ok = pygame.Rect(panel.right - PAD - 2 * ANSWER_W - ANSWER_GAP, foot, ANSWER_W, BUTTON_H)
    cancel = pygame.Rect(panel.right - PAD - ANSWER_W, foot, ANSWER_W, BUTTON_H)
    return TableRegions(panel, prompt, grid, picks, typed, use_typed, undo, ok, cancel)
