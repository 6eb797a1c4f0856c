"""Settings page: each change applies at once and is saved; fullscreen goes through the loop's F11."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import init_pygame, key, mouse_down, mouse_up, text_input

from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.scene import Scene, SceneStack
from game.app.services import build_services
from game.app.settings import SettingsStore
from game.scenes.settings import ROW_LABELS, SettingsScene
from game.ui import fonts
from game.ui.button import Button


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


def press(scene, pos) -> None:
    scene.process_event(mouse_down(pos))
    scene.process_event(mouse_up(pos))


def opened(services):
    stack = SceneStack()
    below = Below()
    stack.push(below)
    scene = SettingsScene(services)
    stack.push(scene)
    stack.apply_pending()
    return stack, below, scene


def stored(tmp_path):
    return SettingsStore(tmp_path / "c").load().settings


def test_language_switch_changes_the_texts_and_is_saved(services, tmp_path):
    _stack, _below, scene = opened(services)
    assert services.ui.t("common.cancel") == "Annuler"
    press(scene, scene.language_buttons["en"].rect.center)
    assert services.ui.t("common.cancel") == "Cancel"
    assert services.ui.text(scene.close_button.label) == "Close"
    assert scene.language_buttons["en"].style == "primary"
    assert stored(tmp_path).language == "en"
    press(scene, scene.language_buttons["fr"].rect.center)
    assert services.ui.t("common.cancel") == "Annuler" and stored(tmp_path).language == "fr"


def test_animation_speed_palette_and_physical_dice_are_saved(services, tmp_path):
    _stack, _below, scene = opened(services)
    press(scene, scene.speed_buttons["fast"].rect.center)
    press(scene, scene.palette_toggle.rect.midleft)
    press(scene, scene.physical_toggle.rect.midleft)
    settings = stored(tmp_path)
    assert settings.animation_speed == "fast"
    assert settings.palette == "colourblind" and services.ui.palette.name == "colourblind"
    assert settings.physical_dice is True


def test_ui_scale_steps_within_bounds(services, tmp_path):
    _stack, _below, scene = opened(services)
    press(scene, scene.larger_button.rect.center)
    assert stored(tmp_path).ui_scale == 1.25 and services.ui.theme.ui_scale == 1.25
    for _ in range(10):
        scene.step_scale(1)
    assert services.settings.ui_scale == 2.0 and not scene.larger_button.enabled
    for _ in range(10):
        scene.step_scale(-1)
    assert services.settings.ui_scale == 1.0 and not scene.smaller_button.enabled


def test_demo_delay_is_saved_when_valid(services, tmp_path):
    _stack, _below, scene = opened(services)
    press(scene, scene.demo_field.rect.center)
    scene.demo_field.text = ""
    for char in "120":
        scene.process_event(text_input(char))
    assert stored(tmp_path).demo_idle_seconds == 120
    scene.process_event(text_input("0"))  # 1200: still fine
    assert stored(tmp_path).demo_idle_seconds == 1200
    scene.demo_field.text = "9999"
    scene.set_demo_idle("9999")  # above the maximum: refused, the old value stays
    assert stored(tmp_path).demo_idle_seconds == 1200


def test_fullscreen_is_saved_and_asks_the_loop_to_switch(services, tmp_path):
    _stack, _below, scene = opened(services)
    pygame.event.clear()
    press(scene, scene.fullscreen_toggle.rect.midleft)
    assert stored(tmp_path).fullscreen is True
    posted = [e for e in pygame.event.get(pygame.KEYDOWN) if e.key == pygame.K_F11]
    assert len(posted) == 1


def test_close_and_escape_pop_it_and_it_is_modal(services):
    stack, below, scene = opened(services)
    stack.process_event(mouse_down((5, 5)))
    assert below.events == []
    press(scene, scene.close_button.rect.center)
    stack.apply_pending()
    assert stack.top is below
    stack.push(SettingsScene(services))
    stack.apply_pending()
    stack.process_event(key(pygame.K_ESCAPE))
    stack.apply_pending()
    assert stack.top is below


@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080), (1000, 800)])
def test_renders_at_every_window_size(services, window):
    stack, _below, _scene = opened(services)
    loop = MainLoop(stack, Display(window), clock=FakeClock())
    loop.run_frames(2)
    alone = SceneStack()
    alone.push(SettingsScene(services))
    alone.apply_pending()
    assert MainLoop(alone, Display(window), clock=FakeClock()).run_frames(1) == 1


@pytest.mark.parametrize("language", ["fr", "en"])
def test_text_fits_its_box(services, language):
    services.ui.catalogue.set_language(language)
    _stack, _below, scene = opened(services)
    theme = services.ui.theme
    for widget in scene.group.widgets:
        if isinstance(widget, Button):
            face = "bold" if widget.style == "primary" else "body"
            assert fonts.text_width(services.ui.text(widget.label), face, theme.text_size("button")) <= widget.rect.width - 16
    body, small = theme.text_size("body"), theme.text_size("small")
    label_x, control_x = scene.r.label_x, scene.r.control_x
    for label, hint in ROW_LABELS.values():
        assert label_x + fonts.text_width(services.ui.t(label), "body", body) <= control_x - 12
        if hint:
            assert label_x + fonts.text_width(services.ui.t(hint), "italic", small) <= control_x - 12
    seconds = fonts.text_width(services.ui.t("settings.seconds"), "body", body)
    assert scene.demo_field.rect.right + 12 + seconds <= scene.r.panel.right - 36
    note = fonts.text_width(services.ui.t("settings.saved_at_once"), "italic", small)
    assert label_x + note <= scene.close_button.rect.left - 12


def test_the_switch_shows_fullscreen_when_the_window_is_fullscreen_whatever_the_setting(services):
    display = Display((1280, 720), fullscreen=True)  # as `feuille --demo` opens it, the setting left at False
    assert services.settings.fullscreen is False
    _stack, _below, scene = opened(services)
    assert scene.fullscreen_toggle.value is True
    display.set_fullscreen(False)
