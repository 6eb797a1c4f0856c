"""Layout without absolute positions: rows and columns that share a rect, rows flowing down a column, a scrolling pane.

``split`` cuts a rect into a row or a column of parts, each a fixed size or a
share of what is left (never below its minimum): screens compute their panels
from the page size with it, so they re-lay out when the window changes instead
of stretching. ``Column`` places rows (lines of text, a heading, a bar) one
under the other with named gaps and returns their rects, so a painter that lays
text down a panel takes its places from it instead of adding to a ``y`` by hand.
``ScrollPane`` holds rows of widgets whose number depends on the
book (scores, counters…): the rows that do not fit scroll with the wheel, the
scrollbar, and the keyboard (a row whose control takes the focus comes into view).
A pane and a list scroll by whole rows (``RowStops``): each stop is a row's top,
and only rows wholly in view are drawn and take clicks, so no half row peeks at
an edge (issue 30 item 12).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import pygame

from game.ui import text_fit
from game.ui.context import UIContext
from game.ui.scrollbar import Scrollbar
from game.ui.widget import Widget

SCROLLBAR_WIDTH = 8
PANEL_HEADING = (20, 14)  # a panel's heading: in from its left, down from its top
WHEEL_STEP = 40  # logical pixels per wheel notch


@dataclass(frozen=True)
class Part:
    """One part of a split: ``size`` pixels, or a ``share`` of the room left (at least ``minimum``)."""

    size: int = 0
    share: float = 0.0
    minimum: int = 0


def fixed(size: int) -> Part:
    """A part exactly ``size`` pixels long."""
    return Part(size=size)


def fill(share: float = 1.0, minimum: int = 0) -> Part:
    """A part that takes ``share`` of the room the fixed parts leave, never less than ``minimum``."""
    return Part(share=share, minimum=minimum)


def split(
    rect: pygame.Rect | tuple[int, int, int, int], parts: Sequence[Part], *, gap: int = 0, vertical: bool = False
) -> list[pygame.Rect]:
    """Cut ``rect`` into a row (or, ``vertical``, a column) of rects, one per part, ``gap`` apart.

    Fixed parts get their size; the room left is shared by the fill parts in proportion to their
    share, each at least its minimum (then the row is longer than ``rect``: the caller scrolls or
    accepts it). The last fill part takes the rounding remainder so the parts end at the rect's end.
    """
    rect = pygame.Rect(rect)
    length = rect.height if vertical else rect.width
    room = length - gap * max(0, len(parts) - 1) - sum(p.size for p in parts if not p.share)
    sizes = [p.size for p in parts]
    flexible = [i for i, p in enumerate(parts) if p.share]
    # Parts whose share would fall below their minimum get the minimum; the others share the rest.
    while flexible:
        shares = sum(parts[i].share for i in flexible)
        short = [i for i in flexible if room * parts[i].share / shares < parts[i].minimum]
        if not short:
            break
        for i in short:
            sizes[i] = parts[i].minimum
            room -= parts[i].minimum
            flexible.remove(i)
    if flexible:
        shares = sum(parts[i].share for i in flexible)
        for i in flexible:
            sizes[i] = max(parts[i].minimum, int(room * parts[i].share / shares))
        last = flexible[-1]
        sizes[last] = max(parts[last].minimum, sizes[last] + room - sum(sizes[i] for i in flexible))
    rects, at = [], rect.y if vertical else rect.x
    for size in sizes:
        rects.append(pygame.Rect(rect.x, at, rect.width, size) if vertical else pygame.Rect(at, rect.y, size, rect.height))
        at += size + gap
    return rects


def heading_at(panel: pygame.Rect) -> tuple[int, int]:
    """Where a panel's heading is written (its top-left)."""
    return panel.x + PANEL_HEADING[0], panel.y + PANEL_HEADING[1]


def grid(rect: pygame.Rect, count: int, cell: tuple[int, int], *, gap: int = 8) -> list[pygame.Rect]:
    """``count`` cells of at least ``cell`` size filling ``rect`` row by row, as many per row as fit."""
    columns = max(1, (rect.width + gap) // (cell[0] + gap))
    width = (rect.width - gap * (columns - 1)) // columns
    return [
        pygame.Rect(rect.x + (i % columns) * (width + gap), rect.y + (i // columns) * (cell[1] + gap), width, cell[1])
        for i in range(count)
    ]


class Column:
    """Rows placed down a rect one under the other, each of a given height after a gap: text flowing down a panel.
    Every placement is a rect, so a painter says which row it draws in, never how far down it is.

    ``gap`` is the column's gap between two rows (none before the first); a row may ask for its own.
    ``Column.inside(panel, inset)`` starts at a panel's inset corner.
    """

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], *, gap: int = 0) -> None:
        self.rect = pygame.Rect(rect)
        self.gap = gap
        self.y = self.rect.top  # where the last row ended (the top, before the first)
        self.placed = 0

    @classmethod
    def inside(cls, rect: pygame.Rect, inset: tuple[int, int], *, bottom: int = 0, gap: int = 0) -> Column:
        """A column in ``rect`` from ``inset`` (left and top; the right as the left) down to ``bottom`` above its end."""
        left, top = inset
        return cls((rect.x + left, rect.y + top, rect.width - 2 * left, rect.height - top - bottom), gap=gap)

    def _top(self, gap: int | None) -> int:
        return self.y + (gap if gap is not None else self.gap if self.placed else 0)

    def skip(self, gap: int) -> None:
        """Leave ``gap`` more pixels before the next row."""
        self.y += gap

    def fits(self, height: int, gap: int | None = None) -> bool:
        """Whether the next row, ``height`` tall, still ends inside the column."""
        return self._top(gap) + height <= self.rect.bottom

    def row(self, height: int, gap: int | None = None) -> pygame.Rect:
        """The next row: under the last one (``gap``, else the column's), ``height`` tall, as wide as the column."""
        top = self._top(gap)
        self.y, self.placed = top + height, self.placed + 1
        return pygame.Rect(self.rect.x, top, self.rect.width, height)

    def rows(self, count: int, height: int, gap: int | None = None) -> list[pygame.Rect]:
        """``count`` rows of ``height``, each ``gap`` (else the column's) under the one before."""
        return [self.row(height, gap) for _ in range(count)]


Painter = Callable[[pygame.Surface, pygame.Rect], None]


@dataclass(frozen=True)
class RowStops:
    """Where rows of a scrolling view may stop: each row's top, up to the first from which the rest is in view.

    The tops rise, so every question is a bisection: a journal of 10 000 rows asks several a click.
    """

    tops: tuple[int, ...]  # each row's top in the content, then where the last one ends
    view: int  # the view's height

    @cached_property
    def stops(self) -> tuple[int, ...]:
        tops = self.tops
        if len(tops) < 2:
            return (0,)
        # the first top from which the rest fits the view ends the stops (the last row's top when none does)
        last = bisect_left(tops, tops[-1] - self.view, 0, len(tops) - 2)
        return tops[: last + 1]

    def _nearest_index(self, offset: float) -> int:
        stops = self.stops
        at = bisect_left(stops, offset)
        if at == len(stops) or at and offset - stops[at - 1] <= stops[at] - offset:  # a tie goes to the stop above
            at -= 1
        return bisect_left(stops, stops[at])  # the first of equal stops (rows of no height)

    def nearest(self, offset: float) -> int:
        """The stop nearest to ``offset`` (a scrollbar dragged, a content pixel asked for)."""
        return self.stops[self._nearest_index(offset)]

    def at_least(self, offset: float) -> int:
        """The first stop at or below ``offset`` (so a row that must come into view is wholly in it)."""
        stops = self.stops
        return stops[min(bisect_left(stops, offset), len(stops) - 1)]

    def step(self, offset: int, rows: int) -> int:
        """``rows`` rows on from ``offset`` (back for a negative count): a wheel's notches."""
        stops = self.stops
        return stops[max(0, min(len(stops) - 1, self._nearest_index(offset) + rows))]

    def shown(self, offset: int) -> int:
        """How far down the view rows are wholly shown from ``offset`` (the rest of the view stays blank)."""
        tops = self.tops
        first = bisect_left(tops, offset, 0, max(0, len(tops) - 1))  # the first row starting at or under offset
        last_end = bisect_right(tops, offset + self.view) - 1  # the last row end within the view
        bottom = tops[last_end] - offset if first < len(tops) - 1 and last_end > first else 0
        return bottom if bottom else min(self.view, (tops[-1] if tops else 0) - offset)


@dataclass
class PaneRow:
    """A row of a pane: its height, its widgets (with their place relative to the row), what it draws."""

    height: int
    widgets: list[Widget]
    offsets: list[tuple[int, int]]
    paint: Painter | None = None  # drawn under the widgets (labels, icons)
    paint_over: Painter | None = None  # drawn over them (an icon on a button)
    top: int = 0  # from the top of the content
    extra: dict = field(default_factory=dict)


class ScrollPane(Widget):
    """Rows of widgets in a rect; what does not fit scrolls (wheel, scrollbar, focus)."""

    focusable = False

    def __init__(
        self, ui: UIContext, rect: pygame.Rect | tuple[int, int, int, int], *, gap: int = 0, whole_rows: bool = True, **options
    ) -> None:
        """``whole_rows``: stop only at a row's top and show whole rows (off for one tall block of text)."""
        super().__init__(ui, rect, **options)
        self.gap = gap
        self._whole_rows = whole_rows
        self.rows: list[PaneRow] = []
        self.offset = 0
        self.revealed: Widget | None = None  # the focused control last brought into view
        self.scrollbar = Scrollbar(
            ui, pygame.Rect(self.rect.right - SCROLLBAR_WIDTH, self.rect.y, SCROLLBAR_WIDTH, self.rect.height)
        )

    # -- content -----------------------------------------------------------------------------

    def add_row(self, height: int, *widgets: Widget, paint: Painter | None = None, paint_over: Painter | None = None) -> PaneRow:
        """Append a row; ``widgets`` were made at their place as if the pane were not scrolled."""
        top = self.content_height + (self.gap if self.rows else 0)
        row_y = self.rect.y + top
        row = PaneRow(height, list(widgets), [(w.rect.x, w.rect.y - row_y) for w in widgets], paint, paint_over, top)
        for widget in widgets:
            widget.pane = self
        self.rows.append(row)
        self._place()
        return row

    @property
    def content_height(self) -> int:
        """The height of all rows (what would be needed to show them all)."""
        return self.rows[-1].top + self.rows[-1].height if self.rows else 0

    @property
    def whole_rows(self) -> bool:
        """Whether the pane stops at rows' tops: asked for, and no row is taller than the pane (then it scrolls by
        the pixel, as one block of text or a panel's whole content does)."""
        return self._whole_rows and all(row.height <= self.rect.height for row in self.rows)

    @property
    def row_stops(self) -> RowStops:
        """Where this pane may stop scrolling: at a row's top (whole rows)."""
        tops = [row.top for row in self.rows] + [self.content_height]
        return RowStops(tuple(tops), self.rect.height)

    @property
    def max_offset(self) -> int:
        if not self.whole_rows:
            return max(0, self.content_height - self.rect.height)
        return self.row_stops.stops[-1] if self.content_height > self.rect.height else 0

    @property
    def view(self) -> pygame.Rect:
        """The part of the pane that shows rows: only whole ones (the rest of the pane stays blank)."""
        if not self.scrolls or not self.whole_rows:
            return self.rect
        return pygame.Rect(self.rect.x, self.rect.y, self.rect.width, self.row_stops.shown(self.offset))

    @property
    def scrolls(self) -> bool:
        """Whether some rows are out of view (then the scrollbar shows)."""
        return self.content_height > self.rect.height

    def row_rect(self, row: PaneRow) -> pygame.Rect:
        """Where ``row`` is now, on the page (may be outside the pane)."""
        return pygame.Rect(self.rect.x, self.rect.y + row.top - self.offset, self.rect.width, row.height)

    def scroll_to(self, offset: int) -> None:
        """Scroll so that the row starting nearest ``offset`` pixels into the content is at the pane's top."""
        if not self.whole_rows:
            self.offset = max(0, min(self.max_offset, int(offset)))
        else:
            self.offset = self.row_stops.nearest(offset) if self.scrolls else 0
        self._place()

    def reveal(self, widget: Widget) -> None:
        """Scroll as little as possible so that ``widget``'s row is wholly in view."""
        for row in self.rows:
            if widget in row.widgets:
                if row.top < self.offset:
                    self.scroll_to(row.top)
                elif row.top + row.height > self.offset + self.view.height:
                    below = row.top + row.height - self.rect.height
                    self.scroll_to(self.row_stops.at_least(below) if self.whole_rows else below)
                return

    def _place(self) -> None:
        for row in self.rows:
            row_y = self.rect.y + row.top - self.offset
            for widget, (x, dy) in zip(row.widgets, row.offsets):
                widget.rect.topleft = (x, row_y + dy)
        self.scrollbar.set_extent(self.content_height, self.rect.height, self.offset)

    # -- events -------------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> bool:
        super().process_event(event)
        if not self.scrolls:
            return False
        if event.type == pygame.MOUSEWHEEL and self.contains(getattr(event, "pos", (-1, -1))):
            if self.whole_rows:  # a row a notch
                self.scroll_to(self.row_stops.step(self.offset, -event.y))
            else:
                self.scroll_to(self.offset - event.y * WHEEL_STEP)
            return True
        if self.scrollbar.process_event(event):
            self.scroll_to(self.scrollbar.offset)
            return True
        return False

    def update(self, dt: float) -> None:
        # The keyboard scrolls too: a control of the pane that takes the focus is brought into view, once (the
        # wheel may then scroll away from it: the pane follows the focus when it moves, not every frame).
        focused = next((widget for row in self.rows for widget in row.widgets if widget.focused), None)
        if focused is not None and focused is not self.revealed:
            self.reveal(focused)
        self.revealed = focused

    # -- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The rows in view (clipped to the pane), then the scrollbar when some are hidden."""
        previous, view = surface.get_clip(), self.view
        surface.set_clip(view.clip(previous) if previous else view)
        try:
            for row in self.rows:
                rect = self.row_rect(row)
                if rect.bottom < view.top or rect.top > view.bottom:
                    continue
                if self.whole_rows and row.height <= view.height and (rect.top < view.top or rect.bottom > view.bottom):
                    continue  # whole rows only (a row taller than the pane is shown clipped)
                if row.paint is not None:
                    row.paint(surface, rect)
                for widget in row.widgets:
                    if widget.visible and widget.rect.colliderect(view):  # one scrolled out draws nothing
                        text_fit.draw_widget(widget, surface)
                if row.paint_over is not None:
                    row.paint_over(surface, rect)
        finally:
            surface.set_clip(previous)
        self.scrollbar.draw_for(surface, self.content_height, self.rect.height, self.offset)
