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
        self._widgets_moved = False  # whether a widget animated when ``update`` began
        #: The group that replaced this one when the screen laid itself out again (``FluidLayout.layout``): a
        #: change made here may have rebuilt the screen, and its new state is read from there.
        self.successor: WidgetGroup | None = None

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
            mark = self.ui.speech.lines
            if focused is not None and focused.accepts_focus():
                before = focused.spoken_value() if event.type == pygame.KEYDOWN else None
                if focused.process_event(event):
                    if event.type == pygame.TEXTINPUT and focused.takes_text:
                        self.ui.say(event.text, kind="echo")  # typed letters are echoed, as a screen reader does
                    self._say_new_value(focused, before, mark)
                    return True
            before_focus = self.focus.focused
            keyed = before_focus if event.type == pygame.KEYDOWN else None
            before_value = keyed.spoken_value() if keyed is not None else None
            before_label = keyed.spoken_label() if keyed is not None else None
            if self.focus.process_event(event):
                self.tooltips.show_for_focus(self.focus.focused)
                if self.focus.focused is not before_focus and self.focus.focused is not None:
                    self.ui.say(self.focus.focused.spoken(), kind="focus")
                elif before_focus is not None:
                    self._say_new_value(before_focus, before_value, mark, label=before_label)  # Enter flipped a switch
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focus.visible = False
            target = next((w for w in reversed(self.widgets) if w.contains(event.pos)), None)
            if usable(target):
                self.focus.focus(target)
            elif target is None:
                self.focus.focus(None)
        # A click or the wheel that changes a control's value (a choice, a switch, + on a counter) has the new
        # value said, as the key that does it would: a listener who uses the mouse hears it once too.
        changed, mark = self._pointed(event), self.ui.speech.lines
        before = changed.spoken_value() if changed is not None else None
        label = changed.spoken_label() if changed is not None else None
        consumed = False
        # Every widget sees pointer events (to track hover, end drags), topmost first.
        for widget in reversed(self.widgets):
            if not widget.visible:
                continue
            if widget.process_event(event):
                consumed = True
                if event.type != pygame.MOUSEMOTION:
                    break
        if consumed and changed is not None:
            self._say_new_value(changed, before, mark, focused_only=False, label=label)
        return consumed

    def _pointed(self, event: pygame.event.Event) -> Widget | None:
        """The control a click ends on (it took the focus when pressed) or the wheel turns (under the pointer)."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            focused = self.focus.focused
            return focused if focused is not None and focused.contains(event.pos) else None
        if event.type == pygame.MOUSEWHEEL and hasattr(event, "pos"):
            return next((w for w in reversed(self.widgets) if w.contains(event.pos)), None)
        return None

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

    def _say_new_value(
        self, widget: Widget, before: str | None, mark: int, *, focused_only: bool = True, label: str | None = None
    ) -> None:
        """A key (or the mouse: ``focused_only`` False) changed the widget's value (an arrow in a list, + on a
        counter, a click on a choice): say the new one; ``label``, its name before: a name that changed is said
        when the value did not (a button whose label is its state). Not again when what the action said since
        the announcer's line ``mark`` already holds it: a result is said once."""
        group = self.latest()
        if widget not in group.widgets:  # the change rebuilt the screen: the control's twin holds the focus there
            twin = group.focus.focused
            widget = twin if twin is not None and type(twin) is type(widget) else widget
        elif focused_only and widget is not group.focus.focused:
            return
        if before is None or not widget.speaks_value_changes:
            return
        after, said = widget.spoken_value(), " ".join(self.ui.speech.since(mark))
        if after and after in said:
            return
        if after != before and after:
            # after what was being said, a newer value replacing it; a click names its control too (the focus
            # did not go there by the keyboard: "Notes, Onglets, choisi", not "Onglets, choisi")
            name = widget.spoken_label() if not focused_only else ""
            self.ui.say(", ".join(part for part in (name, after) if part), interrupt=False, kind="value")
        elif after == before and label is not None and widget.spoken_label() != label:
            self.ui.say(widget.spoken_label(), interrupt=False, kind="value")  # a name that says its state ("Mira : Passive")

    def latest(self) -> WidgetGroup:
        """This group, or the one that replaced it last (the screen laid out again since)."""
        group = self
        while group.successor is not None:
            group = group.successor
        return group

    def focus_first(self) -> Widget | None:
        """Put the keyboard focus on the first control (a screen opened from the keyboard) and say it."""
        widget = self.focus.move(1) if self.focus.focused is None else self.focus.focused
        if widget is not None:
            self.focus.visible = True
            self.ui.say(widget.spoken(), interrupt=False, kind="focus")
        return widget

    def update(self, dt: float) -> None:
        """Advance every widget and the tooltip timer; the focus moves on from a control gone under it."""
        self._widgets_moved = any(w.wants_animation for w in self.widgets if w.visible)  # their last step is drawn
        for widget in self.widgets:
            widget.update(dt)
        self.tooltips.update(dt)
        self.settle_focus()

    @property
    def wants_animation(self) -> bool:
        """True while a widget or a pending tooltip needs frames."""
        return self.tooltips.wants_animation or any(w.wants_animation for w in self.widgets if w.visible)

    def animated_area(self) -> list[pygame.Rect] | None:
        """Where the group's animation draws (``Scene.animated_area``): nothing while a tooltip waits to appear,
        the whole page while a widget animates, on the frame it stops, or while a tooltip shows (it may cover
        anything)."""
        if self.tooltips.shown or self._widgets_moved or any(w.wants_animation for w in self.widgets if w.visible):
            return None
        return []

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
