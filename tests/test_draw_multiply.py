"""A small map smooth-scaled and multiplied into a page a band of columns at a time (issue 28, memory): the same
pixels as the map scaled to the page's size in one picture, with no such picture made."""

import random

import pygame
import pytest
from ui_helpers import init_pygame

from game.scenes.death import paint as death_paint
from game.ui import draw, surface_cache
from game.ui.theme import PALETTES

PAGE_SIZES = ((640, 480), (1280, 720), (1920, 1080), (2560, 1440), (1001, 777), (63, 40), (65, 17), (1, 1), (7, 900))
MAP_SIZES = ((32, 18), (1, 1), (1, 9), (40, 3), (90, 60))  # the last scaled down along both axes on small pages


@pytest.fixture(autouse=True)
def _pygame():
    init_pygame()


def noise(size: tuple[int, int], seed: int) -> pygame.Surface:
    rng = random.Random(seed)
    return pygame.image.frombytes(rng.randbytes(size[0] * size[1] * 3), size, "RGB").convert()


def multiplied_whole(page: pygame.Surface, small: pygame.Surface) -> None:
    """How the death page's vignette was multiplied in before the bands: one picture of the page's size."""
    page.blit(pygame.transform.smoothscale(small, page.get_size()), (0, 0), special_flags=pygame.BLEND_RGB_MULT)


@pytest.mark.parametrize("map_size", MAP_SIZES)
def test_a_map_multiplied_in_bands_is_the_map_scaled_whole(map_size):
    small = noise(map_size, 1)
    for size in PAGE_SIZES:
        banded, whole = noise(size, 2), noise(size, 2)
        draw.multiply_smoothscaled(banded, small)
        multiplied_whole(whole, small)
        assert pygame.image.tobytes(banded, "RGB") == pygame.image.tobytes(whole, "RGB"), size


def test_multiplying_a_map_makes_no_picture_of_the_page(monkeypatch):
    made: list[tuple[int, int]] = []
    for name in ("smoothscale", "rotate", "flip"):
        real = getattr(pygame.transform, name)

        def recorded(*args, _real=real, **kwargs):
            result = _real(*args, **kwargs)
            made.append(result.get_size())
            return result

        monkeypatch.setattr(pygame.transform, name, recorded)
    page = pygame.Surface((1920, 1080))
    draw.multiply_smoothscaled(page, noise((32, 18), 1))
    assert max(w * h for w, h in made) == max(1920 * 18, draw.MULTIPLY_BAND * 1080)  # a band, a thirtieth of the page


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
def test_the_death_page_is_the_darkened_parchment_with_its_vignette_scaled_whole(palette):
    """The pixels the player saw before the bands, in every palette and at the sizes a window takes."""
    for size in ((640, 480), (1280, 720), (2560, 1440)):
        surface_cache.SCREEN_PAGES.clear()
        expected = draw.parchment(size, palette).copy()
        expected.fill((92, 78, 70), special_flags=pygame.BLEND_RGB_MULT)
        multiplied_whole(expected, death_paint.soot_vignette())
        got = death_paint.dark_page(size, palette)
        assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(expected, "RGB"), size


def test_a_resized_death_page_is_drawn_at_the_new_size_and_the_old_page_let_go(tmp_path):
    from app_helpers import Driver, make_services

    from game.app.showcase import sample_adventure
    from game.scenes.death.scene import DeathScene

    services = make_services(tmp_path)
    adventure = sample_adventure(services, "DF64")
    adventure.act({"do": "die"})
    driver = Driver(DeathScene(services, adventure), window=(1280, 720))
    driver.send(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    page = driver.display.surface
    assert page.get_size() == (1920, 1080)
    expected = death_paint.dark_page((1920, 1080), driver.top.ui.palette)
    for corner in ((0, 0), (1919, 0), (0, 1079), (1919, 1079)):
        assert page.get_at(corner) == expected.get_at(corner)
    held = [value.get_size() for value, _size in surface_cache.SCREEN_PAGES._items.values()]
    assert held == [(1920, 1080)]


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
def test_the_skull_drawn_in_bands_is_the_skull_drawn_whole(palette):
    """Issue 28 (memory): the supersampled skull, 16 times the picture, was the death page's peak; in bands of rows
    it is the same pixels (one band as tall as the skull is the whole supersampled picture)."""
    for size in ((110, 110), (173, 173), (260, 260), (131, 97), (17, 16), (16, 17)):
        banded = death_paint.skull_image(size, palette)
        whole = death_paint.skull_image(size, palette, band=size[1])
        assert pygame.image.tobytes(banded, "RGBA") == pygame.image.tobytes(whole, "RGBA"), size
