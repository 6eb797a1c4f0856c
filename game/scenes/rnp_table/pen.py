"""Text in a panel of the Rôle'n Play table: the one way its painters write a line, a caption, a paragraph.

A painter makes a :class:`Pen` for the surface it paints and writes with it; a line scrolled
wholly out of the panel's view is not drawn (only its place is measured), so a long panel
costs nothing for what is hidden.
"""

from __future__ import annotations

import pygame

from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import Colour, blit_text
from game.ui.text_fit import fit_line, wrap_words

LEADING = 3  # the Garamond faces have no leading of their own: a line is this much taller than its font
MAX_LINES = 20
HEADING_GAP = 4  # between a part's heading and what it heads
COLUMN_RULE = (20, 14)  # a column's rule: left of it when beside the controls, above it when under them


class Pen:
    """Writes on ``surface`` in the theme's faces and sizes, with the palette's inks."""

    def __init__(self, surface: pygame.Surface, ui: UIContext) -> None:
        self.surface = surface
        self.ui = ui

    def text(
        self,
        text: str,
        pos: tuple[int, int],
        *,
        face: str = "body",
        role: str = "body",
        colour: Colour | None = None,
        anchor: str = "topleft",
        width: int | None = None,
    ) -> pygame.Rect:
        """One line; a line scrolled wholly out of the view is not drawn (only its place is returned).

        ``width``: the room it has (a name in a column): set smaller, then shortened with "…" in its middle
        (names that differ only at their end stay told apart).
        """
        size = self.ui.theme.text_size(role)
        if width is not None:
            text, size = fit_line(text, face, size, width, middle=True)
        line = pygame.Rect(0, 0, fonts.text_width(text, face, size), fonts.line_height(face, size))
        setattr(line, anchor, (round(pos[0]), round(pos[1])))
        if not line.colliderect(self.surface.get_clip()):
            return line
        ink = colour or self.ui.palette.ink
        if width is None:
            return blit_text(self.surface, text, pos, face, size, ink, anchor)
        box = pygame.Rect(line.x, line.y, width, line.height)
        return blit_text(self.surface, text, pos, face, size, ink, anchor, box=box, owner="rnp column")

    def label(self, text: str, pos: tuple[int, int]) -> pygame.Rect:
        """A small italic caption above a control."""
        return self.text(text, pos, face="italic", role="small", colour=self.ui.palette.ink_soft)

    def heading(self, text: str, pos: tuple[int, int]) -> pygame.Rect:
        """A part's heading inside a panel (the preview, the checklist…), in red ink."""
        return self.text(text, pos, face="title", role="heading", colour=self.ui.palette.rubric)

    def under_heading(self, y: int) -> int:
        """The y under a heading written at ``y``, with the gap before what it heads."""
        return y + self.line_height("heading", "title") + HEADING_GAP

    def paragraph(
        self,
        text: str,
        x: int,
        y: int,
        width: int,
        *,
        face: str = "body",
        role: str = "body",
        colour: Colour | None = None,
        max_lines: int = MAX_LINES,
    ) -> int:
        """Wrapped text; returns the y below it."""
        size = self.ui.theme.text_size(role)
        height = self.line_height(role, face)
        for line in wrap_words(text, face, size, width)[:max_lines]:
            self.text(line, (x, y), face=face, role=role, colour=colour)
            y += height
        return y

    def note(self, text: str, x: int, y: int, width: int, max_lines: int = MAX_LINES) -> int:
        """The book's small print under a result (italic, soft ink); returns the y below it."""
        return self.paragraph(
            text, x, y, width, face="italic", role="small", colour=self.ui.palette.ink_soft, max_lines=max_lines
        )

    def soft(self, text: str, x: int, y: int, width: int, *, colour: Colour | None = None, max_lines: int = MAX_LINES) -> int:
        """An italic paragraph in body size (what to type, a refusal, an empty list); returns the y below it."""
        return self.paragraph(text, x, y, width, face="italic", colour=colour or self.ui.palette.ink_soft, max_lines=max_lines)

    def line_height(self, role: str = "body", face: str = "body") -> int:
        """A line's height with a little leading (the bold face is drawn as tall as it is)."""
        return line_height(self.ui, role, face)

    def bold_line(self, text: str, x: int, y: int, *, role: str = "body", colour: Colour | None = None) -> int:
        """One bold line; returns the y below it (bold lines are taller than body lines)."""
        self.text(text, (x, y), face="bold", role=role, colour=colour)
        return y + self.line_height(role, "bold")

    def divider(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        """A faint rule between two parts of a panel."""
        pygame.draw.line(self.surface, self.ui.palette.ink_faint, start, end)

    def column_rule(self, column: pygame.Rect, beside: bool) -> None:
        """The rule that sets a column (a preview, a checklist) off from the controls: down its left side when
        it is beside them, across its top when it is under them."""
        if beside:
            self.divider((column.left - COLUMN_RULE[0], column.top), (column.left - COLUMN_RULE[0], column.bottom))
        else:
            self.divider((column.left, column.top - COLUMN_RULE[1]), (column.right, column.top - COLUMN_RULE[1]))


def line_height(ui: UIContext, role: str = "body", face: str = "body") -> int:
    """A line's height with a little leading (the bold face is drawn as tall as it is); a panel measures
    its content with it too."""
    height = fonts.line_height(face, ui.theme.text_size(role))
    return height if face == "bold" else height + LEADING
