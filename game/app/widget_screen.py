"""The shape of a full screen driven by its widgets: they take events first, Escape closes it.

The full-screen counterpart of game.app.modal.ModalScene: the screen owns a
WidgetGroup, animates while a widget does, and leaves the stack on Escape or
through ``close`` (``escape`` may go elsewhere); with ``help_on_f1`` F1 opens
``open_help`` before any widget sees it. Subclasses build their widgets and draw. It lives here, not
in game.scenes, because a base is not a screen (every screen module has a showcase).
"""

from __future__ import annotations

import pygame

from game.app.scene import Scene
from game.ui.context import UIContext
from game.ui.group import WidgetGroup


class WidgetScreen(Scene):
    """Base of full screens whose controls are widgets of one group."""

    #: F1 opens :meth:`open_help` (a screen with a help page sets it).
    help_on_f1: bool = False

    def __init__(self, ui: UIContext) -> None:
        super().__init__()
        self.ui = ui
        self.group = WidgetGroup(ui)

    def close(self) -> None:
        """Leave the stack: the screen below comes back."""
        if self.stack is not None:
            self.stack.pop(self)

    def escape(self) -> None:
        """Escape that no widget took: leave (a screen may go elsewhere, the creation screen to the shelf)."""
        self.close()

    def open_help(self) -> None:
        """F1, when ``help_on_f1``: this screen's help page."""

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.help_on_f1 and event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_help()
            return None
        if self.group.process_event(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.escape()
            return None
        return event

    def update(self, dt: float) -> None:
        self.group.update(dt)

    @property
    def wants_animation(self) -> bool:
        return self.group.wants_animation
