"""What text_fit's recorder keeps of a frame, and the overlaps it finds in it (see game.ui.text_fit.recording).

Apart from text_fit so that the app, which never records, does not make these records' classes at its start
(each dataclass compiles its methods: issue 28).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame


@dataclass(frozen=True)
class Overflow:
    """One text drawn outside its box, over another text, or over a control that is not its own."""

    owner: str  # the widget or the part of the screen that drew it
    text: str
    drawn: tuple[int, int, int, int]
    box: tuple[int, int, int, int]
    kind: str = "outside"  # "outside" its box or panel, "over text", "over control"


@dataclass
class Line:
    """A line drawn this frame, in the coordinates of the surface it ends up on (a subsurface's parent)."""

    target: int  # id of that surface
    core: pygame.Rect  # the capitals' band, clipped: where two lines may not meet
    text: str
    owner: str
    widget: int | None  # id of the control that drew it, if one did
    order: int  # when it was drawn, among panels, controls and lines


@dataclass(frozen=True)
class Control:
    """A focusable widget drawn this frame, clipped to where it shows."""

    target: int
    rect: pygame.Rect
    widget: int
    name: str
    order: int


@dataclass
class Frame:
    """What the recorder saw drawn: panels, controls and lines, each with the order it was drawn in."""

    panels: list[tuple[int, pygame.Rect, int]] = field(default_factory=list)  # target, rect, order
    controls: list[Control] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    widgets: list[int] = field(default_factory=list)  # the controls being drawn, innermost last
    drawn: int = 0  # a counter giving each panel, control and line its order

    def next(self) -> int:
        """The order of the next thing drawn."""
        self.drawn += 1
        return self.drawn

    def innermost_panel(self, target: int, point: tuple[int, int]) -> pygame.Rect | None:
        """The panel drawn last (the topmost, so the innermost) on ``target`` that holds ``point``."""
        for where, rect, _ in reversed(self.panels):
            if where == target and rect.collidepoint(point):
                return rect
        return None

    def hidden(self, where: pygame.Rect, target: int, first: int, last: int) -> bool:
        """Whether a panel drawn between orders ``first`` and ``last`` covers ``where``: what was under it no longer shows."""
        return any(t == target and first < order < last and rect.contains(where) for t, rect, order in self.panels)


MEET = 3  # two cores meeting by fewer pixels than this either way are touching, not overlapping


def four(rect: pygame.Rect) -> tuple[int, int, int, int]:
    """``rect`` as the plain numbers an Overflow keeps."""
    return rect.x, rect.y, rect.width, rect.height


def _meets(a: pygame.Rect, b: pygame.Rect) -> bool:
    both = a.clip(b)
    return both.width >= MEET and both.height >= MEET


def overlaps(frame: Frame) -> list[Overflow]:
    """Lines drawn over other lines, and lines drawn over a control by someone else than the control.

    Nothing is an overlap where a panel drawn in between covers it (a dialog over the screen below).
    A control whose face the screen paints (a card, a page of text) may hold the screen's lines
    wholly; a line across its edge, or inside one that draws text of its own, is reported.
    """
    found: list[Overflow] = []
    lines = [line for line in frame.lines if line.core.width and line.core.height]
    for position, first in enumerate(lines):
        for second in lines[position + 1 :]:
            if first.target != second.target or not _meets(first.core, second.core):
                continue
            near = abs(first.core.x - second.core.x) <= MEET and abs(first.core.y - second.core.y) <= MEET
            if first.text == second.text and near:
                continue  # the same text again at (almost) the same place: a shadow, an outline, a redraw
            if frame.hidden(first.core.clip(second.core), first.target, first.order, second.order):
                continue
            found.append(Overflow(second.owner, second.text, four(second.core), four(first.core), "over text"))
    speaking = {line.widget for line in lines if line.widget is not None}
    for line in lines:
        for control in frame.controls:
            if control.target != line.target or control.widget == line.widget or not _meets(line.core, control.rect):
                continue
            if control.rect.contains(line.core) and control.widget not in speaking:
                continue  # the screen paints this control's face
            early, late = sorted((line.order, control.order))
            if frame.hidden(line.core.clip(control.rect), line.target, early, late):
                continue
            found.append(Overflow(line.owner, line.text, four(line.core), four(control.rect), f"over control {control.name}"))
    return found
