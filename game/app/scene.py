"""Scene base class (after Tuxemon's states).

A scene is one screen or overlay. It receives what it needs through its
constructor (rules session, settings, ``random.Random``, clock…), never from a
global. The SceneStack calls, in this order over a scene's life:

    on_enter()   once, when it is first placed on the stack
    resume()     each time it becomes the top scene (also right after on_enter)
    pause()      each time another scene covers it, and before shutdown
    shutdown()   once, when it leaves the stack

Every frame the visible scenes get ``update(dt)`` and ``draw(surface)``; the
top scene gets events first through ``process_event``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar

import pygame

if TYPE_CHECKING:
    from game.app.stack import SceneStack


class Scene:
    """Override what you need; the defaults do nothing and pass events on."""

    #: A transparent scene (dialog, dice overlay) shows the scene below it, and
    #: events it returns are offered to that scene too.
    transparent: bool = False
    #: A fluid scene lays itself out for any page size (``layout``); every screen and overlay of the app is.
    #: A scene that is not (a test's stand-in) gets the fixed 1280×720 page.
    fluid: ClassVar[bool] = False
    #: Which screen this is, for the navigator: a member of ``game.app.navigator.Screen`` (``None``: an overlay or a
    #: stand-in). Typed by its base: the navigator knows the scenes, a scene need not import the navigator.
    screen: ClassVar[StrEnum | None] = None
    #: Set by :meth:`leave_once`: the scene has asked to leave the stack.
    closed: bool = False

    def __init__(self) -> None:
        # Set by the stack when the scene is pushed; use it to push/pop/replace.
        self.stack: SceneStack | None = None

    @property
    def opaque(self) -> bool:
        """The opposite of ``transparent``: scenes below are neither drawn nor sent events."""
        return not self.transparent

    @property
    def wants_animation(self) -> bool:
        """True while the scene changes by itself (tumbling dice, fades): the loop
        then draws at 60 fps; otherwise it sleeps until the next event."""
        return False

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Handle ``event``; return None when consumed, or the event to pass it down."""
        return event

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def layout(self, size: tuple[int, int]) -> None:
        """A fluid scene: place everything for a page of ``size`` (set ``self.page`` to it)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw on the logical surface. Must not change state (may be called any time)."""

    def on_enter(self) -> None:
        """Called once when the scene is placed on the stack."""

    def resume(self) -> None:
        """Called when the scene becomes the top scene."""

    def pause(self) -> None:
        """Called when the scene stops being the top scene."""

    def shutdown(self) -> None:
        """Called once when the scene leaves the stack: release resources here."""

    def leave_once(self) -> bool:
        """Leave the stack, once: a second close (a double click, Escape after OK) is ignored.
        True the first time, so a caller reports its answer only then."""
        if self.closed:
            return False
        self.closed = True
        if self.stack is not None:
            self.stack.pop(self)
        return True
