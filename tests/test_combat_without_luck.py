"""The board of a book without LUCK and with a protection roll (the book language's NOLUCK; Loup Solitaire
has no LUCK either): it opens, its gauge has one row, and the banner says when the protection held.

Rule ids refer to /work/shared/RULES.md.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from app_helpers import Driver, make_services
from combat_helpers import board_texts

from game.app.adventure import Adventure
from game.books.loader import load_book
from game.rules.dice import ScriptedDice
from game.rules.session import Session, Start
from game.scenes.combat.scene import CombatScene
from game.scenes.combat.text import tell

BOOKS = Path(__file__).parent / "data" / "language" / "books"
ORC = {"name": "Orc", "skill": 8, "stamina": 10}


@pytest.fixture
def services(tmp_path):
    services = make_services(tmp_path)
    services.ui.catalogue.set_language("en")
    return services


def _board(services, dice=()) -> tuple[Driver, CombatScene]:
    book = load_book(BOOKS / "NOLUCK.json")
    session = Session(book, ScriptedDice(list(dice)), Start(hero={"skill": 9, "stamina": 20}, language="en"))
    adventure = Adventure(session, services.saves, "noluck")
    assert not hasattr(adventure.act({"do": "fight", "enemies": [ORC]}), "code")
    driver = Driver(CombatScene(services, adventure))
    assert driver.top.wait_for_odds(30)
    return driver, driver.top


def test_a_book_without_luck_opens_the_board_with_its_attack_score_alone(services, monkeypatch):
    # The hero's card read hero.scores["luck"]: KeyError, the board could not open (Loup Solitaire neither).
    driver, board = _board(services)
    texts = board_texts(board, monkeypatch)
    assert "SKILL 9" in texts
    board.shutdown()


def test_the_board_of_a_book_without_luck_has_one_chance_and_no_luck_rule_to_state(services, monkeypatch):
    # It showed "Victory without Luck" and "with Luck at its best" for a book that has no LUCK.
    driver, board = _board(services)
    texts = board_texts(board, monkeypatch)
    t = services.ui.t
    assert t("combat.gauge_luck_forbidden") in texts
    assert t("combat.gauge_best_luck") not in texts and t("combat.gauge_no_luck") not in texts
    # No "no Luck in this fight" line either: the book has none to forbid.
    assert t("combat.rule_no_luck").split(":")[0] not in " ".join(texts)
    board.shutdown()


def test_a_wound_the_protection_roll_stops_is_told_as_such(services):
    # The banner said "Orc wounds you!" while the STAMINA bar stayed: the armour's roll (1d6 <= 2) had held.
    driver, board = _board(services, [6, 6, 1, 1, 2])  # the orc's dice, the hero's, the protection roll
    driver.key(pygame.K_r)
    driver.send(frames=5)
    assert board.state.hero.scores["stamina"] == 20 and board.fight.last_round[0].result == "hero_wounded"
    told = tell(services.ui.t, board.timeline.last)
    assert told.banner == services.ui.t("combat.banner_protected", name="Orc")
    assert (services.ui.t("combat.log_protection", roll=2, loss=0), "neutral") in told.lines
    board.shutdown()


def test_a_wound_the_protection_roll_lets_through_is_a_wound(services):
    driver, board = _board(services, [6, 6, 1, 1, 5])
    driver.key(pygame.K_r)
    driver.send(frames=5)
    assert board.state.hero.scores["stamina"] == 18
    told = tell(services.ui.t, board.timeline.last)
    assert told.banner == services.ui.t("combat.banner_wounded", name="Orc")
    board.shutdown()


def test_the_board_rates_a_loup_solitaire_fight_on_its_table(services, monkeypatch):
    # Issue 25 item 4: the gauge of an LW1 fight, one row, the exact figure of its Combat Results Table
    # with the enemy's Mindforce (-2 ENDURANCE a round) counted.
    from test_odds_lw import won

    from game.books.loader import load_book_by_id

    book = load_book_by_id("LW1")
    session = Session(book, ScriptedDice([]), Start(hero={"skill": 15, "stamina": 25}, language="en"))
    adventure = Adventure(session, services.saves, "lw1")
    giak = {"name": "Giak", "skill": 13, "stamina": 20}
    assert not hasattr(adventure.act({"do": "fight", "enemies": [giak], "options": ["mindforce"]}), "code")
    driver = Driver(CombatScene(services, adventure))
    board = driver.top
    assert board.wait_for_odds(30)
    odds = board.odds_answer()["odds"]
    assert odds["exact"] and odds["no_luck"] == pytest.approx(won(2, 25, 20, mindforce=2), abs=1e-9)
    texts = board_texts(board, monkeypatch)
    assert services.ui.t("combat.gauge_luck_forbidden") in texts and services.ui.t("combat.gauge_best_luck") not in texts
    board.shutdown()


def test_the_creature_card_says_the_protection_stopped_its_blow(services, monkeypatch):
    # Its tag said "Wounds you" while the banner said the protection held and the bar stayed.
    driver, board = _board(services, [6, 6, 1, 1, 2])
    driver.key(pygame.K_r)
    driver.send(frames=5)
    texts = board_texts(board, monkeypatch)
    assert services.ui.t("combat.result_protected_card") in texts
    assert services.ui.t("combat.result_hero_wounded_card") not in texts
    board.shutdown()
