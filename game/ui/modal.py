"""The shape every modal overlay shares: a veil over the screen, a framed panel, its own widgets.

Dialogs, forms, dice entry, the crash report and the import box all work the
same way: they sit on top (transparent, so the screen shows through the veil),
keep every event to themselves (modal), let a window close pass through, and
close on Escape. Subclasses give ``panel_rect`` and ``dismiss`` and draw their
content after ``draw_frame``.
"""

from __future__ import annotations

import pygame

from game.app.scene import Scene
from game.ui.context import UIContext
from game.ui.draw import blit_text, draw_panel, draw_veil
from game.ui.group import WidgetGroup


class ModalScene(Scene):
    """Base of modal overlays."""

    transparent = True

    def __init__(self, ui: UIContext) -> None:
        super().__init__()
        self.ui = ui
        self.group = WidgetGroup(ui)

    def panel_rect(self) -> pygame.Rect:
        """Where the panel sits (logical coordinates)."""
        raise NotImplementedError

    def dismiss(self) -> None:
        """Escape: close without an answer (default: just leave the stack)."""
        if self.stack is not None:
            self.stack.pop(self)

    def handle(self, event: pygame.event.Event) -> bool:
        """A hook for events the widgets don't take (True when used)."""
        return False

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.QUIT:
            return event
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.dismiss()
            return None
        if not self.handle(event):
            self.group.process_event(event)
        return None  # modal: nothing reaches the screen below

    def update(self, dt: float) -> None:
        self.group.update(dt)

    @property
    def wants_animation(self) -> bool:
        return self.group.wants_animation

    def draw_frame(
        self, surface: pygame.Surface, title: str | None = None, *, title_x: int | None = None, centred: bool = False
    ) -> pygame.Rect:
        """The veil, the panel and its title; returns the panel's rect."""
        p = self.ui.palette
        draw_veil(surface, p)
        panel = self.panel_rect()
        draw_panel(surface, panel, p, fill_alpha=250)
        if title:
            size = self.ui.theme.text_size("heading")
            if centred:
                blit_text(surface, title, (panel.centerx, panel.y + 34), "title", size, p.rubric, "center")
            else:
                blit_text(
                    surface, title, (title_x if title_x is not None else panel.x + 30, panel.y + 22), "title", size, p.rubric
                )
        return panel
