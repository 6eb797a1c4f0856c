"""Scrollable list of rows (inventory, enemies, save slots).

Wheel scrolls; dragging the content scrolls it (touch-style) while a press
without movement selects the row; the scrollbar thumb drags; Up/Down/Page/
Home/End move the selection; Enter activates it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import accumulate

import pygame

from game.i18n.catalogue import TextSource
from game.ui.context import UIContext
from game.ui.draw import blit_text
from game.ui.icons import draw_icon
from game.ui.layout import RowStops
from game.ui.scrollbar import Scrollbar
from game.ui.text_fit import fit_line, wrap_words
from game.ui.widget import Widget

DRAG_THRESHOLD = 6  # pixels of movement before a press becomes a drag
WHEEL_ROWS = 1


class ScrollList(Widget):
    """Rows of text; ``selected`` is an index or None."""

    def __init__(
        self,
        ui: UIContext,
        rect: pygame.Rect | tuple[int, int, int, int],
        items: Sequence[TextSource] = (),
        *,
        row_height: int = 36,
        icons: Sequence[str | None] | None = None,
        on_select: Callable[[int], object] | None = None,
        on_activate: Callable[[int], object] | None = None,
        empty: TextSource | None = None,
        wrap: bool = False,
        middle: bool = False,
        **options,
    ) -> None:
        """``icons`` optionally names an icon per row (see game.ui.icons.ICONS); ``empty``: what shows with no row.

        ``wrap``: a long row goes on over more lines at the list's one text size (a journal), instead of
        being set smaller and shortened with "…"; ``row_height`` is then a one-line row's height.
        ``middle``: a row too long loses its middle rather than its end (names told apart by their end).
        """
        self.middle = middle
        super().__init__(ui, rect, **options)
        self.items: list[TextSource] = list(items)
        self.empty = empty
        self.icons = list(icons) if icons is not None else None
        self.spoken_rows: list[TextSource] | None = None
        self.row_height = row_height
        self.wrap = wrap
        self._wrapped: dict[tuple[str, int, int], list[str]] = {}  # (text, size, width) → its lines
        # The wrapped rows' heights and tops, and what they were worked out for (language, width, text size, the
        # rows themselves): a journal of 10 000 entries gains one row a click, whose height is the only one new.
        self._heights: tuple[tuple[object, ...], list[TextSource], list[int]] | None = None
        self._tops: tuple[list[TextSource], list[int]] | None = None
        self.on_select = on_select
        self.on_activate = on_activate
        self.selected: int | None = None
        self.scroll_y = 0
        self.scrollbar = Scrollbar(ui, self._scrollbar_rect())
        self._press: tuple[int, int] | None = None  # where a press began
        self._press_scroll = 0
        self._drag_scrolling = False

    role = "access.role_list"

    def spoken_value(self) -> str:
        """The selected row and where it stands ("3 / 7"), or how many rows there are."""
        if not self.items:
            return self.ui.t("access.list_empty")
        if self.selected is None or self.selected >= len(self.items):
            return self.ui.t("access.list_count", n=len(self.items))
        rows = self.spoken_rows
        row = rows[self.selected] if rows is not None and self.selected < len(rows) else None
        text = self.ui.text(row if row is not None else self.items[self.selected])
        return self.ui.t("access.list_row", text=text, n=self.selected + 1, total=len(self.items))

    def set_items(
        self,
        items: Sequence[TextSource],
        icons: Sequence[str | None] | None = None,
        spoken: Sequence[TextSource] | None = None,
    ) -> None:
        """Replace the rows, keeping the selection when still in range; ``spoken``: what a screen reader says for
        each row when its icon tells something the text does not (a folder, a file)."""
        self.items = list(items)
        self.icons = list(icons) if icons is not None else None
        self.spoken_rows = list(spoken) if spoken is not None else None
        if self.selected is not None and self.selected >= len(self.items):
            self.selected = None
        self.scroll_to(self.scroll_y)

    def _scrollbar_rect(self) -> pygame.Rect:
        width = self.ui.theme.sizes.scrollbar
        return pygame.Rect(self.rect.right - width - 4, self.rect.top + 4, width, self.rect.height - 8)

    def content_height(self) -> int:
        """Total height of all rows."""
        return self.row_top(len(self.items))

    def _line_pitch(self) -> int:
        """From one line of a wrapped row to the next."""
        return min(self.row_height, int(self.ui.theme.text_size("body") * 1.3))

    def row_lines(self, index: int) -> list[str]:
        """The lines row ``index`` is drawn on: one, or its words wrapped to the list's width."""
        text = self.ui.text(self.items[index])
        if not self.wrap:
            return [text]
        key = (text, self.ui.theme.text_size("body"), self._text_room(index))
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 4 * len(self.items) + 64:  # rows gone or a new width: forget the old ones
                self._wrapped.clear()
            lines = self._wrapped[key] = wrap_words(text, "body", key[1], key[2]) or [""]
        return lines

    def row_top(self, index: int) -> int:
        """Where row ``index`` starts in the content (``len(items)``: where the last one ends)."""
        if not self.wrap:
            return index * self.row_height
        return self._row_tops()[index]

    def _row_tops(self) -> list[int]:
        tops = self._tops
        if tops is not None and tops[0] is self.items and len(tops[1]) == len(self.items) + 1:
            if self._heights is not None and self._heights[0] == self._layout():
                return tops[1]
        heights = self._row_heights()
        self._tops = self.items, [0, *accumulate(heights)]
        return self._tops[1]

    def _layout(self) -> tuple[object, ...]:
        """What a wrapped row's height depends on besides its text: the language, the width, the text size, the icons."""
        icons = None if self.icons is None else tuple(map(bool, self.icons))
        return self.ui.catalogue.language, self.rect.width, self.ui.theme.text_size("body"), icons

    def _row_heights(self) -> list[int]:
        """Each row's height; the rows kept from the last time (the same rows before or after the new ones, as a
        journal adds its newest first or last) keep theirs, only the others are wrapped (one a click)."""
        layout, items = self._layout(), self.items
        known = self._heights
        pitch = self._line_pitch()

        def measured(indices: range) -> list[int]:
            return [self.row_height + (len(self.row_lines(i)) - 1) * pitch for i in indices]

        heights: list[int] | None = None
        if known is not None and known[0] == layout and layout[3] is None:  # (an icon moves a row's text: all again)
            old_items, old_heights = known[1], known[2]
            new, old = len(items), len(old_items)
            if new >= old and items[new - old :] == old_items:  # rows added before the known ones (newest first)
                heights = measured(range(new - old)) + old_heights
            elif new >= old and items[:old] == old_items:  # rows added after them
                heights = old_heights + measured(range(old, new))
            elif new < old and old_items[old - new :] == items:  # the first rows gone (an undo, newest first)
                heights = old_heights[old - new :]
            elif new < old and old_items[:new] == items:  # the last rows gone
                heights = old_heights[:new]
        if heights is None:
            heights = measured(range(len(items)))
        self._heights = layout, items, heights
        return heights

    def row_stops(self) -> RowStops:
        """Where the list may stop scrolling: at a row's top, so no half row peeks at its top or foot."""
        tops = self._row_tops() if self.wrap else [i * self.row_height for i in range(len(self.items) + 1)]
        return RowStops(tuple(tops), self.rect.height)

    def scroll_to(self, y: int) -> None:
        """Scroll so the row starting nearest content pixel ``y`` is at the top (whole rows)."""
        self.scroll_y = self.row_stops().nearest(y) if self.content_height() > self.rect.height else 0

    def _shown_bottom(self) -> int:
        """The list's y under the last row wholly in view."""
        if self.content_height() <= self.rect.height:
            return self.rect.bottom
        return self.rect.top + self.row_stops().shown(self.scroll_y)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The row index under logical point ``pos``, or None."""
        if not self.contains(pos) or pos[0] >= self._scrollbar_rect().left - 2 and self.content_height() > self.rect.height:
            return None
        if pos[1] >= self._shown_bottom():
            return None  # under the last whole row: a row not drawn takes no click
        y = pos[1] - self.rect.top + self.scroll_y
        index = y // self.row_height if not self.wrap else bisect_right(self._row_tops(), y) - 1
        return index if 0 <= index < len(self.items) else None

    def select(self, index: int | None) -> None:
        """Select row ``index`` and scroll it into view; reports through on_select."""
        if index is None or not self.items:
            self.selected = None
            return
        index = max(0, min(len(self.items) - 1, index))
        self.selected = index
        top, bottom = self.row_top(index), self.row_top(index + 1)
        if top < self.scroll_y:
            self.scroll_to(top)
        elif bottom > self.scroll_y + self.rect.height:
            self.scroll_y = self.row_stops().at_least(bottom - self.rect.height)
        if self.on_select is not None:
            self.on_select(index)

    def activate(self) -> None:
        """Enter: activate the selected row."""
        if self.enabled and self.selected is not None and self.on_activate is not None:
            self.on_activate(self.selected)

    _hover_row: int | None = None

    def _text_room(self, index: int) -> int:
        """The width a row's text may take (its icon and the scrollbar's gutter left out)."""
        text_right = self.rect.right - self.ui.theme.sizes.scrollbar - 8
        icon = self.row_height if self.icons is not None and index < len(self.icons) and self.icons[index] else 0
        return text_right - self.rect.left - 14 - icon - 4

    def tooltip_text(self) -> str | None:
        """The tooltip; over a row shortened to fit, that row's whole text."""
        text = super().tooltip_text()
        row = self._hover_row
        if text is None and row is not None and row < len(self.items) and not self.wrap:
            full = self.ui.text(self.items[row])
            if fit_line(full, "body", self.ui.theme.text_size("body"), self._text_room(row), middle=self.middle)[0] != full:
                return full
        return text

    def process_event(self, event: pygame.event.Event) -> bool:
        super().process_event(event)
        if event.type == pygame.MOUSEMOTION and hasattr(event, "pos"):
            self._hover_row = self.row_at(event.pos)
        if not self.enabled:
            return False
        self.scrollbar.rect = self._scrollbar_rect()
        self.scrollbar.set_extent(self.content_height(), self.rect.height, self.scroll_y)
        if self.scrollbar.process_event(event):
            self.scroll_to(self.scrollbar.offset)
            return True
        if event.type == pygame.MOUSEWHEEL and self.contains(getattr(event, "pos", (-1, -1))):
            self.scroll_y = self.row_stops().step(self.scroll_y, -event.y * WHEEL_ROWS)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self._press, self._press_scroll, self._drag_scrolling = event.pos, self.scroll_y, False
            return True
        if event.type == pygame.MOUSEMOTION and self._press is not None:
            dy = event.pos[1] - self._press[1]
            if self._drag_scrolling or abs(dy) >= DRAG_THRESHOLD:
                self._drag_scrolling = True
                self.scroll_to(self._press_scroll - dy)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press is not None:
            was_drag, self._press = self._drag_scrolling, None
            self._drag_scrolling = False
            if not was_drag:
                row = self.row_at(event.pos)
                if row is not None:
                    self.select(row)
            return True
        if event.type == pygame.KEYDOWN and self.focused and self.items:
            page = max(1, self.rect.height // self.row_height - 1)
            current = -1 if self.selected is None else self.selected
            moves = {
                pygame.K_UP: current - 1,
                pygame.K_DOWN: current + 1,
                pygame.K_PAGEUP: current - page,
                pygame.K_PAGEDOWN: current + page,
                pygame.K_HOME: 0,
                pygame.K_END: len(self.items) - 1,
            }
            if event.key in moves:
                self.select(moves[event.key])
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        p = self.ui.palette
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip))
        size = self.ui.theme.text_size("body")
        text_right = self.rect.right - self.ui.theme.sizes.scrollbar - 8
        if not self.items:
            # The list says it is empty itself, once: screens pass their own words as ``empty``.
            room = pygame.Rect(self.rect.left + 12, self.rect.top + 8, text_right - self.rect.left - 12, self.row_height)
            empty = self.ui.text(self.empty) if self.empty is not None else self.ui.t("list.empty")
            said, said_size = fit_line(empty, "italic", size, room.width)
            blit_text(surface, said, room.topleft, "italic", said_size, p.ink_faint, box=room, owner="ScrollList empty")
        first = max(0, bisect_right(self._row_tops(), self.scroll_y) - 1) if self.wrap else self.scroll_y // self.row_height
        shown_bottom = self._shown_bottom()
        for index in range(first, len(self.items)):
            top = self.row_top(index)
            if top >= self.scroll_y + self.rect.height:
                break
            if self.rect.top + self.row_top(index + 1) - self.scroll_y > shown_bottom and index > first:
                break  # whole rows only: the next one would peek at the foot
            row = pygame.Rect(
                self.rect.left,
                self.rect.top + top - self.scroll_y,
                text_right - self.rect.left,
                self.row_top(index + 1) - top,
            )
            if index == self.selected:
                pygame.draw.rect(surface, p.selection, row)
                # A marker bar too, so selection never relies on colour alone.
                pygame.draw.rect(surface, p.ink, (row.left, row.top + 4, 4, row.height - 8))
            x = row.left + 14
            icon = self.icons[index] if self.icons is not None and index < len(self.icons) else None
            if icon:
                icon_size = self.row_height - 10
                draw_icon(
                    surface,
                    icon,
                    pygame.Rect(x, row.centery - icon_size // 2, icon_size, icon_size),
                    p.ink,
                    p.parchment_dark,
                )
                x += icon_size + 10
            ink = p.ink if self.enabled else p.ink_faint
            if self.wrap:  # every line at the list's one size, none cut
                pitch = self._line_pitch()
                for n, line in enumerate(self.row_lines(index)):
                    at = (x, row.top + self.row_height // 2 + n * pitch)
                    blit_text(surface, line, at, "body", size, ink, "midleft", box=row.inflate(4, 0), owner="ScrollList")
            else:
                # A row too long for the list is set a little smaller, then shortened with "…" (its tooltip is the whole row).
                text, text_size = fit_line(
                    self.ui.text(self.items[index]), "body", size, self._text_room(index), middle=self.middle
                )
                box = pygame.Rect(row.left, row.top, row.width + 4, row.height)
                blit_text(surface, text, (x, row.centery), "body", text_size, ink, "midleft", box=box, owner="ScrollList")
            if index < len(self.items) - 1:
                pygame.draw.line(surface, p.parchment_dark, (row.left + 10, row.bottom - 1), (row.right - 6, row.bottom - 1))
        surface.set_clip(clip)
        self.scrollbar.draw_for(surface, self.content_height(), self.rect.height, self.scroll_y)
