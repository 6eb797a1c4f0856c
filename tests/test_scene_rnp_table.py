"""The game master's table (issue 18) driven with the mouse: time jumps, the clock setter, rests, timers and
breaths, hit points, packs, light from the clock, the players' view; what the screen does equals the rules
applied directly, and everything comes back after a reload."""

from __future__ import annotations

import pygame
import pytest
from app_helpers import Driver, make_services

from game.app.adventure import Adventure
from game.rules.dice import RandomDice
from game.rules.session import Session, Start
from game.scenes.dice_roll import DiceRollScene
from game.scenes.rnp_table.players import PlayersScene
from game.scenes.rnp_table.scene import RnpTableScene
from game.scenes.rnp_table.words import timer_status

SEED = 7
CTRL = pygame.KMOD_CTRL


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def table(services, tab="clock", party=("Aria",)):
    book = services.shelf.books["rolenplay"]
    adventure = Adventure.start(Session(book, RandomDice(SEED), Start(language=services.language)), services.saves)
    for name in party:
        adventure.act({"do": "add_character", "name": name, "hp_max": 12})
    scene = RnpTableScene(services, adventure, tab)
    return scene, Driver(scene)


def widget(scene, name):
    return scene.panel_named_all()[name]


def fill(driver, field, text):
    driver.click(field)
    driver.key(pygame.K_a, CTRL)
    driver.type(text)


def reload(services, scene):
    _, session = services.saves.load(scene.adventure.save_id, services.shelf.books)
    return RnpTableScene(services, Adventure(session, services.saves, scene.adventure.save_id), scene.tab)


def test_the_dawn_button_jumps_to_the_next_dawn(services):
    scene, driver = table(services)
    driver.click(widget(scene, "to:dawn"))
    assert scene.rules["clock"]["hour"] == 6 and scene.rules["daylight"] == "dawn" and scene.rules["light"] == "dim"
    driver.click(widget(scene, "to:dawn"))
    assert scene.rules["clock"]["day"] == 2 and scene.rules["clock"]["hour"] == 6


def test_a_typed_duration_with_units_passes_that_time(services):
    scene, driver = table(services)
    fill(driver, widget(scene, "amount"), "1h30")
    driver.click(widget(scene, "advance"))
    assert scene.rules["clock"]["elapsed_s"] == 5400
    fill(driver, widget(scene, "amount"), "2 j")
    driver.click(widget(scene, "advance"))
    assert scene.rules["clock"]["day"] == 3


def test_the_clock_setter_puts_the_table_at_a_time_of_day(services):
    scene, driver = table(services)
    fill(driver, widget(scene, "set_hour"), "14")
    fill(driver, widget(scene, "set_minute"), "30")
    driver.click(widget(scene, "set_time"))
    clock = scene.rules["clock"]
    assert (clock["day"], clock["hour"], clock["minute"]) == (1, 14, 30)
    assert scene.panel.texts["set_hour"] == ""


def test_the_rest_buttons_move_the_clock_and_rest(services):
    scene, driver = table(services)
    scene.act({"do": "set_exhaustion", "character": "Aria", "level": 2})
    driver.click(widget(scene, "short_rest"))
    assert scene.rules["clock"]["elapsed_s"] == 3600 and scene.rules["party"]["Aria"]["exhaustion"] == 2
    driver.click(widget(scene, "rest"))
    assert scene.rules["clock"]["elapsed_s"] == 3600 + 8 * 3600 and scene.rules["party"]["Aria"]["exhaustion"] == 1


def test_a_timer_started_with_the_mouse_runs_out_warns_and_is_saved(services):
    scene, driver = table(services, "timers")
    fill(driver, widget(scene, "label"), "Torche")
    fill(driver, widget(scene, "amount"), "30")
    driver.click(widget(scene, "scale:minute"))
    driver.click(widget(scene, "owner:Aria"))
    driver.click(widget(scene, "add"))
    (timer,) = scene.rules["timers"]
    assert (timer["label"], timer["character"], timer["duration_s"]) == ("Torche", "Aria", 1800)
    scene.act({"do": "advance", "amount": 1})  # an hour on the hour scale
    (timer,) = scene.rules["timers"]
    assert timer["expired"] and timer_status(services.ui, timer)[1]
    again = reload(services, scene)
    assert again.rules["timers"] == scene.rules["timers"]
    driver.click(widget(scene, f"restart:{timer['id']}"))
    assert not scene.rules["timers"][0]["expired"]
    driver.click(widget(scene, f"remove:{timer['id']}"))
    assert scene.rules["timers"] == []


def test_a_held_breath_is_a_timer_that_survives_a_reload(services):
    scene, driver = table(services, "breath")
    driver.click(widget(scene, "hold"))
    (breath,) = scene.rules["timers"]
    assert breath["kind"] == "breath" and breath["character"] == "Aria" and breath["phase"] == "holding"
    again = reload(services, scene)
    assert again.rules["timers"] == scene.rules["timers"]
    driver.click(widget(scene, "breathe:Aria"))
    assert scene.rules["timers"] == []


def test_damage_and_healing_typed_on_the_card_land_on_hit_points(services):
    scene, driver = table(services, "party")
    fill(driver, widget(scene, "hp:Aria"), "5")
    driver.click(widget(scene, "damage:Aria"))
    assert scene.rules["party"]["Aria"]["hp"] == 7
    fill(driver, widget(scene, "hp:Aria"), "3")
    driver.click(widget(scene, "heal:Aria"))
    assert scene.rules["party"]["Aria"]["hp"] == 10
    driver.click(widget(scene, "exh:Aria:4"))  # exhaustion 4 halves the maximum
    assert scene.rules["party"]["Aria"]["hp_max_now"] == 6 and scene.rules["party"]["Aria"]["hp"] == 6


def test_four_cards_fit_a_page(services):
    scene, _ = table(services, "party", ("A", "B", "C", "D", "E"))
    cards = scene.panel.cards()
    assert [name for name, _ in cards] == ["A", "B", "C", "D"]
    assert all(scene.panel.inner().left <= card.left and card.right <= scene.panel.inner().right for _, card in cards)


def test_everyone_eats_and_drinks_from_their_packs_in_one_click(services):
    scene, driver = table(services, "food", ("Aria", "Bran"))
    for name, rations, water in (("Aria", "2", "6"), ("Bran", "1", "3")):
        fill(driver, widget(scene, f"rations:{name}"), rations)
        fill(driver, widget(scene, f"water:{name}"), water)
        driver.click(widget(scene, f"pack:{name}"))
    driver.click(widget(scene, "ration:Aria:half"))  # Aria eats half a ration a day
    driver.click(widget(scene, "supply_all"))
    if isinstance(driver.top, DiceRollScene):
        driver.click((640, 360))
        driver.click((640, 360))
    party = scene.rules["party"]
    assert (party["Aria"]["rations"], party["Aria"]["water_l"], party["Aria"]["fasting_days"]) == (1.5, 3, 0.5)
    assert (party["Bran"]["rations"], party["Bran"]["water_l"], party["Bran"]["dehydrated"]) == (0, 0, False)
    assert scene.panel.texts["rations:Aria"] == ""  # the load's fields are what to add, never the stock


def test_the_light_follows_the_clock_until_the_game_master_sets_one(services):
    scene, driver = table(services, "light")
    assert scene.rules["light"] == "darkness"  # midnight outdoors
    scene.act({"do": "advance_to", "to": "noon"})
    assert scene.panels["light"].light == "bright" and scene.panels["hide"].light == "bright"
    driver.click(widget(scene, "light:dim"))
    assert scene.rules["light_override"] == "dim" and scene.panels["hide"].light == "dim"
    assert reload(services, scene).rules["light"] == "dim"
    driver.click(widget(scene, "light:__clock__"))
    assert scene.rules["light_override"] is None and scene.rules["light"] == "bright"


def test_the_players_view_shows_time_and_light_without_the_game_masters_numbers(services):
    scene, driver = table(services)
    scene.act({"do": "add_timer", "label": "Torche", "amount": 1})
    driver.click(widget(scene, "chrome:players"))
    players = driver.top
    assert isinstance(players, PlayersScene)
    shown = players.lines()
    assert shown["time"] == scene.ui.t("rnp.time_of_day", hour="00", minute="00")
    assert shown["light"] and shown["period"] and [t["label"] for t in shown["timers"]] == ["Torche"]
    assert not {"party", "hp", "exhaustion", "journal"} & set(shown)
    driver.key(pygame.K_ESCAPE)
    assert driver.top is scene
    driver.key(pygame.K_F2)
    assert isinstance(driver.top, PlayersScene)
    driver.click((640, 360))
    assert driver.top is scene


def test_a_left_behind_member_rejoins_with_a_button(services):
    scene, driver = table(services, "travel", ("Aria", "Bran"))
    driver.click(widget(scene, "who:Bran"))  # Bran stays behind
    driver.click(widget(scene, "unit:hours"))
    fill(driver, widget(scene, "amount"), "2")
    driver.click(widget(scene, "go"))
    if isinstance(driver.top, DiceRollScene):
        driver.click((640, 360))
        driver.click((640, 360))
    assert scene.rules["party"]["Bran"]["left_at_s"] == 0
    driver.click(widget(scene, "rejoin:Bran"))
    assert scene.rules["party"]["Bran"]["left_at_s"] is None


def test_removing_a_character_asks_first_through_the_navigator_and_cancel_keeps_them(services):
    from game.app.dialog import Dialog

    scene, driver = table(services, "party", ("Aria", "Bran"))
    driver.click(widget(scene, "remove:Aria"))
    question = driver.top
    assert isinstance(question, Dialog) and "Aria" in question.ui.text(question.message)
    driver.click(question.buttons[0])  # Cancel
    assert driver.top is scene and scene.rules["party_order"] == ["Aria", "Bran"]
    driver.click(widget(scene, "remove:Aria"))
    driver.click(driver.top.buttons[1])  # Remove
    assert driver.top is scene and scene.rules["party_order"] == ["Bran"]
    driver.key(pygame.K_z, CTRL)  # a removal is an action like any other: undone
    assert scene.rules["party_order"] == ["Aria", "Bran"]
