"""Keyboard focus: Tab / Shift+Tab cycle, Enter / Space activate.

The ring knows the widgets in tab order. Focus outlines are shown only after
keyboard navigation ("focus-visible"), so mouse users are not distracted by
them while keyboard users always see where they are.
"""

from __future__ import annotations

import pygame

from game.ui.widget import Widget

ACTIVATION_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class FocusRing:
    """Tab order and the currently focused widget."""

    def __init__(self, widgets: list[Widget] | None = None) -> None:
        self.widgets: list[Widget] = list(widgets or [])
        self.focused: Widget | None = None
        self.visible = False  # True after keyboard navigation
        self._lost: Widget | None = None  # the widget that lost focus by being disabled: Tab goes on from there

    def add(self, widget: Widget) -> None:
        """Append ``widget`` to the tab order."""
        self.widgets.append(widget)

    def remove(self, widget: Widget) -> None:
        """Take ``widget`` out of the tab order (blurring it if focused)."""
        if widget is self.focused:
            self.focus(None)
        self.widgets.remove(widget)

    def focus(self, widget: Widget | None) -> None:
        """Give focus to ``widget`` (None clears focus)."""
        if widget is self.focused:
            return
        if self.focused is not None:
            self.focused.focused = False
            self.focused.on_blur()
        self.focused = widget
        if widget is not None:
            widget.focused = True
            widget.on_focus()

    def _candidates(self) -> list[Widget]:
        return [w for w in self.widgets if w.accepts_focus()]

    def move(self, step: int) -> Widget | None:
        """Focus the next (+1) or previous (-1) focusable widget, wrapping around."""
        candidates = self._candidates()
        if not candidates:
            self.focus(None)
            return None
        if self.focused in candidates:
            index = (candidates.index(self.focused) + step) % len(candidates)
        elif self._lost is not None and self._lost in self.widgets:
            # Focus went away under the player (the button just pressed is now disabled): go on from its place.
            place = self.widgets.index(self._lost)
            after = (
                [w for w in self.widgets[place + 1 :] if w in candidates]
                if step > 0
                else [w for w in reversed(self.widgets[:place]) if w in candidates]
            )
            index = candidates.index(after[0]) if after else (0 if step > 0 else len(candidates) - 1)
        else:
            index = 0 if step > 0 else len(candidates) - 1
        self._lost = None
        self.focus(candidates[index])
        return self.focused

    def process_event(self, event: pygame.event.Event) -> bool:
        """Handle Tab / Shift+Tab / Enter / Space; True when consumed."""
        if self.focused is not None and not self.focused.accepts_focus():
            lost = self.focused
            self.focus(None)  # it was disabled or hidden under us
            self._lost = lost
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_TAB:
            self.visible = True
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in ACTIVATION_KEYS and self.focused is not None:
            if self.focused.captures_activation_keys:
                return False
            self.visible = True
            self.focused.activate()
            return True
        return False
