"""The Rôle'n Play table screen, driven with posted events: what the screen does equals the rules applied directly."""

from __future__ import annotations

import pygame
import pytest
from app_helpers import Driver, make_services

from game.app.adventure import Adventure
from game.rules.dice import RandomDice
from game.rules.session import Session, Start
from game.scenes.dice_roll import DiceRollScene
from game.scenes.rnp_table.character_form import CharacterForm
from game.scenes.rnp_table.saves import SavesScene
from game.scenes.rnp_table.scene import RnpTableScene
from game.scenes.rnp_table.words import journal_line

SEED = 20
CTRL = pygame.KMOD_CTRL


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


def new_table(services, seed=SEED, tab="party", window=(1280, 720)):
    book = services.shelf.books["rolenplay"]
    adventure = Adventure.start(Session(book, RandomDice(seed), Start(language=services.language)), services.saves)
    scene = RnpTableScene(services, adventure, tab)
    return scene, Driver(scene, window)


def reference(services, seed=SEED):
    book = services.shelf.books["rolenplay"]
    return Session(book, RandomDice(seed), Start(language=services.language))


def widget(scene, name):
    return scene.panel_named_all()[name]


def select_tab(scene, driver, tab):
    driver.click(widget(scene, f"chrome:tab:{tab}"))
    assert scene.tab == tab


def fill(driver, field, text):
    """Click a text field, select everything in it and type ``text`` over it."""
    driver.click(field)
    driver.key(pygame.K_a, CTRL)
    driver.type(text)


def add_through_form(scene, driver, name, scores, skills=(), saves=(), darkvision=None):
    driver.click(widget(scene, "add"))
    form = driver.top
    assert isinstance(form, CharacterForm)
    fill(driver, form.fields["name"], name)
    for ability, value in scores.items():
        fill(driver, form.fields[ability], str(value))
    if darkvision is not None:
        fill(driver, form.fields["darkvision"], str(darkvision))
    for skill in skills:
        driver.click(form.skill_buttons[skill])
    for ability in saves:
        driver.click(form.save_buttons[ability])
    driver.click(form.ok_button)
    assert driver.top is scene, form.error


def close_overlay(driver):
    """Skip the tumble if it still tumbles, then close the dice overlay."""
    overlay = driver.top
    assert isinstance(overlay, DiceRollScene)
    if not overlay.settled:
        driver.click((640, 360))
    driver.close_dice()
    assert driver.top is not overlay


DWARF = {"name": "Brok", "scores": {"str": 16, "con": 16, "wis": 12}, "skills": ["athletics"], "saves": ["con"], "darkvision": 18}


def test_adding_a_character_through_the_form_equals_the_action(services):
    scene, driver = new_table(services)
    add_through_form(scene, driver, DWARF["name"], DWARF["scores"], DWARF["skills"], DWARF["saves"], DWARF["darkvision"])
    ref = reference(services)
    ref.apply(
        {
            "do": "add_character",
            "name": "Brok",
            "scores": {"str": 16, "dex": 10, "con": 16, "int": 10, "wis": 12, "cha": 10},
            "skills": ["athletics"],
            "saves": ["con"],
            "senses": {"darkvision": 18},
        }
    )
    assert scene.adventure.state.party == ref.state.party
    assert scene.rules["party"]["Brok"]["modifiers"]["str"] == 3


def test_the_form_shows_the_rules_refusal_and_stays_open(services):
    scene, driver = new_table(services)
    driver.click(widget(scene, "add"))
    form = driver.top
    fill(driver, form.fields["name"], "Aria")
    fill(driver, form.fields["str"], "31")
    driver.click(form.ok_button)
    assert driver.top is form and form.error and "31" in form.error
    assert scene.adventure.state.party == []


def test_a_nameless_character_is_refused_in_the_form_naming_the_field(services):
    """Parse or refuse: what makes no action (an empty name) is the session's refusal, shown in the form."""
    scene, driver = new_table(services)
    driver.click(widget(scene, "add"))
    form = driver.top
    fill(driver, form.fields["name"], "   ")
    driver.click(form.ok_button)
    assert driver.top is form and form.error and "« nom »" in form.error
    assert scene.adventure.state.party == []


def test_a_forced_march_through_the_planner_equals_travel_party_with_the_same_dice(services):
    scene, driver = new_table(services, tab="travel")
    for who in ("Brok", "Mira"):
        scene.act({"do": "add_character", "name": who, "scores": {"con": 14 if who == "Brok" else 9}})
    driver.send()
    driver.click(widget(scene, "mode:foot"))
    driver.click(widget(scene, "pace:fast"))
    driver.click(widget(scene, "terrain:difficult"))
    driver.click(widget(scene, "unit:days"))
    fill(driver, widget(scene, "amount"), "1")
    fill(driver, widget(scene, "extra"), "2")
    preview = scene.panel.current
    assert preview is not None and preview.refused is None and len(preview.result["saves"]) == 4
    driver.click(widget(scene, "go"))
    close_overlay(driver)
    saves = driver.top
    assert isinstance(saves, SavesScene)  # every save, passed ones too, with its day, hour and DC
    assert [(day, hour, dc, len(ss)) for day, hour, dc, ss in saves.hours()] == [(1, 9, 11, 2), (1, 10, 12, 2)]
    driver.click((640, 360))
    assert driver.top is scene
    assert scene.panel.texts["extra"] == "0"  # the forced march is not carried into the next leg
    ref = reference(services)
    for who in ("Brok", "Mira"):
        ref.apply({"do": "add_character", "name": who, "scores": {"con": 14 if who == "Brok" else 9}})
    ref.apply(
        {
            "do": "travel_party",
            "mode": "foot",
            "pace": "fast",
            "terrain": "difficult",
            "days": 1,
            "extra_hours": 2,
            "supplies": True,
            "camp": True,
            "hot": False,
        }
    )
    assert scene.adventure.state == ref.state
    assert scene.adventure.session.entries[-1].dice == ref.entries[-1].dice


def test_a_refused_leg_disables_set_off_with_the_reason(services):
    scene, driver = new_table(services, tab="travel")
    scene.act({"do": "add_character", "name": "Brok"})
    driver.send()
    driver.click(widget(scene, "unit:hours"))
    fill(driver, widget(scene, "amount"), "9")
    go = widget(scene, "go")
    assert not go.enabled and "8" in go.tooltip_text()
    driver.click(go)
    assert scene.adventure.state.clock.elapsed_s == 0


def test_ctrl_z_undoes_and_ctrl_y_redoes(services):
    scene, driver = new_table(services)
    add_through_form(scene, driver, "Aria", {"dex": 15})
    assert [m.name for m in scene.adventure.state.party] == ["Aria"]
    driver.key(pygame.K_z, CTRL)
    assert scene.adventure.state.party == [] and scene.rules["party_order"] == []
    driver.key(pygame.K_y, CTRL)
    assert scene.rules["party_order"] == ["Aria"]
    driver.click(widget(scene, "chrome:undo"))
    assert scene.rules["party_order"] == []


def test_exhaustion_track_is_the_eraser(services):
    scene, driver = new_table(services)
    scene.act({"do": "add_character", "name": "Aria"})
    driver.send()
    driver.click(widget(scene, "exh:Aria:3"))
    assert scene.rules["party"]["Aria"]["exhaustion"] == 3
    assert len(scene.rules["party"]["Aria"]["exhaustion_text"]) == 3
    assert not widget(scene, "exh:Aria:3").enabled


def test_the_current_scale_is_refused_and_switching_works(services):
    scene, driver = new_table(services, tab="clock")
    assert not widget(scene, "scale:hour").enabled
    driver.click(widget(scene, "scale:round"))
    assert scene.rules["clock"]["scale"] == "round"
    driver.click(widget(scene, "step"))
    driver.click(widget(scene, "step"))
    assert scene.rules["clock"]["elapsed_s"] == 12 and scene.round_number() == 3
    fill(driver, widget(scene, "amount"), "10")
    driver.click(widget(scene, "advance"))
    assert scene.rules["clock"]["elapsed_s"] == 72


@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080), (1000, 800)])
def test_every_panel_renders_in_every_window(services, window):
    from game.scenes.samples.rnp import sample_table

    scene = RnpTableScene(services, sample_table(services), "party")
    driver = Driver(scene, window)
    for tab in list(scene.panels):
        select_tab(scene, driver, tab)
        assert driver.loop.frames_drawn > 0
    for language in ("en", "fr"):
        services.ui.catalogue.set_language(language)
        scene.refresh()
        driver.send()


def test_a_three_day_journey_run_through_the_screen_comes_back_after_closing(services):
    """Done when: three days on the road with a forced march, a night without water and a hiding attempt,
    all through the screen; the app is closed; loading the save shows the same table and journal."""
    scene, driver = new_table(services)
    add_through_form(scene, driver, "Brok", {"str": 16, "con": 16}, ["athletics"], ["con"], 18)
    add_through_form(scene, driver, "Elwen", {"dex": 17, "wis": 14}, ["stealth", "perception"], ["dex"], 18)
    add_through_form(scene, driver, "Mira", {"con": 9, "wis": 15}, ["perception"], ["wis"])
    # day 1: a normal day of march
    select_tab(scene, driver, "travel")
    driver.click(widget(scene, "unit:days"))
    driver.click(widget(scene, "supplies"))  # the packs are empty: food and water are settled by hand below
    fill(driver, widget(scene, "amount"), "1")
    driver.click(widget(scene, "go"))
    # day 2: fast, with a forced march of two hours (Constitution saves in the overlay, then every save listed)
    driver.click(widget(scene, "pace:fast"))
    fill(driver, widget(scene, "extra"), "2")
    driver.click(widget(scene, "go"))
    close_overlay(driver)
    assert isinstance(driver.top, SavesScene)
    driver.click((640, 360))
    # the night without water: everyone's day settled with nothing drunk
    select_tab(scene, driver, "food")
    driver.click(widget(scene, "settle_all"))
    # day 3: slow, so the elf can sneak
    select_tab(scene, driver, "travel")
    driver.click(widget(scene, "pace:slow"))
    fill(driver, widget(scene, "extra"), "0")
    driver.click(widget(scene, "go"))
    # the hiding attempt: Elwen behind total cover, watched by an orc
    select_tab(scene, driver, "hide")
    driver.click(widget(scene, "who:Elwen"))
    fill(driver, widget(scene, "c1_name"), "Orc")
    driver.click(widget(scene, "hide"))
    close_overlay(driver)

    view = scene.rules
    dos = [entry["do"] for entry in view["journal"]]
    assert dos.count("travel_party") == 3 and dos.count("drink_day") == 3 and dos[-1] == "hide"
    assert view["clock"]["day"] == 4
    assert all(view["party"][n]["dehydrated"] for n in view["party_order"])
    forced = [e for e in view["journal"] if e["do"] == "travel_party"][1]
    assert forced["data"]["pace"] == "fast"
    legs = [e for e in scene.adventure.session.entries if e.action["do"] == "travel_party"]
    assert [len(e.dice) > 0 for e in legs] == [False, True, False]
    lines = [journal_line(services.ui, scene.book, e) for e in view["journal"]]
    save_id, state = scene.adventure.save_id, scene.adventure.state.model_copy(deep=True)

    del scene, driver  # the app is closed
    _, session = services.saves.load(save_id, services.shelf.books)
    again = RnpTableScene(services, Adventure(session, services.saves, save_id), "clock")
    Driver(again)
    assert again.adventure.state == state
    assert again.rules == view
    assert [journal_line(services.ui, again.book, e) for e in again.rules["journal"]] == lines
    assert again.panel.journal.rows  # the journal widget shows the lines


def test_escape_closes_the_form_without_acting(services):
    scene, driver = new_table(services)
    driver.click(widget(scene, "add"))
    driver.key(pygame.K_ESCAPE)
    assert driver.top is scene and scene.adventure.session.entries == []


def test_f1_opens_the_help_on_the_rnp_topic(services):
    scene, driver = new_table(services)
    driver.key(pygame.K_F1)
    try:
        from game.scenes.help import HelpScene
    except ImportError:
        assert driver.top is scene and scene.status_bad
    else:
        assert isinstance(driver.top, HelpScene)


def test_the_forced_march_overlay_tumbles_then_closes(tmp_path):
    services = make_services(tmp_path, animation_speed="normal")
    scene, driver = new_table(services, tab="travel")
    scene.act({"do": "add_character", "name": "Brok"})
    driver.send()
    driver.click(widget(scene, "unit:days"))
    fill(driver, widget(scene, "amount"), "2")
    fill(driver, widget(scene, "extra"), "1")
    driver.click(widget(scene, "go"))
    overlay = driver.top
    assert isinstance(overlay, DiceRollScene) and not overlay.settled
    assert [g.sides for g in overlay.groups] == [20]
    close_overlay(driver)
    assert scene.rules["journal"][-1]["do"] == "travel_party" and scene.status


def test_back_goes_to_the_bookshelf(services):
    scene, driver = new_table(services)
    driver.click(widget(scene, "chrome:back"))
    try:
        from game.scenes.bookshelf.scene import BookshelfScene
    except ImportError:
        assert driver.top is scene
    else:
        assert isinstance(driver.top, BookshelfScene)


def test_english_texts_and_journal(tmp_path):
    services = make_services(tmp_path, language="en")
    services.ui.catalogue.set_language("en")
    scene, driver = new_table(services, tab="clock")
    scene.act({"do": "add_character", "name": "Aria"})
    scene.act({"do": "travel_party", "days": 1})
    lines = [journal_line(services.ui, scene.book, e) for e in scene.rules["journal"]]
    assert lines == ["D1 00:00 · Aria joins the party.", "D1 00:00 · Aria: On foot, normal pace, 36 km in 1 d."]
    assert "⟦" not in scene.status
