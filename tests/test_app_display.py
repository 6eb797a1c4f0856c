"""Display: letterboxed scaling and pointer mapping at several window sizes."""

import pygame
import pytest
from ui_helpers import init_pygame

from game.app.display import Display, Viewport, letterbox_bars

LOGICAL = (1280, 720)


def test_same_size_window_maps_one_to_one():
    viewport = Viewport(LOGICAL, (1280, 720))
    assert viewport.dest == pygame.Rect(0, 0, 1280, 720)
    assert viewport.to_logical((640, 360)) == (640, 360)


def test_full_hd_window_scales_by_one_and_a_half():
    viewport = Viewport(LOGICAL, (1920, 1080))
    assert viewport.scale == 1.5
    assert viewport.to_logical((1919, 1079)) == (1279, 719)
    assert viewport.to_logical((960, 540)) == (640, 360)


def test_taller_window_gets_letterbox_bars_above_and_below():
    viewport = Viewport(LOGICAL, (1000, 800))
    assert viewport.dest == pygame.Rect(0, 119, 1000, 562)
    assert viewport.to_logical((500, 400)) == (640, 360)


def test_point_in_letterbox_bar_maps_outside_the_page():
    viewport = Viewport(LOGICAL, (1000, 800))
    x, y = viewport.to_logical((500, 50))
    assert y < 0


def test_wide_window_gets_bars_left_and_right():
    viewport = Viewport(LOGICAL, (2000, 720))
    assert viewport.dest.x == 360 and viewport.dest.width == 1280


@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080), (2560, 1440)])
def test_logical_to_window_and_back_round_trips_when_enlarging(window):
    viewport = Viewport(LOGICAL, window)
    for point in [(0, 0), (100, 200), (640, 360), (1279, 719)]:
        assert viewport.to_logical(viewport.to_window(point)) == point


def test_logical_to_window_and_back_is_within_a_pixel_when_shrinking():
    viewport = Viewport(LOGICAL, (1000, 800))
    for point in [(0, 0), (100, 200), (640, 360), (1279, 719)]:
        back = viewport.to_logical(viewport.to_window(point))
        assert abs(back[0] - point[0]) <= 1 and abs(back[1] - point[1]) <= 1


def test_integer_scale_is_detected():
    assert Viewport(LOGICAL, (2560, 1440)).integer_scale
    assert not Viewport(LOGICAL, (1920, 1080)).integer_scale


@pytest.mark.parametrize(
    "window, window_pos, logical_pos",
    [
        ((1280, 720), (100, 100), (100, 100)),
        ((1920, 1080), (150, 150), (100, 100)),
        ((1000, 800), (500, 400), (640, 360)),
    ],
)
def test_display_maps_mouse_events_to_logical_coordinates(window, window_pos, logical_pos):
    init_pygame(window)
    display = Display(window)
    event = display.map_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window_pos, button=1))
    assert event.pos == logical_pos
    assert event.window_pos == window_pos


def test_mouse_motion_rel_is_scaled():
    init_pygame((1920, 1080))
    display = Display((1920, 1080))
    event = display.map_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(30, -15), buttons=(0, 0, 0)))
    assert event.rel == (20, -10)


def test_wheel_event_gets_the_last_pointer_position():
    init_pygame()
    display = Display()
    display.map_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 200), rel=(0, 0), buttons=(0, 0, 0)))
    event = display.map_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert event.pos == (300, 200)


def test_keyboard_events_pass_unchanged():
    init_pygame()
    display = Display()
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert display.map_event(event) is event


def test_resize_updates_the_viewport():
    init_pygame()
    display = Display()
    display.resize((1000, 800))
    assert display.viewport.window == (1000, 800)


def test_present_fills_letterbox_and_scales_page():
    init_pygame((1000, 800))
    display = Display((1000, 800), letterbox_colour=(1, 2, 3))
    display.surface.fill((200, 100, 50))
    display.present()
    assert display.window.get_at((500, 20))[:3] == (1, 2, 3)
    # smoothscale may shift a flat colour by a unit or two
    assert all(abs(a - b) <= 3 for a, b in zip(display.window.get_at((500, 400))[:3], (200, 100, 50)))


def test_present_fills_only_the_bars_the_page_leaves_uncovered():
    """Issue 28 item 4: a frame is one pass over the window; the letterbox colour goes only where the page is not."""
    window = pygame.Rect(0, 0, 1000, 800)
    assert letterbox_bars(window, pygame.Rect(0, 0, 1000, 800)) == []
    top, bottom = letterbox_bars(window, pygame.Rect(0, 118, 1000, 563))
    assert (top.height, bottom.top, bottom.height) == (118, 681, 119) and top.width == bottom.width == 1000
    left, right = letterbox_bars(window, pygame.Rect(100, 0, 800, 800))
    assert (left.width, right.left, right.width) == (100, 900, 100)


def test_a_window_the_page_fills_gets_no_letterbox_pass(monkeypatch):
    init_pygame((1280, 720))
    display = Display((1280, 720), letterbox_colour=(1, 2, 3))
    display.surface.fill((200, 100, 50))
    fills = []
    window = display.window
    monkeypatch.setattr(
        display,
        "window",
        type(
            "Spy",
            (),
            {
                "fill": lambda self, *args: fills.append(args),
                "blit": lambda self, *args: window.blit(*args),
                "get_rect": lambda self: window.get_rect(),
            },
        )(),
    )
    display.present()
    assert fills == [] and window.get_at((640, 360))[:3] == (200, 100, 50)


def test_a_page_as_big_as_the_window_is_drawn_straight_into_it():
    """Issue 28 item 4: no second 1080p surface to keep nor to copy each frame when the page fills the window."""
    init_pygame((1280, 720))
    display = Display((1280, 720))
    assert display.direct and display.surface is display.window
    display.surface.fill((9, 8, 7))
    display.present()
    assert display.window.get_at((640, 360))[:3] == (9, 8, 7)
    display.resize((1000, 800))  # letterboxed: a page of its own again, scaled into the window
    assert not display.direct and display.surface is not display.window and display.surface.get_size() == (1280, 720)
    display.set_zoom(2.0)  # magnified: a part of the page is shown
    display.resize((1280, 720))
    assert not display.direct
    display.set_zoom(1.0)
    assert display.direct and display.surface is display.window


def test_a_window_the_page_fills_is_drawn_into_without_a_page_made_first(monkeypatch):
    # Issue 28 (memory): a page was made before the window, then dropped for the window itself: one page (3.7 MB
    # at 1280x720, 8.3 MB at 1080p) held at start for nothing.
    init_pygame()
    made = []
    real = pygame.Surface
    monkeypatch.setattr(pygame, "Surface", lambda size, *a, **k: made.append(tuple(size)) or real(size, *a, **k))
    display = Display((1280, 720), fullscreen=False, title="test")
    assert display.surface is display.window
    assert (1280, 720) not in made


def test_a_window_bigger_than_the_fixed_page_gets_a_page_of_its_own():
    init_pygame()
    display = Display((1920, 1080), fullscreen=False, title="test")
    assert display.surface is not display.window and display.surface.get_size() == display.logical_size


def _noisy(surface: pygame.Surface) -> None:
    """A page no smoothing can hide a misplaced pixel in: seeded noise in every channel."""
    import random

    pick = random.Random(5).randrange
    width, height = surface.get_size()
    for _ in range(4000):
        surface.fill((pick(256), pick(256), pick(256)), (pick(width), pick(height), pick(1, 9), pick(1, 9)))


@pytest.mark.parametrize(("window", "zoom"), [((1000, 800), 1.0), ((1280, 720), 2.0)], ids=["letterboxed", "magnified"])
def test_a_scaled_page_shows_exactly_what_a_scaled_copy_of_it_shows(window, zoom):
    """Issue 28 item 4: the page scaled straight into the window is, pixel for pixel, the scaled copy blitted before."""
    init_pygame(window)
    display = Display(window)
    display.set_zoom(zoom)
    display.resize(window)
    _noisy(display.surface)
    display.present()
    viewport = display.viewport
    page = display.surface.subsurface(viewport.shown) if viewport.shown.size != display.logical_size else display.surface
    scale = pygame.transform.scale if viewport.integer_scale else pygame.transform.smoothscale
    expected = scale(page, viewport.dest.size)
    shown = display.window.subsurface(viewport.dest)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(expected, "RGB")


@pytest.mark.parametrize(("window", "zoom"), [((1000, 800), 1.0), ((1280, 720), 2.0)], ids=["letterboxed", "magnified"])
def test_a_scaled_frame_makes_no_window_sized_surface(monkeypatch, window, zoom):
    """Issue 28 item 4: each frame scales into the window's own pixels, not into a new surface freed after it."""
    init_pygame(window)
    display = Display(window)
    display.set_zoom(zoom)
    display.resize(window)
    made = []
    for name in ("scale", "smoothscale"):
        real = getattr(pygame.transform, name)
        monkeypatch.setattr(
            pygame.transform, name, lambda page, size, *into, real=real: made.append(not into) or real(page, size, *into)
        )
    for _ in range(3):
        display.present()
    assert made == [False, False, False]
