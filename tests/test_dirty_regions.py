"""Dirty regions (issue 28, kiosk row): a frame drawn in part shows exactly what a whole frame would.

After every frame, drawn or not, the page (and the window, where it shows the page 1:1) must equal the page
drawn whole from the same state: a part too small leaves a stale pixel, a change nobody named leaves a stale
screen, and either shows here as a difference.
"""

import pygame
import pytest
from ui_helpers import init_pygame

from game.app.display import Display
from game.app.loop import PART_OF_PAGE, FakeClock, MainLoop
from game.app.scene import Scene, SceneStack

MAGENTA = (255, 0, 255)


def whole_page(loop):
    """The page drawn whole from the loop's state now, as a frame that redraws everything draws it."""
    page = loop.display.surface.copy()
    page.fill(MAGENTA)
    if not loop.stack.covers_page(page.get_size()):
        page.fill(loop.display.letterbox_colour)
    loop.stack.draw(page)
    if loop.supervisor is not None:
        loop.supervisor.draw(page)
    return page


def pixels(surface):
    return pygame.image.tobytes(surface, "RGB")


def assert_shows_whole(loop):
    """The page, and the window's picture of it where shown 1:1, equal the page drawn whole."""
    expected = pixels(whole_page(loop))
    assert pixels(loop.display.surface) == expected
    display = loop.display
    dest, shown = display.viewport.dest, display.viewport.shown
    if not display.direct and dest.size == shown.size == display.logical_size:
        assert pixels(display.window.subsurface(dest)) == expected


def run_checked(loop, frames, dt=1 / 30):
    """``frames`` frames, each checked against a whole page; how many were drawn in part."""
    before = loop.frames_in_part
    for _ in range(frames):
        loop.run_frames(1, dt=dt)
        assert_shows_whole(loop)
    return loop.frames_in_part - before


# -- the loop, with stand-in scenes -----------------------------------------------------------------------------


class Spot(Scene):
    """A still page with a square that moves while it animates; it names the square's old and new places."""

    def __init__(self, moves=10, area=True):
        super().__init__()
        self.x, self.moves, self.area = 100, moves, area

    @property
    def wants_animation(self):
        return self.moves > 0

    def update(self, dt):
        if self.moves > 0:
            self.moves -= 1
            self.x += 7

    def animated_area(self):
        return [pygame.Rect(self.x - 7, 100, 47, 40)] if self.area else None

    def draw(self, surface):
        surface.fill((200, 190, 160))
        pygame.draw.line(surface, (20, 20, 20), (0, 0), surface.get_size(), 3)
        surface.fill((150, 30, 30), (self.x, 100, 40, 40))


def loop_with(scene, window=(1280, 720), supervisor=None):
    init_pygame(window)
    pygame.event.clear()
    stack = SceneStack()
    stack.push(scene)
    stack.apply_pending()
    return MainLoop(stack, Display(window), clock=FakeClock(), supervisor=supervisor)


def test_a_moving_square_is_drawn_in_part_and_shows_as_a_whole_frame():
    loop = loop_with(Spot())
    loop.run_frames(1)
    assert run_checked(loop, 12) == 9  # each move after the first (whole) frame, in part; then still


def test_an_event_draws_a_whole_frame():
    loop = loop_with(Spot())
    loop.run_frames(2)
    before = loop.frames_in_part
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    assert loop.run_frames(1, events=[key]) == 1
    assert loop.frames_in_part == before


def test_a_part_leaves_every_pixel_outside_it_alone():
    loop = loop_with(Spot())
    loop.run_frames(1)
    loop.display.surface.fill(MAGENTA, (600, 400, 20, 20))  # no whole frame would draw it: it must stay
    loop.run_frames(1)
    assert loop.frames_in_part == 1
    assert loop.display.surface.get_at((610, 410))[:3] == MAGENTA


def test_a_scene_that_does_not_say_where_it_moves_is_drawn_whole():
    loop = loop_with(Spot(area=False))
    loop.run_frames(5)
    assert loop.frames_drawn == 5 and loop.frames_in_part == 0


def test_a_change_bigger_than_half_the_page_is_drawn_whole():
    scene = Spot(moves=0)
    loop = loop_with(scene)
    loop.run_frames(1)
    width, height = loop.display.surface.get_size()
    loop.stack.request_redraw([pygame.Rect(0, 0, width, int(height * PART_OF_PAGE) + 2)])
    assert loop.run_frames(1) == 1 and loop.frames_in_part == 0
    loop.stack.request_redraw([pygame.Rect(0, 0, 50, 50)])
    assert loop.run_frames(1) == 1 and loop.frames_in_part == 1


def test_nothing_to_draw_of_its_own_draws_no_frame():
    class Waiting(Spot):
        def animated_area(self):
            return []

    loop = loop_with(Waiting())
    loop.run_frames(1)
    assert loop.run_frames(5) == 0


def test_a_magnified_page_is_drawn_in_part_and_shown_whole():
    loop = loop_with(Spot())
    loop.display.set_zoom(2.0)
    loop.run_frames(1)
    assert run_checked(loop, 6) == 6
    shown = loop.display.viewport
    expected = pygame.transform.scale(loop.display.surface.subsurface(shown.shown), shown.dest.size)
    assert pixels(loop.display.window.subsurface(shown.dest)) == pixels(expected)


@pytest.mark.parametrize("window", [(1280, 720), (1280, 800)])
def test_the_window_shows_the_part_drawn(window):
    """Drawn into the window (1280×720), or a 1:1 page in a bigger window (its bars around it)."""
    loop = loop_with(Spot(), window=window)
    loop.run_frames(1)
    assert run_checked(loop, 4) == 4


class Dot:
    """A supervisor drawing a dot that moves for a few frames over still scenes (as the kiosk's rings)."""

    def __init__(self, moves=6):
        self.x, self.moves = 300, moves

    @property
    def wants_animation(self):
        return self.moves > 0

    def filter_event(self, event):
        return event

    def update(self, dt):
        if self.moves > 0:
            self.moves -= 1
            self.x += 9

    def animated_area(self):
        return [pygame.Rect(self.x - 9 - 12, 288, 33, 24)]

    def draw(self, surface):
        if self.moves > 0:
            pygame.draw.circle(surface, (30, 60, 200), (self.x, 300), 10)


def test_what_only_the_supervisor_moves_is_put_back_from_the_scenes_layer_without_drawing_them():
    class Counted(Spot):
        def __init__(self):
            super().__init__(moves=0)
            self.on_page = []

        def draw(self, surface):
            self.on_page.append(surface is self.stack_display.surface)
            super().draw(surface)

    scene = Counted()
    loop = loop_with(scene, supervisor=Dot())
    scene.stack_display = loop.display
    loop.run_frames(1)
    # The dot's first move makes the layer (a whole frame); its next four are parts put back from it.
    assert run_checked(loop, 8) == 4
    assert scene.on_page.count(True) == 2  # the first frame and the one that made the layer
