"""The sheet's item lists (issue 25's first gap): the player adds, removes and renames the items of every list
a book declares, the equipment first; the rules keep the book's limits and a refusal says why in the book's words.

LW1 is the book with lists that ships (Weapons at most 2, the Backpack's 8 articles with the Meals among them,
Special Items); FF1 has the equipment only. Nothing here is Loup Solitaire code: the lists are the book's data.
"""

from __future__ import annotations

import pygame
import pytest
from app_helpers import Driver, make_adventure, make_services

from game.app.journal import JournalLines
from game.app.navigator import Screen

KAI = {"skill": 15, "stamina": 25}
BACKPACK_FULL = "Le Sac à Dos ne contient que 8 objets, Repas et Potion de Guérison compris : jetez-en un pour faire de la place."


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def _sheet(services, book="LW1", hero=KAI, size=(1280, 800)):
    adventure = make_adventure(services, book, hero=hero)
    return Driver(services.navigator.build(Screen.SHEET, adventure, size=size), window=size), adventure


def _turn_to(driver, list_id):
    """Press › until the panel shows the book's list ``list_id``."""
    for _ in range(6):
        if driver.top.item_list == list_id:
            return
        driver.click(driver.top.controls.backpack.list_buttons[1])
    raise AssertionError(f"no list {list_id}")


def _add(driver, text):
    backpack = driver.top.controls.backpack
    driver.click(backpack.item_field)
    driver.type(text)
    driver.click(backpack.add_item_button)


def _pick(driver, index):
    equipment = driver.top.controls.backpack.equipment
    driver.click((equipment.rect.x + 40, equipment.rect.y + index * equipment.row_height + 12))


def _rename(driver, text):
    driver.click(driver.top.controls.backpack.rename_item_button)
    form = driver.top
    form.fields["name"].text = text
    driver.click(form.ok_button)
    return form


def test_the_panel_turns_through_the_equipment_then_each_list_of_the_book_saying_each(services):
    driver, _ = _sheet(services)
    assert driver.top.view.items.heading == "Équipement · 0"
    seen = []
    for _ in range(4):
        driver.click(driver.top.controls.backpack.list_buttons[1])
        seen.append(driver.top.message)
    assert seen == [
        "Armes (1 / 2) : Hache",
        "Sac à Dos (0 / 7) : (vide)",  # the one Meal is one of the 8 articles
        "Objets Spéciaux (1) : Carte du Sommerlund",
        "Équipement (0) : (vide)",
    ]
    driver.click(driver.top.controls.backpack.list_buttons[0])
    assert driver.top.view.items.name == "Objets Spéciaux"
    assert driver.top.controls.backpack.list_buttons[0].tooltip_text() == "Liste précédente : Sac à Dos"


def test_an_item_is_added_renamed_and_removed_in_the_list_shown(services):
    driver, adventure = _sheet(services)
    _turn_to(driver, "backpack")
    _add(driver, "Corde")
    assert adventure.state.lists["backpack"] == ["Corde"] and adventure.state.equipment == []
    assert driver.top.message == "Sac à Dos : Corde ajouté (1 / 7)"
    assert driver.top.controls.backpack.equipment.spoken_label() == "Sac à Dos · 1 / 7"
    _pick(driver, 0)
    _rename(driver, "  Corde nouée  ")
    assert adventure.state.lists["backpack"] == ["Corde nouée"]
    assert driver.top.message == "Sac à Dos : Corde renommé Corde nouée"
    _pick(driver, 0)
    driver.click(driver.top.controls.backpack.remove_item_button)
    assert adventure.state.lists["backpack"] == [] and driver.top.message == "Sac à Dos : Corde nouée retiré (0 / 7)"


def test_the_rename_form_starts_from_the_items_name_and_enter_on_an_item_opens_it(services):
    driver, adventure = _sheet(services)
    _turn_to(driver, "weapons")
    _pick(driver, 0)
    driver.key(pygame.K_RETURN)
    form = driver.top
    assert form.fields["name"].text == "Hache"
    form.fields["name"].text = "Hache de guerre"
    driver.click(form.ok_button)
    assert adventure.state.lists["weapons"] == ["Hache de guerre"]


def test_a_blank_name_is_refused_in_the_form_and_changes_nothing(services):
    driver, adventure = _sheet(services)
    _turn_to(driver, "weapons")
    _pick(driver, 0)
    form = _rename(driver, "   ")
    assert form.problem == "Écrivez le nom de l'objet." and driver.top is form
    assert adventure.state.lists["weapons"] == ["Hache"]


def test_remove_and_rename_wait_for_an_item_to_be_chosen(services):
    driver, _ = _sheet(services)
    _turn_to(driver, "weapons")
    backpack = driver.top.controls.backpack
    for button in (backpack.remove_item_button, backpack.rename_item_button):
        assert not button.enabled and button.tooltip_text() == "Choisissez d'abord un objet dans la liste"
    _pick(driver, 0)
    assert backpack.remove_item_button.enabled and backpack.rename_item_button.enabled
    assert backpack.rename_item_button.tooltip_text() == "Renommer l'objet choisi : Armes (ou Entrée sur l'objet)"


def _full_backpack(driver, adventure):
    adventure.act({"do": "cast", "spell": "eat"})  # no Meal left: the 8 articles are all the Backpack's
    for number in range(1, 9):
        adventure.act({"do": "add_item", "list": "backpack", "text": f"Objet {number}"})
    driver.top.sync()
    _turn_to(driver, "backpack")


def test_a_backpack_at_exactly_eight_refuses_a_ninth_in_the_books_words(services):
    driver, adventure = _sheet(services)
    _full_backpack(driver, adventure)
    backpack = driver.top.controls.backpack
    assert driver.top.view.items.heading == "Sac à Dos · 8 / 8"
    assert not backpack.add_item_button.enabled and backpack.add_item_button.tooltip_text() == BACKPACK_FULL
    driver.click(backpack.item_field)
    driver.type("Corde")
    driver.key(pygame.K_RETURN)  # Enter in the field tries all the same: the refusal is said
    assert driver.top.message == BACKPACK_FULL and driver.top.tone == "bad"
    assert adventure.state.lists["backpack"][-1] == "Objet 8" and len(adventure.state.lists["backpack"]) == 8
    _pick(driver, 7)
    _rename(driver, "Lanterne")  # a rename adds nothing: allowed at 8
    assert adventure.state.lists["backpack"][7] == "Lanterne"


def test_the_ninth_is_refused_in_english_in_the_books_english_words(services):
    services.ui.catalogue.set_language("en")
    driver, adventure = _sheet(services)
    _full_backpack(driver, adventure)
    refusal = driver.top.controls.backpack.add_item_button.tooltip_text()
    assert refusal == "The Backpack holds only 8 articles, Meals and the Healing Potion included: discard one to make room."


@pytest.mark.parametrize("frames_apart", [0, 6])
def test_fast_repeated_clicks_on_add_write_the_item_once(services, frames_apart):
    driver, adventure = _sheet(services)
    _turn_to(driver, "backpack")
    backpack = driver.top.controls.backpack
    driver.click(backpack.item_field)
    driver.type("Corde")
    pos = driver.to_window(backpack.add_item_button.rect.center)
    clicks = [pygame.event.Event(kind, pos=pos, button=1) for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)]
    for _ in range(1 if frames_apart == 0 else 10):
        driver.send(*(clicks * (10 if frames_apart == 0 else 1)), frames=max(2, frames_apart))
    assert adventure.state.lists["backpack"] == ["Corde"]
    assert driver.top.message == "Sac à Dos : Corde ajouté (1 / 7)"  # no "write the item's name" after it
    assert backpack.add_item_button.tooltip_text() == "Écrivez d'abord le nom de l'objet"


def test_the_add_that_fills_a_list_says_so_and_the_next_is_refused_in_the_books_words(services):
    driver, adventure = _sheet(services)
    _turn_to(driver, "weapons")
    _add(driver, "Épée")
    assert driver.top.message == "Armes : Épée ajouté (2 / 2)"
    _add(driver, "Lance")  # the Add button is off: the click does nothing, its tooltip says why
    backpack = driver.top.controls.backpack
    assert adventure.state.lists["weapons"] == ["Hache", "Épée"] and backpack.item_field.text == "Lance"
    words = "Vous ne pouvez porter que deux Armes à la fois : laissez-en une pour prendre celle-ci."
    assert backpack.add_item_button.tooltip_text() == words
    driver.key(pygame.K_RETURN)  # Enter in the field: the refusal is said
    assert driver.top.message == words and adventure.state.lists["weapons"] == ["Hache", "Épée"]


@pytest.mark.parametrize(
    "name",
    [
        "\u202eelbuod\u202c Épée",  # a right-to-left override
        "Corde\u200b\u200d\u0301",  # zero-width and a lone combining accent
        "🗡️ Dague 🐉",
        "<b>Sac</b> {list} %s \\n",  # markup and format placeholders stay text
        "W" * 80,  # the longest name the field takes
    ],
)
def test_a_hostile_name_is_kept_as_written_shown_and_said_without_harm(services, name):
    driver, adventure = _sheet(services)
    _turn_to(driver, "backpack")
    _add(driver, name)
    assert adventure.state.lists["backpack"] == [name.strip()]
    _pick(driver, 0)
    _rename(driver, name + "!" if len(name) < 80 else name)
    driver.send(frames=2)  # drawn
    assert driver.top.controls.backpack.equipment.spoken_value().startswith(adventure.state.lists["backpack"][0][:10])


def test_a_book_without_lists_shows_its_equipment_alone_and_renames_in_it(services):
    driver, adventure = _sheet(services, "FF1", hero={"skill": 10, "stamina": 20, "luck": 9})
    backpack = driver.top.controls.backpack
    assert backpack.list_buttons is None and driver.top.view.items.name == "Équipement"
    before = list(adventure.state.equipment)
    _add(driver, "Corde")
    _pick(driver, len(before))
    _rename(driver, "Corde solide")
    assert adventure.state.equipment == [*before, "Corde solide"]


@pytest.mark.parametrize("size", [(960, 540), (1024, 640), (1920, 1080)])
def test_the_list_controls_fit_the_backpack_panel_at_every_size(services, size):
    driver, _ = _sheet(services, size=size)
    regions = driver.top.regions.backpack
    assert regions.lists is not None
    for rect in (*regions.lists, regions.item_field, regions.add_item, regions.remove_item, regions.rename_item):
        assert regions.panel.contains(rect), (size, rect)
    assert regions.item_field.width >= 80  # room to type a name
    assert regions.lists[0].bottom <= regions.equipment.y and regions.lists[0].y >= regions.pane.bottom


def test_in_english_a_books_item_is_named_in_english_in_the_rename_form_and_in_what_is_said(services):
    """breaker: the list showed 'Axe', and the rename form started from 'Hache', the removal said 'Hache removed'
    and the journal '− Hache' (the item is kept as the book wrote it in French)."""
    services.ui.catalogue.set_language("en")
    driver, adventure = _sheet(services)
    _turn_to(driver, "weapons")
    _pick(driver, 0)
    driver.key(pygame.K_RETURN)
    assert driver.top.fields["name"].text == "Axe"
    driver.key(pygame.K_ESCAPE)
    _pick(driver, 0)
    driver.click(driver.top.controls.backpack.remove_item_button)
    assert driver.top.message == "Weapons: Axe removed (0 / 2)"
    lines = JournalLines().newest_first(services.ui, adventure.book, adventure.session)
    assert lines[0] == "Weapons: − Axe"


def test_an_undone_removal_names_the_item_it_brings_back_and_its_redo_too(services):
    """breaker: 'Annulé : Armes : objet n° 1 retiré' where the journal said '− Hache'."""
    driver, adventure = _sheet(services)
    _turn_to(driver, "weapons")
    _pick(driver, 0)
    driver.click(driver.top.controls.backpack.remove_item_button)
    driver.top.undo()
    assert adventure.state.lists["weapons"] == ["Hache"] and driver.top.message == "Annulé : Armes : − Hache"
    driver.top.redo()
    assert adventure.state.lists["weapons"] == [] and driver.top.message == "Rétabli : Armes : − Hache"


def test_a_rename_to_the_name_it_has_writes_nothing(services):
    services.ui.catalogue.set_language("en")
    driver, adventure = _sheet(services)
    _turn_to(driver, "weapons")
    _pick(driver, 0)
    entries = len(adventure.session.entries)
    _rename(driver, "Axe")  # the name shown, in English, given back as it was
    assert adventure.state.lists["weapons"] == ["Hache"] and len(adventure.session.entries) == entries
