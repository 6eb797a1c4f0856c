"""Tooltips: after hovering a widget briefly (or focusing it with the keyboard),
a small dark label shows its tooltip or, when disabled, why it is disabled."""

from __future__ import annotations

import pygame

from game.ui import fonts, text_fit
from game.ui.context import UIContext
from game.ui.draw import blit_text, rounded_box
from game.ui.text_fit import wrap_words
from game.ui.theme import LOGICAL_SIZE
from game.ui.widget import Widget

MAX_WIDTH = 360


class TooltipLayer:
    """Tracks which widget the pointer rests on and draws its tooltip."""

    def __init__(self, ui: UIContext) -> None:
        self.ui = ui
        self.target: Widget | None = None
        self.anchor: tuple[int, int] = (0, 0)
        self.elapsed = 0.0
        self.shown = False
        self.suppressed = False  # after a click or key, until the pointer moves to another widget

    def process_event(self, event: pygame.event.Event, widgets: list[Widget], focused: Widget | None) -> None:
        """Follow the pointer; any click or key hides the tooltip until the next rest."""
        if event.type == pygame.MOUSEMOTION:
            under = next((w for w in reversed(widgets) if w.contains(event.pos)), None)
            if under is not self.target:
                self.target, self.elapsed, self.shown, self.suppressed = under, 0.0, False, False
            if not self.shown:
                self.anchor = event.pos
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.MOUSEWHEEL):
            self.shown = False
            self.suppressed = True

    def show_for_focus(self, widget: Widget | None) -> None:
        """Show ``widget``'s tooltip at once, below it (keyboard users get tooltips too)."""
        self.target = widget
        self.shown = widget is not None and widget.tooltip_text() is not None
        self.suppressed = False
        if widget is not None:
            self.anchor = (widget.rect.left, widget.rect.bottom)

    def text(self) -> str | None:
        """The tooltip text currently shown, if any."""
        if not self.shown or self.target is None:
            return None
        return self.target.tooltip_text()

    @property
    def wants_animation(self) -> bool:
        """True while waiting for the hover delay to elapse."""
        return self.target is not None and not self.shown and not self.suppressed and self.target.tooltip_text() is not None

    def update(self, dt: float) -> None:
        """Count hover time; show the tooltip once the delay has passed."""
        if self.target is None or self.shown or self.suppressed:
            return
        self.elapsed += dt
        if self.elapsed >= self.ui.theme.sizes.tooltip_delay:
            self.shown = self.target.tooltip_text() is not None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the tooltip box near its anchor, kept inside the surface."""
        text = self.text()
        if text is None:
            return
        palette, size = self.ui.palette, self.ui.theme.text_size("small")
        lines = wrap_words(text, "body", size, MAX_WIDTH)
        line_h = fonts.line_height("body", size)
        width = max(fonts.text_width(line, "body", size) for line in lines) + 20
        height = line_h * len(lines) + 12
        bounds = surface.get_rect() if surface.get_width() else pygame.Rect((0, 0), LOGICAL_SIZE)
        box = pygame.Rect(self.anchor[0] + 12, self.anchor[1] + 18, width, height).clamp(bounds)
        surface.blit(rounded_box(box.size, palette.tooltip_bg, None, 5), box)
        text_fit.note_panel(surface, box)  # its lines belong to the tooltip, over whatever it covers
        for i, line in enumerate(lines):
            blit_text(surface, line, (box.x + 10, box.y + 6 + i * line_h), "body", size, palette.tooltip_text)
