"""What moves on the combat board: the dice of a tumble, the STAMINA bars easing, the damage floating up.

The :class:`~game.scenes.combat.animator.Animator` starts and stops them one phase at a time; each
only shows, over time, a value the rules already decided (a die's face, a STAMINA).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from game.scenes.combat.drawing import DiceSprites, arrow_sprite
from game.ui.theme import Palette

TUMBLE_SECONDS = 1.0
FLIGHT_SECONDS = 0.5
STEP_IN_SECONDS = 0.5
BAR_SECONDS = 0.35
FLOAT_SECONDS = 0.9
ARC = 150  # height of the arrow's flight above the straight line


@dataclass
class Die:
    """One die of a tumble: where it lands, its final face and when it lands (0..1 of the tumble)."""

    center: tuple[int, int]
    size: int
    final: int
    land: float
    shown: int = 1
    spin: float = 0.0


@dataclass
class Tumble:
    """Dice rolling on the board, each settling in turn on the face the rules drew."""

    dice: list[Die]
    duration: float
    rng: random.Random
    elapsed: float = 0.0
    _flip: float = 0.0
    flight: tuple[tuple[int, int], tuple[int, int], bool] | None = None  # arrow: from, to, hit

    def __post_init__(self) -> None:
        for i, die in enumerate(self.dice):
            die.shown = self.rng.randint(1, 6)
            die.spin = self.rng.uniform(0, 360) + i * 37

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def finish(self) -> None:
        self.elapsed = self.duration

    def update(self, dt: float) -> None:
        self.elapsed = min(self.duration, self.elapsed + dt)
        self._flip += dt
        flip = self._flip >= 0.07
        if flip:
            self._flip = 0.0
        for die in self.dice:
            if not self.landed(die):
                die.spin = (die.spin + 600 * dt) % 360
                if flip:
                    die.shown = self.rng.randint(1, 6)

    def landed(self, die: Die) -> bool:
        return self.duration <= 0 or self.elapsed >= die.land * self.duration

    def draw(self, surface: pygame.Surface, sprites: DiceSprites, palette: Palette) -> None:
        progress = 1.0 if self.duration <= 0 else self.elapsed / self.duration
        for die in self.dice:
            if self.landed(die):
                sprites.draw(surface, die.center, die.size, die.final, palette)
                continue
            local = min(1.0, progress / max(0.05, die.land))
            hop = abs(math.sin(local * math.pi * 3)) * (1 - local) * die.size * 0.6
            sprites.draw(surface, (die.center[0], die.center[1] - hop), die.size, die.shown, palette, die.spin)
        if self.flight is not None:
            self._draw_arrow(surface, palette, min(1.0, progress / 0.6))

    def _draw_arrow(self, surface: pygame.Surface, palette: Palette, t: float) -> None:
        (x0, y0), (x1, y1), hit = self.flight  # type: ignore[misc]  # drawn only while an arrow flies (flight is set)
        if not hit:
            y1 -= 70  # a miss flies over the creature's head
        if t >= 1.0:
            if hit:
                return
            x = x1 + 60
            y = y1 - 10
        else:
            x = x0 + (x1 - x0) * t
            y = y0 + (y1 - y0) * t - math.sin(t * math.pi) * ARC
        angle = math.degrees(math.atan2(-(y1 - y0 - ARC * math.pi * math.cos(t * math.pi)), (x1 - x0)))
        image = arrow_sprite(palette)
        rotated = pygame.transform.rotate(image, angle - 45)
        surface.blit(rotated, rotated.get_rect(center=(round(x), round(y))))


@dataclass
class Bar:
    """A STAMINA value that eases toward its target (the bar and its number)."""

    value: float
    target: int
    maximum: int
    speed: float = 0.0

    def aim(self, target: int, maximum: int, seconds: float) -> None:
        self.maximum = max(1, maximum)
        if target != self.target:
            self.target = target
            self.speed = abs(self.value - target) / seconds if seconds > 0 else 0.0
            if seconds <= 0:
                self.value = target

    def update(self, dt: float) -> None:
        if self.value == self.target:
            return
        if self.speed <= 0:
            self.value = self.target
            return
        step = self.speed * dt
        self.value = (
            self.target if abs(self.target - self.value) <= step else self.value + math.copysign(step, self.target - self.value)
        )

    @property
    def moving(self) -> bool:
        return self.value != self.target

    def finish(self) -> None:
        self.value = self.target


@dataclass
class Floater:
    """A "−2" rising from a bar after a wound."""

    text: str
    pos: tuple[int, int]
    colour: tuple[int, int, int]
    left: float
    total: float = field(default=FLOAT_SECONDS)
