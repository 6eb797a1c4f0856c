"""Issue 12, "the screens follow the data": every book mechanic is reachable with the mouse.

Creation shows the book's choice steps (FF1's potion, FF2's spells bounded by
MAGIC); the sheet's Tools tab casts the book's spells, tests its testable
scores, rolls the dice tray and shows the end conditions; each click is a
rules action, so the sheet ends as a bare session would.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import Driver, make_adventure, make_services

from game.app.journal import describe_entry
from game.app.navigator import Screen
from game.books.loader import load_book
from game.rules.dice import ScriptedDice
from game.rules.session import Entry
from game.scenes.combat.text import rules_in_force
from game.scenes.common.spells import SpellsModal
from game.scenes.creation.picker import ChoicePicker
from game.scenes.creation.scene import CreationScene
from game.scenes.fight_setup.scene import FightSetupScene
from game.scenes.sheet.scene import SheetScene

MECHANICS_BOOK = Path(__file__).parent / "data" / "mechanics" / "books" / "MECH.json"


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def created(services, book_id: str, dice: list[int]) -> tuple[Driver, CreationScene]:
    """The creation screen of ``book_id`` after the rules rolled the hero on ``dice``."""
    scene = CreationScene(services, services.shelf.books[book_id])
    scene.session.dice = ScriptedDice(dice)
    scene.services.new_dice = lambda: ScriptedDice(list(dice))
    driver = Driver(scene)
    driver.click(scene.controls.roll_button)
    while driver.top is not scene:  # close the dice overlay
        driver.stack.pop(driver.top)
        driver.stack.apply_pending()
    return driver, scene


def open_picker(driver: Driver, scene: CreationScene, step_id: str) -> ChoicePicker:
    driver.click(scene.controls.step_buttons[step_id])
    assert isinstance(driver.top, ChoicePicker)
    return driver.top


def test_a_book_with_creation_steps_cannot_begin_before_they_are_chosen(services):
    driver, scene = created(services, "FF1", [3, 3, 3, 3])
    assert scene.hero is not None
    assert not scene.controls.start_button.enabled
    assert "potion" not in scene.session.state.choices


def test_warlock_potion_picked_with_the_mouse_gives_its_two_doses(services):
    driver, scene = created(services, "FF1", [3, 3, 3, 3])
    picker = open_picker(driver, scene, "potion")
    driver.click(picker.widgets["luck"])
    assert picker.ok_button.enabled
    driver.click(picker.ok_button)
    assert scene.session.state.choices["potion"] == {"luck": 1}
    assert scene.controls.start_button.enabled
    luck_doses = services.shelf.books["FF1"].potions.kinds["luck"].counter
    assert scene.session.state.counters[luck_doses] == 2


def test_only_one_warlock_potion_can_be_on_at_a_time(services):
    driver, scene = created(services, "FF1", [3, 3, 3, 3])
    picker = open_picker(driver, scene, "potion")
    driver.click(picker.widgets["skill"])
    driver.click(picker.widgets["stamina"])
    assert picker.picks == {"skill": 0, "stamina": 1, "luck": 0}


def test_citadel_spells_must_add_up_to_magic_before_confirm_is_allowed(services):
    driver, scene = created(services, "FF2", [3, 3, 3, 3, 2, 2])  # MAGIC 2d6+6 = 10
    magic = scene.hero.initial["magic"]
    picker = open_picker(driver, scene, "spells")
    assert not picker.ok_button.enabled and picker.problem
    picker.set_pick("fire", magic - 1)
    assert not picker.ok_button.enabled
    picker.set_pick("esp", 1)
    assert picker.ok_button.enabled
    driver.click(picker.ok_button)
    assert scene.session.state.choices["spells"] == {"fire": magic - 1, "esp": 1}


def test_choosing_a_step_again_replaces_the_first_picks_and_keeps_the_rolled_hero(services):
    driver, scene = created(services, "FF1", [3, 3, 3, 3])
    scores = dict(scene.hero.initial)
    for option in ("skill", "luck"):
        picker = open_picker(driver, scene, "potion")
        driver.click(picker.widgets[option])
        driver.click(picker.ok_button)
    assert scene.session.state.choices["potion"] == {"luck": 1}
    assert scene.hero.initial == scores


def middle_hero(book) -> dict[str, int]:
    """Every rolled score of ``book`` at the middle of its range."""
    return {stat.id: (stat.roll.minimum + stat.roll.maximum) // 2 for stat in book.stats if stat.roll is not None}


def tools_sheet(services, book_id: str, dice=(), hero=None):
    hero = hero if hero is not None else middle_hero(services.shelf.books[book_id])
    adventure = make_adventure(services, book_id, dice, hero=hero)
    driver = Driver(SheetScene(services, adventure))
    driver.click(driver.top.controls.side.tab_buttons["tools"])
    return driver, adventure


def test_the_tools_tab_lists_every_spell_of_the_book(services):
    driver, _ = tools_sheet(services, "FF2", hero={"skill": 10, "stamina": 20, "luck": 9, "magic": 10})
    book = services.shelf.books["FF2"]
    assert len(driver.top.controls.side.tools.spells.items) == len(book.spells)


def test_casting_a_spell_from_the_tools_tab_spends_one_use(services):
    driver, adventure = tools_sheet(services, "FF2", hero={"skill": 10, "stamina": 20, "luck": 9, "magic": 10})
    book = services.shelf.books["FF2"]
    index = next(i for i, spell in enumerate(book.spells) if spell.id == "esp")
    adventure.act({"do": "counter", "name": book.spells[index].counter, "by": 1})
    driver.top.controls.side.tools.spells.select(index)
    driver.top.sync()
    driver.click(driver.top.controls.side.tools.cast_button)
    assert adventure.session.entries[-1].action["do"] == "cast"
    assert adventure.state.counters[book.spells[index].counter] == 0


def test_a_spell_with_no_use_left_is_disabled_with_the_rules_reason(services):
    driver, adventure = tools_sheet(services, "FF2", hero={"skill": 10, "stamina": 20, "luck": 9, "magic": 10})
    driver.top.controls.side.tools.spells.select(1)
    driver.top.sync()
    button = driver.top.controls.side.tools.cast_button
    assert not button.enabled and button.disabled_reason


def test_the_dice_tray_rolls_into_the_journal_and_changes_no_score(services):
    driver, adventure = tools_sheet(services, "DF31", dice=[2, 5, 6])
    before = dict(adventure.state.hero.scores)
    driver.click(driver.top.controls.side.tools.tray_buttons["3d6"])
    entry = adventure.session.entries[-1]
    assert entry.action == {"do": "roll", "dice": "3d6"} and entry.dice == [2, 5, 6]
    assert adventure.state.last_roll.total == 13
    assert adventure.state.hero.scores == before


def test_a_testable_book_score_gets_its_own_test_button_that_tests_it(services):
    book = load_book(MECHANICS_BOOK)
    services.shelf.books[book.id] = book
    testable = [stat.id for stat in book.stats if stat.id not in ("skill", "luck") and stat.test is not None]
    assert testable
    driver, adventure = tools_sheet(services, book.id, dice=[1, 1, 1, 1, 1, 1])
    assert sorted(driver.top.controls.side.tools.test_buttons) == sorted(testable)
    driver.click(driver.top.controls.side.tools.test_buttons[testable[0]])
    assert adventure.session.entries[-1].action == {"do": "test", "stat": testable[0]}
    assert adventure.session.entries[-1].outcome == "success"


def test_every_shipped_book_shows_each_of_its_steps_spells_and_tests(services):
    """Whatever the book holds, creation has a row per step and the Tools tab a row per spell and test."""
    for book_id, book in services.shelf.books.items():
        if book.kind != "fighting_fantasy":
            continue
        creation = CreationScene(services, book)
        Driver(creation).loop.run_frames(1)
        assert list(creation.controls.step_buttons) == [step.id for step in book.creation], book_id
        assert len(creation.view().steps) == len(book.creation), book_id
        driver, _ = tools_sheet(services, book_id)
        driver.loop.run_frames(1)
        tools = driver.top.controls.side.tools
        assert (len(tools.spells.items) if tools.spells else 0) == len(book.spells), book_id
        assert sorted(tools.test_buttons) == sorted(s.id for s in book.stats if s.id not in ("skill", "luck") and s.test), book_id


def test_fight_setup_offers_the_books_kinds_of_fight_and_the_fight_names_its_profile(services):
    adventure = make_adventure(services, "FF13", hero=middle_hero(services.shelf.books["FF13"]))
    scene = FightSetupScene(services, adventure)
    driver = Driver(scene)
    assert set(scene.controls.options.profile_buttons) == {None, *services.shelf.books["FF13"].combat_profiles}
    profile = next(iter(services.shelf.books["FF13"].combat_profiles))
    driver.click(scene.controls.options.profile_buttons[profile])
    scene.typed.append({"name": "Interceptor", "skill": 7, "stamina": 10, "notes": ""})  # an enemy: the action is whole
    assert scene.fight_action().profile == profile


def test_the_setup_columns_name_the_profiles_scores(services):
    book = services.shelf.books["FF13"]
    scene = FightSetupScene(services, make_adventure(services, "FF13", hero=middle_hero(book)))
    profile = next(iter(book.combat_profiles))
    scene.set_profile(profile)
    rules = book.profile(profile)
    assert scene.view.score_names == tuple(
        (book.stat(s).short or book.stat(s).name).get("fr") for s in (rules.attack, rules.stamina)
    )


def test_the_board_says_which_rules_of_the_book_are_in_force(services):
    book = services.shelf.books["FF24"]
    adventure = make_adventure(services, "FF24", hero=middle_hero(book))
    adventure.act({"do": "fight", "enemies": [{"name": "Orc", "skill": 7, "stamina": 6}]})
    lines = rules_in_force(services.ui.t, book, adventure.state.fight, "en")
    assert services.ui.t("combat.rule_double_kills") in lines
    usual = make_adventure(services, "DF31")
    usual.act({"do": "fight", "enemies": [{"name": "Orc", "skill": 7, "stamina": 6}]})
    assert rules_in_force(services.ui.t, services.shelf.books["DF31"], usual.state.fight, "en") == []


def test_a_vehicle_fight_board_shows_the_vehicles_scores_and_wounds_take_armour(services):
    book = services.shelf.books["FF13"]
    profile = next(iter(book.combat_profiles))
    rules = book.profile(profile)
    adventure = make_adventure(services, "FF13", dice=[6, 6, 1, 1], hero=middle_hero(book))
    adventure.act({"do": "fight", "enemies": [{"name": "Interceptor", "skill": 8, "stamina": 10}], "profile": profile})
    before = adventure.state.hero.scores[rules.stamina]
    driver = Driver(services.navigator.build(Screen.COMBAT, adventure))
    driver.click(driver.top.controls.attack_button)
    assert adventure.state.hero.scores[rules.stamina] == before - rules.wound_damage
    assert adventure.state.hero.scores["stamina"] == adventure.state.hero.initial["stamina"]


def test_the_death_page_names_the_books_condition_that_killed(services):
    book = services.shelf.books["FF10"]
    adventure = make_adventure(services, "FF10", hero=middle_hero(book))
    fear = next(t for t in book.thresholds if t.consequence == "death" and t.stat == "fear")
    limit = adventure.state.hero.initial["fear"] + fear.offset if fear.at_least == "initial" else fear.at_least
    adventure.act({"do": "set_score", "stat": "fear", "value": limit})
    scene = services.navigator.build(Screen.DEATH, adventure)
    assert fear.message.get(services.ui.catalogue.language) in [line.text for line in scene.view().story]


def test_a_spell_is_cast_from_the_combat_board_on_the_creature_in_front(services):
    book = services.shelf.books["FF2"]
    copy = next(spell for spell in book.spells if spell.id == "creature_copy")
    adventure = make_adventure(services, "FF2", hero=middle_hero(book))
    adventure.act({"do": "counter", "name": copy.counter, "by": 1})
    adventure.act({"do": "fight", "enemies": [{"name": "Ganjee", "skill": 9, "stamina": 8}]})
    driver = Driver(services.navigator.build(Screen.COMBAT, adventure))
    board = driver.top
    assert board.controls.spells_button.visible
    driver.click(board.controls.spells_button)
    modal = driver.top
    assert isinstance(modal, SpellsModal)
    modal.list.select(book.spells.index(copy))
    modal._sync()
    driver.click(modal.cast_button)
    assert adventure.session.entries[-1].action["do"] == "cast"
    assert adventure.state.fight.ally is not None and adventure.state.fight.ally.skill == 9
    assert adventure.state.counters[copy.counter] == 0
    assert driver.top is board


def test_a_board_without_spells_in_the_book_shows_no_spells_button(services):
    adventure = make_adventure(services, "DF31")
    adventure.act({"do": "fight", "enemies": [{"name": "Orc", "skill": 7, "stamina": 6}]})
    driver = Driver(services.navigator.build(Screen.COMBAT, adventure))
    assert not driver.top.controls.spells_button.visible


def test_an_ally_can_be_set_to_fight_alone_from_the_fight_setup(services):
    scene = FightSetupScene(services, make_adventure(services, "DF49"))
    driver = Driver(scene)
    scene.controls.options.ally_toggle.value = True
    scene.controls.options.ally_name.text, scene.controls.options.ally_skill.text, scene.controls.options.ally_stamina.text = (
        "Sorrel",
        "8",
        "6",
    )
    scene.refresh_form()
    driver.click(scene.controls.options.ally_alone_toggle)
    scene.typed.append({"name": "Gobelin", "skill": 5, "stamina": 4, "notes": ""})  # an enemy: the action is whole
    assert scene.fight_action().ally_alone is True


def test_the_journal_names_the_books_choices_spells_tests_and_dice(services):
    book = services.shelf.books["FF2"]
    session_book = services.shelf.books["FF1"]
    adventure = make_adventure(services, "FF1", dice=[3, 4], hero=middle_hero(session_book))
    adventure.act({"do": "choose", "step": "potion", "picks": ["luck"]})
    adventure.act({"do": "roll", "dice": "2d6"})
    ui = services.ui
    ui.catalogue.set_language("en")
    lines = [describe_entry(ui, session_book, entry) for entry in adventure.session.entries]
    potion = session_book.step("potion")
    assert lines[0] == f"{potion.name.en}: {next(o.name.en for o in potion.options if o.id == 'luck')}"
    assert lines[1].startswith("Dice rolled: 2d6") and "3·4" in lines[1]
    copy = next(spell for spell in book.spells if spell.id == "esp")
    entry = Entry(action={"do": "cast", "spell": "esp"}, dice=[])
    assert describe_entry(ui, book, entry) == f"Spell: {copy.name.en}"
