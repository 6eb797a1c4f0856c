"""F1 help overlay: both columns per topic, closes on Escape, F1 or a click, modal."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import init_pygame, key, mouse_down, mouse_up

from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.scene import Scene, SceneStack
from game.app.services import build_services
from game.i18n.catalogue import load_table
from game.scenes.help import TOPICS, HelpScene, all_keys, entries
from game.ui import fonts


class Below(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.events = []

    def process_event(self, event):
        self.events.append(event)
        return None


@pytest.fixture
def services(tmp_path):
    init_pygame()
    return build_services(config_dir=tmp_path / "c", data_dir=tmp_path / "d", seed=1)


def stacked(services, topic="sheet"):
    stack = SceneStack()
    below = Below()
    stack.push(below)
    help_scene = HelpScene(services, topic)
    stack.push(help_scene)
    stack.apply_pending()
    return stack, below, help_scene


@pytest.mark.parametrize("event", [key(pygame.K_ESCAPE), key(pygame.K_F1), mouse_up((100, 100)), mouse_up((640, 360), button=3)])
def test_closes_on_escape_f1_or_a_click(services, event):
    stack, below, help_scene = stacked(services)
    stack.process_event(event)
    stack.apply_pending()
    assert stack.top is below


def test_modal_nothing_reaches_the_screen_below(services):
    stack, below, _help = stacked(services)
    stack.process_event(mouse_down((640, 360)))
    stack.process_event(key(pygame.K_TAB))
    assert below.events == []


def test_every_key_exists_in_both_languages():
    fr, en = load_table("fr"), load_table("en")
    assert sorted(all_keys() - set(fr)) == []
    assert sorted(all_keys() - set(en)) == []


def test_each_topic_has_its_own_gestures_and_the_shared_ones():
    mouse, keys = entries("sheet")
    assert ("help.k_undo", "help.d_undo") in keys and ("help.k_f11", "help.d_f11") in keys
    assert ("help.g_wheel", "help.d_wheel") in mouse
    assert entries("creation")[0][0] == ("help.g_roll", "help.d_roll")


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("topic", TOPICS)
def test_every_topic_fits_the_page(services, topic, language):
    services.ui.catalogue.set_language(language)
    _stack, _below, help_scene = stacked(services, topic)
    panel = help_scene.panel_rect()
    assert panel.top >= 0 and panel.bottom <= 720
    size = help_scene.text_size()
    for _rect, items in zip(help_scene.column_rects(), entries(topic)):
        assert help_scene._column_height(items, size) <= panel.height
        gesture_w = help_scene._gesture_width(items, size)
        for gesture, _description in items:
            assert fonts.text_width(services.ui.t(gesture), "bold", size) <= gesture_w - 8
    title = services.ui.t("help.title", topic="x")
    assert fonts.text_width(title, "title", services.ui.theme.text_size("title")) < panel.width


@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080), (1000, 800)])
def test_renders_at_every_window_size(services, window):
    stack, _below, _help = stacked(services, "combat")
    loop = MainLoop(stack, Display(window), clock=FakeClock())
    loop.run_frames(2)
    assert loop.frames_drawn >= 1
    alone = SceneStack()
    alone.push(HelpScene(services, "bookshelf"))
    alone.apply_pending()
    MainLoop(alone, Display(window), clock=FakeClock()).run_frames(1)
