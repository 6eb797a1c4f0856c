"""Scenes and their stack (after Tuxemon's states): one module, since a scene and its stack know each other.

A scene is one screen or overlay. It receives what it needs through its
constructor (rules session, settings, ``random.Random``, clock…), never from a
global. The SceneStack calls, in this order over a scene's life:

    on_enter()   once, when it is first placed on the stack
    resume()     each time it becomes the top scene (also right after on_enter)
    pause()      each time another scene covers it, and before shutdown
    shutdown()   once, when it leaves the stack

Every frame the visible scenes get ``update(dt)`` and ``draw(surface)``; the
top scene gets events first through ``process_event``.

``SceneStack`` holds the scenes, bottom first: push, pop and replace, applied after the frame.
Requests made while a frame runs (from an event handler or update) are queued
and applied by ``apply_pending()`` at the end of the frame, so a scene never
disappears in the middle of its own handler and each frame sees one stack.

A scene that asked to leave gets no more events in that frame (a double click
on OK, Enter twice: one answer), and once a screen is asked to open, no scene
gets the frame's later presses (Rename then Remove in one frame removed the item
the form then renamed the neighbour of). Presses in a burst (each within ``BURST_GAP``
of the last) are one gesture: once one of them closed a screen (uncovering the one
below), the same key
again, or a click at the same place, is dropped until the burst stops or another
key is pressed (Tab to a control, a letter), so a double
click on OK, Enter pressed twice or a held Escape never goes on to press what
was below (two quick Escapes closed the fight board, then the sheet).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import ClassVar

import pygame

from game.app.burst import ClickBurst
from game.i18n.catalogue import resolve

#: The keys that answer or leave a screen: pressed again in a burst after one closed it, they are dropped.
PRESS_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
DOUBLE_CLICK_SLOP = 6  # logical pixels: a double click's second press lands this near its first
# What a player presses: once a screen is asked to open over the one shown, the frame's later presses are dropped.
PRESSES = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.TEXTINPUT)


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

    def animated_area(self) -> list[pygame.Rect] | None:
        """Where what animates is drawn, on the page: the loop redraws only there (dirty regions, issue 28's
        kiosk row). ``None``, the default, is the whole page; ``[]`` is nothing of its own. Asked while the scene
        animates and on the frame its animation ends, so it covers the animation's last frame too."""
        return None

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Handle ``event``; return None when consumed, or the event to pass it down."""
        return event

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def layout(self, size: tuple[int, int]) -> None:
        """A fluid scene: place everything for a page of ``size`` (set ``self.page`` to it)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw on the logical surface. Must not change state (may be called any time)."""

    def covers_page(self, size: tuple[int, int]) -> bool:
        """Whether :meth:`draw` paints every pixel of a page of ``size`` (a whole cached layer): the loop then
        does not clear the page first (issue 28: one pass over the page a frame, not two)."""
        return False

    def on_enter(self) -> None:
        """Called once when the scene is placed on the stack."""

    def resume(self) -> None:
        """Called when the scene becomes the top scene."""

    def pause(self) -> None:
        """Called when the scene stops being the top scene."""

    def shutdown(self) -> None:
        """Called once when the scene leaves the stack: release resources here."""

    def spoken_summary(self) -> str:
        """What a screen-reader user hears on arriving here and on F3, "where am I" (game.app.narrator): the
        screen's own words (override), by default its ``title`` when it has one."""
        title = getattr(self, "title", None)
        return resolve(title) if isinstance(title, str) or callable(title) else ""

    def lock_changed(self) -> None:
        """The convention stand was locked or unlocked (``services.locked``): show what that allows. Override;
        the kiosk calls it on every screen of the stack (issue 30 items 17-19)."""

    def leave_once(self) -> bool:
        """Leave the stack, once: a second close (a double click, Escape after OK) is ignored.
        True the first time, so a caller reports its answer only then."""
        if self.closed:
            return False
        self.closed = True
        if self.stack is not None:
            self.stack.pop(self)
        return True


class SceneStack:
    """The scenes, bottom first; the last one is on top."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []
        self._presses = ClickBurst()  # presses each within BURST_GAP of the last: one gesture
        # The last press taken: the top it reached, the stack's depth then, its key (or "click") and place.
        self._gesture: tuple[Scene | None, int, object, tuple[int, int]] = (None, 0, None, (0, 0))
        self._drop_release = False  # the press of this release was dropped
        self._opening = False  # a screen was asked to open this frame: the rest of the frame's presses are not for below
        self.changed = False  # set when the stack changed; the loop redraws and clears it
        # Parts of the page to redraw (request_redraw with areas): where the scenes drew something new, and
        # where only what the supervisor draws above them changed. The loop draws them and empties both.
        self.damaged: list[pygame.Rect] = []
        self.damaged_above: list[pygame.Rect] = []

    # -- queries ------------------------------------------------------------------

    @property
    def scenes(self) -> tuple[Scene, ...]:
        """All scenes, bottom first."""
        return tuple(self._scenes)

    @property
    def top(self) -> Scene | None:
        """The scene on top, or None when empty."""
        return self._scenes[-1] if self._scenes else None

    @property
    def empty(self) -> bool:
        """True when no scene is left (the app should end)."""
        return not self._scenes

    @property
    def has_pending(self) -> bool:
        """True when requests wait for ``apply_pending``."""
        return bool(self._pending)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque one upward."""
        start = 0
        for index in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[index].opaque:
                start = index
                break
        return self._scenes[start:]

    @property
    def wants_animation(self) -> bool:
        """True when a visible scene animates, or changes are pending."""
        # A burst of presses keeps the frames coming, so its quiet is measured on the clock (as ClickBurst's).
        return bool(self._pending) or self._presses.busy or any(scene.wants_animation for scene in self.visible())

    def animating_scenes(self) -> list[Scene]:
        """The visible scenes that animate now (the loop asks before ``update`` too: an animation's last frame)."""
        return [scene for scene in self.visible() if scene.wants_animation]

    def animated_area(self, animated_before: list[Scene]) -> list[pygame.Rect] | None:
        """What to redraw of the page for the scenes' own changes: the areas of the scenes that animate now or did
        before ``update`` (``animated_before``) and the damaged areas; ``None`` (the whole page) when the stack
        changed, a whole redraw is asked, or such a scene did not say where it moves. A burst of presses keeps
        frames coming but draws nothing of its own."""
        if self.changed or self._pending:
            return None
        areas = list(self.damaged)
        visible = self.visible()
        for scene in visible:
            if scene in animated_before or scene.wants_animation:
                moved = scene.animated_area()
                if moved is None:
                    return None
                areas.extend(moved)
        if any(scene not in visible for scene in animated_before):
            return None  # an animating scene is no longer drawn: what it drew must go
        return areas

    # -- requests (applied after the frame) ---------------------------------------

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top (after this frame); the frame's presses after this one no longer reach the scenes."""
        self._opening = True
        self._pending.append(lambda: self._push_now(scene))

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene, or ``scene`` wherever it is (after this frame); it takes no more events."""
        self._leaving(scene if scene is not None else self.top)
        self._pending.append(lambda: self._pop_now(scene))

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` (after this frame); the top takes no more events."""
        self._leaving(self.top)
        self._pending.append(lambda: self._replace_now(scene))

    @staticmethod
    def _leaving(scene: Scene | None) -> None:
        if scene is not None:
            scene.closed = True

    def clear(self) -> None:
        """Remove every scene (after this frame); the loop then ends."""
        self._pending.append(self._clear_now)

    def request_redraw(self, areas: list[pygame.Rect] | None = None, *, above: bool = False) -> None:
        """Ask for one redraw (for a change made outside an event, e.g. a timer): of the whole page, or only of
        ``areas`` (page pixels); ``above``, areas where only the supervisor's drawing changed (the scenes' is
        as it was)."""
        if areas is None:
            self.changed = True
        else:
            (self.damaged_above if above else self.damaged).extend(pygame.Rect(area) for area in areas)

    def apply_pending(self) -> bool:
        """Apply queued requests in order; True if anything was applied."""
        applied = False
        self._opening = False
        while self._pending:
            request = self._pending.pop(0)
            request()
            applied = True
        if applied:
            self.changed = True
        return applied

    # -- immediate operations ------------------------------------------------------

    def _push_now(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.pause()
        scene.closed = False  # a scene put back (the fight board reopened where it was) takes events again
        scene.stack = self
        self._scenes.append(scene)
        scene.on_enter()
        scene.resume()

    def _remove(self, scene: Scene) -> None:
        was_top = scene is self.top
        if was_top:
            scene.pause()
        self._scenes.remove(scene)
        scene.shutdown()
        scene.stack = None
        if was_top and self.top is not None:
            self.top.resume()

    def _pop_now(self, scene: Scene | None) -> None:
        target = scene if scene is not None else self.top
        if target is not None and target in self._scenes:
            self._remove(target)

    def _replace_now(self, scene: Scene) -> None:
        if self.top is not None:
            old = self._scenes.pop()
            old.pause()
            old.shutdown()
            old.stack = None
        scene.closed = False
        scene.stack = self
        self._scenes.append(scene)
        scene.on_enter()
        scene.resume()

    def _clear_now(self) -> None:
        # Every scene goes; none below is resumed on the way (a resumed scene could ask for more changes).
        if self._scenes:
            self._scenes[-1].pause()
        while self._scenes:
            scene = self._scenes.pop()
            scene.shutdown()
            scene.stack = None

    # -- per frame ----------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Offer ``event`` from the top down; it passes below a scene only if that
        scene is transparent and returned it. Returns the event if nobody consumed it.

        A scene leaving the stack takes the rest of the frame's events (they were aimed at it), so does a screen asked
        to open (its presses were aimed below it, which it will cover), and the rest of
        a burst whose first press closed a screen is dropped (see the module's docstring).
        """
        if self._after_close(event):
            return None
        if self._opening and event.type in PRESSES:
            return None  # aimed at a screen a form now covers (Rename, then Remove, in one frame: the wrong item renamed)
        for scene in reversed(self._scenes):
            if scene.closed:
                return None
            result = scene.process_event(event)
            if result is None:
                return None
            event = result
            if scene.opaque:
                break
        return event

    def _after_close(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` repeats, in the burst, the press that closed the screen it reached (then it is dropped)."""
        if event.type == pygame.MOUSEBUTTONUP and self._drop_release:
            self._drop_release = False
            return True
        key = event.type == pygame.KEYDOWN and event.key in PRESS_KEYS
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT) and not key:
            self._gesture = (None, 0, None, (0, 0))  # another key (Tab to a control, a letter): a new move begins
            return False
        if not key and event.type != pygame.MOUSEBUTTONDOWN:
            return False
        what: object = event.key if key else "click"
        x, y = (0, 0) if key else getattr(event, "pos", (0, 0))
        last, depth, last_what, (last_x, last_y) = self._gesture
        in_burst = not self._presses.press()
        near = abs(x - last_x) <= DOUBLE_CLICK_SLOP and abs(y - last_y) <= DOUBLE_CLICK_SLOP
        if in_burst and what == last_what and near and len(self._scenes) < depth:
            self._drop_release = not key  # the screen the last press reached went away: this one was meant for it
            return True
        self._gesture = (self.top, len(self._scenes), what, (int(x), int(y)))
        return False

    def update(self, dt: float) -> None:
        """Update the visible scenes, bottom first."""
        self._presses.update(dt)
        for scene in self.visible():
            scene.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the topmost opaque scene upward, so overlays sit on what is below."""
        for scene in self.visible():
            scene.draw(surface)

    def covers_page(self, size: tuple[int, int]) -> bool:
        """Whether the scenes drawn paint every pixel of a page of ``size`` (the lowest of them does)."""
        shown = self.visible()
        return bool(shown) and shown[0].covers_page(size)
