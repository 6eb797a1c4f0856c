"""One-line text entry: typing via TEXTINPUT (IME-friendly via TEXTEDITING),
caret, shift/mouse selection, clipboard shortcuts, max length, numeric mode.

A refused keystroke (a letter in a numeric field, past the max length) is not
silently dropped: a short message under the field says why.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n.catalogue import TextSource
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, rounded_box
from game.ui.text_edit import Editor, FilterResult, TextBuffer
from game.ui.text_fit import fit_line
from game.ui.widget import TypedText, Widget

PAD_X = 10
HINT_SHRINK = 7  # a hint may be set this many points smaller before it is shortened ("Nouvel objet…" at 960 wide)


class TextField(TypedText, Widget):
    """Single-line text input; ``value`` gives the int in numeric mode."""

    def __init__(
        self,
        ui: UIContext,
        rect: pygame.Rect | tuple[int, int, int, int],
        *,
        text: str = "",
        placeholder: TextSource | None = None,
        max_length: int | None = None,
        numeric: bool = False,
        minimum: int | None = None,
        maximum: int | None = None,
        on_change: Callable[[str], object] | None = None,
        on_submit: Callable[[str], object] | None = None,
        **options,
    ) -> None:
        """``minimum``/``maximum`` apply in numeric mode (out-of-range shows a message)."""
        super().__init__(ui, rect, **options)
        self.placeholder = placeholder
        self.max_length = max_length
        self.numeric = numeric
        self.minimum = minimum
        self.maximum = maximum
        self.on_change = on_change
        self.on_submit = on_submit
        self.buffer = TextBuffer(text[:max_length] if max_length else text, len(text))
        self.buffer.cursor = len(self.buffer.text)
        self.editor = Editor(self.buffer, ui.clipboard, accept=self._accept, on_change=self._changed)
        self.scroll_x = 0
        self._dragging = False

    # -- value -------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The current text."""
        return self.buffer.text

    @text.setter
    def text(self, value: str) -> None:
        self.buffer.text = value
        self.buffer.move_to(len(value))

    @property
    def value(self) -> int | None:
        """The number typed in numeric mode (None when empty or not a number)."""
        try:
            return int(self.buffer.text)
        except ValueError:
            return None

    @property
    def valid(self) -> bool:
        """False when a numeric value lies outside minimum..maximum."""
        return self.range_message() is None

    def range_message(self) -> tuple[str, dict] | None:
        """The out-of-range explanation for a numeric value, if any."""
        value = self.value
        if not self.numeric or value is None:
            return None
        low = self.minimum if self.minimum is not None else value
        high = self.maximum if self.maximum is not None else value
        if low <= value <= high:
            return None
        return "field.out_of_range", {"min": self.minimum, "max": self.maximum}

    def message(self) -> str | None:
        """The validation message shown under the field, if any."""
        refusal = self.editor.message or self.range_message()
        return self.ui.t(refusal[0], **refusal[1]) if refusal else None

    def _accept(self, buffer: TextBuffer, chunk: str) -> FilterResult:
        refusal: tuple[str, dict] | None = None
        if self.numeric:
            kept = "".join(c for c in chunk if c.isdigit())
            if kept != chunk:
                refusal = ("field.numeric_only", {})
            chunk = kept
        chunk = chunk.replace("\n", " ")
        if self.max_length is not None:
            start, end = buffer.selection()
            room = self.max_length - (len(buffer.text) - (end - start))
            if len(chunk) > room:
                chunk = chunk[: max(0, room)]
                refusal = ("field.too_long", {"max": self.max_length})
        return chunk, refusal

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.buffer.text)

    # -- geometry ------------------------------------------------------------------

    def tooltip_text(self) -> str | None:
        """The tooltip; for an empty field whose hint is shortened to fit, the whole hint when there is no other."""
        text = super().tooltip_text()
        if text is None and not self.buffer.text and self.placeholder is not None:
            hint = self.ui.text(self.placeholder)
            if self._hint(hint, self.rect.width - 2 * PAD_X)[0] != hint:
                return hint
        return text

    def _hint(self, hint: str, room: int) -> tuple[str, int]:
        """The hint as it fits ``room``: set smaller first, then shortened with "…"."""
        return fit_line(hint, "italic", self._size(), room, min_size=self._size() - HINT_SHRINK)

    def _size(self) -> int:
        return self.ui.theme.text_size("body")

    def _x_of(self, index: int) -> int:
        return fonts.text_width(self.buffer.text[:index], "body", self._size())

    def index_at(self, x: int) -> int:
        """The caret index nearest to logical x."""
        local = x - self.rect.left - PAD_X + self.scroll_x
        best, best_dist = 0, abs(local)
        for i in range(1, len(self.buffer.text) + 1):
            dist = abs(self._x_of(i) - local)
            if dist < best_dist:
                best, best_dist = i, dist
        return best

    def _keep_caret_visible(self) -> None:
        inner = self.rect.width - 2 * PAD_X
        caret = self._x_of(self.buffer.cursor)
        if caret - self.scroll_x > inner:
            self.scroll_x = caret - inner
        elif caret < self.scroll_x:
            self.scroll_x = caret
        self.scroll_x = max(0, min(self.scroll_x, max(0, self._x_of(len(self.buffer.text)) - inner)))

    # -- events ------------------------------------------------------------------

    def on_focus(self) -> None:
        try:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)
        except pygame.error:
            pass  # no window (headless tools): events can still be posted

    def on_blur(self) -> None:
        self.buffer.anchor = None
        self.editor.composition = ""
        self._dragging = False

    def activate(self) -> None:
        """Enter: submit the text."""
        if self.on_submit is not None:
            self.on_submit(self.buffer.text)

    def process_event(self, event: pygame.event.Event) -> bool:
        super().process_event(event)
        consumed = self._handle(event)
        if consumed:
            self._keep_caret_visible()
        return consumed

    def _handle(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self.buffer.move_to(self.index_at(event.pos[0]), bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT))
            self._dragging = True
            return True
        if event.type == pygame.MOUSEMOTION and self._dragging:
            self.buffer.move_to(self.index_at(event.pos[0]), select=True)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return True
        if not self.focused:
            return False
        if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING):
            return self.editor.handle_text(event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.activate()
                return self.on_submit is not None
            return self.editor.handle_key(event)
        return False

    # -- drawing ------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        p, size = self.ui.palette, self._size()
        border = p.focus if self.focused else (p.ink if self.enabled else p.ink_faint)
        surface.blit(rounded_box(self.rect.size, p.parchment_light, border, 4, 2 if not self.focused else 3), self.rect)
        inner = self.rect.inflate(-2 * PAD_X, -6)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        x0, cy = inner.left - self.scroll_x, inner.centery
        start, end = self.buffer.selection()
        if start != end:
            sel = pygame.Rect(x0 + self._x_of(start), cy - size // 2 - 2, self._x_of(end) - self._x_of(start), size + 6)
            pygame.draw.rect(surface, p.selection, sel)
        if self.buffer.text:
            blit_text(surface, self.buffer.text, (x0, cy), "body", size, p.ink if self.enabled else p.ink_faint, "midleft")
        elif self.placeholder is not None:
            # A hint wider than the field ends in "…" (its hover shows it whole), not cut mid-word by the clip.
            hint, hint_size = self._hint(self.ui.text(self.placeholder), inner.width)
            blit_text(
                surface, hint, (inner.left, cy), "italic", hint_size, p.ink_faint, "midleft", box=inner, owner="TextField hint"
            )
        caret_x = x0 + self._x_of(self.buffer.cursor)
        if self.editor.composition:
            comp = blit_text(surface, self.editor.composition, (caret_x, cy), "body", size, p.ink_soft, "midleft")
            pygame.draw.line(surface, p.ink_soft, comp.bottomleft, comp.bottomright)
            caret_x = comp.right
        if self.focused:
            # A steady caret: no blinking means no redraws while idle.
            pygame.draw.line(surface, p.ink, (caret_x, cy - size // 2), (caret_x, cy + size // 2), 2)
        surface.set_clip(clip)
        message = self.message()
        if message:
            self._draw_message(surface, message)

    def _draw_message(self, surface: pygame.Surface, message: str) -> None:
        """The validation message: inside the field, right of the text, when it fits there; else on an opaque
        label just left of the field, on its own row (below, the next field would cover it)."""
        p, small = self.ui.palette, self.ui.theme.text_size("small")
        width = fonts.text_width(message, "italic", small)
        used = fonts.text_width(self.text, "body", self.ui.theme.text_size("body")) + 24
        if width <= self.rect.width - used - 8:
            blit_text(
                surface,
                message,
                (self.rect.right - 8, self.rect.centery),
                "italic",
                small,
                p.bad,
                "midright",
                box=self.rect,
                owner="TextField message",
            )
            return
        page = surface.get_rect()
        text, size = fit_line(message, "italic", small, max(40, self.rect.left - 20))
        plate = pygame.Rect(0, 0, fonts.text_width(text, "italic", size) + 14, fonts.line_height("italic", size) + 8)
        plate.midright = (self.rect.left - 6, self.rect.centery)
        plate.clamp_ip(page)
        surface.blit(rounded_box(plate.size, p.parchment_light, p.bad, 4, 1), plate)
        blit_text(
            surface, text, (plate.x + 7, plate.centery), "italic", size, p.bad, "midleft", box=plate, owner="TextField message"
        )
