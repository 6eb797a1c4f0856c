"""Panels laid in tiles (issue 28, memory): the same pixels as the panel drawn whole, with no picture of its size kept."""

import pygame
import pytest
from ui_helpers import init_pygame

from game.ui import draw, surface_cache
from game.ui.theme import PALETTES

SIZES = ((36, 36), (37, 90), (120, 80), (300, 41), (646, 520), (1248, 719), (129, 257), (20, 300), (300, 12))


@pytest.fixture(autouse=True)
def _pygame():
    init_pygame()


def whole_panel(surface: pygame.Surface, rect: pygame.Rect, palette, shadow: bool, fill_alpha: int) -> None:
    """How a panel was drawn before the tiles: its shadow's picture, then the patch rendered at its size."""
    if shadow:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, palette.shadow, shade.get_rect(), border_radius=draw.SHADOW_RADIUS)
        surface.blit(shade, rect.move(draw.SHADOW_OFFSET))
    surface.blit(draw._panel_patch(palette, fill_alpha).render(rect.size), rect)


def page(palette) -> pygame.Surface:
    return draw.parchment((1400, 800), palette).copy()


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
@pytest.mark.parametrize("fill_alpha", [215, 245, 255])
def test_a_panel_laid_in_tiles_is_the_panel_drawn_whole(palette, fill_alpha):
    for size in SIZES:
        rect = pygame.Rect((17, 23), size)
        tiled, whole = page(palette), page(palette)
        draw._panel_onto(tiled, rect, palette, True, fill_alpha)
        whole_panel(whole, rect, palette, True, fill_alpha)
        assert pygame.image.tobytes(tiled, "RGB") == pygame.image.tobytes(whole, "RGB"), size


def test_a_panel_on_a_transparent_card_is_the_panel_drawn_whole():
    # The board's sliding card draws its panel onto a picture with alpha of its own.
    palette = PALETTES["parchment"]
    tiled, whole = pygame.Surface((400, 300), pygame.SRCALPHA), pygame.Surface((400, 300), pygame.SRCALPHA)
    draw._panel_onto(tiled, pygame.Rect(0, 0, 400, 300), palette, False, 235)
    whole_panel(whole, pygame.Rect(0, 0, 400, 300), palette, False, 235)
    assert pygame.image.tobytes(tiled, "RGBA") == pygame.image.tobytes(whole, "RGBA")


def test_a_panel_drawn_in_part_of_the_page_touches_only_that_part():
    palette = PALETTES["parchment"]
    tiled, whole = page(palette), page(palette)
    for surface in (tiled, whole):
        surface.set_clip(pygame.Rect(100, 100, 200, 150))
    draw._panel_onto(tiled, pygame.Rect(50, 50, 500, 400), palette, True, 215)
    whole_panel(whole, pygame.Rect(50, 50, 500, 400), palette, True, 215)
    assert pygame.image.tobytes(tiled, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_panels_of_any_size_keep_no_picture_of_their_size():
    before = {name: held for name, _count, held, _budget in surface_cache.memory_report()}
    target = pygame.Surface((1920, 1080))
    for width in range(200, 1900, 97):
        draw.draw_panel(target, pygame.Rect(0, 0, width, 1000), PALETTES["parchment"])
    after = {name: held for name, _count, held, _budget in surface_cache.memory_report()}
    grown = {name: after[name] - before.get(name, 0) for name in after if after[name] > before.get(name, 0)}
    assert sum(grown.values()) <= 2 * draw.TILE * draw.TILE * 4, grown  # a fill's tile and its shadow's at most


def test_the_veil_covers_only_the_clip():
    palette = PALETTES["parchment"]
    surface = page(palette)
    untouched = surface.copy()
    surface.set_clip(pygame.Rect(130, 140, 300, 200))
    draw.draw_veil(surface, palette)
    surface.set_clip(None)
    expected = untouched.copy()
    veil = pygame.Surface((300, 200), pygame.SRCALPHA)
    veil.fill(palette.overlay)
    expected.blit(veil, (130, 140))
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(expected, "RGB")
