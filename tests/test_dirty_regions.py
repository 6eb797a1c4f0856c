"""Dirty regions (issue 28, kiosk row): a frame drawn in part shows exactly what a whole frame would.

After every frame, drawn or not, the page (and the window, where it shows the page 1:1) must equal the page
drawn whole from the same state: a part too small leaves a stale pixel, a change nobody named leaves a stale
screen, and either shows here as a difference.
"""

import importlib
import pkgutil

import pygame
import pytest
from app_helpers import Driver, make_adventure, make_services
from ui_helpers import init_pygame, ui  # noqa: F401  (ui: a fixture)

import game.app
import game.scenes
from game.app.display import Display
from game.app.kiosk import KioskMode, demo_fresh_start
from game.app.loop import PART_OF_PAGE, FakeClock, MainLoop
from game.app.rolling import DiceGroup
from game.app.scene import Scene, SceneStack
from game.app.services import build_services
from game.app.widget_screen import WidgetScreen
from game.rules.ff import actions as a
from game.scenes.combat.scene import CombatScene
from game.scenes.dice_roll import DiceRollScene
from game.scenes.title import TitleScene
from game.ui.button import Button
from game.ui.draw import draw_veil
from game.ui.widget import Widget

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


def test_areas_empty_or_off_the_page_draw_no_frame():
    loop = loop_with(Spot(moves=0))
    loop.run_frames(1)
    loop.stack.request_redraw([pygame.Rect(0, 0, 0, 0), pygame.Rect(5000, 5000, 40, 40), pygame.Rect(50, 50, -20, -20)])
    loop.stack.request_redraw([])
    assert loop.run_frames(1) == 0 and not loop.stack.damaged


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


# -- the screens: the kiosk's title page and attract loop, the dice overlay -------------------------------------


def kiosk_loop(tmp_path, window, idle=600):
    """`feuille --demo` on a fake clock, as tests/test_kiosk.py builds it (animations on)."""
    init_pygame(window)
    services = build_services(config_dir=tmp_path / "config", data_dir=tmp_path / "data", demo=True, seed=5)
    services.settings.demo_idle_seconds = idle
    clock, stack, display = FakeClock(), SceneStack(), Display(window)
    kiosk = KioskMode(services, stack, lambda: demo_fresh_start(services, now=clock.now), clock=clock, display=display)
    kiosk.reset()
    return kiosk, MainLoop(stack, display, clock=clock, supervisor=kiosk)


def title_loop(tmp_path, window):
    """The title page alone in a plain window (drawn straight into it)."""
    services = make_services(tmp_path, animation_speed="normal")
    clock, stack = FakeClock(), SceneStack()
    display = Display(window)
    stack.push(TitleScene(services, services.shelf.books["DEMO"], now=clock.now, size=window))
    stack.apply_pending()
    return MainLoop(stack, display, clock=clock)


def test_the_title_pages_throws_are_drawn_in_part_at_1920x1080(tmp_path):
    _, loop = kiosk_loop(tmp_path, (1920, 1080))
    loop.run_frames(1, dt=1 / 30)
    assert not loop.display.direct  # the kiosk's band: the page is shown 1:1 above it
    assert run_checked(loop, 90) >= 30  # a throw (1.4 s) at 30 frames a second, and its settling


def test_the_title_pages_throws_are_drawn_in_part_at_1280x720(tmp_path):
    loop = title_loop(tmp_path, (1280, 720))
    loop.run_frames(1, dt=1 / 30)
    assert loop.display.direct
    assert run_checked(loop, 90) >= 30


def test_the_dice_settling_is_drawn_in_their_area(tmp_path):
    loop = title_loop(tmp_path, (1280, 720))
    title = loop.stack.top
    while not title.tumbling:
        loop.run_frames(1, dt=1 / 30)
    while title.tumbling:
        parts, drawn = loop.frames_in_part, loop.frames_drawn
        loop.run_frames(1, dt=1 / 30)
    assert (loop.frames_drawn, loop.frames_in_part) == (drawn + 1, parts + 1)  # the dice upright, in part
    assert_shows_whole(loop)


def test_the_attract_loops_rings_are_drawn_in_part(tmp_path):
    kiosk, loop = kiosk_loop(tmp_path, (1280, 720), idle=1)
    while kiosk.autopilot is None or not kiosk.autopilot.taps:
        loop.run_frames(1, dt=0.07)
    assert run_checked(loop, 16, dt=0.07) >= 8  # the ring grows and fades (0.8 s), then is wiped
    assert not kiosk.autopilot.taps


def test_the_readers_reveal_is_drawn_in_part(tmp_path):
    kiosk, loop = kiosk_loop(tmp_path, (1280, 720), idle=1)
    while type(loop.stack.top).__name__ != "ReaderScene":
        loop.run_frames(1, dt=0.07)
    assert run_checked(loop, 40, dt=0.07) >= 8  # the hold begins the reveal: its cover is drawn at once
    assert kiosk.autopilot.reveal is not None


def test_a_screen_that_refreshes_under_the_dice_overlay_is_drawn_whole(tmp_path):
    """The autopilot presses after the screens' update: the reader shows the roll's result a frame later, while
    the overlay above it tumbles in part (the reader's refresh asks for the whole page)."""
    kiosk, loop = kiosk_loop(tmp_path, (1920, 1080), idle=1)
    while [type(scene).__name__ for scene in loop.stack.scenes[-2:]] != ["ReaderScene", "DiceRollScene"]:
        loop.run_frames(1, dt=0.07)
    assert run_checked(loop, 10, dt=0.07) >= 5


def dice_overlay_loop(tmp_path, window=(1280, 720)):
    services = make_services(tmp_path)
    clock, stack = FakeClock(), SceneStack()
    stack.push(Spot(moves=0))
    stack.apply_pending()
    groups = [DiceGroup("Vos dés", (3, 5), detail="= 8 ≤ 9")]
    stack.push(DiceRollScene(services.ui, "Tentez votre Habileté", groups, "Réussite", animation_factor=1.0, size=window))
    stack.apply_pending()
    return MainLoop(stack, Display(window), clock=clock)


def test_the_dice_overlay_tumbles_in_part_under_its_veil(tmp_path):
    loop = dice_overlay_loop(tmp_path)
    loop.run_frames(1, dt=1 / 30)
    assert run_checked(loop, 40) >= 30  # the tumble (1.1 s) and the settled verdict


def test_a_round_on_the_fight_board_is_drawn_whole_at_every_frame(tmp_path):
    """Its dice, bars and gauge move all over the board (no pixel comparison: the odds arrive from a thread)."""
    services = make_services(tmp_path, animation_speed="normal")
    adventure = make_adventure(services, "DF31", [3] * 8)
    adventure.act(a.StartFight(enemies=[a.EnemySpec(name="Orque", skill=10, stamina=30)]))
    driver = Driver(CombatScene(services, adventure))
    driver.click(driver.top.controls.attack_button, frames=1)
    board, frames = driver.top, 0
    while board.animating:
        before = (driver.loop.frames_drawn, driver.loop.frames_in_part)
        driver.loop.run_frames(1)
        assert (driver.loop.frames_drawn, driver.loop.frames_in_part) == (before[0] + 1, before[1])
        frames += 1
    assert frames > 10


def test_a_page_zoomed_by_the_magnifier_is_drawn_in_part_and_shown_whole(tmp_path):
    loop = dice_overlay_loop(tmp_path)
    loop.display.set_zoom(2.0)
    loop.run_frames(1, dt=1 / 30)
    assert run_checked(loop, 10) == 10
    window = pixels(loop.display.window)
    loop.display.present()  # the whole page shown again: the window had it already
    assert pixels(loop.display.window) == window


def test_a_tooltip_waiting_to_appear_draws_nothing_until_it_shows(tmp_path):
    services = make_services(tmp_path)

    class Screen(WidgetScreen):
        def __init__(self):
            super().__init__(services.ui)
            self.group.add(Button(services.ui, (100, 100, 200, 50), "Bouton", tooltip="Une aide"))

        def draw(self, surface):
            surface.fill((200, 190, 160))
            self.group.draw(surface)

    loop = loop_with(Screen())
    loop.run_frames(1, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(150, 120), rel=(0, 0), buttons=(0, 0, 0))])
    waiting = int(services.ui.theme.sizes.tooltip_delay * 60) - 2
    assert loop.run_frames(waiting) == 0
    loop.run_frames(5)
    assert loop.stack.top.group.tooltips.shown
    assert loop.frames_drawn == 2 and loop.frames_in_part == 0  # the move, then the tooltip: whole frames
    assert_shows_whole(loop)


def test_the_frame_a_widget_stops_animating_on_is_drawn(tmp_path):
    services = make_services(tmp_path)

    class Fading(Widget):
        steps = 5

        @property
        def wants_animation(self):
            return self.steps > 0

        def update(self, dt):
            self.steps = max(0, self.steps - 1)

        def draw(self, surface):
            surface.fill((40 * self.steps, 90, 90), self.rect)

    class Screen(WidgetScreen):
        def __init__(self):
            super().__init__(services.ui)
            self.group.add(Fading(services.ui, (100, 100, 200, 50)))

        def draw(self, surface):
            surface.fill((200, 190, 160))
            self.group.draw(surface)

    loop = loop_with(Screen())
    loop.run_frames(1)
    run_checked(loop, 8)  # the last step (steps 1 -> 0) is drawn, though nothing animates after it


def test_the_veils_tiles_lay_the_same_pixels_as_one_whole_veil_and_only_in_the_clip(ui):
    page = pygame.Surface((1000, 600))
    page.fill((180, 160, 120))
    pygame.draw.line(page, (20, 20, 20), (0, 0), (999, 599), 5)
    whole = page.copy()
    veil = pygame.Surface(whole.get_size(), pygame.SRCALPHA)
    veil.fill(ui.palette.overlay)
    whole.blit(veil, (0, 0))
    tiled = page.copy()
    draw_veil(tiled, ui.palette)
    assert pixels(tiled) == pixels(whole)
    clipped = page.copy()
    clipped.set_clip(pygame.Rect(300, 200, 317, 123))
    draw_veil(clipped, ui.palette)
    clipped.set_clip(None)
    inside, outside = pygame.Rect(300, 200, 317, 123), pygame.Rect(0, 0, 300, 600)
    assert pixels(clipped.subsurface(inside)) == pixels(whole.subsurface(inside))
    assert pixels(clipped.subsurface(outside)) == pixels(page.subsurface(outside))


def every_scene_class():
    for module in pkgutil.walk_packages(game.scenes.__path__, "game.scenes."):
        importlib.import_module(module.name)
    for module in pkgutil.walk_packages(game.app.__path__, "game.app."):
        importlib.import_module(module.name)
    found, todo = set(), [Scene]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found and sub.__module__.startswith("game."):
                found.add(sub)
                todo.append(sub)
    return found


def test_every_scene_that_animates_says_where_or_redraws_the_whole_page():
    """A class that says when it animates (``wants_animation``) says where too, or keeps Scene's whole page: an
    area inherited from a base that animates less (a screen's widgets) would leave its own animation unseen."""
    wrong = [
        cls.__qualname__
        for cls in every_scene_class()
        if "wants_animation" in vars(cls) and "animated_area" not in vars(cls) and cls.animated_area is not Scene.animated_area
    ]
    assert not wrong
