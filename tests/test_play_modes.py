"""Issue 15 on screen: honest and bookmark play, heals that ask first and say what they gained, bounds."""

import pytest
from app_helpers import Driver, make_services

from game.app.adventure import Adventure
from game.app.dialog import Dialog
from game.rules.dice import ScriptedDice
from game.rules.session import Session, Start
from game.scenes.creation.scene import CreationScene
from game.scenes.death.scene import DeathScene
from game.scenes.sheet.scene import SheetScene

HERO = {"skill": 10, "stamina": 20, "luck": 9}


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def adventure_of(services, book_id="DF31", dice=(), play="bookmark", book=None):
    book = book or services.shelf.books[book_id]
    session = Session(book, ScriptedDice(list(dice)), Start(hero=dict(HERO), language=services.language, play=play))
    return Adventure.start(session, services.saves)


def test_eating_at_full_stamina_asks_first_and_cancel_keeps_the_provision(services):
    adventure = adventure_of(services)
    driver = Driver(SheetScene(services, adventure))
    driver.click(driver.top.controls.backpack.use_buttons["provisions"])
    assert isinstance(driver.top, Dialog)
    driver.click(driver.top.buttons[0])  # cancel
    assert adventure.state.counters["provisions"] == 4 and not adventure.session.entries


def test_eating_at_full_stamina_anyway_spends_the_provision_and_says_nothing_was_gained(services):
    adventure = adventure_of(services)
    driver = Driver(SheetScene(services, adventure))
    driver.click(driver.top.controls.backpack.use_buttons["provisions"])
    driver.click(driver.top.buttons[1])  # use it anyway
    assert adventure.state.counters["provisions"] == 3
    assert driver.top.message == services.ui.t("play.ate", gain=services.ui.t("play.no_gain"))


def test_a_meal_when_wounded_says_how_much_was_gained_R_FOOD_1(services):
    adventure = adventure_of(services)
    adventure.act({"do": "change", "stat": "stamina", "by": -6})
    driver = Driver(SheetScene(services, adventure))
    driver.click(driver.top.controls.backpack.use_buttons["provisions"])
    assert isinstance(driver.top, SheetScene)
    assert "+4" in driver.top.message and "14 → 18" in driver.top.message


def test_a_potion_at_its_initial_score_asks_first_R_POTION_1(services):
    adventure = adventure_of(services, "DF49")
    driver = Driver(SheetScene(services, adventure))
    driver.click(driver.top.controls.backpack.use_buttons["potions"])
    kinds = driver.top  # the potion question
    driver.click(kinds.buttons[1])
    assert isinstance(driver.top, Dialog) and driver.top.title is not None  # "nothing to gain"
    driver.click(driver.top.buttons[0])
    assert adventure.state.counters["potions"] == 5


def test_honest_play_greys_undo_with_the_reason_after_a_roll(services):
    adventure = adventure_of(services, dice=[3, 3], play="honest")
    driver = Driver(SheetScene(services, adventure))
    adventure.act({"do": "test_luck"})
    driver.top.sync()
    undo = driver.top.controls.top["undo"]
    assert not undo.enabled and "Partie intègre" in services.ui.text(undo.disabled_reason)
    driver.key(__import__("pygame").K_z, mod=__import__("pygame").KMOD_CTRL)
    assert len(adventure.session.entries) == 1


def test_the_sheet_shows_how_the_adventure_is_played(services):
    adventure = adventure_of(services, play="honest")
    driver = Driver(SheetScene(services, adventure))
    from game.app.journal import play_badge

    assert play_badge(services.ui, adventure.session) == "Partie intègre"
    driver.loop.run_frames(1)


def test_honest_death_screen_offers_no_undo_of_the_fatal_roll(services):
    adventure = adventure_of(services, dice=[6, 6, 1, 1, 6, 6], play="honest")
    adventure.act({"do": "change", "stat": "stamina", "by": -19})
    adventure.act({"do": "fight", "enemies": [{"name": "Troll", "skill": 10, "stamina": 10}]})
    adventure.act({"do": "round"})  # 22 against 12: a wound waits
    adventure.act({"do": "luck"})  # 6+6 > 9: unlucky, the wound costs 3 (R-COMBAT-3)
    assert not adventure.state.hero.alive
    scene = DeathScene(services, adventure)
    assert not scene.controls.undo_button.visible and scene.controls.undo_button not in scene.controls.buttons


def test_honest_death_by_a_choice_can_still_be_undone(services):
    adventure = adventure_of(services, dice=[6, 6, 1, 1], play="honest")
    adventure.act({"do": "change", "stat": "stamina", "by": -19})
    adventure.act({"do": "fight", "enemies": [{"name": "Troll", "skill": 10, "stamina": 10}]})
    adventure.act({"do": "round"})
    adventure.act({"do": "no_luck"})  # declining Luck is the player's choice, not the dice's
    scene = DeathScene(services, adventure)
    assert scene.controls.undo_button.visible and scene.controls.undo_button.enabled


def test_bookmark_death_screen_still_offers_undo(services):
    adventure = adventure_of(services, dice=[6, 6, 1, 1, 6, 6])
    adventure.act({"do": "change", "stat": "stamina", "by": -19})
    adventure.act({"do": "fight", "enemies": [{"name": "Troll", "skill": 10, "stamina": 10}]})
    adventure.act({"do": "round"})
    adventure.act({"do": "luck"})
    assert not adventure.state.hero.alive
    scene = DeathScene(services, adventure)
    assert scene.controls.undo_button.visible and scene.controls.undo_button.enabled


def test_creation_chooses_honest_play_and_the_adventure_keeps_it(services):
    driver = Driver(CreationScene(services, services.shelf.books["DF64"]))
    scene = driver.top
    driver.click(scene.controls.pick_buttons[next(iter(scene.controls.pick_buttons))])
    driver.click(scene.controls.honest_toggle)
    driver.click(scene.controls.start_button)
    assert isinstance(driver.top, SheetScene) and driver.top.adventure.session.play == "honest"


def test_the_paragraph_field_names_the_range_and_its_error_clears_after_a_success(services):
    book = services.shelf.books["DF31"].model_copy(update={"section_count": 400})
    adventure = adventure_of(services, book=book)
    driver = Driver(SheetScene(services, adventure))
    scene = driver.top
    driver.click(scene.controls.paragraph.paragraph_field)
    driver.type("401")
    driver.click(scene.controls.paragraph.go_button)
    assert "400" in scene.message and adventure.state.paragraph is None
    scene.controls.paragraph.paragraph_field.text = ""  # the player clears the field
    driver.click(scene.controls.paragraph.paragraph_field)
    driver.type("40")
    driver.click(scene.controls.paragraph.go_button)
    assert adventure.state.paragraph == 40 and scene.message is None


def test_the_eraser_refuses_skill_99_with_a_reason(services):
    adventure = adventure_of(services)
    driver = Driver(SheetScene(services, adventure))
    driver.click(driver.top.controls.hero.stat_erasers["skill"])
    form = driver.top
    form.fields["initial"].text = "99"
    form.fields["current"].text = "10"
    driver.click(form.ok_button)
    assert driver.top is form and "12" in form.problem
    assert adventure.state.hero.initial["skill"] == 10 and not adventure.session.entries


def test_opening_the_rolenplay_table_and_leaving_saves_nothing(services):
    from game.scenes.bookshelf.scene import BookshelfScene
    from game.scenes.rnp_table.scene import RnpTableScene

    driver = Driver(BookshelfScene(services))
    driver.top.start_book("rolenplay")  # what its "Ouvrir la table" button does
    driver.loop.run_frames(1)
    assert isinstance(driver.top, RnpTableScene)
    driver.click(driver.top.chrome["back"])
    shelf = driver.top
    assert isinstance(shelf, BookshelfScene)
    assert services.saves.listing() == [] and services.saves.last() is None and not shelf.controls.continue_button.enabled


def test_the_rolenplay_table_is_saved_at_its_first_action(services):
    from game.scenes.bookshelf.scene import BookshelfScene

    driver = Driver(BookshelfScene(services))
    driver.top.start_book("rolenplay")
    driver.loop.run_frames(1)
    table = driver.top
    table.adventure.act({"do": "add_character", "name": "Ilse"})
    assert services.saves.last() == table.adventure.save_id


def test_a_creature_typed_in_full_is_fought_without_pressing_add(services):
    from game.scenes.combat.scene import CombatScene
    from game.scenes.fight_setup.scene import FightSetupScene

    adventure = adventure_of(services)
    driver = Driver(FightSetupScene(services, adventure))
    setup = driver.top
    (
        setup.controls.creatures.name_field.text,
        setup.controls.creatures.skill_field.text,
        setup.controls.creatures.stamina_field.text,
    ) = "Gobelin", "5", "4"
    setup.controls.creatures.notes_field.text = "Empoisonne"
    setup.refresh_form()
    assert setup.controls.fight_button.enabled
    driver.click(setup.controls.fight_button)
    assert isinstance(driver.top, CombatScene)
    enemy = adventure.state.fight.enemies[0]
    assert (enemy.name, enemy.skill, enemy.stamina, enemy.notes) == ("Gobelin", 5, 4, "Empoisonne")


def test_dead_creatures_leave_the_fight_setup_and_stay_in_the_boxes_as_defeated(services):
    from game.scenes.fight_setup.scene import FightSetupScene

    adventure = adventure_of(services)
    adventure.act({"do": "add_creature", "name": "Rat", "skill": 4, "stamina": 0})
    adventure.act({"do": "add_creature", "name": "Loup", "skill": 6, "stamina": 5})
    setup = FightSetupScene(services, adventure)
    assert [index for index, _toggle in setup.shown_boxes()] == [1]
    sheet = SheetScene(services, adventure)
    assert "vaincu" in services.ui.text(sheet.controls.side.creature_list.items[0])


def test_a_wounded_box_fought_again_keeps_its_maximum_on_the_board(services):
    from game.scenes.fight_setup.scene import FightSetupScene

    adventure = adventure_of(services)
    adventure.act({"do": "add_creature", "name": "Loup", "skill": 6, "stamina": 8})
    adventure.act({"do": "edit_creature", "index": 0, "name": "Loup", "skill": 6, "stamina": 3})
    driver = Driver(FightSetupScene(services, adventure, boxes=(0,)))
    assert "3/8" in services.ui.text(driver.top.shown_boxes()[0][1].label)
    driver.click(driver.top.controls.fight_button)
    enemy = adventure.state.fight.enemies[0]
    assert (enemy.stamina, enemy.initial_stamina) == (3, 8)


def test_pending_wound_to_the_hero_marks_only_the_heros_card(services):
    from game.scenes.combat.scene import CombatScene

    adventure = adventure_of(services, dice=[6, 6, 1, 1])
    adventure.act({"do": "fight", "enemies": [{"name": "Troll", "skill": 10, "stamina": 10}]})
    adventure.act({"do": "round"})
    pending = adventure.state.fight.pending[0]
    assert pending.to == "hero"
    scene = CombatScene(services, adventure)
    marks = []
    scene.painter.cards.pill = lambda surface, tag, rect, tone: marks.append((tag, rect.x))
    scene.draw(__import__("pygame").Surface((1280, 720)))
    tagged = [x for tag, x in marks if tag == services.ui.t("combat.tag_pending")]
    assert len(tagged) == 1 and tagged[0] < 640  # the hero's card, on the left


def test_honest_creation_keeps_the_first_roll(services):
    scene = CreationScene(services, services.shelf.books["DF31"])
    scene.set_honest(True)
    scene.roll()
    first = dict(scene.hero.initial)
    assert not scene.controls.roll_button.enabled and not scene.controls.honest_toggle.enabled
    assert "intègre" in services.ui.text(scene.controls.roll_button.disabled_reason).lower()
    scene.roll()
    scene.apply_typed()
    assert scene.hero.initial == first and scene.message


def test_honest_creation_makes_the_score_fields_read_only_with_the_reason_after_the_roll(services):
    # Issue 30 item 10: the fields stayed editable after the roll, though nothing typed could be confirmed.
    scene = CreationScene(services, services.shelf.books["DF31"])
    scene.set_honest(True)
    scene.roll()
    rolled = {stat: field.text for stat, field in scene.controls.fields.items()}
    for field in scene.controls.fields.values():
        assert not field.enabled
        assert "intègre" in services.ui.text(field.disabled_reason).lower()
    field = scene.controls.fields["skill"]
    field.process_event(__import__("ui_helpers").mouse_down(field.rect.center))
    field.process_event(__import__("ui_helpers").text_input("9"))
    assert {stat: field.text for stat, field in scene.controls.fields.items()} == rolled
    assert scene.controls.name_field.enabled  # the hero's name is still the player's to write


def test_bookmark_creation_may_roll_again(services):
    scene = CreationScene(services, services.shelf.books["DF31"])
    scene.roll()
    scene._refresh()
    assert scene.controls.roll_button.enabled
    assert all(field.enabled for field in scene.controls.fields.values())


def test_a_healing_spell_says_how_much_it_gained(services):
    from app_helpers import make_adventure

    adventure = make_adventure(services, "FF2", hero={"skill": 10, "stamina": 20, "luck": 9, "magic": 10})
    book = services.shelf.books["FF2"]
    index = next(i for i, spell in enumerate(book.spells) if spell.id == "stamina")
    adventure.act({"do": "counter", "name": book.spells[index].counter, "by": 1})
    adventure.act({"do": "change", "stat": "stamina", "by": -8})
    driver = Driver(SheetScene(services, adventure))
    driver.click(driver.top.controls.side.tab_buttons["tools"])
    driver.top.controls.side.tools.spells.select(index)
    driver.top.sync()
    driver.click(driver.top.controls.side.tools.cast_button)
    assert adventure.state.hero.scores["stamina"] == 20  # half the initial 20, capped (R-CAP-1)
    assert "12 → 20" in driver.top.message
