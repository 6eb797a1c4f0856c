"""MainLoop: draws only when needed, 60 fps while animating, deterministic frames."""

import pygame
import pytest
from ui_helpers import init_pygame

from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.scene import Scene, SceneStack


class Counting(Scene):
    def __init__(self, animate=False):
        super().__init__()
        self.animate = animate
        self.draws = 0
        self.updates = []
        self.events = []

    @property
    def wants_animation(self):
        return self.animate

    def process_event(self, event):
        self.events.append(event)
        return event

    def update(self, dt):
        self.updates.append(dt)

    def draw(self, surface):
        self.draws += 1


@pytest.fixture
def make_loop():
    def build(scene, window=(1280, 720)):
        init_pygame(window)
        pygame.event.clear()
        stack = SceneStack()
        stack.push(scene)
        stack.apply_pending()
        return MainLoop(stack, Display(window), clock=FakeClock())

    return build


def test_first_frame_is_drawn(make_loop):
    scene = Counting()
    loop = make_loop(scene)
    loop.run_frames(1)
    assert scene.draws == 1


def test_idle_frames_are_not_redrawn(make_loop):
    scene = Counting()
    loop = make_loop(scene)
    assert loop.run_frames(10) == 1


def test_animating_scene_is_redrawn_every_frame(make_loop):
    scene = Counting(animate=True)
    loop = make_loop(scene)
    assert loop.run_frames(10) == 10


def test_an_event_causes_one_redraw(make_loop):
    scene = Counting()
    loop = make_loop(scene)
    loop.run_frames(3)
    drawn = loop.run_frames(3, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)])
    assert drawn == 1


def test_update_receives_the_fixed_dt(make_loop):
    scene = Counting()
    loop = make_loop(scene)
    loop.run_frames(3, dt=0.25)
    assert scene.updates == [0.25, 0.25, 0.25]


def test_fake_clock_advances_with_frames(make_loop):
    loop = make_loop(Counting())
    loop.run_frames(4, dt=0.5)
    assert loop.clock.now() == 2.0


def test_events_reach_scenes_in_logical_coordinates(make_loop):
    scene = Counting()
    loop = make_loop(scene, window=(1920, 1080))
    loop.run_frames(1, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 150), button=1)])
    assert scene.events[0].pos == (200, 100)


def test_posted_events_are_picked_up_by_run_frames(make_loop):
    scene = Counting()
    loop = make_loop(scene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0))
    loop.run_frames(1)
    assert any(e.type == pygame.KEYDOWN for e in scene.events)


def test_unconsumed_quit_stops_the_loop(make_loop):
    loop = make_loop(Counting())
    loop.run_frames(1, events=[pygame.event.Event(pygame.QUIT)])
    assert not loop.running


def test_consumed_quit_keeps_running(make_loop):
    class Guard(Counting):
        def process_event(self, event):
            return None

    loop = make_loop(Guard())
    loop.run_frames(1, events=[pygame.event.Event(pygame.QUIT)])
    assert loop.running


def test_resize_event_updates_display_mapping(make_loop):
    loop = make_loop(Counting())
    loop.run_frames(1, events=[pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=800, size=(1000, 800))])
    assert loop.display.viewport.window == (1000, 800)


def test_stack_change_is_applied_after_the_frame_and_redrawn(make_loop):
    first, second = Counting(), Counting()
    loop = make_loop(first)
    loop.run_frames(1)
    loop.stack.push(second)
    assert loop.stack.top is first
    loop.run_frames(1)
    assert loop.stack.top is second
    loop.run_frames(1)
    assert second.draws == 1


def test_loop_ends_when_the_stack_empties(make_loop):
    loop = make_loop(Counting())
    loop.stack.pop()
    loop.run_frames(5)
    assert not loop.running


def test_run_returns_after_quit_event(make_loop):
    loop = make_loop(Counting())
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    loop.run()
    assert not loop.running


def test_the_frame_where_an_animation_ends_is_drawn(make_loop):
    class Fading(Counting):
        def __init__(self):
            super().__init__()
            self.left = 3

        @property
        def wants_animation(self):
            return self.left > 0

        def update(self, dt):
            self.left -= 1

    scene = Fading()
    loop = make_loop(scene)
    loop.run_frames(10)
    assert scene.draws == 3
