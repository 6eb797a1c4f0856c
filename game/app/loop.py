"""The main loop: sleeps while nothing changes, 60 fps while something animates.

When no scene animates and nothing happened, ``run`` blocks in
``pygame.event.wait`` (with a timeout, so time-based scene logic such as the
demo idle timer still ticks): idle CPU stays near zero. While a scene animates
it redraws every frame, paced at ``fps``.

With ``writes`` (the app's SaveStore) the autosaves a frame's events ask for
are held until that frame is shown, then written before the next events are
read: a click is answered without waiting on the disk, and an action shown is
on disk before the next one is handled (and before the loop ends).

A frame redraws only what moved when it can (dirty regions, issue 28's kiosk
row): each animating scene says where it moves (``Scene.animated_area``), a
timer's change names its areas (``SceneStack.request_redraw(areas)``), and the
frame sets the page's clip to their union, draws the stack there and shows that
part of the page alone. An event, a stack change or a change bigger than
``PART_OF_PAGE`` redraws the whole page. Under the kiosk, whose rings and
reading cover are drawn above the scenes, the page as the scenes drew it is
kept, so a ring that fades is wiped from it without drawing the scenes again.

Headless tests and tools drive it with ``step`` / ``run_frames`` and a fixed
``dt``: no waiting, no real time, fully deterministic.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Protocol

import pygame

from game.app.display import RESIZE_EVENTS, Display
from game.app.narrator import Narrator, focused_widget
from game.app.scene import Scene, SceneStack

DROP_EVENTS = (pygame.DROPBEGIN, pygame.DROPFILE, pygame.DROPTEXT, pygame.DROPCOMPLETE)
IDLE_POLL = 1 / 30  # seconds between two looks at the event queue while nothing happens
MAX_DT = 0.25  # after a long idle wait, don't let animations jump ahead
PART_OF_PAGE = 0.5  # a change bigger than this share of the page is drawn whole (a part saves little then)


class SystemClock:
    """Real monotonic time."""

    def now(self) -> float:
        """Seconds since an arbitrary start."""
        return time.perf_counter()


class FakeClock:
    """Time that moves only when told to (tests, screenshot tools)."""

    def __init__(self, start: float = 0.0) -> None:
        self.time = start

    def now(self) -> float:
        """The current fake time."""
        return self.time

    def advance(self, dt: float) -> None:
        """Move time forward by ``dt`` seconds."""
        self.time += dt


class Supervisor(Protocol):
    """Something above every scene (the convention kiosk): filters events, ticks, draws last.

    It may also have ``wake_in()``: the seconds until it next needs ``update`` while nothing else happens, and
    ``animated_area()``: where what it draws moves, as ``Scene.animated_area`` (without it, the whole page).
    """

    @property
    def wants_animation(self) -> bool: ...

    def filter_event(self, event: pygame.event.Event) -> pygame.event.Event | None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def animated_area(self) -> list[pygame.Rect] | None: ...


class HeldWrites(Protocol):
    """Writes that wait for the frame (game.storage.saves.SaveStore): held, then done once it is shown."""

    def hold_writes(self) -> None: ...

    def write_held(self) -> bool: ...


class StopRequest(Protocol):
    """Something that may ask the loop to end (game.app.lifecycle.StopSignals: SIGTERM, SIGINT)."""

    @property
    def requested(self) -> int | None: ...


class MainLoop:
    """Runs a SceneStack in a Display."""

    def __init__(
        self,
        stack: SceneStack,
        display: Display,
        *,
        clock: SystemClock | FakeClock | None = None,
        fps: int = 60,
        idle_wait_ms: int = 1000,
        on_fullscreen: Callable[[bool], None] | None = None,
        on_error: Callable[[Exception], None] | None = None,
        supervisor: Supervisor | None = None,
        narrator: Narrator | None = None,
        zoom: Callable[[], float] | None = None,
        stop: StopRequest | None = None,
        on_stack_change: Callable[[SceneStack], None] | None = None,
        on_drop: Callable[[list[str], SceneStack], None] | None = None,
        writes: HeldWrites | None = None,
    ) -> None:
        self.stack = stack
        self.display = display
        self.clock = clock or SystemClock()
        self.fps = fps
        self.idle_wait_ms = idle_wait_ms
        self.on_fullscreen = on_fullscreen
        self.on_error = on_error  # an unexpected exception in a scene goes here instead of ending the app
        self.supervisor = supervisor  # sees every event first and draws over every scene (the kiosk)
        self.narrator = narrator  # says each new screen and answers the speech keys (game.app.narrator)
        self.zoom = zoom  # the interface size setting: the display magnifies the page and follows the focus
        self.stop = stop  # a stop signal received ends the loop within a frame, whatever is on screen
        self.on_stack_change = on_stack_change  # told after screens came or went (the adventures' locks follow)
        self.on_drop = on_drop  # files dropped on the window, handed over together once the drop is complete
        self.writes = writes  # the autosaves held while a frame is made, done once it is shown
        self._dropped: list[str] = []
        self._dropping = False  # between DROPBEGIN and DROPCOMPLETE: the files of one drop come one by one
        self._followed: object | None = None
        self._followed_scene: object | None = None
        self.running = True
        self.dirty = True  # something changed since the last draw
        self.frames_drawn = 0
        self.frames_in_part = 0  # of them, the frames that drew and showed only a part of the page
        # The page as the scenes drew it, kept once only the supervisor's drawing moved (the kiosk's rings):
        # a part it alone changed is put back from there, the scenes not drawn again.
        self._keep_scenes_layer = False
        self._scenes_layer: pygame.Surface | None = None
        self._drawn_on: pygame.Surface | None = None  # the page the last frame was drawn on (a new one: drawn whole)
        self._pacer = pygame.time.Clock()

    # -- one frame ----------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Window-level handling, then the event (in logical coordinates) to the scenes."""
        self.dirty = True
        if event.type in DROP_EVENTS:
            self._drop(event)
            return
        if event.type in RESIZE_EVENTS:
            size = (event.w, event.h) if hasattr(event, "w") else (getattr(event, "x", 0), getattr(event, "y", 0))
            self.display.resize(size if size[0] > 0 and size[1] > 0 else None)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11 and not getattr(self.supervisor, "locked", False):
            state = self.display.toggle_fullscreen()
            if self.on_fullscreen is not None:
                self.on_fullscreen(state)
            return
        mapped: pygame.event.Event | None = self.display.map_event(event)
        if self.supervisor is not None and mapped is not None:
            mapped = self.supervisor.filter_event(mapped)
        if self.narrator is not None and mapped is not None:
            mapped = self.narrator.filter_event(mapped, self.stack)
        if mapped is None:
            return
        left_over = self.stack.process_event(mapped)
        # A QUIT nobody consumed (e.g. no "unsaved changes?" dialog) ends the app.
        if left_over is not None and left_over.type == pygame.QUIT:
            self.running = False

    def step(self, dt: float = 1 / 60, events: Iterable[pygame.event.Event] = ()) -> bool:
        """Run one frame: events, update(dt), draw if needed, apply stack requests.

        Returns True when the frame was drawn. With ``on_error`` set, an exception
        raised by a scene is handed to it (which recovers) and the frame is redrawn.
        """
        if self.on_error is None:
            return self._step(dt, events)
        try:
            return self._step(dt, events)
        except Exception as error:  # noqa: BLE001 - the app must survive a broken screen
            self.on_error(error)
            self.dirty = True
            self.stack.apply_pending()
            self._stack_changed()
            return False

    def _drop(self, event: pygame.event.Event) -> None:
        """Collect the files of a drop (SDL sends DROPBEGIN, a DROPFILE per file, DROPCOMPLETE)."""
        if event.type == pygame.DROPBEGIN:
            self._dropping = True
        elif event.type == pygame.DROPFILE and getattr(event, "file", None):
            self._dropped.append(event.file)
        elif event.type == pygame.DROPCOMPLETE:
            self._dropping = False

    def _hand_over_drop(self) -> None:
        """A complete drop (or files dropped without a DROPBEGIN) goes to ``on_drop``, whatever is on screen."""
        if not self._dropped or self._dropping:
            return
        files, self._dropped = self._dropped, []
        if self.on_drop is not None:
            self.on_drop(files, self.stack)

    def _step(self, dt: float, events: Iterable[pygame.event.Event]) -> bool:
        if self.writes is None:
            drew = self._frame(dt, events)
        else:
            self.writes.hold_writes()
            try:
                drew = self._frame(dt, events)
            finally:  # shown (or failed): the actions of these events go to disk before the next ones are read
                if self.writes.write_held():
                    self.dirty = True  # a write's failure or notice: the next frame says it
        if self.stack.apply_pending():
            self.dirty = True
            self._stack_changed()
            if self.narrator is not None:
                self.narrator.notice(self.stack)
        if self.stack.empty:
            self.running = False
        return drew

    def _frame(self, dt: float, events: Iterable[pygame.event.Event]) -> bool:
        """The events, ``update(dt)``, and the frame drawn and shown if anything changed; True when drawn."""
        if self.narrator is not None:
            self.narrator.notice(self.stack)
        for event in events:
            self.handle_event(event)
        self._hand_over_drop()
        # Asked before update too: the frame where an animation ends must still be drawn.
        was_animating = self.animating
        animated_before = self.stack.animating_scenes()
        supervisor_before = self.supervisor is not None and self.supervisor.wants_animation
        self.stack.update(dt)
        if self.supervisor is not None:
            self.supervisor.update(dt)
        self._magnify()
        self._fit_page()
        self._follow()  # after the page is known: the overlay is laid out on it
        if not (self.dirty or self.stack.changed or was_animating or self.animating or self._damaged):
            return False
        area, scenes_moved = self._changed_area(animated_before, supervisor_before)
        self.stack.damaged.clear()
        self.stack.damaged_above.clear()
        if area is not None and not (area.width and area.height):
            return False  # what animates draws nothing yet (a tooltip waiting to appear)
        self._draw_frame(area, scenes_moved)
        self.display.present(area)
        self.frames_drawn += 1
        self.frames_in_part += area is not None
        self.dirty = False
        self.stack.changed = False
        return True

    @property
    def _damaged(self) -> bool:
        """Whether parts of the page wait to be redrawn (``SceneStack.request_redraw`` with areas)."""
        return bool(self.stack.damaged or self.stack.damaged_above)

    def _changed_area(self, animated_before: list[Scene], supervisor_before: bool) -> tuple[pygame.Rect | None, bool]:
        """The part of the page this frame must redraw (``None``: all of it; empty: nothing) and whether the
        scenes drew anything new there (else only what the supervisor draws above them moved)."""
        surface = self.display.surface
        if self.dirty or self.stack.changed or surface is not self._drawn_on:
            return None, True
        layer = self._scenes_layer
        layer_fits = layer is not None and layer.get_size() == surface.get_size()
        if self._keep_scenes_layer and not layer_fits:
            return None, True  # no kept layer of this page yet: it is made from a whole frame
        scenes = self.stack.animated_area(animated_before)
        if scenes is None:
            return None, True
        above = list(self.stack.damaged_above)
        if self.supervisor is not None and (supervisor_before or self.supervisor.wants_animation):
            moved = self.supervisor.animated_area()
            if moved is None:
                return None, True
            above += moved
        areas = [area for area in scenes + above if area.width > 0 and area.height > 0]
        page = surface.get_rect()
        if not areas:
            return pygame.Rect(0, 0, 0, 0), False
        area = areas[0].unionall(areas[1:]).clip(page)
        if area.width * area.height > PART_OF_PAGE * page.width * page.height:
            return None, True
        if not scenes and not layer_fits:
            self._keep_scenes_layer = True  # only the supervisor's drawing moved: from now on the layer is kept
            return None, True
        return area, bool(scenes)

    def _draw_frame(self, area: pygame.Rect | None, scenes_moved: bool) -> None:
        """Draw the stack, then the supervisor, within ``area`` of the page (``None``: the whole page); when the
        scenes did not move there, their part of the page is put back from the kept layer instead."""
        surface = self.display.surface
        # The whole page, unless a part: a scene that raised mid-draw may have left a clip rect, and the next
        # frame (the crash dialog's) must start on a whole, clean page or the screen looks frozen.
        surface.set_clip(area)
        try:
            if scenes_moved or area is None or self._scenes_layer is None:
                if not self.stack.covers_page(surface.get_size()):
                    surface.fill(self.display.letterbox_colour)
                self.stack.draw(surface)
                if self._keep_scenes_layer:
                    self._keep_layer(surface, area)
            else:
                surface.blit(self._scenes_layer, area, area)
            if self.supervisor is not None:
                self.supervisor.draw(surface)
        finally:
            surface.set_clip(None)
        self._drawn_on = surface

    def _keep_layer(self, surface: pygame.Surface, area: pygame.Rect | None) -> None:
        """Copy what the scenes drew (``area`` of it, or all of it) into the kept layer."""
        layer = self._scenes_layer
        if layer is None or layer.get_size() != surface.get_size():
            self._scenes_layer = surface.copy()  # only ever on a whole frame (see _changed_area)
        elif area is None:
            layer.blit(surface, (0, 0))
        else:
            layer.blit(surface, area, area)

    def _stack_changed(self) -> None:
        if self.on_stack_change is not None:
            self.on_stack_change(self.stack)

    def _magnify(self) -> None:
        """Apply the interface size (the page may change with it)."""
        if self.zoom is None:
            return
        zoom = self.zoom()
        if zoom != self.display.zoom:
            self.display.set_zoom(zoom)
            self.dirty = True

    def _follow(self) -> None:
        """On a magnified page, pan to an overlay that just opened, and to the control that just took the focus."""
        if self.zoom is None:
            return
        top = self.stack.top
        if top is not self._followed_scene:
            # An overlay that just opened on a magnified page: bring its panel (its start, if bigger) into view.
            self._followed_scene = top
            panel_rect = getattr(top, "panel_rect", None)
            if panel_rect is not None and self.display.zoom > 1.0:
                self.display.show(panel_rect())
                self.dirty = True
        widget = focused_widget(top)
        if widget is self._followed:
            return
        self._followed = widget
        group = getattr(top, "group", None)
        rect = getattr(widget, "rect", None)
        if rect is not None and self.display.zoom > 1.0 and getattr(getattr(group, "focus", None), "visible", False):
            self.display.show(rect)
            self.dirty = True

    def _fit_page(self) -> None:
        """Give the screens the page the window allows; each visible scene laid out for another size re-lays out.

        Every overlay is fluid too (``game.app.modal``): it lays itself out on the page of the screen below.
        """
        visible = self.stack.visible()
        self.display.set_fluid(bool(visible) and visible[0].fluid)
        size = self.display.logical_size
        shown = self.display.viewport.shown.size
        seen = shown if shown != size else None  # on a magnified page, the part the window shows
        for scene in visible:
            if not scene.fluid:
                continue
            stale = getattr(scene, "page", size) != size
            if hasattr(scene, "seen") and scene.seen != seen:  # an overlay fits what is seen (game.app.modal)
                scene.seen = seen
                stale = True
            if stale:
                scene.layout(size)
                self.dirty = True

    def run_frames(self, n: int, dt: float = 1 / 60, events: Iterable[pygame.event.Event] = ()) -> int:
        """Run ``n`` frames of ``dt`` seconds without waiting; returns how many were drawn.

        ``events`` (window coordinates) are delivered in the first frame, after
        anything already in pygame's queue. A FakeClock is advanced by ``dt`` per frame.
        """
        drawn = 0
        pending = list(events)
        for _ in range(n):
            if not self.running:
                break
            queued = pygame.event.get() if pygame.display.get_init() else []
            if isinstance(self.clock, FakeClock):
                self.clock.advance(dt)
            drawn += self.step(dt, queued + pending)
            pending = []
        return drawn

    # -- the real thing ------------------------------------------------------------

    @property
    def animating(self) -> bool:
        """Whether something on screen moves by itself (then the loop runs at full frame rate)."""
        return self.stack.wants_animation or (self.supervisor is not None and self.supervisor.wants_animation)

    def _gather_events(self) -> list[pygame.event.Event]:
        busy = self.dirty or self.stack.changed or self.animating or self._damaged
        if busy:
            self._pacer.tick(self.fps)
            return pygame.event.get()
        # Idle: poll and sleep between polls. pygame's event.wait(timeout) wakes every millisecond
        # inside SDL (2.4 % of a core measured); a poll every IDLE_POLL seconds costs a fraction of that
        # and still answers a click within a frame or two. Scenes with timers still get update(dt);
        # a supervisor with a timer of its own (the kiosk's next autopilot step) says when to wake.
        limit = self.idle_wait_ms / 1000
        wake_in = getattr(self.supervisor, "wake_in", None)
        if wake_in is not None:
            limit = max(0.0, min(limit, wake_in()))
        start = time.monotonic()
        while not self.stopping:
            events = pygame.event.get()
            if events:
                return events
            left = limit - (time.monotonic() - start)
            if left <= 0:
                return []
            time.sleep(min(IDLE_POLL, left))
        return []

    @property
    def stopping(self) -> bool:
        """Whether a stop signal asked the loop to end."""
        return self.stop is not None and self.stop.requested is not None

    def run(self) -> None:
        """Run until QUIT, a stop signal, or the stack empties."""
        last = self.clock.now()
        while self.running and not self.stack.empty and not self.stopping:
            events = self._gather_events()
            now = self.clock.now()
            dt, last = min(MAX_DT, now - last), now
            self.step(dt, events)
