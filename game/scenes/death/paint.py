"""Painting the death page from its view: the darkened parchment, the skull, the title, what happened,
the STAMINA panel's frame and the message (the widgets are drawn by the scene's group, between the two)."""

from __future__ import annotations

import math

import pygame

from game.scenes.death.layout import DeathRegions
from game.scenes.death.view import DeathView, StoryLine
from game.ui import fonts
from game.ui.context import UIContext
from game.ui.draw import SUPERSAMPLE, blit_text, draw_panel, draw_rule, multiply_smoothscaled, parchment
from game.ui.surface_cache import SCREEN_PAGES, surface_cached
from game.ui.text_fit import fit_line, fit_lines
from game.ui.theme import Palette

Colour = tuple[int, int, int]
STORY_GAP = 6  # between two things that happened
TITLE_GROWS = 6  # the title is a little bigger than the theme's title size


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


@surface_cached("death page", cache=SCREEN_PAGES, room=True)  # one full page
def dark_page(size: tuple[int, int], palette: Palette) -> pygame.Surface:
    """The parchment, darkened as if by candle soot, with a heavy vignette."""
    page = parchment(size, palette).copy()
    page.fill((92, 78, 70), special_flags=pygame.BLEND_RGB_MULT)
    multiply_smoothscaled(page, soot_vignette())  # no page-sized picture of it: this page was the smoke's peak
    return page


def soot_vignette() -> pygame.Surface:
    """The death page's vignette as a small map (32×18) of grey shades, light in the middle, dark at the edges."""
    vignette = pygame.Surface((32, 18))
    for vy in range(18):
        for vx in range(32):
            distance = min(1.0, math.hypot((vx - 15.5) / 15.5, (vy - 7.5) / 9.5) / 1.2)
            shade = round(255 - 150 * distance**1.8)
            vignette.set_at((vx, vy), (shade, shade, shade))
    return vignette


SKULL_BAND = 16  # rows of the skull drawn (supersampled) and scaled down at a time


class _Pen:
    """Draws one band of rows of the skull's supersampled picture: ``surface`` holds its rows from ``top`` on.

    Points are floored, which is what pygame.draw does with the picture's own (positive) coordinates, then moved
    up by ``top``: whole numbers moved by a whole number, so each band gets exactly the picture's rows (a float
    moved above a band's top would be truncated towards zero instead, a row off).
    """

    def __init__(self, surface: pygame.Surface, top: int) -> None:
        self.surface, self.top = surface, top

    def _at(self, point: tuple[float, float]) -> tuple[int, int]:
        return math.floor(point[0]), math.floor(point[1]) - self.top

    def circle(self, colour: Colour, centre: tuple[float, float], radius: float) -> None:
        pygame.draw.circle(self.surface, colour, self._at(centre), radius)

    def rect(self, colour: Colour, rect: pygame.Rect, border_radius: int) -> None:
        pygame.draw.rect(self.surface, colour, rect.move(0, -self.top), border_radius=border_radius)

    def ellipse(self, colour: Colour, rect: pygame.Rect) -> None:
        pygame.draw.ellipse(self.surface, colour, rect.move(0, -self.top))

    def polygon(self, colour: Colour, points: list[tuple[float, float]]) -> None:
        pygame.draw.polygon(self.surface, colour, [self._at(point) for point in points])

    def line(self, colour: Colour, start: tuple[float, float], end: tuple[float, float], width: int) -> None:
        pygame.draw.line(self.surface, colour, self._at(start), self._at(end), width)

    def lines(self, colour: Colour, points: list[tuple[float, float]], width: int) -> None:
        pygame.draw.lines(self.surface, colour, False, [self._at(point) for point in points], width)


def _crossed_bones(pen: _Pen, size: tuple[int, int], bone: Colour, ink: Colour, line: int) -> None:
    """Two shafts behind the skull, each with a pair of knobs at both ends."""
    w, h = size

    def knob(centre: tuple[float, float], radius: float) -> None:
        pen.circle(ink, centre, radius + line)
        pen.circle(bone, centre, radius)

    for (x1, y1), (x2, y2) in (((0.1, 0.9), (0.9, 0.3)), ((0.1, 0.3), (0.9, 0.9))):
        a, b = (x1 * w, y1 * h), (x2 * w, y2 * h)
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
        half = 0.035 * w
        shaft = [
            (a[0] + nx * half, a[1] + ny * half),
            (b[0] + nx * half, b[1] + ny * half),
            (b[0] - nx * half, b[1] - ny * half),
            (a[0] - nx * half, a[1] - ny * half),
        ]
        pen.polygon(ink, shaft)
        inner = [
            (a[0] + nx * (half - line), a[1] + ny * (half - line)),
            (b[0] + nx * (half - line), b[1] + ny * (half - line)),
            (b[0] - nx * (half - line), b[1] - ny * (half - line)),
            (a[0] - nx * (half - line), a[1] - ny * (half - line)),
        ]
        for end in (a, b):
            for side in (1, -1):
                knob((end[0] + nx * half * 1.1 * side, end[1] + ny * half * 1.1 * side), 0.045 * w)
        pen.polygon(bone, inner)


def _skull(pen: _Pen, size: tuple[int, int], bone: Colour, ink: Colour, line: int) -> None:
    """Cranium, cheeks and jaw outlined in ink; eye sockets, nose, teeth and a crack on the brow."""
    w, h = size
    cx = w / 2
    cranium_c, cranium_r = (cx, 0.4 * h), 0.27 * w
    jaw = pygame.Rect(0, 0, round(0.3 * w), round(0.26 * h))
    jaw.midtop = (round(cx), round(0.56 * h))
    pen.circle(ink, cranium_c, cranium_r + line)
    pen.rect(ink, jaw.inflate(2 * line, 2 * line), round(0.05 * w))
    pen.circle(bone, cranium_c, cranium_r)
    pen.rect(bone, jaw, round(0.05 * w))
    # Cheekbones, so cranium and jaw read as one skull.
    cheeks = pygame.Rect(0, 0, round(0.46 * w), round(0.14 * h))
    cheeks.center = (round(cx), round(0.6 * h))
    pen.ellipse(bone, cheeks)
    hollow = _mix(ink, (0, 0, 0), 0.3)
    for side in (-1, 1):
        eye = pygame.Rect(0, 0, round(0.13 * w), round(0.16 * h))
        eye.center = (round(cx + side * 0.095 * w), round(0.47 * h))
        pen.ellipse(hollow, eye)
    nose = [(cx, 0.56 * h), (cx - 0.03 * w, 0.64 * h), (cx + 0.03 * w, 0.64 * h)]
    pen.polygon(hollow, nose)
    teeth_top, teeth_bottom = 0.7 * h, 0.8 * h
    pen.line(ink, (jaw.left + 0.02 * w, teeth_top), (jaw.right - 0.02 * w, teeth_top), line)
    for i in range(1, 6):
        x = jaw.left + jaw.width * i / 6
        pen.line(ink, (x, teeth_top - 0.015 * h), (x, teeth_bottom), line)
    # A crack on the brow: this hero met something hard.
    crack = [(cx + 0.06 * w, 0.15 * h), (cx + 0.03 * w, 0.22 * h), (cx + 0.07 * w, 0.27 * h), (cx + 0.04 * w, 0.33 * h)]
    pen.lines(ink, crack, line)


@surface_cached("skulls", 1_000_000)
def skull_image(size: tuple[int, int], palette: Palette, band: int = SKULL_BAND) -> pygame.Surface:
    """A skull over two crossed bones, supersampled for smooth edges.

    Drawn ``band`` rows at a time, each band supersampled then scaled down into the picture (the supersampled
    whole was 16 times the skull, the death page's peak: issue 28, memory); the same pixels, since scaling down
    by a whole factor makes each row of the picture from its own rows of the supersampled one.
    """
    picture = pygame.Surface(size, pygame.SRCALPHA)
    big = (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE)
    bone = _mix(palette.parchment_light, palette.parchment_dark, 0.25)
    line = max(2, round(big[0] * 0.012))
    for top in range(0, size[1], band):
        rows = min(band, size[1] - top)
        pen = _Pen(pygame.Surface((big[0], rows * SUPERSAMPLE), pygame.SRCALPHA), top * SUPERSAMPLE)
        _crossed_bones(pen, big, bone, palette.ink, line)
        _skull(pen, big, bone, palette.ink, line)
        pygame.transform.smoothscale(pen.surface, (size[0], rows), picture.subsurface((0, top, size[0], rows)))
    return picture


def _draw_story(surface: pygame.Surface, story: tuple[StoryLine, ...], r: DeathRegions, ui: UIContext) -> None:
    """What happened, two lines at most each, as much of it as the room left for it holds."""
    p, theme = ui.palette, ui.theme
    y = r.story.y
    for line in story:
        size = theme.text_size("small" if line.small else "body")
        colour = p.parchment_light if line.light else p.parchment_dark
        line_h = fonts.line_height(line.face, size)
        room = (r.story.bottom - y) // line_h
        if room < 1:
            break
        for text in fit_lines(line.text, line.face, size, r.story.width, min(2, room))[0]:
            blit_text(surface, text, (r.centre_x, y), line.face, size, colour, "midtop", box=r.story, owner="death story")
            y += line_h
        y += STORY_GAP


def paint_page(surface: pygame.Surface, view: DeathView, r: DeathRegions, ui: UIContext) -> None:
    """Everything under the widgets: the page, the skull, the title and name, the story, the STAMINA panel's frame."""
    p, theme = ui.palette, ui.theme
    surface.blit(dark_page(r.page, p), (0, 0))
    surface.blit(skull_image(r.skull.size, p), r.skull)
    title, size = fit_line(view.title, "title", theme.text_size("title") + TITLE_GROWS, r.line_width)
    # mostly the light ink, a tint of red: 4.5:1 on the soot in every palette (tests/test_access_contrast.py)
    blit_text(surface, title, (r.centre_x, r.title_y), "title", size, _mix(p.rubric, p.parchment_light, 0.8), "midtop")
    left, right, rule_y = r.title_rule
    draw_rule(surface, left, right, rule_y, p.parchment_dark)
    name, size = fit_line(view.hero_name, "bold", theme.text_size("heading"), r.line_width)
    blit_text(surface, name, r.name_at, "bold", size, p.parchment_light, "midtop")
    _draw_story(surface, view.story, r, ui)
    if view.reviving:
        panel = r.revive
        draw_panel(surface, panel.rect, p, fill_alpha=245)
        blit_text(surface, view.revive_prompt, panel.prompt_at, "body", theme.text_size("body"), p.ink)


def paint_message(surface: pygame.Surface, view: DeathView, r: DeathRegions, ui: UIContext) -> None:
    """The message over the widgets: in the STAMINA panel (a refusal of the typed value), else under the buttons."""
    if not view.message:
        return
    p, small = ui.palette, ui.theme.text_size("small")
    if view.reviving:
        panel = r.revive
        message, size = fit_line(view.message, "body", small, panel.text_width)
        blit_text(surface, message, panel.message_at, "body", size, p.bad, box=panel.rect, owner="death")
    else:
        message, size = fit_line(view.message, "body", small, r.line_width)
        blit_text(surface, message, r.message_at, "body", size, _mix(p.bad, p.parchment_light, 0.5), "midtop")
