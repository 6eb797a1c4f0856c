"""Widget base class, shaped like pygame_gui's elements.

A widget owns a rect in logical coordinates, may take keyboard focus, may be
disabled with a reason (shown as its tooltip, so the player learns *why*),
reports what happened through callbacks, and never reads global input state:
handlers use ``event.pos`` only, so posted events drive it in tests.
"""

from __future__ import annotations

import pygame

from game.i18n.catalogue import TextSource
from game.ui.context import UIContext

POINTER_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


class Widget:
    """Base class: override ``process_event``, ``update``, ``draw`` as needed."""

    #: Whether Tab can land on this widget.
    focusable: bool = True
    #: Whether the widget uses Enter/Space itself while focused (text areas do).
    captures_activation_keys: bool = False

    def __init__(
        self,
        ui: UIContext,
        rect: pygame.Rect | tuple[int, int, int, int],
        *,
        enabled: bool = True,
        disabled_reason: TextSource | None = None,
        tooltip: TextSource | None = None,
        visible: bool = True,
    ) -> None:
        self.ui = ui
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.disabled_reason = disabled_reason
        self.tooltip = tooltip
        self.visible = visible
        self.focused = False
        self.hovered = False

    # -- state ---------------------------------------------------------------

    def set_enabled(self, enabled: bool, reason: TextSource | None = None) -> None:
        """Enable, or disable with the ``reason`` the tooltip will show."""
        self.enabled = enabled
        self.disabled_reason = None if enabled else reason

    def accepts_focus(self) -> bool:
        """Whether focus may move here now (focusable, visible and enabled)."""
        return self.focusable and self.visible and self.enabled

    def tooltip_text(self) -> str | None:
        """What to show on hover: the disabled reason when disabled, else the tooltip."""
        source = self.tooltip if self.enabled else (self.disabled_reason or self.tooltip)
        text = self.ui.text(source) if source is not None else ""
        return text or None

    def contains(self, pos: tuple[int, int]) -> bool:
        """Whether logical point ``pos`` is on this widget."""
        return self.visible and self.rect.collidepoint(pos)

    # -- hooks ---------------------------------------------------------------

    def on_focus(self) -> None:
        """Called when the widget receives focus."""

    def on_blur(self) -> None:
        """Called when the widget loses focus."""

    def activate(self) -> None:
        """Do the widget's main action (Enter/Space from the focus ring)."""

    @property
    def wants_animation(self) -> bool:
        """True while the widget changes by itself and needs redrawing every frame."""
        return False

    # -- the pygame_gui-shaped trio -------------------------------------------

    def process_event(self, event: pygame.event.Event) -> bool:
        """Handle ``event``; return True when it was consumed."""
        if event.type == pygame.MOUSEMOTION and hasattr(event, "pos"):
            self.hovered = self.contains(event.pos)
        return False

    def update(self, dt: float) -> None:
        """Advance time-based state by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw on ``surface`` (logical coordinates); must not change state."""
