"""A page of text that scrolls: help pages and rule digests longer than the room the page leaves them.

The text is painted (no widgets in it): ``ReadingPane`` holds one painted block of
a known height in a ``ScrollPane`` (wheel, scrollbar) and scrolls with the reading
keys too. A painter draws only what the clip (the pane) shows, so nothing is
drawn off the page.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.context import UIContext
from game.ui.layout import WHEEL_STEP, ScrollPane

Painter = Callable[[pygame.Surface, pygame.Rect], None]

READING_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)


class ReadingPane(ScrollPane):
    """``height`` pixels of painted text in ``rect``; what does not fit scrolls."""

    def __init__(self, ui: UIContext, rect: pygame.Rect | tuple[int, int, int, int], height: int, paint: Painter) -> None:
        super().__init__(ui, rect, whole_rows=False)  # one block of text: it scrolls by the pixel
        self.add_row(max(1, height), paint=paint)

    def scroll_key(self, event: pygame.event.Event, keys: tuple[int, ...] = READING_KEYS) -> bool:
        """Up/Down a line, Page Up/Down a screenful, Home/End (those of ``keys``); True when it scrolled."""
        if event.type != pygame.KEYDOWN or event.key not in keys or not self.scrolls:
            return False
        page = max(WHEEL_STEP, self.rect.height - WHEEL_STEP)
        moves = {
            pygame.K_UP: -WHEEL_STEP,
            pygame.K_DOWN: WHEEL_STEP,
            pygame.K_PAGEUP: -page,
            pygame.K_PAGEDOWN: page,
            pygame.K_HOME: -self.max_offset,
            pygame.K_END: self.max_offset,
        }
        self.scroll_to(self.offset + moves[event.key])
        return True


def in_view(surface: pygame.Surface, y: int, height: int) -> bool:
    """Whether a line from ``y`` of ``height`` shows in the surface's clip (painters skip the others)."""
    clip = surface.get_clip()
    return y + height > clip.top and y < clip.bottom
