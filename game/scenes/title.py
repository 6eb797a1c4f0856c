"""The convention stand's title page: tumbling dice and "touch to play".

The kiosk's fresh start. Every few seconds three dice tumble across the page
and settle (only then does the page redraw: between two throws it is still).
A touch anywhere opens hero creation for the demo adventure; the corner
button switches the language for this visitor only (the stand is locked, so
the switch is not saved, and the next fresh start forgets it).

Time is a monotonic clock given by the kiosk, not the loop's capped ``dt``,
so the throws keep their rhythm while the loop sleeps between them.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any, Literal

import pygame

from game.app.navigator import Screen
from game.app.scene import Scene
from game.app.services import Services
from game.app.showcase import showcase
from game.ui.button import Button
from game.ui.draw import blit_text, draw_die, draw_rule, parchment
from game.ui.group import WidgetGroup
from game.ui.theme import LOGICAL_SIZE

THROW_EVERY = 5.0  # seconds from one throw to the next
TUMBLE_SECONDS = 1.4
FLIP_SECONDS = 0.08  # a new face this often while a die tumbles
DIE_SIZE = 104
DICE_X = (470, 640, 810)
DICE_Y = 330
LANGUAGE_BUTTON = pygame.Rect(1096, 20, 164, 44)
NEXT_LANGUAGE: dict[str, Literal["fr", "en"]] = {"fr": "en", "en": "fr"}
PLAY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class TitleScene(Scene):
    """ "Touch to play": three dice thrown every few seconds above the demo adventure's title."""

    screen = Screen.TITLE

    def __init__(
        self, services: Services, book: Any, *, now: Callable[[], float] = time.monotonic, rng: random.Random | None = None
    ) -> None:
        super().__init__()
        self.services = services
        self.ui = services.ui
        self.book = book
        self.now = now
        self.rng = rng or random.Random(services.rng.randrange(2**32))
        self.faces = [self.rng.randint(1, 6) for _ in DICE_X]
        self.thrown_at = self.now() - TUMBLE_SECONDS  # still at first; the first throw comes soon
        self.next_throw = self.now() + 1.0
        self._last_flip = -1
        self.group = WidgetGroup(self.ui)
        self.language_button = self.group.add(
            Button(self.ui, LANGUAGE_BUTTON, lambda: self.ui.t("kiosk.other_language"), on_click=self.switch_language)
        )

    # -- time ---------------------------------------------------------------------------------
    @property
    def tumbling(self) -> bool:
        return self.now() - self.thrown_at < TUMBLE_SECONDS

    @property
    def wants_animation(self) -> bool:
        return self.tumbling or self.group.wants_animation

    def update(self, dt: float) -> None:
        self.group.update(dt)
        now = self.now()
        if now >= self.next_throw:
            self.thrown_at, self.next_throw = now, now + THROW_EVERY
        if self.tumbling:
            flip = int((now - self.thrown_at) / FLIP_SECONDS)
            if flip != self._last_flip:
                self._last_flip = flip
                self.faces = [self.rng.randint(1, 6) for _ in DICE_X]
        elif self._last_flip != -1:
            self._last_flip = -1  # settled: one last redraw shows the faces still
            if self.stack is not None:
                self.stack.request_redraw()

    # -- actions --------------------------------------------------------------------------------
    def switch_language(self) -> None:
        """French ↔ English, for this visitor (a locked stand keeps it in memory only)."""
        self.services.settings.language = NEXT_LANGUAGE[self.services.settings.language]
        self.services.save_settings()

    def play(self) -> None:
        """Hero creation for the demo adventure, in place of the title page."""
        if self.stack is not None:
            self.services.navigator.go(self, Screen.CREATION, self.book)

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.group.process_event(event):
            return None
        # On the release, so the click's second half cannot land on the next screen.
        released = event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1
        if released or event.type == pygame.FINGERUP or (event.type == pygame.KEYDOWN and event.key in PLAY_KEYS):
            self.play()
            return None
        return event

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui, p, theme = self.ui, self.ui.palette, self.ui.theme
        language = ui.catalogue.language
        surface.blit(parchment(LOGICAL_SIZE, p), (0, 0))
        blit_text(surface, ui.t("app.title"), (640, 58), "title", round(theme.text_size("title") * 1.6), p.rubric, "midtop")
        blit_text(surface, self.book.title.get(language), (640, 150), "italic", theme.text_size("heading"), p.ink, "midtop")
        draw_rule(surface, 420, 860, 200, p.ink_soft)
        elapsed = self.now() - self.thrown_at
        for index, (x, face) in enumerate(zip(DICE_X, self.faces, strict=True)):
            angle, lift = 0.0, 0.0
            if elapsed < TUMBLE_SECONDS:
                t = elapsed / TUMBLE_SECONDS
                angle = (1 - t) * (400 + 90 * index) * (1 if index % 2 else -1)
                lift = abs(math.sin(t * math.pi * 2.5)) * 70 * (1 - t)  # bounces that die down
            draw_die(surface, (x, DICE_Y - lift), DIE_SIZE, face, p, angle)
        blit_text(
            surface, ui.t("kiosk.touch_to_play"), (640, 470), "title", round(theme.text_size("title") * 1.25), p.accent, "midtop"
        )
        blit_text(surface, ui.t("kiosk.tagline"), (640, 560), "italic", theme.text_size("body"), p.ink_soft, "midtop")
        self.group.draw(surface)


@showcase("kiosk-title")
def _showcase_title(services: Services) -> list[Scene]:
    return [TitleScene(services, services.shelf.books["DEMO"], now=lambda: 0.0, rng=random.Random(4))]
