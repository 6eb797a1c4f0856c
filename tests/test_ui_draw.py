"""Procedural drawing: deterministic, any size, every die face and icon."""

import pygame
import pytest
from ui_helpers import init_pygame

from game.ui import draw, fonts, icons, text_fit
from game.ui.theme import COLOURBLIND, PARCHMENT


@pytest.fixture(autouse=True)
def _pygame():
    init_pygame()


def test_parchment_is_deterministic_for_a_seed():
    a = draw.parchment((200, 100), PARCHMENT, seed=3)
    draw.parchment.cache_clear()
    b = draw.parchment((200, 100), PARCHMENT, seed=3)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_parchment_is_textured_not_flat():
    page = draw.parchment((200, 100), PARCHMENT)
    colours = {tuple(page.get_at((x, 50))) for x in range(0, 200, 7)}
    assert len(colours) > 5


def test_parchment_stays_warm_and_light():
    page = draw.parchment((320, 180), PARCHMENT)
    r, g, b, _ = page.get_at((160, 90))
    assert r > g > b and r > 200


@pytest.mark.parametrize("value", range(1, 7))
def test_die_face_has_the_right_number_of_pips(value):
    face = draw.die_face(value, 60, PARCHMENT)
    mask = pygame.mask.from_threshold(face, PARCHMENT.die_pip + (255,), (40, 40, 40, 255))
    # Ignore the outline: count blobs away from the edges.
    inner = pygame.mask.Mask((60, 60))
    inner.draw(mask, (0, 0))
    border = pygame.mask.Mask((60, 60), fill=True)
    border.erase(pygame.mask.Mask((44, 44), fill=True), (8, 8))
    inner.erase(border, (0, 0))
    assert len(inner.connected_components(minimum=4)) == value


def test_die_face_rejects_seven():
    with pytest.raises(ValueError):
        draw.die_face(7, 40, PARCHMENT)


def test_rotated_die_draws_at_any_angle_and_size():
    surface = pygame.Surface((200, 200))
    for size in (12, 48, 120):
        rect = draw.draw_die(surface, (100, 100), size, 5, PARCHMENT, angle=33)
        assert rect.width >= size


@pytest.mark.parametrize("name", sorted(icons.ICONS))
def test_every_icon_draws_something(name):
    image = icons.icon(name, 48, PARCHMENT.ink, PARCHMENT.parchment_dark)
    assert image.get_bounding_rect().width > 10


def test_unknown_icon_is_an_error():
    with pytest.raises(KeyError):
        icons.icon("dragon", 32, (0, 0, 0), (0, 0, 0))


def test_nine_patch_keeps_corners_at_any_size():
    surface = pygame.Surface((600, 400), pygame.SRCALPHA)
    draw.draw_panel(surface, pygame.Rect(10, 10, 500, 300), PARCHMENT, shadow=False)
    assert surface.get_at((12, 150))[:3] == surface.get_at((12, 250))[:3]


def test_panel_draws_in_the_colourblind_palette():
    draw.draw_panel(pygame.Surface((300, 300)), pygame.Rect(10, 10, 120, 80), COLOURBLIND)


def test_wrap_words_respects_width():
    lines = text_fit.wrap_words("Le vieux passeur demande deux pièces d'or", "body", 22, 150)
    assert len(lines) > 1
    assert all(fonts.text_width(line, "body", 22) <= 150 for line in lines)


@pytest.mark.parametrize("palette", [PARCHMENT, COLOURBLIND])
def test_a_panelled_page_is_the_parchment_with_each_panel_drawn_in_turn(palette):
    # The sheet blits its page and four panels as one cached page (issue 28 row 2): the same pixels.
    panels = [pygame.Rect(10, 60, 300, 400), pygame.Rect(330, 60, 280, 200), pygame.Rect(330, 280, 280, 300)]
    made, drawn = pygame.Surface((640, 600)), pygame.Surface((640, 600))
    draw.draw_panelled_page(made, palette, panels)
    drawn.blit(draw.parchment((640, 600), palette), (0, 0))
    for rect in panels:
        draw.draw_panel(drawn, rect, palette)
    assert pygame.image.tobytes(made, "RGB") == pygame.image.tobytes(drawn, "RGB")
    draw.draw_panelled_page(made, palette, panels)  # from the cache: still the same
    assert pygame.image.tobytes(made, "RGB") == pygame.image.tobytes(drawn, "RGB")


@pytest.mark.parametrize("size", [(60, 40), (243, 536), (300, 44), (800, 60), (17, 17), (100, 9)])
@pytest.mark.parametrize("radius, border, width", [(0, None, 0), (6, (10, 20, 30), 2), (12, (10, 20, 30, 200), 3), (8, None, 2)])
def test_a_rounded_box_made_from_its_corners_is_the_box_drawn_whole(size, radius, border, width):
    for fill in ((200, 180, 150), (200, 180, 150, 120)):
        made = draw.rounded_box(size, fill, border, radius, width)
        whole = draw._supersampled_box(size, fill, border, radius, width)
        assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(whole, "RGBA")


def test_a_parchment_painted_onto_a_picture_is_the_cached_parchment():
    init_pygame()
    card = pygame.Surface((300, 424))
    draw.paint_parchment(card, PARCHMENT)
    assert pygame.image.tobytes(card, "RGB") == pygame.image.tobytes(draw.parchment((300, 424), PARCHMENT), "RGB")


def test_the_vignette_map_mirrored_from_its_quarter_is_every_cell_worked_out():
    init_pygame()
    vignette = draw.vignette_map()
    width, height = draw.VIGNETTE
    assert vignette.get_size() == draw.VIGNETTE and vignette.get_bitsize() == pygame.Surface((1, 1)).get_bitsize()
    assert all(vignette.get_at((x, y))[:3] == draw.vignette_dark(x, y) for y in range(height) for x in range(width))
