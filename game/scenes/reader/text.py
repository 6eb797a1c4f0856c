"""The reader's page of text: typesetting (justified lines, a drop capital) and the scrolling text widget."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.scenes.reader.layout import WHEEL_STEP
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text
from game.ui.scrollbar import Scrollbar
from game.ui.widget import Widget


@dataclass(frozen=True)
class Word:
    text: str
    x: int


@dataclass(frozen=True)
class Line:
    words: tuple[Word, ...]
    y: int


INDENT = 28  # the first line of every paragraph but the first
CAP_GAP = 8  # between the drop cap and the text beside it
PARAGRAPH_GAP = 8


@dataclass(frozen=True)
class _Measure:
    """How wide each line of one paragraph may be: the drop cap takes its width beside the first lines of the
    first paragraph, the indent the first line of the others."""

    width: int
    size: int
    space: int
    cap_width: int = 0
    cap_lines: int = 0
    indent: int = 0

    def start_x(self, row: int) -> int:
        return (self.cap_width if row < self.cap_lines else 0) + (self.indent if row == 0 else 0)

    def room(self, row: int) -> int:
        return self.width - self.start_x(row)

    def line(self, words: list[str], row: int, y: int, justify: bool) -> Line:
        """``words`` as line ``row`` at height ``y``: spread to the full measure when ``justify`` (at most three
        spaces between two words), else set with plain spaces."""
        widths = [fonts.text_width(w, "body", self.size) for w in words]
        gap: float = self.space
        if justify and len(words) > 1:
            gap = min((self.room(row) - sum(widths)) / (len(words) - 1), self.space * 3)
        x = float(self.start_x(row))
        placed = []
        for word, word_width in zip(words, widths):
            placed.append(Word(word, round(x)))
            x += word_width + gap
        return Line(tuple(placed), y)


def _drop_cap(letter: str, size: int, leading: int) -> tuple[int, int, int]:
    """The cap's size (two lines tall: from the first line's capitals down to the second line's baseline), its
    top and its width with the gap beside it."""
    wanted = leading + fonts.cap_height("body", size)
    cap_size = size
    while fonts.cap_height("title", cap_size + 1) <= wanted and cap_size < 6 * size:
        cap_size += 1
    top = leading + fonts.ascent("body", size) - fonts.ascent("title", cap_size)
    return cap_size, top, fonts.text_width(letter, "title", cap_size) + CAP_GAP


def _set_paragraph(words: list[str], measure: _Measure, y: int, leading: int) -> tuple[list[Line], int]:
    """The lines of one paragraph from height ``y``, each full line justified, the last one not; the rows used."""
    lines: list[Line] = []
    current: list[str] = []
    for word in words:
        if not word:
            continue
        candidate = current + [word]
        needed = sum(fonts.text_width(w, "body", measure.size) for w in candidate) + measure.space * (len(candidate) - 1)
        if current and needed > measure.room(len(lines)):
            lines.append(measure.line(current, len(lines), y + leading * len(lines), justify=True))
            current = [word]
        else:
            current = candidate
    if current:
        lines.append(measure.line(current, len(lines), y + leading * len(lines), justify=False))
    return lines, len(lines)


def typeset(text: str, width: int, size: int, drop_cap: bool = True) -> tuple[list[Line], int, tuple[str, int, int] | None]:
    """Justified lines of ``text`` (paragraphs split on newlines), an indented first line per later paragraph
    and a two-line drop cap; returns the lines, the total height and the cap (letter, top, size)."""
    leading = fonts.line_height("body", size) + 5
    space = fonts.text_width(" ", "body", size)
    lines: list[Line] = []
    y = 0
    cap = None
    paragraphs = [p.strip() for p in text.split("\n") if p.strip()]
    for number, paragraph in enumerate(paragraphs):
        words = paragraph.split()
        measure = _Measure(width, size, space, indent=INDENT if number > 0 else 0)
        if number == 0 and drop_cap and words and words[0][0].isalpha() and len(words[0]) > 1:
            letter, words[0] = words[0][0], words[0][1:]
            cap_size, cap_top, cap_width = _drop_cap(letter, size, leading)
            cap = (letter, cap_top, cap_size)
            measure = _Measure(width, size, space, cap_width=cap_width, cap_lines=2)
        placed, rows = _set_paragraph(words, measure, y, leading)
        lines += placed
        y += leading * max(rows, measure.cap_lines) + PARAGRAPH_GAP
    return lines, max(0, y - PARAGRAPH_GAP), cap


class SectionText(Widget):
    """The section's text, typeset once; scrolls with the wheel, a drag, the scrollbar or the keys."""

    captures_activation_keys = False

    def __init__(self, ui: UIContext, rect: pygame.Rect) -> None:
        super().__init__(ui, rect)
        self.scroll = 0
        self.content = 0
        self.image: pygame.Surface | None = None
        self.key: tuple[object, ...] | None = None  # what the image was typeset for: section, rect, size, palette
        self.scrollbar = Scrollbar(ui, self._bar_rect())
        self._press: tuple[int, int] | None = None
        self._press_scroll = 0

    def _bar_rect(self) -> pygame.Rect:
        width = self.ui.theme.sizes.scrollbar
        return pygame.Rect(self.rect.right + 14, self.rect.top, width, self.rect.height)

    def set_text(self, text: str, key: object) -> None:
        """Typeset ``text`` for the current rect (only when the text, the language or the rect changed)."""
        full = (key, self.rect.size, self.ui.theme.text_size("body"), self.ui.palette)
        if full == self.key:
            return
        if self.key is None or full[0] != self.key[0]:
            self.scroll = 0
        self.key = full
        size = self.ui.theme.text_size("body")
        lines, height, cap = typeset(text, self.rect.width, size)
        p = self.ui.palette
        image = pygame.Surface((self.rect.width, max(1, height + 8)), pygame.SRCALPHA)
        if cap is not None:
            letter, cap_top, cap_size = cap
            blit_text(image, letter, (0, cap_top), "title", cap_size, p.rubric)
        for line in lines:
            for word in line.words:
                blit_text(image, word.text, (word.x, line.y), "body", size, p.ink)
        self.image = image
        self.content = height + 8
        self.scroll_to(self.scroll)

    @property
    def scrollable(self) -> bool:
        return self.content > self.rect.height

    def scroll_to(self, y: int) -> None:
        self.scroll = max(0, min(max(0, self.content - self.rect.height), int(y)))

    def process_event(self, event: pygame.event.Event) -> bool:
        super().process_event(event)
        self.scrollbar.rect = self._bar_rect()
        self.scrollbar.set_extent(self.content, self.rect.height, self.scroll)
        if self.scrollbar.process_event(event):
            self.scroll_to(self.scrollbar.offset)
            return True
        pos = getattr(event, "pos", (-1, -1))
        if event.type == pygame.MOUSEWHEEL and (self.contains(pos) or self.scrollbar.rect.collidepoint(pos)):
            self.scroll_to(self.scroll - event.y * WHEEL_STEP)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(pos) and self.scrollable:
            self._press, self._press_scroll = pos, self.scroll
            return True
        if event.type == pygame.MOUSEMOTION and self._press is not None:
            self.scroll_to(self._press_scroll - (pos[1] - self._press[1]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._press is not None:
            self._press = None
            return True
        if event.type == pygame.KEYDOWN and self.focused:
            step = {
                pygame.K_UP: -WHEEL_STEP,
                pygame.K_DOWN: WHEEL_STEP,
                pygame.K_PAGEUP: -self.rect.height + 40,
                pygame.K_PAGEDOWN: self.rect.height - 40,
                pygame.K_HOME: -(10**6),
                pygame.K_END: 10**6,
            }.get(event.key)
            if step is not None:
                self.scroll_to(self.scroll + step)
                return True
        return False

    def accepts_focus(self) -> bool:
        return self.scrollable and super().accepts_focus()

    def draw(self, surface: pygame.Surface) -> None:
        if self.image is None:
            return
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip))
        surface.blit(self.image, (self.rect.x, self.rect.y - self.scroll))
        surface.set_clip(clip)
        p = self.ui.palette
        if self.scroll > 0:
            _fade(surface, pygame.Rect(self.rect.x, self.rect.y, self.rect.width, 18), p.parchment_light, top=True)
        if self.scroll < self.content - self.rect.height:
            _fade(surface, pygame.Rect(self.rect.x, self.rect.bottom - 18, self.rect.width, 18), p.parchment_light, top=False)
        self.scrollbar.rect = self._bar_rect()
        self.scrollbar.draw_for(surface, self.content, self.rect.height, self.scroll)


def _fade(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], top: bool) -> None:
    """A soft edge where text continues beyond the visible part."""
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    for row in range(rect.height):
        alpha = round(200 * (1 - row / rect.height)) if top else round(200 * row / rect.height)
        pygame.draw.line(shade, (*colour, alpha), (0, row), (rect.width, row))
    surface.blit(shade, rect)
