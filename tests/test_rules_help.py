"""Issue 15, rules at hand: F1 shows this book's rules for the screen, with this book's numbers, FR and EN."""

import pygame
import pytest
from app_helpers import Driver, make_adventure, make_services

from game.app.rules_help import SCREENS, rules_help
from game.scenes.combat.scene import CombatScene
from game.scenes.help import HelpScene
from game.scenes.rules_help import RulesHelpScene
from game.scenes.sheet.scene import SheetScene


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def text_of(sections):
    return "\n".join(h + "\n" + "\n".join(lines) for h, lines in sections)


def test_the_combat_rules_carry_this_books_numbers(services):
    book = services.shelf.books["DF49"]
    changed = book.model_copy(update={"combat": book.combat.model_copy(update={"hit_damage": 3, "escape_damage": 5})})
    text = text_of(rules_help(services.ui, changed, "combat"))
    assert "la créature perd 3 ENDURANCE" in text and "vous perdez 5 ENDURANCE" in text
    assert "Flèches : 6 au plus" in text  # DF49's quiver (R-BOW-1)


def test_archery_appears_only_in_a_book_with_a_bow(services):
    assert "Le tir à l'arc" not in text_of(rules_help(services.ui, services.shelf.books["DF31"], "combat"))
    assert "Le tir à l'arc" in text_of(rules_help(services.ui, services.shelf.books["DF49"], "combat"))


def test_the_books_own_scores_are_explained_willpower_in_df64(services):
    text = text_of(rules_help(services.ui, services.shelf.books["DF64"], "sheet"))
    assert "VOLONTÉ n'a pas de maximum" in text and "VOLONTÉ ne descend jamais sous 1" in text


def test_the_calendar_and_potions_come_from_the_book(services):
    text = text_of(rules_help(services.ui, services.shelf.books["DF49"], "sheet"))
    assert "Tonnerdi" in text and "Potion de Chance : rend à CHANCE son total de départ" in text
    assert "monte d'abord de 1" in text


def test_creation_rules_give_each_formula_and_range(services):
    text = text_of(rules_help(services.ui, services.shelf.books["DF31"], "creation"))
    assert "HABILETÉ : 1d6 + 6 (de 7 à 12)" in text and "ENDURANCE : 2d6 + 12 (de 14 à 24)" in text


@pytest.mark.parametrize("screen", SCREENS)
def test_every_screen_has_rules_in_english_too(services, screen):
    services.ui.catalogue.set_language("en")
    sections = rules_help(services.ui, services.shelf.books["DF49"], screen)
    assert sections and all(lines for _h, lines in sections)
    assert "SKILL" in text_of(sections) or "STAMINA" in text_of(sections)


def test_f1_on_the_sheet_opens_the_rules_of_this_book_then_the_shortcuts_by_mouse(services):
    driver = Driver(SheetScene(services, make_adventure(services, "DF49")))
    driver.key(pygame.K_F1)
    rules = driver.top
    assert isinstance(rules, RulesHelpScene) and rules.topic == "sheet" and rules.book.id == "DF49"
    driver.click(rules.shortcuts_button)
    assert isinstance(driver.top, HelpScene)


def test_the_help_button_opens_the_rules_and_close_returns(services):
    driver = Driver(SheetScene(services, make_adventure(services, "DF31")))
    sheet = driver.top
    driver.click(sheet.controls.top["help"])
    driver.click(driver.top.close_button)
    assert driver.top is sheet


def test_f1_in_a_fight_opens_the_combat_rules(services):
    adventure = make_adventure(services, "DF49")
    adventure.act({"do": "fight", "enemies": [{"name": "Orc", "skill": 6, "stamina": 5}]})
    driver = Driver(CombatScene(services, adventure))
    driver.key(pygame.K_F1)
    assert isinstance(driver.top, RulesHelpScene) and driver.top.topic == "combat"
    driver.key(pygame.K_F1)
    assert isinstance(driver.top, CombatScene)


def test_a_books_spells_and_creation_choices_are_explained_from_its_data(services):
    books = services.shelf.books
    with_spells = next(b for b in books.values() if getattr(b, "spells", None))
    text = text_of(rules_help(services.ui, with_spells, "sheet"))
    assert all(spell.name.get("fr") in text for spell in with_spells.spells)
    with_steps = next(b for b in books.values() if getattr(b, "creation", None))
    text = text_of(rules_help(services.ui, with_steps, "creation"))
    assert all(step.name.get("fr") in text for step in with_steps.creation)


def test_a_threshold_of_the_book_is_explained_fear_in_ff10(services):
    book = services.shelf.books["FF10"]
    text = text_of(rules_help(services.ui, book, "sheet"))
    fear = book.stat("fear").name.get("fr")
    assert f"{fear} à" in text and "le héros meurt" in text
