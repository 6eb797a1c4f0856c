"""Convention kiosk: `feuille --demo` on a big screen at a stand.

The kiosk sits above every screen (a loop supervisor). Its fresh start is the
title page ("touch to play"); a touch there opens hero creation for the demo
adventure. A band reserved at the bottom of the window (the page is fitted
above it, so it hides nothing) holds the "new adventurer" button, which resets
to a fresh start in one click, and, during the attract loop, the banner.

After the idle delay of the settings — wall-clock time on a monotonic clock,
never the frame's capped ``dt`` — the attract loop starts: the autopilot
(``game.app.autopilot``) plays the demo by itself. Any touch stops it and
returns to a fresh start, and that waking touch does nothing else: the click
or finger-up that follows it is swallowed.

The stand is locked: settings, export and import are refused and a setting a
visitor changes (the language on the title page, physical dice) is kept in
memory only and forgotten at the next fresh start. The operator's chord
Ctrl+Alt+U unlocks it until the next fresh start; Ctrl+Alt+Q quits; the
window's close button is ignored. Saves go to the demo's own slot (see
build_services(demo=True)) and are wiped at each fresh start. Starting,
each attract loop and each fresh start are written to the log.

The kiosk draws only when something moves: between the autopilot's steps the
loop sleeps, woken by ``wake_in`` when the next step is due.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

import pygame

from game.app.autopilot import Autopilot
from game.app.loop import SystemClock
from game.app.navigator import Screen
from game.app.scene import Scene, SceneStack
from game.app.services import Services
from game.books.fighting_fantasy import FightingFantasyBook
from game.ui.draw import blit_text, rounded_box

LOG = logging.getLogger("feuille.kiosk")
INPUT_EVENTS = (
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP,
    pygame.MOUSEWHEEL,
    pygame.KEYDOWN,
    pygame.TEXTINPUT,
    pygame.FINGERDOWN,
    pygame.FINGERUP,
    pygame.FINGERMOTION,
)
PRESSES = (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)
RELEASES = (pygame.MOUSEBUTTONUP, pygame.FINGERUP)
BAND_FRACTION = 0.075  # of the window's height, at the bottom: the banner and the reset button
SWALLOW_SECONDS = 0.8  # after the waking touch, input is swallowed until its release (or this long)
ENDING_PAUSE = 8.0  # the victory page or the death page stays up this long before the loop plays again
IDLE_TICK = 1.0  # while waiting for the idle delay, look at the clock this often
WATCHDOG_SECONDS = 60.0  # an attract loop in which nothing moved this long is stuck: it starts again (issue 30 item 16)


class KioskMode:
    """The supervisor of `feuille --demo`: idle timer, attract loop, reset band, lock, quit chord."""

    def __init__(
        self,
        services: Services,
        stack: SceneStack,
        fresh_start: Callable[[], Scene],
        *,
        clock: Any = None,
        display: Any = None,
        watchdog_seconds: float = WATCHDOG_SECONDS,
    ) -> None:
        self.services = services
        self.stack = stack
        self.fresh_start = fresh_start  # the title page
        self.clock = clock or SystemClock()
        self.display = display
        self.autopilot: Autopilot | None = None
        self.last_touch = self.clock.now()
        self.ending_since: float | None = None
        self.swallow_until: float | None = None  # after a waking touch, input is swallowed until then…
        self.held = 0  # …and while a press that began meanwhile is held
        self.runs = 0
        self.watchdog_seconds = watchdog_seconds
        self.watchdog_restarts = 0  # how many times the watchdog found the loop stuck (0 on a healthy stand)
        self._progress: tuple[object, ...] = ()  # what the attract loop showed when it last moved…
        self._progress_at = self.last_touch  # …and since when
        self.rng = random.Random(services.rng.randrange(2**32))
        services.locked = True
        self.stand_settings = services.settings.model_copy()  # what every fresh start goes back to
        if display is not None:
            display.reserve_band(BAND_FRACTION, self.paint_band)
        LOG.info("kiosk: started (idle delay %s s, language %s)", services.settings.demo_idle_seconds, services.settings.language)

    # -- the loop's supervisor protocol -----------------------------------------------------------
    @property
    def wants_animation(self) -> bool:
        """Only a fading press ring animates; between steps the loop sleeps."""
        return self.autopilot is not None and self.autopilot.wants_animation

    @property
    def locked(self) -> bool:
        """A locked stand keeps its window as it is (F11 does nothing)."""
        return self.services.locked

    @property
    def attracting(self) -> bool:
        return self.autopilot is not None

    @property
    def idle_seconds(self) -> float:
        """Wall-clock seconds since the last touch."""
        return self.clock.now() - self.last_touch

    def wake_in(self) -> float:
        """Seconds until the kiosk needs its next update (the loop sleeps at most this long)."""
        if self.autopilot is None:
            delay = self.services.settings.demo_idle_seconds
            left = delay - self.idle_seconds if delay > 0 else IDLE_TICK
            return max(0.0, min(IDLE_TICK, left))
        if self.autopilot.finished:
            return max(0.0, (self.ending_since or self.clock.now()) + ENDING_PAUSE - self.clock.now())
        return self.autopilot.wake_in()

    def filter_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.QUIT and not getattr(event, "kiosk", False):
            return None  # the window's close button does not end a convention stand
        if event.type == pygame.KEYDOWN:
            chord = event.mod & pygame.KMOD_CTRL and event.mod & pygame.KMOD_ALT
            if chord and event.key == pygame.K_q:
                LOG.info("kiosk: quit by the operator's chord")
                return pygame.event.Event(pygame.QUIT, kiosk=True)
            if chord and event.key == pygame.K_u:
                self.set_locked(not self.services.locked)
                return None
        if getattr(event, "autopilot", False):
            return event
        touched = event.type in INPUT_EVENTS or (event.type == pygame.MOUSEMOTION and any(getattr(event, "rel", (0, 0))))
        if not touched:
            return event
        now = self.clock.now()
        self.last_touch = now
        if self.swallow_until is not None:
            # The waking touch's own click and finger-up (SDL sends both for one touch) are swallowed:
            # everything for a moment, and any press begun then until it is released.
            if now >= self.swallow_until and self.held == 0:
                self.swallow_until = None
            else:
                if event.type in PRESSES:
                    self.held += 1
                elif event.type in RELEASES:
                    self.held = max(0, self.held - 1)
                return None
        if self.autopilot is not None:
            # A visitor takes over: a fresh start, and this touch does nothing else — nor does its
            # click or finger-up, which would otherwise land on the fresh screen.
            self.reset("a visitor touched the attract loop")
            self.swallow_until = now + SWALLOW_SECONDS
            self.held = 1 if event.type in PRESSES else 0
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self._in_reset_button(event):
            if event.type == pygame.MOUSEBUTTONUP:
                self.reset("the new adventurer button")
            return None
        if self._in_band(event):
            return None  # the band is the kiosk's: nothing under it
        return event

    def update(self, dt: float) -> None:
        now = self.clock.now()
        if self.autopilot is None:
            delay = self.services.settings.demo_idle_seconds
            if delay > 0 and now - self.last_touch >= delay:
                self.start_attract()
            return
        if self._stuck(now):
            self.watchdog_restarts += 1
            LOG.warning(
                "kiosk: watchdog: nothing moved for %.0f s on %s, the attract loop starts again (restart %d)",
                now - self._progress_at,
                type(self.stack.top).__name__,
                self.watchdog_restarts,
            )
            self.start_attract()
            return
        if self.autopilot.finished:
            if self.ending_since is None:
                self.ending_since = now
            elif now - self.ending_since >= ENDING_PAUSE:
                self.start_attract()  # play it again from the top
            return
        if self.autopilot.tick(now):
            self.stack.request_redraw(self.autopilot.damage, above=True)  # None (a press): the whole page

    def _stuck(self, now: float) -> bool:
        """True when the attract loop showed the same thing for the watchdog's time.

        What "moved" means: another screen on top, or the adventure's log grew (a roll, a round, a paragraph),
        or the autopilot's run ended (then the ending pause takes over). Presses that change nothing — a button
        pressed again and again on a page with no way on — do not count.
        """
        top = self.stack.top
        adventure = getattr(top, "adventure", None)  # a screen of one adventure (AdventureScene); the creation
        session = getattr(adventure, "session", None) or getattr(top, "session", None)  # screen holds its session
        length = getattr(session, "length", None)  # the log's length (Session.length: no copy of the log each frame)
        entries = length if isinstance(length, int) else -1
        progress = (id(top), len(self.stack.scenes), entries, self.autopilot is not None and self.autopilot.finished)
        if progress != self._progress:
            self._progress, self._progress_at = progress, now
            return False
        return self.watchdog_seconds > 0 and now - self._progress_at >= self.watchdog_seconds

    def draw(self, surface: pygame.Surface) -> None:
        if self.autopilot is not None:
            self.autopilot.draw(surface)

    def animated_area(self) -> list[pygame.Rect]:
        """Where what the kiosk draws moves by itself: the autopilot's rings (the band is the window's)."""
        return self.autopilot.animated_area() if self.autopilot is not None else []

    # -- the band ------------------------------------------------------------------------------
    def paint_band(self, window: pygame.Surface, band: pygame.Rect) -> None:
        """The reserved band: the banner while the loop plays, else the reset button (window pixels)."""
        ui, p = self.services.ui, self.services.ui.palette
        window.fill(p.tooltip_bg, band)
        size = max(12, int(band.height * 0.42))
        if self.autopilot is not None:
            blit_text(window, ui.t("kiosk.attract"), band.center, "bold", size, p.tooltip_text, "center")
            return
        if not self.services.locked:
            blit_text(
                window,
                ui.t("kiosk.unlocked"),
                (band.x + band.height // 2, band.centery),
                "bold",
                max(10, int(size * 0.8)),
                p.tooltip_text,
                "midleft",
            )
        rect = self.reset_window_rect()
        window.blit(rounded_box(rect.size, p.accent, p.ink, max(4, rect.height // 5)), rect)
        blit_text(window, ui.t("kiosk.new_adventurer"), rect.center, "bold", max(10, int(size * 0.8)), p.accent_text, "center")

    def reset_window_rect(self) -> pygame.Rect:
        """The "new adventurer" button, in window pixels (at the right of the band)."""
        band = self._band()
        height = max(20, int(band.height * 0.7))
        width = max(120, int(band.height * 4.2))
        return pygame.Rect(band.right - width - band.height // 3, band.centery - height // 2, width, height)

    def _band(self) -> pygame.Rect:
        if self.display is not None and self.display.band_rect.height > 0:
            band: pygame.Rect = self.display.band_rect
            return band
        return pygame.Rect(0, 720, 1280, 54)  # no display (a bare test): a band below the page

    def _in_band(self, event: pygame.event.Event) -> bool:
        pos = getattr(event, "window_pos", None)
        return pos is not None and self._band().collidepoint(pos)

    def _in_reset_button(self, event: pygame.event.Event) -> bool:
        pos = getattr(event, "window_pos", None)
        return pos is not None and self.reset_window_rect().collidepoint(pos)

    # -- actions ----------------------------------------------------------------------------------
    def set_locked(self, locked: bool) -> None:
        """The operator's chord: unlock settings, export and import (locked again at the next fresh start)."""
        if locked == self.services.locked:
            return
        if locked:
            self.stand_settings = self.services.settings.model_copy()  # the operator's changes stay
        self.services.locked = locked
        LOG.info("kiosk: %s by the operator", "locked" if locked else "unlocked")
        for scene in self.stack.scenes:  # each screen greys or enables what the lock allows, at once
            scene.lock_changed()
        self.stack.request_redraw()

    def reset(self, reason: str = "reset") -> None:
        """A fresh start: no autopilot, the stand's settings back, the demo's saves wiped, the title page."""
        self.autopilot = None
        self.last_touch = self.clock.now()
        self.ending_since = None
        LOG.info("kiosk: fresh start (%s)", reason)
        self._show(self.fresh_start())

    def start_attract(self) -> None:
        """Play the demo adventure by itself from a fresh start (the title page first)."""
        self.runs += 1
        LOG.info("kiosk: attract loop starts (run %d)", self.runs)
        self.ending_since = None
        self._show(self.fresh_start())
        self.autopilot = Autopilot(self.services, self.stack, self.rng, self.clock.now())
        self._progress, self._progress_at = (), self.clock.now()

    def _show(self, scene: Scene) -> None:
        from game.rules.odds import clear_caches

        self._restore_stand_settings()
        for item in self.services.saves.listing():
            self.services.saves.delete(item.id)
        # A stand runs all day: each run starts with empty odds caches so memory stays flat.
        clear_caches()
        self.stack.clear()
        self.stack.apply_pending()
        self.stack.push(scene)
        self.stack.apply_pending()

    def _restore_stand_settings(self) -> None:
        """Forget what a visitor changed (the language, physical dice), and lock the stand again."""
        if not self.services.locked:
            self.stand_settings = self.services.settings.model_copy()
            self.services.locked = True
        current = self.services.settings
        for name, value in self.stand_settings.model_dump().items():
            if getattr(current, name) != value:
                setattr(current, name, value)
        self.services.apply_settings()


def demo_fresh_start(services: Services, now: Callable[[], float] | None = None) -> Scene:
    """The demo's first screen: the title page of the stand's book; the bookshelf, saying why, when the setting
    names no book on the shelf or a book where no hero is made (a Rôle'n Play table has no hero to play).

    ``now`` is the title page's clock (the kiosk's; monotonic time by default).
    """
    book = services.shelf.books.get(services.settings.demo_book)
    if not isinstance(book, FightingFantasyBook):
        ui = services.ui
        why = ui.t("kiosk.stand_book_missing" if book is None else "kiosk.stand_book_no_hero")
        words = ui.t("kiosk.no_stand_book", book=services.settings.demo_book, why=why)
        LOG.warning("kiosk: %s", words)
        services.problems.append(words)  # the shelf says it once it opens
        return services.navigator.build(Screen.SHELF)
    if now is None:
        return services.navigator.build(Screen.TITLE, book)
    return services.navigator.build(Screen.TITLE, book, now=now)
