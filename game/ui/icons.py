"""Icons drawn from code: arrows, herbs, potion, provisions, gold, heart, shield, folder, file, pencil.

Each is drawn at four times its size and smooth-scaled down (see game.ui.draw),
then cached, so the same icon twice costs one blit.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.ui.draw import SUPERSAMPLE, Colour, Point, _downsample, _supersampled
from game.ui.surface_cache import surface_cached

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


def _icon_folder(surf: pygame.Surface, u: float, ink: Colour, fill: Colour) -> None:
    # A folder: a tab on the left of its back, the front below.
    line = round(0.06 * u)
    outline = [
        (0.1 * u, 0.24 * u),
        (0.4 * u, 0.24 * u),
        (0.48 * u, 0.34 * u),
        (0.9 * u, 0.34 * u),
        (0.9 * u, 0.8 * u),
        (0.1 * u, 0.8 * u),
    ]
    pygame.draw.polygon(surf, fill, outline)
    pygame.draw.polygon(surf, ink, outline, line)
    pygame.draw.line(surf, ink, (0.1 * u, 0.44 * u), (0.9 * u, 0.44 * u), line)


def _icon_file(surf: pygame.Surface, u: float, ink: Colour, fill: Colour) -> None:
    # A page with its top right corner folded, and three lines of text.
    line = round(0.06 * u)
    page = [(0.22 * u, 0.1 * u), (0.6 * u, 0.1 * u), (0.78 * u, 0.28 * u), (0.78 * u, 0.9 * u), (0.22 * u, 0.9 * u)]
    pygame.draw.polygon(surf, fill, page)
    pygame.draw.polygon(surf, ink, page, line)
    pygame.draw.lines(surf, ink, False, [(0.6 * u, 0.1 * u), (0.6 * u, 0.28 * u), (0.78 * u, 0.28 * u)], line)
    for y in (0.46, 0.6, 0.74):
        pygame.draw.line(surf, ink, (0.32 * u, y * u), (0.68 * u, y * u), max(1, line // 2))


def _icon_pencil(surf: pygame.Surface, u: float, ink: Colour, fill: Colour) -> None:
    # A pencil slanted up-right, its point down-left: "write again", "rename".
    body = [(0.3 * u, 0.82 * u), (0.18 * u, 0.7 * u), (0.7 * u, 0.18 * u), (0.82 * u, 0.3 * u)]
    pygame.draw.polygon(surf, fill, body)
    pygame.draw.polygon(surf, ink, body, round(0.06 * u))
    pygame.draw.polygon(surf, ink, [(0.1 * u, 0.9 * u), (0.18 * u, 0.7 * u), (0.3 * u, 0.82 * u)])
    pygame.draw.line(surf, ink, (0.6 * u, 0.28 * u), (0.72 * u, 0.4 * u), round(0.06 * u))  # the eraser's band


ICONS: dict[str, Callable[[pygame.Surface, float, Colour, Colour], None]] = {
    "pencil": _icon_pencil,
    "folder": _icon_folder,
    "file": _icon_file,
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
