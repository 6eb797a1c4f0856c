"""Hero creation screen: rolled, physical dice, typed scores, ready-made heroes, confirm."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import init_pygame, key, mouse_down, mouse_up, text_input

from game.app.burst import BURST_GAP
from game.app.display import Display
from game.app.loop import FakeClock, MainLoop
from game.app.scene import SceneStack
from game.app.services import build_services
from game.app.settings import SettingsStore
from game.scenes.creation import paint as creation_paint
from game.scenes.creation.scene import CreationScene
from game.scenes.creation.view import formula_text, stat_about, stat_name
from game.ui import fonts
from game.ui.button import Button
from game.ui.toggle import TRACK_W


@pytest.fixture
def services(tmp_path):
    init_pygame()
    services = build_services(config_dir=tmp_path / "c", data_dir=tmp_path / "d", seed=1)
    services.settings.animation_speed = "off"
    return services


def press(scene, pos) -> None:
    scene.process_event(mouse_down(pos))
    scene.process_event(mouse_up(pos))


def open_scene(services, book_id: str, size=(1280, 720)) -> tuple[SceneStack, CreationScene]:
    stack = SceneStack()
    scene = CreationScene(services, services.shelf.books[book_id], size)
    stack.push(scene)
    stack.apply_pending()
    return stack, scene


def type_into(scene, field, text: str) -> None:
    press(scene, field.rect.center)
    field.text = ""
    for char in text:
        scene.process_event(text_input(char))


def close_overlay(stack) -> None:
    overlay = stack.top
    overlay.process_event(mouse_up((640, 360)))  # the dice land
    overlay.update(BURST_GAP)  # the player looks, then clicks again
    overlay.process_event(mouse_up((640, 360)))
    stack.apply_pending()


def test_rolling_gives_the_dice_drawn_plus_the_formula(services):
    stack, scene = open_scene(services, "DF31")
    press(scene, scene.controls.roll_button.rect.center)
    stack.apply_pending()
    assert type(stack.top).__name__ == "DiceRollScene"
    dice = scene.session.entries[-1].dice
    assert len(dice) == 4
    hero = scene.hero
    assert hero.initial == {"skill": dice[0] + 6, "stamina": dice[1] + dice[2] + 12, "luck": dice[3] + 6}
    groups = stack.top.groups
    assert [g.faces for g in groups] == [(dice[0],), (dice[1], dice[2]), (dice[3],)]
    assert [g.label for g in groups] == ["HABILETÉ", "ENDURANCE", "CHANCE"]
    assert groups[0].detail == f"+ 6 = {dice[0] + 6}"
    close_overlay(stack)
    assert stack.top is scene
    assert scene.controls.fields["stamina"].text == str(hero.initial["stamina"])
    assert services.saves.listing() == []  # nothing saved before confirming


def test_rolling_again_starts_a_fresh_session(services):
    stack, scene = open_scene(services, "DF49")
    scene.roll()
    stack.apply_pending()
    close_overlay(stack)
    first = scene.session
    assert scene.ui.text(scene.controls.roll_button.label) == "Relancer les dés"
    scene.roll()
    stack.apply_pending()
    assert scene.session is not first
    assert len(scene.session.entries) == 1


def test_physical_dice_ask_each_die_then_show_them(services):
    services.settings.physical_dice = True
    stack, scene = open_scene(services, "DF31")
    press(scene, scene.controls.roll_button.rect.center)
    stack.apply_pending()
    entry = stack.top
    assert type(entry).__name__ == "DiceEntryScene"
    assert entry.sides == [6, 6, 6, 6]
    for row, face in enumerate((3, 4, 5, 6)):
        press(entry, entry.pip_buttons[row][face - 1].rect.center)
    press(entry, entry.ok.rect.center)
    stack.apply_pending()
    assert scene.hero.initial == {"skill": 9, "stamina": 21, "luck": 12}
    assert type(stack.top).__name__ == "DiceRollScene"
    assert stack.top.duration == 0  # real dice were already rolled: no tumbling


def test_the_physical_dice_switch_is_saved(services, tmp_path):
    stack, scene = open_scene(services, "DF31")
    press(scene, scene.controls.physical_toggle.rect.midleft)
    assert services.settings.physical_dice is True
    assert SettingsStore(tmp_path / "c").load().settings.physical_dice is True


def test_typed_scores_out_of_range_are_refused_with_the_reason(services):
    stack, scene = open_scene(services, "DF31")
    for stat_id, text in (("skill", "13"), ("stamina", "20"), ("luck", "9")):
        type_into(scene, scene.controls.fields[stat_id], text)
    press(scene, scene.controls.typed_button.rect.center)
    assert scene.hero is None
    assert "HABILETÉ 13" in scene.message and "7" in scene.message and "12" in scene.message
    assert not scene.controls.start_button.enabled
    scene.draw(pygame.Surface((1280, 720)))
    press(scene, scene.controls.start_button.rect.center)
    stack.apply_pending()
    assert stack.top is scene
    assert services.saves.listing() == []


def test_typed_scores_within_range_make_the_hero(services):
    stack, scene = open_scene(services, "DF31")
    for stat_id, text in (("skill", "10"), ("stamina", "20"), ("luck", "9")):
        type_into(scene, scene.controls.fields[stat_id], text)
    scene.process_event(key(pygame.K_RETURN))  # Enter in a score box validates too
    assert scene.hero.initial == {"skill": 10, "stamina": 20, "luck": 9}
    assert scene.message is None


def test_an_empty_score_box_is_explained(services):
    stack, scene = open_scene(services, "DF31")
    type_into(scene, scene.controls.fields["skill"], "10")
    press(scene, scene.controls.typed_button.rect.center)
    assert scene.hero is None
    assert "ENDURANCE" in scene.message


def test_picking_isolde_gives_her_scores_and_willpower(services):
    stack, scene = open_scene(services, "DF64")
    press(scene, scene.controls.pick_buttons["Isolde Laodegan"].rect.center)
    hero = scene.hero
    assert (hero.initial["skill"], hero.initial["stamina"], hero.initial["luck"], hero.initial["willpower"]) == (12, 19, 7, 6)
    assert hero.name == "Isolde Laodegan"
    assert scene.controls.name_field.text == "Isolde Laodegan"
    assert "VOLONTÉ 6" in creation_paint.summary(scene.view().hero, scene.ui, scene.r)


def test_ready_heroes_only_where_the_book_has_them(services):
    _stack, scene = open_scene(services, "DF31")
    assert scene.controls.pick_buttons == {}
    _stack, scene = open_scene(services, "DF64")
    assert set(scene.controls.pick_buttons) == {"Anvus Ravalan", "Evrain Peredur", "Isolde Laodegan"}
    assert "willpower" not in scene.controls.fields  # fixed at 6, shown as fixed


def test_formulas_come_from_the_book(services):
    book = services.shelf.books["DF64"]
    assert [formula_text(s) for s in book.stats if s.roll] == ["1d6 + 6", "2d6 + 12", "1d6 + 6"]


def test_confirming_saves_and_opens_the_sheet(services):
    stack, scene = open_scene(services, "DF31")
    scene.roll()
    stack.apply_pending()
    close_overlay(stack)
    type_into(scene, scene.controls.name_field, "Tarkan")
    press(scene, scene.controls.start_button.rect.center)
    stack.apply_pending()
    listing = services.saves.listing()
    assert len(listing) == 1
    assert type(stack.top).__name__ == "SheetScene"
    assert stack.top.adventure.state.hero.name == "Tarkan"


def test_back_goes_to_the_bookshelf(services):
    stack, scene = open_scene(services, "DF31")
    scene.process_event(key(pygame.K_ESCAPE))
    stack.apply_pending()
    assert type(stack.top).__name__ == "BookshelfScene"


def test_f1_opens_the_creation_help(services):
    stack, scene = open_scene(services, "DF64")
    scene.process_event(key(pygame.K_F1))
    stack.apply_pending()
    assert type(stack.top).__name__ == "RulesHelpScene" and stack.top.topic == "creation"


@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080), (1000, 800)])
@pytest.mark.parametrize("book_id", ["DF31", "DF49", "DF64", "LW1"])
def test_renders_at_every_window_size(services, window, book_id):
    stack, scene = open_scene(services, book_id)
    loop = MainLoop(stack, Display(window), clock=FakeClock())
    loop.run_frames(2)
    scene.roll()
    loop.run_frames(3)
    assert loop.frames_drawn >= 2


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("book_id", ["DF31", "DF64", "LW1"])
def test_text_fits_its_box(services, language, book_id, size):
    services.ui.catalogue.set_language(language)
    _stack, scene = open_scene(services, book_id, size)
    scene.pick("Isolde Laodegan") if book_id == "DF64" else scene.roll()
    theme = services.ui.theme
    for widget in scene.group.widgets:
        if isinstance(widget, Button):
            face = "bold" if widget.style == "primary" else "body"
            assert fonts.text_width(services.ui.text(widget.label), face, theme.text_size("button")) <= widget.rect.width - 16
    toggle = scene.controls.physical_toggle
    label_w = fonts.text_width(services.ui.text(toggle.label), "body", theme.text_size("label"))
    assert TRACK_W + 12 + label_w + 60 <= toggle.rect.width
    body, small = theme.text_size("body"), theme.text_size("small")
    x0, width = scene.r.inner
    for index, stat in enumerate(scene.book.stats):
        # the name whole, or the book's own short name where it does not fit (HABILETÉ), never cut
        names = stat_name(stat, language)
        assert creation_paint.fitted_name(names, "body", body, scene.r.name_width) in (names.name, names.short)
        formula_x = scene.r.name_and_formula(index)[1][0]
        if stat.roll:
            text = services.ui.t(
                "creation.formula_range", formula=formula_text(stat), low=stat.roll.minimum, high=stat.roll.maximum
            )
            assert formula_x + fonts.text_width(text, "italic", small) <= scene.controls.fields[stat.id].rect.left - 6
        else:
            text = services.ui.t("creation.fixed_rule")
            assert formula_x + fonts.text_width(text, "italic", small) <= x0 + width - 84 - 6
    if book_id == "DF64":
        for index, ready in enumerate(scene.book.ready_heroes):
            assert " ".join(creation_paint.card_name(ready.name, body, scene.r.card_rect(index).width - 28)) == ready.name
    # The hero's scores head the bottom panel, whole (on two lines on a narrow page).
    hero = scene.view().hero
    lines, _size = creation_paint.summary_lines(hero, scene.ui, scene.r, scene.r.hero.width - 40)
    assert " · ".join(lines) == creation_paint.summary(hero, scene.ui, scene.r) and len(lines) <= 2


def test_creation_re_lays_out_when_the_window_is_resized_and_keeps_what_was_typed(services):
    from app_helpers import Driver

    driver = Driver(CreationScene(services, services.shelf.books["DF49"]), window=(1280, 720))
    scene = driver.top
    scene.controls.fields["skill"].text = "9"
    scene.controls.name_field.text = "Alwen"
    scene.group.focus.focus(scene.controls.name_field)
    narrow = scene.r.top.width
    driver.send(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    assert scene.page == (1920, 1080)
    assert scene.r.top.width > narrow and scene.controls.start_button.rect.right == scene.r.hero.right - 20
    assert scene.controls.fields["skill"].text == "9" and scene.controls.name_field.text == "Alwen"
    assert scene.group.focus.focused is scene.controls.name_field


@pytest.mark.parametrize(("language", "words"), [("fr", "voiture blindée"), ("en", "armoured car")])
def test_creation_explains_a_books_own_scores_in_the_books_words(services, language, words):
    services.ui.catalogue.set_language(language)
    _stack, scene = open_scene(services, "FF13")
    firepower = next(s for s in scene.book.stats if s.id == "firepower")
    assert words in stat_about(firepower, scene.ui)
    skill = next(s for s in scene.book.stats if s.id == "skill")
    assert stat_about(skill, scene.ui) == scene.ui.t("creation.about_skill")  # the app's words for the three


def test_a_ready_heroes_choose_button_names_the_hero_on_hover_and_to_a_screen_reader(services):
    _stack, scene = open_scene(services, "DF64")
    button = scene.controls.pick_buttons["Isolde Laodegan"]
    assert button.tooltip_text() == "Isolde Laodegan"  # the card may shorten the name
    # three "Choisir" buttons are told apart, with their row and whether this hero is the one picked
    assert button.spoken() == "Isolde Laodegan, bouton, Héros prêts à jouer, non choisi"
