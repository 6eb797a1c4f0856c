"""The creation picker greys an option the book does not allow this hero, with the book's words, before the pick
(issue 24 item 2, R-CHOOSE-3): FF8's spells are taught only by the master chosen first.
"""

from __future__ import annotations

import pytest
from app_helpers import Driver, make_services

from game.rules.dice import ScriptedDice
from game.rules.ff.effects import refused_options
from game.scenes.creation.picker import ChoicePicker
from game.scenes.creation.scene import CreationScene

EVIL_ONLY = {"fr": "Un sort que seul Grimslade le Maléfique enseigne.", "en": "A spell only Grimslade the Evil teaches."}


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def _spells_picker(services, language: str) -> tuple[Driver, CreationScene, ChoicePicker]:
    """FF8's creation after rolling a hero and choosing Selator the Good, its spells' picker open."""
    services.ui.catalogue.set_language(language)
    scene = CreationScene(services, services.shelf.books["FF8"])
    scene.session.dice = ScriptedDice([3, 3, 3, 3])
    driver = Driver(scene)
    driver.click(scene.controls.roll_button)
    while driver.top is not scene:  # the dice overlay
        driver.stack.pop(driver.top)
        driver.stack.apply_pending()
    driver.click(scene.controls.step_buttons["master"])
    master = driver.top
    assert isinstance(master, ChoicePicker)
    driver.click(master.widgets["good"])
    driver.click(master.ok_button)
    assert scene.session.state.choices["master"] == {"good": 1}
    driver.click(scene.controls.step_buttons["spells"])
    assert isinstance(driver.top, ChoicePicker)
    return driver, scene, driver.top


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_spell_of_another_master_is_greyed_with_the_books_reason_before_any_pick(services, language):
    _, _, picker = _spells_picker(services, language)
    for option in ("fire", "fear", "sense", "luck"):
        widget = picker.widgets[option]
        assert not widget.enabled
        reason = EVIL_ONLY[language] if option in ("fire", "fear") else None
        if reason is not None:
            assert widget.tooltip_text() == reason  # the tooltip
            assert reason in widget.spoken()  # what the screen reader says on focus
    assert picker.widgets["friendship"].enabled and picker.widgets["healing"].enabled


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_screen_reader_names_the_greyed_option_and_why(services, language):
    # A greyed control takes no focus, so the picker's summary says each refused option with its reason.
    _, _, picker = _spells_picker(services, language)
    fire = next(option for option in picker.step.options if option.id == "fire").name.get(language)
    assert picker.widgets["fire"].spoken().startswith(fire) and EVIL_ONLY[language] in picker.widgets["fire"].spoken()
    summary = picker.spoken_summary()
    assert f"{fire} (" in summary and EVIL_ONLY[language] in summary


def test_clicking_a_greyed_option_picks_nothing_and_says_nothing_went_wrong(services):
    driver, _, picker = _spells_picker(services, "en")
    driver.click(picker.widgets["fire"])
    picker.set_pick("fire", 2)  # the keyboard's or a fast click's request too
    assert picker.picks["fire"] == 0
    picker.set_pick("healing", 3)
    assert picker.ok_button.enabled and picker.problem is None


def test_the_row_of_a_greyed_option_shows_the_reason_in_place_of_its_description(services):
    _, _, picker = _spells_picker(services, "fr")
    assert picker.refused["fire"] == EVIL_ONLY["fr"]
    assert "friendship" not in picker.refused


def test_the_rules_say_which_options_are_refused_and_change_nothing(services):
    _, scene, _ = _spells_picker(services, "en")
    state = scene.session.state
    before = state.model_dump() if hasattr(state, "model_dump") else repr(state)
    step = services.shelf.books["FF8"].step("spells")
    refused = refused_options(services.shelf.books["FF8"], state, step)
    assert sorted(refused) == ["fear", "fire", "luck", "sense"]
    assert refused["fire"].params["why"]["en"] == EVIL_ONLY["en"]
    assert (state.model_dump() if hasattr(state, "model_dump") else repr(state)) == before


def test_lone_wolf_2s_sixth_discipline_greys_the_five_already_chosen():
    # LW2: the sixth Kai Discipline is any but the five of the first step ("You have it already").
    from game.books.loader import load_book_by_id
    from game.rules.session import Session, Start

    book = load_book_by_id("LW2")
    s = Session(book, ScriptedDice([]), Start(hero={"skill": 15, "stamina": 25}))
    five = ["camouflage", "hunting", "sixth_sense", "tracking", "healing"]
    s.apply({"do": "choose", "step": "disciplines", "picks": five})
    refused = refused_options(book, s.state, book.step("sixth"))
    assert sorted(refused) == sorted(five)
    assert {r.params["why"]["en"] for r in refused.values()} == {"You have it already."}
