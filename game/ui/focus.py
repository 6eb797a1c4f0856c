"""Keyboard focus: Tab / Shift+Tab cycle, Enter / Space activate.

The ring knows the widgets in tab order. Focus outlines are shown only after
keyboard navigation ("focus-visible"), so mouse users are not distracted by
them while keyboard users always see where they are.

A disabled control stays in the tab order (a listener learns it exists and why it is off:
Enter on it says the reason and changes nothing). Focus is never lost: when the focused
control is hidden, removed or disabled under the player (the button just pressed), ``settle``
moves it on — to the first usable control the widget names in ``focus_after`` (after a round,
the wound's decision), else to the next usable control after its place — once the screen no
longer ``hold``s it (the dice still rolling).
"""

from __future__ import annotations

import pygame

from game.ui.widget import Widget

ACTIVATION_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def usable(widget: Widget | None) -> bool:
    """Whether ``widget`` can take the focus and do something there (in the tab order and enabled)."""
    return widget is not None and widget.accepts_focus() and widget.enabled


class FocusRing:
    """Tab order and the currently focused widget."""

    def __init__(self, widgets: list[Widget] | None = None) -> None:
        self.widgets: list[Widget] = list(widgets or [])
        self.focused: Widget | None = None
        self.visible = False  # True after keyboard navigation
        self._lost: Widget | None = None  # the widget that lost focus under the player: focus goes on from its place
        self._lost_place = 0  # its index in the tab order (it may have been removed)
        self._was_usable = False  # whether the focused widget was usable when last looked at
        self.hold = False  # the screen has something on its way (dice rolling): focus waits before moving on

    def add(self, widget: Widget) -> None:
        """Append ``widget`` to the tab order."""
        self.widgets.append(widget)

    def remove(self, widget: Widget) -> None:
        """Take ``widget`` out of the tab order (focus goes on from its place at the next ``settle``)."""
        if widget is self.focused:
            self._orphan(widget)
        self.widgets.remove(widget)

    def focus(self, widget: Widget | None) -> None:
        """Give focus to ``widget`` (None clears focus)."""
        self._lost = None
        self._was_usable = usable(widget)
        if widget is self.focused:
            return
        if self.focused is not None:
            self.focused.focused = False
            self.focused.on_blur()
        self.focused = widget
        if widget is not None:
            widget.focused = True
            widget.on_focus()

    def take_over(self, old: FocusRing, widget: Widget) -> None:
        """Focus ``widget``, the rebuilt twin of ``old``'s focused control (a re-layout): a control that was
        usable and is disabled now (+ at 200 %) has lost the focus under the player, as if it had been kept."""
        self.focus(widget)
        self._was_usable = old._was_usable and old._lost is None

    def _candidates(self) -> list[Widget]:
        return [w for w in self.widgets if w.accepts_focus()]

    def start(self) -> Widget | None:
        """Where the focus is, or where the first Tab takes it when nothing has it yet (F3 says it either way)."""
        if self.focused is not None:
            return self.focused
        candidates = self._candidates()
        return candidates[0] if candidates and self._lost is None else None

    def _orphan(self, widget: Widget) -> None:
        """``widget`` lost the focus under the player: remember its place."""
        self._lost = widget
        self._lost_place = self.widgets.index(widget) if widget in self.widgets else self._lost_place

    def _after(self, place: int, step: int, keep: list[Widget]) -> list[Widget]:
        """The widgets of ``keep`` after (``step`` > 0) or before ``place`` in tab order, nearest first, wrapping."""
        if step > 0:
            order = self.widgets[place + 1 :] + self.widgets[: place + 1]
        else:
            order = list(reversed(self.widgets[:place])) + list(reversed(self.widgets[place:]))
        return [w for w in order if w in keep]

    def move(self, step: int) -> Widget | None:
        """Focus the next (+1) or previous (-1) widget in the tab order (disabled ones too), wrapping around."""
        candidates = self._candidates()
        if not candidates:
            self.focus(None)
            return None
        if self.focused in candidates and self._lost is None:
            target = candidates[(candidates.index(self.focused) + step) % len(candidates)]
        elif self._lost is not None:
            # Focus went away under the player: go on from its place.
            place = self.widgets.index(self._lost) if self._lost in self.widgets else self._lost_place - (step > 0)
            target = self._after(place, step, candidates)[0]
        else:
            target = candidates[0 if step > 0 else -1]
        self.focus(target)
        return self.focused

    def settle(self) -> Widget | None:
        """Put the focus back on a usable control when its own was hidden, removed or disabled under the
        player; returns the control newly focused (to be said), else None.

        It waits (on the disabled control, or on nothing) while ``hold`` is set: the screen has something on
        its way (the dice of a round rolling, after which the wound's decision appears)."""
        focused = self.focused
        if focused is not None and self._lost is None:
            if usable(focused) or (focused.accepts_focus() and not self._was_usable):
                self._was_usable = self._was_usable or usable(focused)
                return None  # fine, or a disabled control the player went to
            self._orphan(focused)
        lost = self._lost
        if lost is None or self.hold:
            return None
        if usable(lost) and lost in self.widgets:
            self.focus(lost)  # it came back (enabled again once the dice landed): nothing to say
            return None
        preferred = [w for w in lost.focus_after if w in self.widgets]
        target = next((w for w in preferred if usable(w)), None)
        if target is None:
            place = self.widgets.index(lost) if lost in self.widgets else self._lost_place - 1
            target = next(iter(self._after(place, 1, [w for w in self.widgets if usable(w)])), None)
        if target is None:
            return None
        self.focus(target)
        return target

    def process_event(self, event: pygame.event.Event) -> bool:
        """Handle Tab / Shift+Tab / Enter / Space; True when consumed (Enter on a disabled control is the
        group's: it says why)."""
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_TAB:
            self.visible = True
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in ACTIVATION_KEYS and self.focused is not None and self._lost is None:
            if self.focused.captures_activation_keys:
                return False
            self.visible = True
            self.focused.activate()
            return True
        return False
