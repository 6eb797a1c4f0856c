"""The combat board's own click targets: the creature cards (aiming, all together) and the odds gauge.

The board's painters paint the cards and the gauge; these widgets only give them a place in
the focus order, a tooltip and a click.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.context import UIContext
from game.ui.draw import rounded_box
from game.ui.widget import Widget


class CardWidget(Widget):
    """A creature card as a click target (all together: click to aim); the board's painter paints the card."""

    def __init__(self, ui: UIContext, rect: pygame.Rect, index: int, on_click: Callable[[int], None]) -> None:
        super().__init__(ui, rect)
        self.index = index
        self.on_click = on_click
        self.pressed = False
        self.clickable = False

    def accepts_focus(self) -> bool:
        return self.clickable and super().accepts_focus()

    def activate(self) -> None:
        if self.clickable and self.enabled:
            self.on_click(self.index)

    def process_event(self, event: pygame.event.Event) -> bool:
        super().process_event(event)
        if not self.clickable:
            return False
        return self.click(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.clickable and self.hovered:
            surface.blit(rounded_box(self.rect.size, self.ui.palette.hover, None, 6), self.rect)


class HoverArea(Widget):
    """A region that only carries a tooltip (the odds gauge)."""

    focusable = False
