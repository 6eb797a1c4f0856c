"""Issue 24 item 6, "the screens follow the data": the sheet of a book written in the book language.

A computed score is read-only with its formula on hover; a book without LUCK has no Luck control; the Tools
tab lists every ending in the book's words; a spell's costs in counters read as the book names them; a
score's name on a button follows the language (the Tools tab's test button said ``Test fr='HONNEUR' …``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import Driver, make_adventure, make_services

from game.app.navigator import Screen
from game.books.loader import load_book
from game.scenes.common.spells import spell_label

BOOKS = Path(__file__).parent / "data" / "language" / "books"


@pytest.fixture
def services(tmp_path):
    services = make_services(tmp_path)
    for path in BOOKS.glob("*.json"):
        services.shelf.books[path.stem] = load_book(path)
    return services


def _sheet(services, book_id, hero=None):
    adventure = make_adventure(services, book_id, hero=hero)
    scene = services.navigator.build(Screen.SHEET, adventure)
    return Driver(scene), scene


def test_a_computed_score_is_shown_read_only_with_its_formula_in_the_books_names(services):
    _, scene = _sheet(services, "ARMY")
    counter = scene.controls.hero.stat_counters["strength"]
    assert counter.value == 14 and not counter.enabled
    assert scene.ui.text(counter.disabled_reason) == "FORCE DE L'ARMÉE = Guerriers + Chevaliers * 2"
    assert not scene.controls.hero.stat_erasers["strength"].visible
    scene.adventure.act({"do": "counter", "name": "warriors", "by": -4})
    scene.sync()
    assert counter.value == 10


def test_a_book_without_luck_has_no_luck_control(services):
    _, scene = _sheet(services, "TABLE", hero={"skill": 15, "stamina": 25})
    assert not scene.controls.hero.luck_button.visible
    assert scene.controls.hero.skill_button.visible


def test_the_tools_tab_lists_every_ending_in_the_books_words(services):
    _, scene = _sheet(services, "ARMY")
    scene.show_tab("tools")
    conditions = {c.label: c.lines for c in scene.view.tools.conditions}
    ends = [text for text, _ in conditions["L'aventure s'arrête si :"]]
    assert ends == ["ENDURANCE ≤ 0", "Votre armée est en déroute.", "Trente jours : la cité est tombée.", "Le roi vous couronne."]
    assert conditions["Attention si :"] == (("Le temps presse.", False),)
    scene.adventure.act({"do": "tick", "track": "days", "by": 26})
    scene.sync()
    assert {c.label: c.lines for c in scene.view.tools.conditions}["Attention si :"] == (("Le temps presse.", True),)


def test_a_cost_in_a_counter_reads_as_the_book_names_it(services):
    book = services.shelf.books["ARMY"]
    adventure = make_adventure(services, "ARMY")
    assert spell_label(book, book.spells[0], adventure.state, "en") == "Rally · Gold Pieces −5, STAMINA −1d6"


def test_a_test_button_names_the_score_in_the_language_of_the_moment(services):
    _, scene = _sheet(services, "ARMY")
    scene.show_tab("tools")
    button = scene.controls.side.tools.test_buttons["morale"]
    assert scene.ui.text(button.label) == "Tester MORAL"
    scene.ui.catalogue.set_language("en")
    assert scene.ui.text(button.label) == "Test MORALE"


def test_a_defeat_opens_the_end_page_in_the_books_words(services):
    driver, scene = _sheet(services, "ARMY")
    scene.adventure.act({"do": "set_counter", "name": "warriors", "value": 0})
    scene.adventure.act({"do": "set_counter", "name": "knights", "value": 0})
    assert services.navigator.hero_fell(scene, scene.adventure)
    driver.stack.apply_pending()
    view = driver.top.view()
    assert view.title == "Votre aventure est perdue"
    assert "Votre armée est en déroute." in [line.text for line in view.story]
    assert services.navigator.reopen(scene.adventure).screen is Screen.DEATH


def test_the_chronicles_say_a_defeat_in_the_books_words(services):
    from game.app.chronicle import run_record

    adventure = make_adventure(services, "ARMY")
    adventure.act({"do": "choose", "step": "oath", "picks": ["king"]})
    adventure.act({"do": "counter", "name": "gold", "by": 40})
    assert run_record(adventure.session, "x").outcome == "won"
    adventure.session.undo()
    adventure.act({"do": "tick", "track": "days", "by": 30})
    record = run_record(adventure.session, "x")
    assert (record.outcome, record.cause) == ("lost", "Trente jours : la cité est tombée.")


def test_a_track_moves_on_from_its_button_and_the_records_say_it(services):
    driver, scene = _sheet(services, "TABLE", hero={"skill": 15, "stamina": 25})
    scene.show_tab("tools")
    # the satchel's limit is worked out (3 - its 1 Meal): the room left, not the expression
    assert scene.view.tools.records == ("Sac à dos (0 / 2) : (vide)", "Besace (0 / 2) : (vide)")
    army_driver, army = _sheet(services, "ARMY")
    army.show_tab("tools")
    army_driver.click(army.controls.side.tools.track_buttons["days"])
    assert army.adventure.state.tracks["days"] == 1
    assert "Jours de campagne : 1 / 40 jours" in army.view.tools.records


def _board(services, book_id, fight, dice, hero):
    from game.app.adventure import Adventure
    from game.rules.dice import ScriptedDice
    from game.rules.session import Session, Start

    book = services.shelf.books[book_id]
    adventure = Adventure.start(Session(book, ScriptedDice(list(dice)), Start(hero=hero)), services.saves)
    adventure.act(fight)
    adventure.act({"do": "round"})
    driver = Driver(services.navigator.build(Screen.COMBAT, adventure))
    driver.send(frames=3)  # drawn, the dice landed
    return driver, driver.top


@pytest.mark.parametrize(
    ("skill", "number", "line"),
    [
        (15, 5, "Nombre 5 · rapport de force 0 (colonne 0) : ennemi −6, vous 0"),  # nothing lost reads 0, not −0
        (7, 9, "Nombre 9 · rapport de force +8 (colonne +1 ou plus) : ennemi tué, vous 0"),  # signed; "K": a kill, not "−K"
    ],
)
def test_a_round_read_on_the_table_is_shown_as_the_number_and_the_cell(services, skill, number, line):
    fight = {"do": "fight", "enemies": [{"name": "Giak", "skill": skill, "stamina": 10}]}
    _, board = _board(services, "TABLE", fight, [number], {"skill": 15, "stamina": 25})
    assert line in [text for text, _ in board.view().log]


def test_an_army_fight_shows_its_troops_as_the_wounded_score(services):
    fight = {"do": "fight", "profile": "battle", "enemies": [{"name": "Horde", "skill": 9, "stamina": 5}]}
    _, board = _board(services, "ARMY", fight, [6, 6, 1, 1], {"skill": 10, "stamina": 20, "luck": 9})
    assert board.animator.bars["hero"].target == 7  # 10 warriors, 3 lost
    assert board.adventure.state.counters["warriors"] == 7


def test_a_book_without_luck_shows_one_chance_of_victory(services):
    from game.scenes.combat.paint import gauge_rows

    assert gauge_rows(services.shelf.books["NOLUCK"], "guns") == (("combat.gauge_luck_forbidden", "no_luck"),)
    assert gauge_rows(services.shelf.books["NOLUCK"], None) == (("combat.gauge_luck_forbidden", "no_luck"),)
    assert len(gauge_rows(services.shelf.books["ARMY"], None)) == 2


def test_the_odds_of_an_army_fight_read_the_troops(services):
    fight = {"do": "fight", "profile": "battle", "enemies": [{"name": "Horde", "skill": 9, "stamina": 5}]}
    driver, board = _board(services, "ARMY", fight, [6, 6, 1, 1], {"skill": 10, "stamina": 20, "luck": 9})
    assert board.wait_for_odds(30)
    answer = board.view().odds
    assert answer is not None and answer["odds"] is not None and "error" not in answer


def test_a_hint_on_the_board_is_shown_whole_or_not_at_all(services):
    from game.scenes.combat.centre import CentrePainter

    lines = ["one two three four five six seven eight nine ten " * 3] * 6
    size, hints = CentrePainter._fit_hints(lines, 16, 300, 120)
    assert size == 13 and 0 < len(hints) < len(lines)
    assert all(" ".join(hint).split() == lines[0].split() for hint in hints)
    assert CentrePainter._fit_hints(["short"], 16, 300, 120) == (16, [["short"]])


def test_creation_shows_a_computed_score_by_its_formula_and_its_value(services):
    from game.scenes.creation.paint import summary

    scene = services.navigator.build(Screen.CREATION, services.shelf.books["ARMY"])
    Driver(scene)
    rule = next(r for r in scene.view().rules if r.name.name == "FORCE DE L'ARMÉE")
    assert (rule.rule, rule.rolled, rule.fixed) == ("calculé : Guerriers + Chevaliers * 2", False, None)
    scene.roll()
    tile = next(t for t in scene.view().tiles if t.name.name == "FORCE DE L'ARMÉE")
    assert (tile.value, tile.formula, tile.note) == (14, "calculé", "suit vos scores")
    assert "FORCE" not in summary(scene.view().hero, scene.ui, scene.r)  # no initial value to sum up


def test_the_tools_heading_names_tests_and_tracks_as_the_book_has_them(services):
    _, army = _sheet(services, "ARMY")  # MORALE is testable, the campaign's days a track
    assert army.view.tools.tests == "Tests · Le temps passe"
    _, seas = _sheet(services, "FF16", hero={"skill": 10, "stamina": 20, "luck": 9, "crew_strike": 8, "crew_strength": 12})
    assert seas.view.tools.tests == "Le temps passe"
    _, plain = _sheet(services, "FF6")
    assert plain.view.tools.tests is None


def test_a_long_score_name_gives_way_to_its_short_name_on_the_sheet(services):
    _, seas = _sheet(services, "FF16", hero={"skill": 10, "stamina": 20, "luck": 9, "crew_strike": 8, "crew_strength": 12})
    line = next(line for line in seas.view.stats if line.name == "FORCE DE L'ÉQUIPAGE")
    assert line.short == "ÉQUIPAGE"


def test_a_table_round_where_both_lose_says_so_on_the_banner(services):
    fight = {"do": "fight", "enemies": [{"name": "Giak", "skill": 18, "stamina": 10}]}
    _, board = _board(services, "TABLE", fight, [2], {"skill": 15, "stamina": 25})  # ratio -3, number 2: 2 and 2
    assert board.view().told.banner == "Vous et Giak êtes blessés !"  # it said "Parade" (no blow lands)


def test_what_the_books_triggers_say_in_a_round_is_in_the_fight_log(services):
    import copy
    import json

    from game.books.loader import validate_book

    data = copy.deepcopy(json.loads((BOOKS / "TABLE.json").read_text(encoding="utf-8")))
    said = {"fr": "Force psychique : −2.", "en": "Mindforce: −2."}
    data["triggers"].append({"on": "round", "effects": [{"effect": "add", "to": "stamina", "by": -2}], "message": said})
    services.shelf.books["TABLE"] = validate_book("TABLE.json", data)
    fight = {"do": "fight", "enemies": [{"name": "Giak", "skill": 18, "stamina": 10}]}
    _, board = _board(services, "TABLE", fight, [2], {"skill": 15, "stamina": 25})
    assert "Force psychique : −2." in [text for text, _ in board.view().log]


def test_a_table_may_name_its_index_for_the_rules_in_force(services):
    from game.scenes.combat.text import rules_in_force

    book = services.shelf.books["TABLE"]
    fight = {"do": "fight", "enemies": [{"name": "Giak", "skill": 18, "stamina": 10}]}
    _, board = _board(services, "TABLE", fight, [2], {"skill": 15, "stamina": 25})
    lines = rules_in_force(board.ui.t, book, board.view().fight, "fr")
    assert any("Chaque assaut se lit sur la table du livre (rapport de force et un nombre)" in line for line in lines)
