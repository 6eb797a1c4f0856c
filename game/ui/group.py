"""A set of widgets on one screen: event dispatch, focus ring, tooltips, drawing.

Screens hold one WidgetGroup and forward ``process_event`` / ``update`` /
``draw`` to it; it sends keys to the focused widget first, then to the focus
ring (Tab, Enter, Space), and pointer events to the widget under the pointer.
"""

from __future__ import annotations

from typing import TypeVar

import pygame

from game.ui import text_fit
from game.ui.context import UIContext
from game.ui.draw import draw_focus_ring
from game.ui.focus import ACTIVATION_KEYS, FocusRing, usable
from game.ui.tooltip import TooltipLayer
from game.ui.widget import Widget

KEY_EVENTS = (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING)


W = TypeVar("W", bound=Widget)


class WidgetGroup:
    """Widgets drawn in insertion order; the last added is on top."""

    def __init__(self, ui: UIContext) -> None:
        self.ui = ui
        self.widgets: list[Widget] = []
        self.focus = FocusRing()
        self.tooltips = TooltipLayer(ui)

    def add(self, *widgets: W) -> W:
        """Add widgets (in tab order); returns the last, for ``x = group.add(Button(...))`` (typed as given)."""
        for widget in widgets:
            self.widgets.append(widget)
            self.focus.add(widget)
        return widgets[-1]

    def add_before(self, anchor: Widget | None, *widgets: Widget) -> None:
        """Add widgets just before ``anchor`` in the tab order and the drawing order (appended when ``anchor``
        is not in the group): controls built later that read before others (a section's choices)."""
        for widget in widgets:
            for order in (self.widgets, self.focus.widgets):
                order.insert(order.index(anchor) if anchor in order else len(order), widget)

    def remove(self, widget: Widget) -> None:
        """Remove ``widget``."""
        self.focus.remove(widget)
        self.widgets.remove(widget)

    def process_event(self, event: pygame.event.Event) -> bool:
        """Dispatch ``event``; True when some widget (or the focus ring) consumed it."""
        self.tooltips.process_event(event, self.widgets, self.focus.focused)
        if event.type in KEY_EVENTS:
            self.settle_focus()
            focused = self.focus.focused
            if self._refuse_disabled(focused, event):
                return True
            if focused is not None and focused.accepts_focus():
                before = focused.spoken_value() if event.type == pygame.KEYDOWN else None
                if focused.process_event(event):
                    if event.type == pygame.TEXTINPUT and focused.takes_text:
                        self.ui.say(event.text, kind="echo")  # typed letters are echoed, as a screen reader does
                    self._say_new_value(focused, before)
                    return True
            before_focus = self.focus.focused
            before_value = before_focus.spoken_value() if before_focus is not None and event.type == pygame.KEYDOWN else None
            if self.focus.process_event(event):
                self.tooltips.show_for_focus(self.focus.focused)
                if self.focus.focused is not before_focus and self.focus.focused is not None:
                    self.ui.say(self.focus.focused.spoken(), kind="focus")
                elif before_focus is not None:
                    self._say_new_value(before_focus, before_value)  # Enter flipped a switch, chose a language
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focus.visible = False
            target = next((w for w in reversed(self.widgets) if w.contains(event.pos)), None)
            if usable(target):
                self.focus.focus(target)
            elif target is None:
                self.focus.focus(None)
        consumed = False
        # Every widget sees pointer events (to track hover, end drags), topmost first.
        for widget in reversed(self.widgets):
            if not widget.visible:
                continue
            if widget.process_event(event):
                consumed = True
                if event.type != pygame.MOUSEMOTION:
                    break
        return consumed

    def _refuse_disabled(self, focused: object, event: pygame.event.Event) -> bool:
        """Enter or Space on a disabled control: say why it is off, change nothing (True: consumed)."""
        if not isinstance(focused, Widget) or focused.enabled or not focused.accepts_focus():
            return False
        if event.type != pygame.KEYDOWN or event.key not in ACTIVATION_KEYS:
            return False
        self.focus.visible = True
        self.ui.say(focused.unavailable())
        return True

    def settle_focus(self) -> Widget | None:
        """Move the focus on when its control was hidden, removed or disabled under the player, and say
        where it went (after what the action said)."""
        moved = self.focus.settle()
        if moved is not None:
            self.tooltips.show_for_focus(moved)
            self.ui.say(moved.spoken(), interrupt=False, kind="focus")
        return moved

    def _say_new_value(self, widget: Widget, before: str | None) -> None:
        """A key changed the focused widget's value (an arrow in a list, + on a counter): say the new one."""
        if before is None or widget is not self.focus.focused or not widget.speaks_value_changes:
            return
        after = widget.spoken_value()
        if after != before and after:
            self.ui.say(after, kind="value")

    def focus_first(self) -> Widget | None:
        """Put the keyboard focus on the first control (a screen opened from the keyboard) and say it."""
        widget = self.focus.move(1) if self.focus.focused is None else self.focus.focused
        if widget is not None:
            self.focus.visible = True
            self.ui.say(widget.spoken(), interrupt=False, kind="focus")
        return widget

    def update(self, dt: float) -> None:
        """Advance every widget and the tooltip timer; the focus moves on from a control gone under it."""
        for widget in self.widgets:
            widget.update(dt)
        self.tooltips.update(dt)
        self.settle_focus()

    @property
    def wants_animation(self) -> bool:
        """True while a widget or a pending tooltip needs frames."""
        return self.tooltips.wants_animation or any(w.wants_animation for w in self.widgets if w.visible)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw widgets, the focus outline (after keyboard use), then the tooltip."""
        for widget in self.widgets:
            if widget.visible and widget.pane is None:  # a pane draws its own widgets, clipped
                text_fit.draw_widget(widget, surface)
        focused = self.focus.focused
        if self.focus.visible and focused is not None and focused.visible:
            sizes = self.ui.theme.sizes
            draw_focus_ring(
                surface,
                focused.rect,
                self.ui.palette.focus,
                sizes.focus_width,
                sizes.radius + 3,
                halo=self.ui.palette.parchment_light,
            )
        self.tooltips.draw(surface)
