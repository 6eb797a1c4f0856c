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
from typing import Literal

import pygame

from game.app.fluid import FluidLayout
from game.app.navigator import Screen
from game.app.scene import Scene
from game.app.services import Services
from game.books.fighting_fantasy import FightingFantasyBook
from game.ui.button import Button
from game.ui.draw import blit_text, draw_die, draw_rule, parchment
from game.ui.speech import join
from game.ui.theme import LOGICAL_SIZE

THROW_EVERY = 5.0  # seconds from one throw to the next
TUMBLE_SECONDS = 1.4
FLIP_SECONDS = 0.08  # a new face this often while a die tumbles
DICE = 3
DIE_SIZE = 104  # on the 1280×720 page; a taller page throws bigger dice
DIE_STEP = 170  # from one die's centre to the next, likewise
SCALE = (0.85, 1.4)  # the dice's scale: at least, at most
DESIGN = (1280, 720)  # the page the sizes are given for
FACES = 6
LANGUAGE_BUTTON, LANGUAGE_MARGIN = (164, 44), 20  # the language button, in the top right corner
RULE_HALF = 220
TUMBLE_TURN, TURN_STEP, BOUNCE, BOUNCES = 400, 90, 70, 2.5  # degrees a die turns (more for each next one); its hops
TURNED_REACH = 0.75  # of a die's size: how far from its centre a turned die and its shadow reach
DICE_Y = 0.46  # the dice's middle, a share of the page's height
NEXT_LANGUAGE: dict[str, Literal["fr", "en"]] = {"fr": "en", "en": "fr"}
PLAY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def dice_scale(size: tuple[int, int]) -> float:
    """How much bigger than on the 1280×720 page the dice are thrown (a little smaller on the smallest page)."""
    least, most = SCALE
    return max(least, min(most, size[1] / DESIGN[1], size[0] / DESIGN[0]))


class TitleScene(FluidLayout, Scene):
    """ "Touch to play": three dice thrown every few seconds above the demo adventure's title."""

    screen = Screen.TITLE

    def __init__(
        self,
        services: Services,
        book: FightingFantasyBook,
        *,
        now: Callable[[], float] = time.monotonic,
        rng: random.Random | None = None,
        size: tuple[int, int] = LOGICAL_SIZE,
    ) -> None:
        super().__init__()
        self.services = services
        self.ui = services.ui
        self.book = book
        self.now = now
        self.rng = rng or random.Random(services.rng.randrange(2**32))
        self.faces = [self.rng.randint(1, FACES) for _ in range(DICE)]
        self.thrown_at = self.now() - TUMBLE_SECONDS  # still at first; the first throw comes soon
        self.next_throw = self.now() + 1.0
        self._last_flip = -1
        self.layout(size)

    def place_widgets(self) -> None:
        """The language button in the top right corner of the page."""
        width, height = LANGUAGE_BUTTON
        rect = pygame.Rect(self.page[0] - LANGUAGE_MARGIN - width, LANGUAGE_MARGIN, width, height)
        self.language_button = self.group.add(
            Button(self.ui, rect, lambda: self.ui.t("kiosk.other_language"), on_click=self.switch_language)
        )

    # -- time ---------------------------------------------------------------------------------
    @property
    def tumbling(self) -> bool:
        return self.now() - self.thrown_at < TUMBLE_SECONDS

    @property
    def wants_animation(self) -> bool:
        return self.tumbling or self.group.wants_animation

    def animated_area(self) -> list[pygame.Rect] | None:
        """The tumbling dice's reach and the widgets' animation (a throw redraws the dice, not the page)."""
        group = self.group.animated_area()
        if group is None:
            return None
        return group + ([self.dice_area()] if self.tumbling else [])

    def _dice_places(self) -> tuple[int, float, float, float]:
        """The dice's size, the step from one to the next, the middle one's centre and their middle's height."""
        scale = dice_scale(self.page)
        return round(DIE_SIZE * scale), DIE_STEP * scale, self.page[0] // 2, self.page[1] * DICE_Y

    def dice_area(self) -> pygame.Rect:
        """Where the dice may draw while they tumble: turned, lifted by their bounce, with their shadows."""
        size, step, centre, dice_y = self._dice_places()
        reach = math.ceil(size * TURNED_REACH)
        lift = math.ceil(BOUNCE * dice_scale(self.page))
        left, right = math.floor(centre - step) - reach, math.ceil(centre + step) + reach
        top, bottom = math.floor(dice_y) - lift - reach, math.ceil(dice_y) + reach
        return pygame.Rect(left, top, right - left, bottom - top)

    def update(self, dt: float) -> None:
        self.group.update(dt)
        now = self.now()
        if now >= self.next_throw:
            self.thrown_at, self.next_throw = now, now + THROW_EVERY
        if self.tumbling:
            flip = int((now - self.thrown_at) / FLIP_SECONDS)
            if flip != self._last_flip:
                self._last_flip = flip
                self.faces = [self.rng.randint(1, FACES) for _ in range(DICE)]
        elif self._last_flip != -1:
            self._last_flip = -1  # settled: one last redraw shows the faces still
            if self.stack is not None:
                self.stack.request_redraw([self.dice_area()])

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
        width, height = self.page
        centre, scale = width // 2, dice_scale(self.page)
        surface.blit(parchment(self.page, p), (0, 0))
        # Everything stands at the same share of the page's height as on the 1280×720 page; a poster, its type
        # grows with the dice.
        blit_text(
            surface,
            ui.t("app.title"),
            (centre, height * 0.08),
            "title",
            round(theme.text_size("title") * 1.6 * scale),
            p.rubric,
            "midtop",
        )
        title = self.book.title.get(language)
        blit_text(surface, title, (centre, height * 0.21), "italic", round(theme.text_size("heading") * scale), p.ink, "midtop")
        draw_rule(surface, centre - round(RULE_HALF * scale), centre + round(RULE_HALF * scale), round(height * 0.28), p.ink_soft)
        elapsed = self.now() - self.thrown_at
        size, step, _, dice_y = self._dice_places()
        for index, face in enumerate(self.faces):
            angle, lift = 0.0, 0.0
            if elapsed < TUMBLE_SECONDS:
                t = elapsed / TUMBLE_SECONDS
                angle = (1 - t) * (TUMBLE_TURN + TURN_STEP * index) * (1 if index % 2 else -1)
                lift = abs(math.sin(t * math.pi * BOUNCES)) * BOUNCE * scale * (1 - t)  # bounces that die down
            draw_die(surface, (centre + (index - 1) * step, dice_y - lift), size, face, p, angle)
        touch = ui.t("kiosk.touch_to_play")
        blit_text(
            surface, touch, (centre, height * 0.65), "title", round(theme.text_size("title") * 1.25 * scale), p.accent, "midtop"
        )
        blit_text(
            surface, ui.t("kiosk.tagline"), (centre, height * 0.78), "italic", theme.text_size("body"), p.ink_soft, "midtop"
        )
        self.group.draw(surface)

    def spoken_summary(self) -> str:
        """What a screen-reader user hears: the app, the book of the stand, touch to play."""
        ui = self.ui
        book = getattr(self, "book", None)
        return join(
            ui.t("app.title"), book.title.get(ui.catalogue.language) if book is not None else "", ui.t("kiosk.touch_to_play")
        )
