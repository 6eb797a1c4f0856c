"""Editing model shared by the one-line TextField and the multi-line NotesArea.

``TextBuffer`` is the text with a caret and a selection anchor; ``Editor``
turns KEYDOWN / TEXTINPUT / TEXTEDITING events into buffer edits, including
shift-selection, word jumps and Ctrl+A/C/V/X through the Clipboard. Layout
(where a line starts, what is up or down) stays in the widgets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui.clipboard import Clipboard

# What an edit filter returns: the text to actually insert and, if something was
# refused, a catalogue key (with params) explaining why.
FilterResult = tuple[str, tuple[str, dict] | None]


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char in "'’-_"


@dataclass
class TextBuffer:
    """Text, caret index and selection anchor (None = no selection)."""

    text: str = ""
    cursor: int = 0
    anchor: int | None = None

    # -- selection ------------------------------------------------------------

    def selection(self) -> tuple[int, int]:
        """(start, end) of the selection; start == end when nothing is selected."""
        if self.anchor is None:
            return self.cursor, self.cursor
        return min(self.anchor, self.cursor), max(self.anchor, self.cursor)

    @property
    def has_selection(self) -> bool:
        """Whether some text is selected."""
        start, end = self.selection()
        return start != end

    def selected_text(self) -> str:
        """The selected text ('' if none)."""
        start, end = self.selection()
        return self.text[start:end]

    def select_all(self) -> None:
        """Select everything, caret at the end."""
        self.anchor, self.cursor = 0, len(self.text)

    def move_to(self, index: int, select: bool = False) -> None:
        """Put the caret at ``index``; with ``select`` extend the selection to it."""
        index = max(0, min(len(self.text), index))
        if select:
            if self.anchor is None:
                self.anchor = self.cursor
        else:
            self.anchor = None
        self.cursor = index

    # -- edits ------------------------------------------------------------------

    def delete_selection(self) -> bool:
        """Remove the selected text; False when nothing was selected."""
        start, end = self.selection()
        self.anchor = None
        if start == end:
            return False
        self.text = self.text[:start] + self.text[end:]
        self.cursor = start
        return True

    def insert(self, chunk: str) -> None:
        """Replace the selection (if any) by ``chunk`` and put the caret after it."""
        self.delete_selection()
        self.text = self.text[: self.cursor] + chunk + self.text[self.cursor :]
        self.cursor += len(chunk)

    def backspace(self, word: bool = False) -> bool:
        """Delete the selection or what is left of the caret (a word with ``word``)."""
        if self.delete_selection():
            return True
        if self.cursor == 0:
            return False
        start = self.word_left(self.cursor) if word else self.cursor - 1
        self.text = self.text[:start] + self.text[self.cursor :]
        self.cursor = start
        return True

    def delete(self, word: bool = False) -> bool:
        """Delete the selection or what is right of the caret (a word with ``word``)."""
        if self.delete_selection():
            return True
        if self.cursor >= len(self.text):
            return False
        end = self.word_right(self.cursor) if word else self.cursor + 1
        self.text = self.text[: self.cursor] + self.text[end:]
        return True

    # -- words ------------------------------------------------------------------

    def word_left(self, index: int) -> int:
        """Start of the word left of ``index`` (skipping spaces first)."""
        i = index
        while i > 0 and not _is_word_char(self.text[i - 1]):
            i -= 1
        while i > 0 and _is_word_char(self.text[i - 1]):
            i -= 1
        return i

    def word_right(self, index: int) -> int:
        """End of the word right of ``index`` (skipping spaces first)."""
        i, n = index, len(self.text)
        while i < n and not _is_word_char(self.text[i]):
            i += 1
        while i < n and _is_word_char(self.text[i]):
            i += 1
        return i


def _ctrl(event: pygame.event.Event) -> bool:
    # Cmd on macOS plays the role of Ctrl.
    return bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META))


def _shift(event: pygame.event.Event) -> bool:
    return bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)


class Editor:
    """Applies editing events to a TextBuffer.

    ``accept(current_text, chunk)`` filters what may be inserted (numeric-only,
    max length…) and explains refusals; ``line_start`` / ``line_end`` give the
    Home/End targets for the caret (whole text for a one-line field).
    """

    def __init__(
        self,
        buffer: TextBuffer,
        clipboard: Clipboard,
        *,
        accept: Callable[[TextBuffer, str], FilterResult] | None = None,
        line_start: Callable[[int], int] | None = None,
        line_end: Callable[[int], int] | None = None,
        on_change: Callable[[], object] | None = None,
    ) -> None:
        self.buffer = buffer
        self.clipboard = clipboard
        self.accept = accept
        self.line_start = line_start or (lambda _i: 0)
        self.line_end = line_end or (lambda _i: len(self.buffer.text))
        self.on_change = on_change
        self.composition = ""  # IME text being composed (TEXTEDITING), not yet committed
        self.message: tuple[str, dict] | None = None  # why the last input was refused

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def insert(self, chunk: str) -> bool:
        """Insert typed or pasted text through the filter; True if anything changed."""
        allowed, refusal = self.accept(self.buffer, chunk) if self.accept else (chunk, None)
        self.message = refusal
        if not allowed:
            return False  # a refused keystroke keeps the selection intact
        self.buffer.insert(allowed)
        self._changed()
        return True

    def handle_text(self, event: pygame.event.Event) -> bool:
        """TEXTINPUT / TEXTEDITING; True when consumed."""
        if event.type == pygame.TEXTINPUT:
            self.composition = ""
            self.insert(event.text)
            return True
        if event.type == pygame.TEXTEDITING:
            self.composition = event.text
            return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Caret moves, deletions and clipboard shortcuts from a KEYDOWN; True when consumed."""
        buf, key, shift, ctrl = self.buffer, event.key, _shift(event), _ctrl(event)
        if ctrl and key == pygame.K_a:
            buf.select_all()
            return True
        if ctrl and key in (pygame.K_c, pygame.K_x):
            if buf.has_selection:
                self.clipboard.put(buf.selected_text())
                if key == pygame.K_x:
                    buf.delete_selection()
                    self._changed()
            return True
        if ctrl and key == pygame.K_v:
            pasted = self.clipboard.get()
            if pasted:
                self.insert(pasted)
            return True
        if key == pygame.K_LEFT:
            if buf.has_selection and not shift:
                buf.move_to(buf.selection()[0])
            else:
                buf.move_to(buf.word_left(buf.cursor) if ctrl else buf.cursor - 1, shift)
            return True
        if key == pygame.K_RIGHT:
            if buf.has_selection and not shift:
                buf.move_to(buf.selection()[1])
            else:
                buf.move_to(buf.word_right(buf.cursor) if ctrl else buf.cursor + 1, shift)
            return True
        if key == pygame.K_HOME:
            buf.move_to(0 if ctrl else self.line_start(buf.cursor), shift)
            return True
        if key == pygame.K_END:
            buf.move_to(len(buf.text) if ctrl else self.line_end(buf.cursor), shift)
            return True
        if key == pygame.K_BACKSPACE:
            if buf.backspace(word=ctrl):
                self.message = None
                self._changed()
            return True
        if key == pygame.K_DELETE:
            if buf.delete(word=ctrl):
                self.message = None
                self._changed()
            return True
        # Printable keys arrive again as TEXTINPUT; swallow their KEYDOWN so screen
        # shortcuts (and Space-activates) do not fire while the player types.
        typed: str = getattr(event, "unicode", "")
        if not ctrl and typed and typed.isprintable():
            return True
        return False
