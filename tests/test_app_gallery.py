"""The gallery scene and the run_app entry point, driven headless."""

import random

import pygame
import pytest
from ui_helpers import init_pygame, key, ui  # noqa: F401

from game.app.dialog import Dialog
from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.scene import SceneStack
from game.gallery import run_app
from game.scenes.gallery import GalleryScene


@pytest.fixture
def gallery_loop(ui):
    pygame.event.clear()
    stack = SceneStack()
    scene = GalleryScene(ui, rng=random.Random(1))
    stack.push(scene)
    stack.apply_pending()
    return scene, MainLoop(stack, Display(), clock=FakeClock())


def click_at(loop, pos):
    loop.run_frames(
        1,
        events=[
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
    )


def test_gallery_renders_a_frame(gallery_loop):
    scene, loop = gallery_loop
    assert loop.run_frames(1) == 1


def test_roll_button_tumbles_then_settles(gallery_loop):
    scene, loop = gallery_loop
    loop.run_frames(1)
    click_at(loop, scene.roll_button.rect.center)
    assert scene.wants_animation
    assert loop.run_frames(10) == 10
    loop.run_frames(120)
    assert not scene.wants_animation
    assert 1 <= scene.die_value <= 6


def test_roll_without_animation_settles_at_once(ui):
    scene = GalleryScene(ui, rng=random.Random(1), animation_factor=0.0)
    scene.roll()
    assert not scene.wants_animation


def test_dialog_button_pushes_a_dialog_over_the_gallery(gallery_loop):
    scene, loop = gallery_loop
    click_at(loop, scene.dialog_button.rect.center)
    loop.run_frames(1)
    assert isinstance(loop.stack.top, Dialog)
    assert loop.stack.visible()[0] is scene


def test_dialog_answer_comes_back_to_the_gallery(gallery_loop):
    scene, loop = gallery_loop
    click_at(loop, scene.dialog_button.rect.center)
    loop.run_frames(1)
    loop.run_frames(2, events=[key(pygame.K_RETURN)])
    assert loop.stack.top is scene
    assert scene.status == "Réponse du dialogue : Oui"


def test_counter_request_is_accepted_by_the_scene(gallery_loop):
    scene, loop = gallery_loop
    counter = scene.counters["stamina"]
    click_at(loop, counter.minus_rect().center)
    assert counter.value == 16


def test_luck_at_zero_disables_the_luck_button(gallery_loop):
    scene, loop = gallery_loop
    scene._accept_counter("luck", 0)
    assert not scene.luck_button.enabled


def test_palette_toggle_switches_theme_live(gallery_loop):
    scene, loop = gallery_loop
    click_at(loop, scene.palette_toggle.rect.midleft)
    assert scene.ui.theme.palette.name == "colourblind"


def test_run_app_screenshot_writes_a_png(tmp_path):
    target = tmp_path / "gallery.png"
    assert run_app(["--screenshot", str(target), "--config-dir", str(tmp_path)]) == 0
    init_pygame()
    assert pygame.image.load(str(target)).get_size() == (1280, 720)


def test_run_app_in_english(tmp_path, capsys):
    target = tmp_path / "gallery_en.png"
    assert run_app(["--screenshot", str(target), "--language", "en", "--config-dir", str(tmp_path)]) == 0


def test_run_app_reports_a_broken_settings_file(tmp_path, capsys):
    (tmp_path / "settings.json").write_text('{"palette": "neon"}')
    run_app(["--screenshot", str(tmp_path / "x.png"), "--config-dir", str(tmp_path)])
    assert "palette" in capsys.readouterr().err
