"""Vertical scrollbar used inside NotesArea and ScrollList (not a focusable widget).

It only computes and reports an offset: the owner scrolls its own content.
"""

from __future__ import annotations

import pygame

from game.ui.context import UIContext
from game.ui.draw import rounded_box

MIN_THUMB = 24


class Scrollbar:
    """Track and thumb; drag the thumb or click the track to page."""

    def __init__(self, ui: UIContext, rect: pygame.Rect) -> None:
        self.ui = ui
        self.rect = pygame.Rect(rect)
        self.content = 0
        self.view = 0
        self.offset = 0
        self.dragging = False
        self._grab = 0

    def set_extent(self, content: int, view: int, offset: int) -> None:
        """Tell the scrollbar the content height, the visible height and the current offset."""
        self.content, self.view, self.offset = content, view, offset

    def _thumb(self, content: int, view: int, offset: int) -> pygame.Rect | None:
        if content <= view or self.rect.height <= 0:
            return None
        height = max(MIN_THUMB, self.rect.height * view // content)
        travel = self.rect.height - height
        y = self.rect.top + (travel * offset // max(1, content - view))
        return pygame.Rect(self.rect.left, y, self.rect.width, height)

    def thumb_rect(self) -> pygame.Rect | None:
        """The thumb, or None when everything fits."""
        return self._thumb(self.content, self.view, self.offset)

    def _offset_for_thumb_top(self, top: int) -> int:
        thumb = self.thumb_rect()
        travel = self.rect.height - (thumb.height if thumb else 0)
        fraction = 0.0 if travel <= 0 else (top - self.rect.top) / travel
        return round(max(0.0, min(1.0, fraction)) * (self.content - self.view))

    def process_event(self, event: pygame.event.Event) -> bool:
        """Drag or page; True when consumed (then read ``offset``)."""
        thumb = self.thumb_rect()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and thumb and self.rect.collidepoint(event.pos):
            if thumb.collidepoint(event.pos):
                self.dragging, self._grab = True, event.pos[1] - thumb.top
            else:
                page = self.view if event.pos[1] > thumb.bottom else -self.view
                self.offset = max(0, min(self.content - self.view, self.offset + page))
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.offset = self._offset_for_thumb_top(event.pos[1] - self._grab)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def draw_for(self, surface: pygame.Surface, content: int, view: int, offset: int) -> None:
        """Draw for the given extent (nothing when everything fits)."""
        thumb = self._thumb(content, view, offset)
        if thumb is None:
            return
        p = self.ui.palette
        radius = self.rect.width // 2
        surface.blit(rounded_box(self.rect.size, p.parchment_dark, None, radius), self.rect)
        surface.blit(rounded_box(thumb.size, p.ink_soft if not self.dragging else p.ink, None, radius), thumb)
