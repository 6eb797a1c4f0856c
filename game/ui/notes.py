"""Multi-line notes area: word wrap, caret and selection, scrolling by wheel,
keyboard and scrollbar drag. Enter inserts a new line; Tab still leaves."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n.catalogue import TextSource
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, rounded_box
from game.ui.scrollbar import Scrollbar
from game.ui.text_edit import Editor, FilterResult, TextBuffer
from game.ui.text_layout import line_of, wrap_indices
from game.ui.widget import TypedText, Widget

PAD = 10
WHEEL_LINES = 3


class NotesArea(TypedText, Widget):
    """A free-text area for the player's notes."""

    captures_activation_keys = True  # Enter is a newline, Space a space

    def __init__(
        self,
        ui: UIContext,
        rect: pygame.Rect | tuple[int, int, int, int],
        *,
        text: str = "",
        placeholder: TextSource | None = None,
        max_length: int | None = None,
        on_change: Callable[[str], object] | None = None,
        **options,
    ) -> None:
        super().__init__(ui, rect, **options)
        self.placeholder = placeholder
        self.max_length = max_length
        self.on_change = on_change
        initial = text[:max_length] if max_length else text
        self.buffer = TextBuffer(initial, len(initial))  # caret at the end: ready to add a note
        self.editor = Editor(
            self.buffer,
            ui.clipboard,
            accept=self._accept,
            on_change=self._changed,
            line_start=self._line_start,
            line_end=self._line_end,
        )
        self.scroll_y = 0
        self._layout_key: tuple | None = None
        self._layout: list[tuple[int, int]] = []
        self.scrollbar = Scrollbar(ui, self._scrollbar_rect())
        self._dragging = False
        self._sticky_x: int | None = None  # keeps the column while moving up and down

    role = "access.role_notes"

    # -- text and layout -----------------------------------------------------------

    @property
    def text(self) -> str:
        """The notes."""
        return self.buffer.text

    @text.setter
    def text(self, value: str) -> None:
        self.buffer.text = value
        self.buffer.move_to(len(value))

    def _size(self) -> int:
        return self.ui.theme.text_size("body")

    def line_height(self) -> int:
        """Pixels between two lines."""
        return fonts.line_height("body", self._size())

    def _scrollbar_rect(self) -> pygame.Rect:
        width = self.ui.theme.sizes.scrollbar
        return pygame.Rect(self.rect.right - width - 4, self.rect.top + 4, width, self.rect.height - 8)

    def _text_width(self) -> int:
        return self.rect.width - 2 * PAD - self.ui.theme.sizes.scrollbar - 4

    def lines(self) -> list[tuple[int, int]]:
        """The wrapped visual lines as (start, end) indices (re-wrapped only when the text or size changes)."""
        size, width = self._size(), self._text_width()
        key = (self.buffer.text, width, size)
        if self._layout_key != key:
            self._layout = wrap_indices(self.buffer.text, width, lambda s: fonts.text_width(s, "body", size))
            self._layout_key = key
        return self._layout

    def content_height(self) -> int:
        """Height of all wrapped text."""
        return len(self.lines()) * self.line_height() + 2 * PAD

    def _max_scroll(self) -> int:
        return max(0, self.content_height() - self.rect.height)

    def _line_start(self, index: int) -> int:
        lines = self.lines()
        return lines[line_of(lines, index)][0]

    def _line_end(self, index: int) -> int:
        lines = self.lines()
        start, end = lines[line_of(lines, index)]
        # Stop before a wrapped line's hanging space so End stays on this line.
        return end - 1 if end > start and end < len(self.buffer.text) and self.buffer.text[end - 1] == " " else end

    def _x_in_line(self, line: tuple[int, int], index: int) -> int:
        return fonts.text_width(self.buffer.text[line[0] : index], "body", self._size())

    def _index_in_line(self, line: tuple[int, int], x: int) -> int:
        start, end = line
        best, best_dist = start, abs(x)
        for i in range(start + 1, end + 1):
            dist = abs(self._x_in_line(line, i) - x)
            if dist < best_dist:
                best, best_dist = i, dist
        return best

    def index_at(self, pos: tuple[int, int]) -> int:
        """The caret index nearest to logical point ``pos``."""
        lines = self.lines()
        row = (pos[1] - self.rect.top - PAD + self.scroll_y) // self.line_height()
        row = max(0, min(len(lines) - 1, row))
        return self._index_in_line(lines[row], pos[0] - self.rect.left - PAD)

    def _accept(self, buffer: TextBuffer, chunk: str) -> FilterResult:
        if self.max_length is None:
            return chunk, None
        start, end = buffer.selection()
        room = self.max_length - (len(buffer.text) - (end - start))
        if len(chunk) <= room:
            return chunk, None
        return chunk[: max(0, room)], ("field.too_long", {"max": self.max_length})

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.buffer.text)

    def scroll_to(self, y: int) -> None:
        """Scroll so that content pixel ``y`` is at the top (clamped)."""
        self.scroll_y = max(0, min(self._max_scroll(), int(y)))

    def _keep_caret_visible(self) -> None:
        row = line_of(self.lines(), self.buffer.cursor)
        top = row * self.line_height()
        visible = self.rect.height - 2 * PAD
        if top < self.scroll_y:
            self.scroll_to(top)
        elif top + self.line_height() > self.scroll_y + visible:
            self.scroll_to(top + self.line_height() - visible)
        else:
            self.scroll_to(self.scroll_y)

    # -- events ----------------------------------------------------------------------

    def on_focus(self) -> None:
        try:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)
        except pygame.error:
            pass

    def on_blur(self) -> None:
        self.buffer.anchor = None
        self.editor.composition = ""
        self._dragging = False

    def process_event(self, event: pygame.event.Event) -> bool:
        super().process_event(event)
        self.scrollbar.rect = self._scrollbar_rect()
        self.scrollbar.set_extent(self.content_height(), self.rect.height, self.scroll_y)
        if self.scrollbar.process_event(event):
            self.scroll_to(self.scrollbar.offset)
            return True
        if event.type == pygame.MOUSEWHEEL and self.contains(getattr(event, "pos", (-1, -1))):
            self.scroll_to(self.scroll_y - event.y * WHEEL_LINES * self.line_height())
            return True
        consumed, moved_caret = self._handle(event)
        if moved_caret:
            self._keep_caret_visible()
        return consumed

    def _handle(self, event: pygame.event.Event) -> tuple[bool, bool]:
        """(consumed, caret moved)."""
        if not self.enabled:
            return False, False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self.buffer.move_to(self.index_at(event.pos), bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT))
            self._dragging, self._sticky_x = True, None
            return True, True
        if event.type == pygame.MOUSEMOTION and self._dragging:
            self.buffer.move_to(self.index_at(event.pos), select=True)
            return True, True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return True, False
        if not self.focused:
            return False, False
        if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING):
            self._sticky_x = None
            return self.editor.handle_text(event), True
        if event.type != pygame.KEYDOWN:
            return False, False
        if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self._move_vertically(event)
            return True, True
        self._sticky_x = None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.editor.insert("\n")
            return True, True
        return self.editor.handle_key(event), True

    def _move_vertically(self, event: pygame.event.Event) -> None:
        lines = self.lines()
        row = line_of(lines, self.buffer.cursor)
        if self._sticky_x is None:
            self._sticky_x = self._x_in_line(lines[row], self.buffer.cursor)
        page = max(1, (self.rect.height - 2 * PAD) // self.line_height() - 1)
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page}[event.key]
        target = max(0, min(len(lines) - 1, row + step))
        if target == row:
            index = 0 if step < 0 else len(self.buffer.text)
        else:
            index = self._index_in_line(lines[target], self._sticky_x)
            # On a wrapped line, the index past its hanging space belongs to the next line.
            end = lines[target][1]
            if index == end and target + 1 < len(lines) and lines[target + 1][0] == end and end > lines[target][0]:
                index -= 1
        self.buffer.move_to(index, bool(event.mod & pygame.KMOD_SHIFT))

    # -- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        p, size, lh = self.ui.palette, self._size(), self.line_height()
        border = p.focus if self.focused else (p.ink if self.enabled else p.ink_faint)
        surface.blit(rounded_box(self.rect.size, p.parchment_light, border, 4, 3 if self.focused else 2), self.rect)
        inner = self.rect.inflate(-2, -2 * PAD + 4)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip))
        lines = self.lines()
        text = self.buffer.text
        sel_start, sel_end = self.buffer.selection()
        x0, y0 = self.rect.left + PAD, self.rect.top + PAD - self.scroll_y
        # Faint ruled lines, like a notebook page; they stop the text looking afloat.
        baseline = fonts.ascent("body", size) + 3
        for row in range(max(len(lines), (self.rect.height + self.scroll_y) // lh + 1)):
            rule_y = y0 + row * lh + baseline
            if self.rect.top < rule_y < self.rect.bottom:
                pygame.draw.line(
                    surface, p.parchment_dark, (x0, rule_y), (self.rect.right - PAD - self.ui.theme.sizes.scrollbar, rule_y)
                )
        for row, (start, end) in enumerate(lines):
            y = y0 + row * lh
            if y + lh < self.rect.top or y > self.rect.bottom:
                continue
            lo, hi = max(start, sel_start), min(end, sel_end)
            if lo < hi or (sel_start < sel_end and sel_start <= end < sel_end and end == start):
                left = x0 + self._x_in_line((start, end), lo)
                right = x0 + self._x_in_line((start, end), hi) + (6 if hi == end and end < sel_end else 0)
                pygame.draw.rect(surface, p.selection, (left, y, max(4, right - left), lh))
            if end > start:
                blit_text(surface, text[start:end], (x0, y), "body", size, p.ink if self.enabled else p.ink_faint)
        if not text and self.placeholder is not None:
            blit_text(surface, self.ui.text(self.placeholder), (x0, y0), "italic", size, p.ink_faint)
        if self.focused:
            row = line_of(lines, self.buffer.cursor)
            caret_x = x0 + self._x_in_line(lines[row], self.buffer.cursor)
            if self.editor.composition:
                comp = blit_text(surface, self.editor.composition, (caret_x, y0 + row * lh), "body", size, p.ink_soft)
                pygame.draw.line(surface, p.ink_soft, comp.bottomleft, comp.bottomright)
                caret_x = comp.right
            top = y0 + row * lh + 3
            pygame.draw.line(surface, p.ink, (caret_x, top), (caret_x, top + lh - 6), 2)
        surface.set_clip(clip)
        self.scrollbar.draw_for(surface, self.content_height(), self.rect.height, self.scroll_y)
        refusal = self.editor.message
        if refusal:
            blit_text(
                surface,
                self.ui.t(refusal[0], **refusal[1]),
                (self.rect.left + 2, self.rect.bottom + 2),
                "italic",
                self.ui.theme.text_size("small"),
                p.bad,
            )
