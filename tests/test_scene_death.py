"""The death page (R-DEATH-1): undo, start over, carry on only where the book allows."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import init_pygame, key, mouse_down, mouse_up, text_input

from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.scene import SceneStack
from game.app.services import build_services
from game.app.showcase import sample_adventure
from game.scenes.death.scene import DeathScene
from game.scenes.death.view import hero_name, killer
from game.ui import fonts


@pytest.fixture
def services(tmp_path):
    init_pygame()
    return build_services(config_dir=tmp_path / "c", data_dir=tmp_path / "d", seed=1)


def press(scene, pos) -> None:
    scene.process_event(mouse_down(pos))
    scene.process_event(mouse_up(pos))


def dead(services, book_id: str):
    adventure = sample_adventure(services, book_id)
    adventure.act({"do": "die"})
    assert not adventure.state.hero.alive
    stack = SceneStack()
    scene = DeathScene(services, adventure)
    stack.push(scene)
    stack.apply_pending()
    return stack, scene, adventure


def type_stamina(scene, text: str) -> None:
    scene.controls.stamina_field.text = ""
    for char in text:
        scene.process_event(text_input(char))


def test_undo_brings_the_hero_back_to_life(services):
    stack, scene, adventure = dead(services, "DF31")
    press(scene, scene.controls.undo_button.rect.center)
    stack.apply_pending()
    assert adventure.state.hero.alive
    assert type(stack.top).__name__ == "SheetScene"


def test_ctrl_z_undoes_too(services):
    stack, scene, adventure = dead(services, "DF49")
    scene.process_event(key(pygame.K_z, mod=pygame.KMOD_CTRL))
    stack.apply_pending()
    assert adventure.state.hero.alive


def test_continue_in_df64_revives_with_the_typed_stamina_capped(services):
    stack, scene, adventure = dead(services, "DF64")
    assert scene.controls.continue_button is not None
    assert not scene.controls.stamina_field.visible
    press(scene, scene.controls.continue_button.rect.center)
    assert scene.controls.stamina_field.visible and scene.controls.stamina_field.focused
    type_stamina(scene, "50")
    press(scene, scene.controls.revive_button.rect.center)
    stack.apply_pending()
    hero = adventure.state.hero
    assert hero.alive and hero.scores["stamina"] == hero.initial["stamina"]
    assert type(stack.top).__name__ == "SheetScene"


def test_continue_with_a_stamina_below_the_initial(services):
    stack, scene, adventure = dead(services, "DF64")
    scene.ask_revive()
    type_stamina(scene, "5")
    scene.process_event(key(pygame.K_RETURN))
    stack.apply_pending()
    assert adventure.state.hero.scores["stamina"] == 5


def test_a_refused_revive_shows_why_and_changes_nothing(services):
    stack, scene, adventure = dead(services, "DF64")
    scene.ask_revive()
    type_stamina(scene, "0")
    scene.revive()
    stack.apply_pending()
    assert stack.top is scene
    assert not adventure.state.hero.alive
    assert "ENDURANCE" in scene.message
    scene.draw(pygame.Surface((1280, 720)))
    scene.process_event(key(pygame.K_ESCAPE))
    assert not scene.controls.stamina_field.visible


def test_no_continue_in_df31(services):
    _stack, scene, _adventure = dead(services, "DF31")
    assert scene.controls.continue_button is None
    labels = [services.ui.text(b.label) for b in scene.controls.buttons]
    assert services.ui.t("death.continue") not in labels
    scene.ask_revive()
    assert not scene.controls.stamina_field.visible


def test_start_over_and_the_bookshelf(services):
    stack, scene, adventure = dead(services, "DF31")
    press(scene, scene.controls.restart_button.rect.center)
    stack.apply_pending()
    assert type(stack.top).__name__ == "CreationScene"
    assert stack.top.book is adventure.book
    stack, scene, _adventure = dead(services, "DF31")
    press(scene, scene.controls.shelf_button.rect.center)
    stack.apply_pending()
    assert type(stack.top).__name__ == "BookshelfScene"


def test_the_creature_that_won_the_fight_is_named(services):
    adventure = sample_adventure(services, "DF31", hero="Tarkan")
    adventure.act({"do": "fight", "enemies": [{"name": "Homme-Lézard", "skill": 8, "stamina": 9}]})
    adventure.act({"do": "change", "stat": "stamina", "by": -99})
    assert killer(adventure.state) == "Homme-Lézard"
    assert hero_name(services.ui, adventure.state) == "Tarkan"
    view = DeathScene(services, adventure).view()
    assert view.hero_name == "Tarkan"
    assert services.ui.t("death.killed_by", name="Homme-Lézard") in [line.text for line in view.story]
    _stack, _quiet, quiet = dead(services, "DF49")
    assert killer(quiet.state) is None


@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080), (1000, 800)])
def test_renders_at_every_window_size(services, window):
    stack, scene, _adventure = dead(services, "DF64")
    loop = MainLoop(stack, Display(window), clock=FakeClock())
    loop.run_frames(2)
    scene.ask_revive()
    stack.request_redraw()
    loop.run_frames(2)
    assert loop.frames_drawn >= 2


@pytest.mark.parametrize("language", ["fr", "en"])
def test_text_fits_its_box(services, language):
    services.ui.catalogue.set_language(language)
    _stack, scene, _adventure = dead(services, "DF64")
    scene.controls.arrange(services.ui, scene.r)
    size = services.ui.theme.text_size("button")
    rects = [b.rect for b in scene.controls.buttons]
    for button in scene.controls.buttons + [scene.controls.revive_button, scene.controls.cancel_revive]:
        face = "bold" if button.style == "primary" else "body"
        assert fonts.text_width(services.ui.text(button.label), face, size) <= button.rect.width - 16
    assert rects[0].left >= 20 and rects[-1].right <= 1260
    prompt = services.ui.t("death.revive_prompt", maximum=24)
    assert fonts.text_width(prompt, "body", services.ui.theme.text_size("body")) <= 780 - 48
    title = services.ui.t("death.title")
    assert fonts.text_width(title, "title", services.ui.theme.text_size("title") + 6) <= 1200


def test_the_death_page_re_lays_out_when_the_window_is_resized_and_keeps_the_typed_stamina(services):
    from app_helpers import Driver

    _stack, scene, _adventure = dead(services, "DF64")
    driver = Driver(scene, window=(1280, 720))
    scene.ask_revive()
    scene.controls.stamina_field.text = "5"
    driver.send(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    assert scene.page == (1920, 1080)
    assert scene.reviving and scene.controls.stamina_field.visible and scene.controls.stamina_field.text == "5"
    assert scene.group.focus.focused is scene.controls.stamina_field
    assert scene.r.revive.rect.centerx == 960 and scene.r.revive.rect.bottom <= 1080
    row = scene.controls.buttons[0].rect.unionall([b.rect for b in scene.controls.buttons])
    assert row.centerx in (959, 960, 961) and row.bottom < scene.r.revive.rect.top
