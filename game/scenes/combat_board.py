"""The combat board's geometry, its cached pictures and its animations.

Split from ``combat.py`` so the scene keeps to events and rules. The geometry
comes from the page the board is given (``compute_layout``), any size from
1024×640 up. What does not move between two changes of
the fight (the page, the cards, the texts) is painted once into a board layer by
the scene; only dice, bars, the flying arrow and the step-in are drawn per frame,
from cached sprites (dice faces pre-rotated in 15° steps, shadows included).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from game.ui import fonts
from game.ui.draw import blit_text, die_face
from game.ui.icons import icon
from game.ui.layout import fill, split
from game.ui.surface_cache import SurfaceCache, surface_bytes
from game.ui.text_fit import ellipsize  # noqa: F401  (the screens of the fight import it from here)
from game.ui.theme import Palette

GAP = 10  # between two cards of a column
COLUMN_GAP = 16
CARD_HEIGHT = 208  # a hero or creature card at its full size (never taller: a bigger page shows more of them)
ALLY_HEIGHT = 104
QUIVER_HEIGHT = 128
CARD_MIN_WIDTH = 290
CENTRE_MIN_WIDTH = 364
NARROW_BELOW = 1000  # a page narrower than this (960 wide: 200 % on a 1080p screen) gets narrower columns
NARROW_CARD_WIDTH, NARROW_CENTRE_WIDTH = 268, 340
TWO_COLUMNS_FROM = 1440  # a page at least this wide sets many creatures in two columns of cards
# Card heights from which a creature card is "full", "medium", "compact"; below, one line ("row": a crowd of creatures).
FULL_FROM, MEDIUM_FROM, COMPACT_FROM = 140, 84, 46
TIGHT_BELOW = 600  # a page shorter than this (540: 200 % on a 1080p screen): the decision's buttons go in the band
TALL_FROM = 900  # a page at least this tall puts the fight log under the hero's cards, the buttons alone below
BUTTONS_BAND = 132  # the buttons' band on a tall page
TUMBLE_SECONDS = 1.0
FLIGHT_SECONDS = 0.5
STEP_IN_SECONDS = 0.5
BAR_SECONDS = 0.35
FLOAT_SECONDS = 0.9
ANGLE_STEP = 15
DIE_CACHE_BYTES = 4_000_000  # rotated die faces with their shadows (~100 kB each): the most recent forty or so
ARC = 150  # height of the arrow's flight above the straight line


@dataclass(frozen=True)
class Layout:
    """Where each part of the board goes on a page of ``page`` logical pixels, for a fight of ``count`` creatures."""

    page: tuple[int, int]
    hero: pygame.Rect
    ally: pygame.Rect | None
    quiver: pygame.Rect | None
    banner: pygame.Rect
    strip: pygame.Rect
    panel: pygame.Rect
    creatures: tuple[pygame.Rect, ...]
    card_mode: str  # "full", "medium", "compact", "row"
    log: pygame.Rect
    gauge: pygame.Rect
    buttons: pygame.Rect
    compact: bool = False  # a short page: smaller banner, strip and button rows
    decide_in_band: bool = False  # a very short page: Luck / Accept / Back take the moves' row, the panel keeps the words

    @property
    def margin(self) -> int:
        """The page's left (and right) margin."""
        return self.hero.x

    @property
    def actions_y(self) -> int:
        """The top of the decision's buttons (Luck, Accept, Back): under the panel's words, not at the foot of a tall panel."""
        if self.decide_in_band:  # they sit in the buttons' band: the words have the whole panel
            return self.panel.bottom - 4
        return min(self.panel.bottom - 66, self.panel.y + 320)

    def button_rows(self) -> tuple[int, int, int, int]:
        """The buttons' two rows: the first's top and height, the second's offset from it and its height."""
        return (self.buttons.y, 48, 56, 40) if self.compact else (self.buttons.y + 2, 52, 64, 44)


def _mode(height: int) -> str:
    if height >= FULL_FROM:
        return "full"
    return "medium" if height >= MEDIUM_FROM else "compact" if height >= COMPACT_FROM else "row"


def creature_cards(area: pygame.Rect, count: int, columns: int) -> tuple[tuple[pygame.Rect, ...], str]:
    """``count`` creature cards in ``columns`` columns of ``area``, as tall as the room allows (at most full size)."""
    rows = max(1, -(-count // columns))
    # Cards sit closer rather than fall to one line; one-line cards closer still.
    gap = next((g for g in (GAP, 6) if (area.height - g * (rows - 1)) // rows >= COMPACT_FROM), 4)
    height = min(CARD_HEIGHT, (area.height - gap * (rows - 1)) // rows)
    width = (area.width - GAP * (columns - 1)) // columns
    cards = tuple(
        pygame.Rect(area.x + (i % columns) * (width + GAP), area.y + (i // columns) * (height + gap), width, height)
        for i in range(count)
    )
    return cards, _mode(height)


def compute_layout(page: tuple[int, int], count: int, has_ally: bool, has_quiver: bool) -> Layout:
    """The board's rects for ``page``: hero (and ally, quiver) left, duel centre, creatures right, log and buttons below.

    The three columns share the width (never narrower than their cards need); the
    header, the banner, the strip and the bottom band keep their heights (smaller
    on a short page) and the panels take the rest. Many creatures on a wide page
    are set in two columns so each card keeps its full size; a tall page gives the
    log the room under the hero's cards.
    """
    width, height = page
    compact, tall, tight = height < 700, height >= TALL_FROM, height < TIGHT_BELOW
    margin = 20 if width < 1200 else 24
    top = 84 if compact else 92
    bottom = height - (8 if compact else 14)
    # The bottom band: the log and the buttons; on a tall page the buttons only (the log goes under the hero's cards).
    band = BUTTONS_BAND if tall else 120 if compact else max(140, min(220, round(height * 0.2)))
    board = pygame.Rect(margin, top, width - 2 * margin, bottom - band - 12 - top)
    one_column = (board.height - GAP * (count - 1)) // max(1, count) >= FULL_FROM
    columns = 2 if count > 1 and not one_column and width >= TWO_COLUMNS_FROM else 1
    card_w, centre_w = (NARROW_CARD_WIDTH, NARROW_CENTRE_WIDTH) if width < NARROW_BELOW else (CARD_MIN_WIDTH, CENTRE_MIN_WIDTH)
    left, centre, right = split(
        board,
        [fill(1, card_w), fill(1.15, centre_w), fill(columns, card_w * columns)],
        gap=12 if width < 1200 else COLUMN_GAP,
    )
    # A very short page with an ally and a quiver: the hero's and the ally's cards are shorter (still whole).
    crowded = tight and has_ally and has_quiver
    hero = pygame.Rect(left.x, top, left.width, 184 if crowded else CARD_HEIGHT)
    y = hero.bottom + GAP
    ally = quiver = None
    if has_ally:
        ally = pygame.Rect(left.x, y, left.width, 96 if crowded else ALLY_HEIGHT)
        y = ally.bottom + GAP
    if has_quiver:
        quiver = pygame.Rect(left.x, y, left.width, max(76, min(QUIVER_HEIGHT, board.bottom - y)))
        y = quiver.bottom + GAP
    creatures, mode = creature_cards(right, count, columns)
    banner_h, strip_h, gap = (44, 48, 4) if tight else (48, 56, 6) if compact else (60, 84, 8)
    banner = pygame.Rect(centre.x, top, centre.width, banner_h)
    strip = pygame.Rect(centre.x, banner.bottom + gap, centre.width, strip_h)
    panel = pygame.Rect(centre.x, strip.bottom + gap, centre.width, board.bottom - strip.bottom - gap)
    if tall:
        log = pygame.Rect(left.x, y + 6, left.width, bottom - y - 6)
        buttons = pygame.Rect(centre.x, bottom - band, right.right - centre.x, band)
    else:
        log, buttons = split(
            pygame.Rect(margin, bottom - band, board.width, band), [fill(1, 340), fill(1.03, 420)], gap=COLUMN_GAP
        )
        if y - GAP + 8 > log.y:  # the hero's column ran into the band: the log keeps the room under it (it scrolls)
            log = pygame.Rect(log.x, y - GAP + 8, log.width, log.bottom - (y - GAP + 8))
    gauge_w = max(556, min(720, round(width * 0.42)))
    return Layout(
        page=(width, height),
        hero=hero,
        ally=ally,
        quiver=quiver,
        banner=banner,
        strip=strip,
        panel=panel,
        creatures=creatures,
        card_mode=mode,
        log=log,
        gauge=pygame.Rect(width - margin - gauge_w, 10, gauge_w, 74),
        buttons=buttons,
        compact=compact,
        decide_in_band=tight,
    )


# ---------------------------------------------------------------- card geometry


@dataclass(frozen=True)
class CardGeometry:
    """Inside one card: name line, stat line, STAMINA bar, dice, formula and tag."""

    name: tuple[int, int]
    name_size: str
    stats: tuple[int, int] | None
    bar: pygame.Rect
    dice: tuple[tuple[int, int], ...]
    die_size: int
    formula: tuple[int, int]
    tag: tuple[int, int]


def card_geometry(rect: pygame.Rect, mode: str, hero: bool = False) -> CardGeometry:
    """The parts of a hero, ally or creature card of the given size."""
    x, y, w, h = rect
    if mode == "full":
        size = 52 if hero else 44
        dy = y + h - (42 if hero else 36)
        bar = pygame.Rect(x + 150, y + 90, w - 170, 22) if hero else pygame.Rect(x + 150, y + 52, w - 170, 22)
        return CardGeometry(
            name=(x + 20, y + 10),
            name_size="heading",
            stats=(x + 20, y + 52),
            bar=bar,
            dice=((x + 20 + size // 2, dy), (x + 30 + size + size // 2, dy)),
            die_size=size,
            formula=(x + 44 + 2 * size, dy),
            tag=(x + w - 18, y + 16),
        )
    if mode == "medium":
        size = 30
        dy = y + h - 22
        return CardGeometry(
            name=(x + 16, y + 8),
            name_size="body",
            stats=None,
            bar=pygame.Rect(x + 16, y + 42, w - 32, 16),
            dice=((x + 16 + size // 2, dy), (x + 22 + size + size // 2, dy)),
            die_size=size,
            formula=(x + 32 + 2 * size, dy),
            tag=(x + w - 14, y + 12),
        )
    if mode == "row":  # name, bar and state on one line
        return CardGeometry(
            name=(x + 12, y + h // 2),
            name_size="small",
            stats=None,
            # The name keeps at least 150 px; the bar takes what the "4 / 4" and the state leave (at least 24).
            bar=pygame.Rect(x + max(w * 9 // 20, 160), y + h // 2 - 4, max(24, w - 120 - max(w * 9 // 20, 160)), 8),
            dice=(),
            die_size=0,
            formula=(x + w - 12, y + h // 2),
            tag=(x + w - 12, y + h // 2),
        )
    return CardGeometry(
        name=(x + 14, y + 8),
        name_size="small",
        stats=None,
        bar=pygame.Rect(x + 14, y + h - (22 if h >= 52 else 18), w - 110, 10),  # closer to the foot of a short card
        dice=(),
        die_size=0,
        formula=(x + w - 16, y + 28),
        tag=(x + w - 10, y + 14),
    )


Slot = tuple[tuple[int, int], int]  # a die's centre and size


def dice_slots(lay: Layout) -> dict[str, list[Slot]]:
    """Where each combatant's two dice sit: on its own card ("hero", "ally", "creature:<i>")."""
    hero = card_geometry(lay.hero, "full", hero=True)
    slots: dict[str, list[Slot]] = {"hero": [(c, hero.die_size) for c in hero.dice]}
    if lay.ally is not None:
        ally = card_geometry(lay.ally, "medium")
        slots["ally"] = [(c, ally.die_size) for c in ally.dice]
    for i, rect in enumerate(lay.creatures):
        geo = card_geometry(rect, lay.card_mode)
        slots[f"creature:{i}"] = [(c, geo.die_size) for c in geo.dice]
    return slots


def strip_slots(lay: Layout) -> list[Slot]:
    """The two dice of a shot or a Luck test, on the strip under the banner."""
    strip = lay.strip
    size = min(50, strip.height - 10)  # smaller in the short strip of a short page
    return [((strip.x + 44, strip.centery), size), ((strip.x + 54 + size, strip.centery), size)]


def bar_rect(lay: Layout, key: str) -> pygame.Rect:
    """The STAMINA bar of "hero", "ally" or "creature:<i>"."""
    if key == "hero":
        return card_geometry(lay.hero, "full", hero=True).bar
    if key == "ally" and lay.ally is not None:
        return card_geometry(lay.ally, "medium").bar
    index = int(key.split(":")[1])
    return card_geometry(lay.creatures[index], lay.card_mode).bar


# ---------------------------------------------------------------- sprites


class DiceSprites:
    """Die faces with their shadows, pre-rotated in ``ANGLE_STEP`` degree steps (cached)."""

    def __init__(self) -> None:
        self._cache = SurfaceCache(
            "combat dice", DIE_CACHE_BYTES, size_of=lambda found: surface_bytes(found[0]) + surface_bytes(found[1])
        )

    def get(
        self, value: int, size: int, angle: float, palette: Palette
    ) -> tuple[pygame.Surface, pygame.Surface, tuple[int, int]]:
        bucket = int(round(angle / ANGLE_STEP)) * ANGLE_STEP % 360
        key = (value, size, bucket, palette)
        found = self._cache.get(key)
        if found is None:
            face = die_face(value, size, palette)
            if bucket:
                face = pygame.transform.rotozoom(face, bucket, 1.0)
            shade = pygame.mask.from_surface(face).to_surface(setcolor=palette.shadow, unsetcolor=(0, 0, 0, 0))
            found = self._cache.put(key, (face, shade, (max(2, size // 16), max(2, size // 14))))
        return found

    def draw(
        self, surface: pygame.Surface, center: tuple[float, float], size: int, value: int, palette: Palette, angle: float = 0.0
    ) -> None:
        face, shade, offset = self.get(value, size, angle, palette)
        rect = face.get_rect(center=(round(center[0]), round(center[1])))
        surface.blit(shade, rect.move(offset))
        surface.blit(face, rect)


# ---------------------------------------------------------------- animation


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


_arrow_cache: dict[Palette, pygame.Surface] = {}


def arrow_sprite(palette: Palette) -> pygame.Surface:
    """The flying arrow: the quiver's arrow icon (tip up-right, i.e. at 45°)."""
    found = _arrow_cache.get(palette)
    if found is None:
        found = _arrow_cache[palette] = icon("arrow", 60, palette.ink, palette.rubric)
    return found


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


def draw_bar(
    surface: pygame.Surface,
    rect: pygame.Rect,
    value: float,
    maximum: int,
    palette: Palette,
    show_text: bool = True,
    size: int = 18,
) -> None:
    """A STAMINA bar: parchment trough, fill by ratio (green, amber, red), the numbers on the right."""
    ratio = max(0.0, min(1.0, value / max(1, maximum)))
    radius = rect.height // 2
    pygame.draw.rect(surface, palette.parchment_dark, rect, border_radius=radius)
    if ratio > 0:
        fill = rect.copy()
        fill.width = max(rect.height, round(rect.width * ratio))
        colour = palette.good if ratio > 0.5 else (196, 140, 40) if ratio > 0.25 else palette.bad
        pygame.draw.rect(surface, colour, fill, border_radius=radius)
    pygame.draw.rect(surface, palette.ink_soft, rect, width=1, border_radius=radius)
    if show_text and rect.height >= 12:
        label = f"{round(value)} / {maximum}"
        chip = pygame.Rect(0, 0, fonts.text_width(label, "bold", size) + 12, rect.height - 4)
        chip.midright = (rect.right - 2, rect.centery)
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
    while size > 14 and fonts.text_width(text, face, size) > width:
        size -= 1
    return size
