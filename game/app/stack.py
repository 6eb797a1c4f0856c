"""SceneStack: push, pop and replace scenes, applied after the frame.

Requests made while a frame runs (from an event handler or update) are queued
and applied by ``apply_pending()`` at the end of the frame, so a scene never
disappears in the middle of its own handler and each frame sees one stack.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.scene import Scene


class SceneStack:
    """The scenes, bottom first; the last one is on top."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []
        self.changed = False  # set when the stack changed; the loop redraws and clears it

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
        return bool(self._pending) or any(scene.wants_animation for scene in self.visible())

    # -- requests (applied after the frame) ---------------------------------------

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top (after this frame)."""
        self._pending.append(lambda: self._push_now(scene))

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene, or ``scene`` wherever it is (after this frame)."""
        self._pending.append(lambda: self._pop_now(scene))

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` (after this frame)."""
        self._pending.append(lambda: self._replace_now(scene))

    def clear(self) -> None:
        """Remove every scene (after this frame); the loop then ends."""
        self._pending.append(self._clear_now)

    def request_redraw(self) -> None:
        """Ask for one redraw (for a change made outside an event, e.g. a timer)."""
        self.changed = True

    def apply_pending(self) -> bool:
        """Apply queued requests in order; True if anything was applied."""
        applied = False
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
        scene is transparent and returned it. Returns the event if nobody consumed it."""
        for scene in reversed(self._scenes):
            result = scene.process_event(event)
            if result is None:
                return None
            event = result
            if scene.opaque:
                break
        return event

    def update(self, dt: float) -> None:
        """Update the visible scenes, bottom first."""
        for scene in self.visible():
            scene.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the topmost opaque scene upward, so overlays sit on what is below."""
        for scene in self.visible():
            scene.draw(surface)
