"""What the combat board's painters share: the base with the book's names, the dice sprites, the bars.

The dice faces are cached pre-rotated in ``ANGLE_STEP`` degree steps (shadows included), so
the per-frame layer only blits; the STAMINA bar, the banner's ribbon and the broken bow are
drawn by the board's painters and by the live layer alike.
"""

from __future__ import annotations

import pygame

from game.books.fighting_fantasy import FightingFantasyBook
from game.scenes.combat.layout import CombatLayout
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import blit_text, die_face
from game.ui.icons import icon
from game.ui.surface_cache import SurfaceCache, surface_bytes
from game.ui.theme import Palette

ANGLE_STEP = 15
DIE_CACHE_BYTES = 4_000_000  # rotated die faces with their shadows (~100 kB each): the most recent forty or so
SHADOW_STEPS = (16, 14)  # a die's shadow falls a sixteenth of its size right and a fourteenth down
ARROW_SIZE = 60
BAR_TEXT_SIZE, BAR_TEXT_FROM = 18, 12  # a STAMINA bar's numbers, on a bar at least BAR_TEXT_FROM tall
AMBER = (196, 140, 40)  # a bar between a quarter and a half
CHIP_PAD, CHIP_TRIM, CHIP_INSET = 12, 4, 2  # the numbers' chip: round the label, less than the bar, from its end
LEAST_FIT = 14  # fit_text shrinks no further
BOW_ARC = (-18, -30, 30, 60)  # the bow's arc, from the bow's centre (x, y, width, height)
BOW_ANGLES, BOW_WIDTH = (-1.4, 1.4), 4
SNAPPED = (((-2, -29), (-8, -4)), ((-2, 29), (4, 6)))  # the two ends of the snapped string, from the centre


class Painter:
    """What the board's painters share: the UI context, the book, the board's regions and the dice sprites."""

    def __init__(self, ui: UIContext, book: FightingFantasyBook, regions: CombatLayout, sprites: DiceSprites) -> None:
        self.ui = ui
        self.book = book
        self.regions = regions
        self.sprites = sprites

    def stat_name(self, stat: str) -> str:
        """The stat's name in the book, in the player's language (the id when the book has no such stat)."""
        try:
            return self.book.stat(stat).name.get(self.ui.catalogue.language)
        except KeyError:
            return stat

    def short_name(self, stat: str) -> str:
        """The stat's short name where the book gives one (narrow places: a creature card)."""
        try:
            definition = self.book.stat(stat)
        except KeyError:
            return stat
        return (definition.short or definition.name).get(self.ui.catalogue.language)


DieSprite = tuple[pygame.Surface, pygame.Surface, tuple[int, int]]  # a face, its shadow, the shadow's offset


class DiceSprites:
    """Die faces with their shadows, pre-rotated in ``ANGLE_STEP`` degree steps (cached)."""

    def __init__(self) -> None:
        self._cache = SurfaceCache(
            "combat dice", DIE_CACHE_BYTES, size_of=lambda found: surface_bytes(found[0]) + surface_bytes(found[1])
        )

    def get(self, value: int, size: int, angle: float, palette: Palette) -> DieSprite:
        """The face ``value`` of a die of ``size`` turned by ``angle`` (to the nearest step), with its shadow."""
        bucket = int(round(angle / ANGLE_STEP)) * ANGLE_STEP % 360
        key = (value, size, bucket, palette)
        found: DieSprite | None = self._cache.get(key)
        if found is None:
            face = die_face(value, size, palette)
            if bucket:
                face = pygame.transform.rotozoom(face, bucket, 1.0)
            shade = pygame.mask.from_surface(face).to_surface(setcolor=palette.shadow, unsetcolor=(0, 0, 0, 0))
            found = self._cache.put(key, (face, shade, (max(2, size // SHADOW_STEPS[0]), max(2, size // SHADOW_STEPS[1]))))
        return found

    def draw(
        self, surface: pygame.Surface, center: tuple[float, float], size: int, value: int, palette: Palette, angle: float = 0.0
    ) -> None:
        face, shade, offset = self.get(value, size, angle, palette)
        rect = face.get_rect(center=(round(center[0]), round(center[1])))
        surface.blit(shade, rect.move(offset))
        surface.blit(face, rect)


_arrow_cache: dict[Palette, pygame.Surface] = {}


def arrow_sprite(palette: Palette) -> pygame.Surface:
    """The flying arrow: the quiver's arrow icon (tip up-right, i.e. at 45°)."""
    found = _arrow_cache.get(palette)
    if found is None:
        found = _arrow_cache[palette] = icon("arrow", ARROW_SIZE, palette.ink, palette.rubric)
    return found


def draw_bar(
    surface: pygame.Surface,
    rect: pygame.Rect,
    value: float,
    maximum: int,
    palette: Palette,
    show_text: bool = True,
    size: int = BAR_TEXT_SIZE,
) -> None:
    """A STAMINA bar: parchment trough, fill by ratio (green, amber, red), the numbers on the right."""
    ratio = max(0.0, min(1.0, value / max(1, maximum)))
    radius = rect.height // 2
    pygame.draw.rect(surface, palette.parchment_dark, rect, border_radius=radius)
    if ratio > 0:
        fill = rect.copy()
        fill.width = max(rect.height, round(rect.width * ratio))
        colour = palette.good if ratio > 0.5 else AMBER if ratio > 0.25 else palette.bad
        pygame.draw.rect(surface, colour, fill, border_radius=radius)
    pygame.draw.rect(surface, palette.ink_soft, rect, width=1, border_radius=radius)
    if show_text and rect.height >= BAR_TEXT_FROM:
        label = f"{round(value)} / {maximum}"
        chip = pygame.Rect(0, 0, fonts.text_width(label, "bold", size) + CHIP_PAD, rect.height - CHIP_TRIM)
        chip.midright = (rect.right - CHIP_INSET, rect.centery)
        pygame.draw.rect(surface, palette.parchment_light, chip, border_radius=chip.height // 2)
        blit_text(surface, label, (chip.centerx, rect.centery), "bold", size, palette.ink, "center")


def ribbon(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], ink: tuple[int, int, int]) -> None:
    """A banner ribbon with notched ends."""
    x, y, w, h = rect
    notch = h // 3
    points = [(x, y), (x + w, y), (x + w - notch, y + h // 2), (x + w, y + h), (x, y + h), (x + notch, y + h // 2)]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, ink, points, 2)


def fit_text(text: str, face: str, size: int, width: int) -> int:
    """The largest size ≤ ``size`` at which ``text`` fits ``width`` (not below 14)."""
    while size > LEAST_FIT and fonts.text_width(text, face, size) > width:
        size -= 1
    return size


def broken_bow(surface: pygame.Surface, p: Palette, centre: tuple[int, int]) -> None:
    """The bow with its string snapped (R-BOW-4), drawn in the quiver."""
    x, y = centre
    left, top, width, height = BOW_ARC
    pygame.draw.arc(surface, p.ink, (x + left, y + top, width, height), *BOW_ANGLES, BOW_WIDTH)
    for (x1, y1), (x2, y2) in SNAPPED:
        pygame.draw.line(surface, p.bad, (x + x1, y + y1), (x + x2, y + y2), 2)
