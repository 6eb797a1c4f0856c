"""Procedural drawing: parchment, framed panels, dice, icons, text helpers.

Everything is drawn with pygame.draw from code, so art is deterministic,
scales to any size and carries no licence. Small shapes are drawn at four
times their size and smooth-scaled down (supersampling), which antialiases
polygons and thick lines that pygame.draw would leave jagged. Results are
cached: drawing the same die or icon twice costs one blit.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.ui import fonts, text_fit
from game.ui.surface_cache import SurfaceCache, surface_cached
from game.ui.text_layout import wrap_indices
from game.ui.theme import Palette

SUPERSAMPLE = 4
Point = tuple[float, float]
Colour = fonts.Colour  # (r, g, b) or (r, g, b, a), what pygame draws with


# ---------------------------------------------------------------- helpers


def _mix(a: Colour, b: Colour, t: float) -> tuple[int, int, int]:
    """Linear blend of two RGB colours (t=0 → a, t=1 → b)."""
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]  # a generator of 3 ints is the RGB triple typeshed cannot see


def _noise_surface(size: tuple[int, int], rng: random.Random, low: int, high: int, warmth: float = 0.0) -> pygame.Surface:
    """A noise image with values in [low, high], made from seeded bytes (fast, no numpy).

    With ``warmth`` > 0 darker values lose more blue and green than red, so
    multiplying it into the page browns it like aged paper instead of greying it.
    """
    width, height = size
    data = rng.randbytes(width * height)
    indexed = pygame.image.frombytes(data, size, "P")
    span = high - low
    entries = []
    for i in range(256):
        value = low + i * span // 255
        dark = 255 - value
        entries.append((value, max(0, round(value - dark * warmth * 0.35)), max(0, round(value - dark * warmth))))
    indexed.set_palette(entries)
    rgb = pygame.Surface(size)
    rgb.blit(indexed, (0, 0))
    return rgb


def _supersampled(size: tuple[int, int]) -> pygame.Surface:
    return pygame.Surface((size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), pygame.SRCALPHA)


def _downsample(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(big, size)


# ---------------------------------------------------------------- parchment


@surface_cached("parchment pages", 4_000_000)  # one full page
def parchment(size: tuple[int, int], palette: Palette, seed: int = 7) -> pygame.Surface:
    """A page of parchment: base tone, soft mottling, fine grain, fibres, darker edges.

    Deterministic for a given (size, palette, seed); cached.
    """
    width, height = size
    rng = random.Random(seed)
    page = pygame.Surface(size)
    page.fill(palette.parchment)
    if palette.plain:
        return page  # high contrast: nothing behind the text

    # Fibres first, so the mottling below ages them along with the page.
    fibre_colour = _mix(palette.parchment, palette.parchment_dark, 0.35)
    for _ in range(width * height // 12000):
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        angle = rng.uniform(-0.5, 0.5) + (math.pi if rng.random() < 0.5 else 0)
        length = rng.uniform(5, 16)
        pygame.draw.aaline(page, fibre_colour, (x, y), (x + math.cos(angle) * length, y + math.sin(angle) * length))

    # Two octaves of soft warm mottling: large blotches, then smaller ones,
    # multiplied in so the page darkens unevenly like old paper.
    longest = max(width, height)
    for cells, low in ((9, 232), (34, 244)):
        grid = (max(2, cells * width // longest + 1), max(2, cells * height // longest + 1))
        blotches = _noise_surface(grid, rng, low, 255, warmth=0.8)
        page.blit(pygame.transform.smoothscale(blotches, size), (0, 0), special_flags=pygame.BLEND_RGB_MULT)

    # Fine grain at half resolution, barely visible: it stops large flat areas looking plastic.
    grain_size = (max(1, width // 2), max(1, height // 2))
    grain = _noise_surface(grain_size, rng, 246, 255, warmth=0.5)
    page.blit(pygame.transform.scale(grain, size), (0, 0), special_flags=pygame.BLEND_RGB_MULT)

    # Vignette: a tiny radial map smooth-scaled up, multiplied in.
    vignette = pygame.Surface((32, 18))
    for vy in range(18):
        for vx in range(32):
            dx, dy = (vx - 15.5) / 15.5, (vy - 8.5) / 8.5
            distance = min(1.0, math.hypot(dx, dy) / 1.3)
            dark = 44 * distance**2.4
            vignette.set_at((vx, vy), (round(255 - dark), round(255 - dark * 1.15), round(255 - dark * 1.5)))
    page.blit(pygame.transform.smoothscale(vignette, size), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return page


# ---------------------------------------------------------------- nine-patch panels


class NinePatch:
    """Draws a source image into any rect: corners kept, edges and centre stretched."""

    def __init__(self, source: pygame.Surface, border: int) -> None:
        self.source = source
        self.border = border

    def render(self, size: tuple[int, int]) -> pygame.Surface:
        """The patch at ``size`` (at least two borders wide and high)."""
        b = self.border
        width, height = max(size[0], 2 * b), max(size[1], 2 * b)
        src = self.source
        sw, sh = src.get_size()
        out = pygame.Surface((width, height), pygame.SRCALPHA)
        columns = ((0, b, 0, b), (b, sw - 2 * b, b, width - 2 * b), (sw - b, b, width - b, b))
        rows = ((0, b, 0, b), (b, sh - 2 * b, b, height - 2 * b), (sh - b, b, height - b, b))
        for sx, swidth, dx, dwidth in columns:
            for sy, sheight, dy, dheight in rows:
                if dwidth <= 0 or dheight <= 0:
                    continue
                piece = src.subsurface((sx, sy, swidth, sheight))
                if (dwidth, dheight) != (swidth, sheight):
                    piece = pygame.transform.scale(piece, (dwidth, dheight))
                out.blit(piece, (dx, dy))
        return out


@lru_cache(maxsize=8)
def _panel_patch(palette: Palette, fill_alpha: int) -> NinePatch:
    """A framed panel source: light fill, thick ink rule, thin inner rule, corner diamonds."""
    size, border = 64, 18
    big = _supersampled((size, size))
    s = SUPERSAMPLE
    fill = (*palette.parchment_light, fill_alpha)
    pygame.draw.rect(big, fill, (0, 0, size * s, size * s), border_radius=4 * s)
    pygame.draw.rect(big, palette.ink, (0, 0, size * s, size * s), width=2 * s + 1, border_radius=4 * s)
    inner = 6 * s
    pygame.draw.rect(big, palette.ink_soft, (inner, inner, size * s - 2 * inner, size * s - 2 * inner), width=s)
    # Corner diamonds sit on the inner rule, like printed sheet ornaments.
    for cx, cy in ((inner, inner), (size * s - inner, inner), (inner, size * s - inner), (size * s - inner, size * s - inner)):
        r = 4 * s
        pygame.draw.polygon(big, palette.ink, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)])
        pygame.draw.circle(big, palette.parchment_light, (cx, cy), s * 1.2)
    return NinePatch(_downsample(big, (size, size)), border)


# Rendered panels by size: a full-page panel is ~3.5 MB, so the budget is in bytes, not panels.
PANEL_CACHE_BYTES = 6_000_000
_panel_cache = SurfaceCache("panels", PANEL_CACHE_BYTES)


def draw_panel(
    surface: pygame.Surface, rect: pygame.Rect, palette: Palette, *, shadow: bool = True, fill_alpha: int = 215
) -> None:
    """A framed panel with an inked double border and a soft drop shadow."""
    rect = pygame.Rect(rect)
    key = (rect.size, palette, fill_alpha)
    image = _panel_cache.get(key)
    if image is None:
        image = _panel_cache.put(key, _panel_patch(palette, fill_alpha).render(rect.size))
    if shadow:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, palette.shadow, shade.get_rect(), border_radius=6)
        surface.blit(shade, rect.move(3, 4))
    surface.blit(image, rect)


def draw_rule(surface: pygame.Surface, x1: int, x2: int, y: int, colour: Colour) -> None:
    """A thin horizontal rule with a small diamond in the middle (section separator)."""
    middle = (x1 + x2) / 2
    pygame.draw.aaline(surface, colour, (x1, y), (middle - 8, y))
    pygame.draw.aaline(surface, colour, (middle + 8, y), (x2, y))
    pygame.draw.polygon(surface, colour, [(middle, y - 4), (middle + 5, y), (middle, y + 4), (middle - 5, y)])


# ---------------------------------------------------------------- controls


@surface_cached("rounded boxes", 3_000_000)
def rounded_box(size: tuple[int, int], fill: Colour, border: Colour | None, radius: int, border_width: int = 2) -> pygame.Surface:
    """An antialiased rounded rectangle (supersampled), cached by its parameters."""
    width, height = max(1, size[0]), max(1, size[1])
    s = SUPERSAMPLE
    big = pygame.Surface((width * s, height * s), pygame.SRCALPHA)
    outer = big.get_rect()
    if border is not None and border_width > 0:
        pygame.draw.rect(big, border, outer, border_radius=radius * s)
        inset = border_width * s
        pygame.draw.rect(big, fill, outer.inflate(-2 * inset, -2 * inset), border_radius=max(0, (radius - border_width) * s))
    else:
        pygame.draw.rect(big, fill, outer, border_radius=radius * s)
    return pygame.transform.smoothscale(big, (width, height))


def draw_dashed_frame(
    surface: pygame.Surface, rect: pygame.Rect, colour: Colour, inset: int = 0, dash: int = 6, gap: int = 4, width: int = 2
) -> None:
    """A dashed outline just inside ``rect``: how a disabled control looks, besides its fainter ink."""
    box = pygame.Rect(rect).inflate(-2 * inset, -2 * inset)
    step = dash + gap
    for x in range(box.left, box.right, step):
        end = min(x + dash, box.right)
        pygame.draw.line(surface, colour, (x, box.top), (end, box.top), width)
        pygame.draw.line(surface, colour, (x, box.bottom - width), (end, box.bottom - width), width)
    for y in range(box.top, box.bottom, step):
        end = min(y + dash, box.bottom)
        pygame.draw.line(surface, colour, (box.left, y), (box.left, end), width)
        pygame.draw.line(surface, colour, (box.right - width, y), (box.right - width, end), width)


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int = 3, radius: int = 8) -> None:
    """The keyboard focus outline, drawn just outside ``rect``."""
    ring = pygame.Rect(rect).inflate(2 * width + 2, 2 * width + 2)
    pygame.draw.rect(surface, colour, ring, width=width, border_radius=radius)


# ---------------------------------------------------------------- text


def blit_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    face: str,
    size: int,
    colour: Colour,
    anchor: str = "topleft",
    *,
    box: pygame.Rect | None = None,
    owner: str = "",
) -> pygame.Rect:
    """Draw one line of text; ``anchor`` (a pygame.Rect attribute) places its line box at ``pos``.

    The line box is ``line_height`` tall with the baseline at ``ascent``; accents
    may rise above it. Centred anchors centre the capitals on ``pos``. Returns the line box.
    With ``box``, a line that leaves it is reported to game.ui.text_fit's recorder (as ``owner``).
    """
    image = fonts.render(text, face, size, colour)
    line = pygame.Rect(0, 0, image.get_width(), fonts.line_height(face, size))
    setattr(line, anchor, (round(pos[0]), round(pos[1])))
    if anchor in ("center", "midleft", "midright"):
        # Centre optically on the capitals, not on the line box: faces differ in
        # how much room they leave above and below, and buttons mix faces.
        line.y = round(pos[1] - fonts.ascent(face, size) + fonts.cap_height(face, size) / 2)
    surface.blit(image, (line.x, line.y - fonts.headroom(face, size)))
    # Without a box, the page is the box: a text that leaves the page is always an overflow.
    text_fit.check(owner or "page", text, line, box if box is not None else surface.get_rect())
    return line


def wrap_words(text: str, face: str, size: int, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` (hard-breaking overlong words)."""
    return [
        text[start:end].rstrip(" ") for start, end in wrap_indices(text, width, lambda part: fonts.text_width(part, face, size))
    ]


# ---------------------------------------------------------------- dice

# Pip positions on a unit face, per value.
PIPS: dict[int, tuple[Point, ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@surface_cached("die faces", 1_500_000)
def die_face(value: int, size: int, palette: Palette) -> pygame.Surface:
    """An upright die face showing ``value`` (1–6), ``size`` pixels square."""
    if value not in PIPS:
        raise ValueError(f"a die shows 1 to 6, not {value}")
    size = max(8, int(size))
    s = SUPERSAMPLE
    big = _supersampled((size, size))
    full = size * s
    radius = round(full * 0.18)
    pygame.draw.rect(big, palette.ink, (0, 0, full, full), border_radius=radius)
    edge = max(s, round(full * 0.04))
    pygame.draw.rect(big, palette.die_face, (edge, edge, full - 2 * edge, full - 2 * edge), border_radius=radius - edge)
    pip_radius = full * 0.085
    for px, py in PIPS[value]:
        pygame.draw.circle(big, palette.die_pip, (px * full, py * full), pip_radius)
    return _downsample(big, (size, size))


def draw_die(
    surface: pygame.Surface, center: tuple[float, float], size: int, value: int, palette: Palette, angle: float = 0.0
) -> pygame.Rect:
    """A die showing ``value`` centred on ``center``, rotated by ``angle`` degrees (for tumbling)."""
    face = die_face(value, size, palette)
    if angle % 360:
        face = pygame.transform.rotozoom(face, angle, 1.0)
    rect = face.get_rect(center=(round(center[0]), round(center[1])))
    # The shadow is the die's own silhouette, offset down-right.
    shade = pygame.mask.from_surface(face).to_surface(setcolor=palette.shadow, unsetcolor=(0, 0, 0, 0))
    surface.blit(shade, rect.move(max(2, size // 16), max(2, size // 14)))
    surface.blit(face, rect)
    return rect


# ---------------------------------------------------------------- icons


def _lens(centre_base: Point, tip: Point, half_width: float, steps: int = 10) -> list[Point]:
    """Points of a leaf-shaped lens from ``centre_base`` to ``tip``."""
    (bx, by), (tx, ty) = centre_base, tip
    length = math.hypot(tx - bx, ty - by) or 1.0
    nx, ny = -(ty - by) / length, (tx - bx) / length
    left, right = [], []
    for i in range(steps + 1):
        t = i / steps
        bulge = math.sin(math.pi * t) * half_width
        x, y = bx + (tx - bx) * t, by + (ty - by) * t
        left.append((x + nx * bulge, y + ny * bulge))
        right.append((x - nx * bulge, y - ny * bulge))
    return left + right[::-1]


def _icon_arrow(surf: pygame.Surface, u: float, ink: Colour, fill: Colour) -> None:
    # A diagonal arrow, tip up-right, with fletching: reads as "archery / quiver".
    start, end = (0.16 * u, 0.84 * u), (0.8 * u, 0.2 * u)
    pygame.draw.line(surf, ink, start, end, round(0.06 * u))
    tip = (0.9 * u, 0.1 * u)
    pygame.draw.polygon(surf, ink, [tip, (0.62 * u, 0.2 * u), (0.8 * u, 0.38 * u)])
    for offset in (0.0, 0.11):
        base = (0.16 * u + offset * u, 0.84 * u - offset * u)
        pygame.draw.polygon(surf, fill, [base, (base[0] - 0.02 * u, base[1] - 0.2 * u), (base[0] + 0.06 * u, base[1] - 0.08 * u)])
        pygame.draw.polygon(surf, fill, [base, (base[0] + 0.2 * u, base[1] + 0.02 * u), (base[0] + 0.08 * u, base[1] - 0.06 * u)])


def _icon_herbs(surf: pygame.Surface, u: float, ink: Colour, fill: Colour) -> None:
    # Three stems gathered by a band, each with leaves.
    band_y = 0.68 * u
    for angle, length in ((-0.42, 0.5), (0.0, 0.58), (0.42, 0.5)):
        top = (0.5 * u + math.sin(angle) * length * u, band_y - math.cos(angle) * length * u)
        pygame.draw.line(surf, ink, (0.5 * u, 0.95 * u), top, round(0.035 * u))
        for t, side in ((0.45, 1), (0.7, -1), (0.95, 1)):
            px = 0.5 * u + (top[0] - 0.5 * u) * t
            py = band_y + (top[1] - band_y) * t
            leaf_angle = angle + side * 0.9
            tip = (px + math.sin(leaf_angle) * 0.16 * u, py - math.cos(leaf_angle) * 0.16 * u)
            pygame.draw.polygon(surf, fill, _lens((px, py), tip, 0.05 * u))
            pygame.draw.aalines(surf, ink, True, _lens((px, py), tip, 0.05 * u))
    pygame.draw.rect(surf, ink, (0.4 * u, band_y - 0.03 * u, 0.2 * u, 0.08 * u), border_radius=round(0.02 * u))


def _icon_potion(surf: pygame.Surface, u: float, ink: Colour, fill: Colour) -> None:
    # Round-bottomed flask: bulb, neck, cork; liquid fills the lower bulb.
    centre, radius = (0.5 * u, 0.64 * u), 0.3 * u
    line = round(0.05 * u)
    liquid = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(liquid, fill, centre, radius)
    liquid.fill((0, 0, 0, 0), (0, 0, u, 0.58 * u))
    surf.blit(liquid, (0, 0))
    pygame.draw.circle(surf, ink, centre, radius, line)
    pygame.draw.rect(surf, ink, (0.4 * u, 0.16 * u, 0.2 * u, 0.24 * u), line)
    surf.fill((0, 0, 0, 0), (0.4 * u + line, 0.36 * u, 0.2 * u - 2 * line, 0.1 * u))
    pygame.draw.rect(surf, ink, (0.37 * u, 0.06 * u, 0.26 * u, 0.12 * u), border_radius=round(0.03 * u))
    pygame.draw.arc(surf, (255, 255, 255, 170), (0.3 * u, 0.44 * u, 0.4 * u, 0.4 * u), 1.9, 2.8, round(0.035 * u))


def _icon_provisions(surf: pygame.Surface, u: float, ink: Colour, fill: Colour) -> None:
    # A round loaf with three scores: one meal of Provisions.
    loaf = pygame.Rect(round(0.08 * u), round(0.3 * u), round(0.84 * u), round(0.5 * u))
    pygame.draw.ellipse(surf, fill, loaf)
    pygame.draw.ellipse(surf, ink, loaf, round(0.05 * u))
    for i in range(3):
        x = (0.3 + 0.2 * i) * u
        pygame.draw.line(surf, ink, (x - 0.06 * u, 0.64 * u), (x + 0.08 * u, 0.42 * u), round(0.045 * u))
    pygame.draw.line(surf, ink, (0.16 * u, 0.86 * u), (0.84 * u, 0.86 * u), round(0.04 * u))


def _icon_gold(surf: pygame.Surface, u: float, ink: Colour, fill: Colour) -> None:
    # Two stacked coins: edge seen behind, face in front with a rim and a star.
    line = round(0.045 * u)
    back = (0.62 * u, 0.38 * u)
    pygame.draw.circle(surf, fill, back, 0.28 * u)
    pygame.draw.circle(surf, ink, back, 0.28 * u, line)
    front = (0.42 * u, 0.6 * u)
    pygame.draw.circle(surf, fill, front, 0.32 * u)
    pygame.draw.circle(surf, ink, front, 0.32 * u, line)
    pygame.draw.circle(surf, ink, front, 0.23 * u, max(1, line // 2))
    star = []
    for i in range(10):
        r = (0.13 if i % 2 == 0 else 0.055) * u
        a = -math.pi / 2 + i * math.pi / 5
        star.append((front[0] + math.cos(a) * r, front[1] + math.sin(a) * r))
    pygame.draw.polygon(surf, ink, star)


def _icon_heart(surf: pygame.Surface, u: float, ink: Colour, fill: Colour) -> None:
    # Heart from a parametric curve (smoother than two circles and a triangle).
    points = []
    for i in range(64):
        t = 2 * math.pi * i / 64
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((0.5 * u + x * 0.026 * u, 0.48 * u - y * 0.026 * u))
    pygame.draw.polygon(surf, fill, points)
    pygame.draw.polygon(surf, ink, points, round(0.05 * u))


def _icon_shield(surf: pygame.Surface, u: float, ink: Colour, fill: Colour) -> None:
    # Heater shield with a cross: armour / defence.
    outline = [(0.14 * u, 0.12 * u), (0.86 * u, 0.12 * u), (0.86 * u, 0.45 * u)]
    for i in range(1, 12):
        t = i / 12
        outline.append((0.86 * u - 0.36 * u * t, 0.45 * u + 0.47 * u * math.sin(t * math.pi / 2)))
    outline += [(0.5 * u, 0.92 * u)]
    for i in range(11, 0, -1):
        t = i / 12
        outline.append((0.14 * u + 0.36 * u * t, 0.45 * u + 0.47 * u * math.sin(t * math.pi / 2)))
    outline.append((0.14 * u, 0.45 * u))
    pygame.draw.polygon(surf, fill, outline)
    pygame.draw.line(surf, ink, (0.5 * u, 0.14 * u), (0.5 * u, 0.9 * u), round(0.07 * u))
    pygame.draw.line(surf, ink, (0.16 * u, 0.4 * u), (0.84 * u, 0.4 * u), round(0.07 * u))
    pygame.draw.polygon(surf, ink, outline, round(0.055 * u))


ICONS: dict[str, Callable[[pygame.Surface, float, Colour, Colour], None]] = {
    "arrow": _icon_arrow,
    "herbs": _icon_herbs,
    "potion": _icon_potion,
    "provisions": _icon_provisions,
    "gold": _icon_gold,
    "heart": _icon_heart,
    "shield": _icon_shield,
}


@surface_cached("icons", 1_000_000)
def icon(name: str, size: int, ink: Colour, fill: Colour) -> pygame.Surface:
    """Icon ``name`` (see ICONS) as a ``size``-pixel square surface, cached."""
    if name not in ICONS:
        raise KeyError(f"unknown icon {name!r}; known: {sorted(ICONS)}")
    size = max(8, int(size))
    big = _supersampled((size, size))
    ICONS[name](big, float(size * SUPERSAMPLE), ink, fill)
    return _downsample(big, (size, size))


def draw_icon(surface: pygame.Surface, name: str, rect: pygame.Rect, ink: Colour, fill: Colour | None = None) -> None:
    """Draw icon ``name`` fitted and centred in ``rect``."""
    rect = pygame.Rect(rect)
    size = min(rect.width, rect.height)
    image = icon(name, size, tuple(ink), tuple(fill if fill is not None else ink))
    surface.blit(image, image.get_rect(center=rect.center))


# ---------------------------------------------------------------- polyhedral dice


def draw_polyhedral(
    surface: pygame.Surface, center: tuple[float, float], size: int, value: int, sides: int, palette: Palette, angle: float = 0.0
) -> pygame.Rect:
    """A d``sides`` other than a d6 (a d20 for Rôle'n Play): a faceted gem with its number."""
    if sides == 6 and 1 <= value <= 6:
        return draw_die(surface, center, size, value, palette, angle)
    s = SUPERSAMPLE
    full = size * s
    big = _supersampled((size + 2, size + 2))
    c = full / 2 + s
    r = full / 2
    outer = [(c + r * math.cos(math.radians(60 * i - 90)), c + r * math.sin(math.radians(60 * i - 90))) for i in range(6)]
    inner = [
        (c + r * 0.55 * math.cos(math.radians(120 * i - 90)), c + r * 0.55 * math.sin(math.radians(120 * i - 90)))
        for i in range(3)
    ]
    pygame.draw.polygon(big, palette.die_face, outer)
    pygame.draw.polygon(big, palette.ink, outer, width=max(s, round(full * 0.035)))
    pygame.draw.polygon(big, palette.ink_faint, inner, width=max(1, s))
    for i in range(3):
        pygame.draw.line(big, palette.ink_faint, inner[i], outer[(2 * i) % 6], max(1, s))
        pygame.draw.line(big, palette.ink_faint, inner[i], outer[(2 * i + 1) % 6], max(1, s))
        pygame.draw.line(big, palette.ink_faint, inner[i], outer[(2 * i + 5) % 6], max(1, s))
    face = _downsample(big, (size + 2, size + 2))
    number = fonts.render(str(value), "bold", max(10, int(size * 0.38)), palette.die_pip)
    face.blit(number, number.get_rect(center=(face.get_width() / 2, face.get_height() / 2 + size * 0.04)))
    if angle % 360:
        face = pygame.transform.rotozoom(face, angle, 1.0)
    rect = face.get_rect(center=(round(center[0]), round(center[1])))
    surface.blit(face, rect)
    return rect
