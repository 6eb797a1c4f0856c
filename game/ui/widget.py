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
    #: Whether letters typed while it has focus are text (then no shortcut fires).
    takes_text: bool = False
    #: Where the focus goes when this control is hidden or disabled under the player (the first usable of
    #: them; none usable: the next usable control after it). Set by the screen ("Add" → the name field).
    focus_after: tuple[Widget, ...] = ()
    #: The ScrollPane that places, clips and draws this widget (None: the group draws it).
    pane: Widget | None = None
    #: The left button went down on the widget and is not up yet (see :meth:`click`).
    pressed: bool = False

    def __init__(
        self,
        ui: UIContext,
        rect: pygame.Rect | tuple[int, int, int, int],
        *,
        enabled: bool = True,
        disabled_reason: TextSource | None = None,
        tooltip: TextSource | None = None,
        visible: bool = True,
        spoken_name: TextSource | None = None,
    ) -> None:
        """``spoken_name``: what a screen reader calls the widget when its label is drawn by the screen."""
        self.ui = ui
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.disabled_reason = disabled_reason
        self.tooltip = tooltip
        self.visible = visible
        self.spoken_name = spoken_name
        self.focused = False
        self.hovered = False

    # -- state ---------------------------------------------------------------

    def set_enabled(self, enabled: bool, reason: TextSource | None = None) -> None:
        """Enable, or disable with the ``reason`` the tooltip will show."""
        self.enabled = enabled
        self.disabled_reason = None if enabled else reason

    def accepts_focus(self) -> bool:
        """Whether Tab may land here now (focusable and visible; a disabled control too: it says why it is off)."""
        return self.focusable and self.visible

    def unavailable(self) -> str:
        """Why the control is off, in words ("unavailable: no meal left"); "" when it is enabled."""
        if self.enabled:
            return ""
        if self.disabled_reason is None:
            return self.ui.t("access.unavailable_plain")
        return self.ui.t("access.unavailable", reason=self.ui.text(self.disabled_reason))

    def tooltip_text(self) -> str | None:
        """What to show on hover: the disabled reason when disabled, else the tooltip."""
        source = self.tooltip if self.enabled else (self.disabled_reason or self.tooltip)
        text = self.ui.text(source) if source is not None else ""
        return text or None

    @property
    def view(self) -> pygame.Rect:
        """The part of this widget where what it holds shows (a pane's whole rows): here, all of it."""
        return self.rect

    def contains(self, pos: tuple[int, int]) -> bool:
        """Whether logical point ``pos`` is on this widget."""
        if self.pane is not None and not self.pane.view.collidepoint(pos):
            return False  # scrolled out of its pane's view
        return self.visible and self.rect.collidepoint(pos)

    # -- speech (what a screen-reader user hears; see game.ui.speech) -----------

    #: Whether a key that changes the value (an arrow, + / −) has the new value said.
    speaks_value_changes: bool = True
    #: The catalogue key of the widget's kind ("access.role_button"…), said after its name.
    role: str | None = None
    #: The row or group of choices this control is one of ("Langue", "Compétences maîtrisées"): said before
    #: its state, so a listener knows what the choice is about (a button's row, a switch among options).
    choice_of: TextSource | None = None

    def in_group(self, state: str) -> str:
        """``state`` after the name of the group the control is one of ("Langue, choisi"), or alone."""
        if self.choice_of is None:
            return state
        return self.ui.t("access.choice_of", group=self.ui.text(self.choice_of), state=state)

    def spoken_label(self) -> str:
        """The widget's name: ``spoken_name``, else its tooltip."""
        source = self.spoken_name if self.spoken_name is not None else self.tooltip
        return self.ui.text(source) if source is not None else ""

    def spoken_value(self) -> str:
        """The widget's current value in words ("" when it has none)."""
        return ""

    def spoken(self) -> str:
        """Name, kind, value and, when disabled, the reason: said when the widget takes focus."""
        parts = [self.spoken_label(), self.ui.t(self.role) if self.role else "", self.spoken_value(), self.unavailable()]
        return ", ".join(part for part in parts if part)

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

    def click(self, event: pygame.event.Event) -> bool:
        """The one left-click gesture of clickable widgets: down on the widget presses it (when enabled), up on
        it activates it; True when ``event`` was part of it (consumed)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.contains(event.pos):
                self.activate()
            return True
        return False

    def update(self, dt: float) -> None:
        """Advance time-based state by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw on ``surface`` (logical coordinates); must not change state."""


class TypedText:
    """What a widget the player types into says (mixed in before ``Widget``): its name is the spoken
    name or the placeholder, its value the text; keys there type, so no shortcut fires and the text is
    not read again after each key."""

    takes_text = True
    speaks_value_changes = False
    role: str | None = "access.role_field"

    def spoken_label(self) -> str:
        source = self.spoken_name if self.spoken_name is not None else self.placeholder  # type: ignore[attr-defined]  # a mixin: the text widgets that use it have these attributes
        return self.ui.text(source) if source is not None else Widget.spoken_label(self)  # type: ignore[attr-defined, arg-type]  # a mixin: the text widgets that use it have these attributes

    def spoken_value(self) -> str:
        return self.text or self.ui.t("access.empty")  # type: ignore[attr-defined]  # a mixin: the text widgets that use it have these attributes
