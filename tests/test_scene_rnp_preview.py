"""Dry runs for the Rôle'n Play table (game.rules.rnp.preview) and the words the screen uses."""

from __future__ import annotations

import pytest

from game.books.loader import load_book_by_id
from game.i18n.catalogue import Catalogue
from game.rules.dice import ScriptedDice
from game.rules.rnp.preview import forced_march_schedule, preview
from game.rules.session import Session
from game.scenes.rnp_table.words import distance, duration, journal_line, num, parse_number
from game.ui.context import UIContext


@pytest.fixture(scope="module")
def book():
    return load_book_by_id("rolenplay")


@pytest.fixture
def session(book):
    session = Session(book, ScriptedDice([]))
    session.apply({"do": "add_character", "name": "Brok", "scores": {"con": 16}, "saves": ["con"]})
    session.apply({"do": "add_character", "name": "Mira", "scores": {"con": 9}})
    session.apply({"do": "set_exhaustion", "character": "Mira", "level": 3})
    return session


def test_preview_changes_nothing_and_draws_no_dice(session):
    before = session.state.model_copy(deep=True)
    entries = len(session.entries)
    result = preview(session.book, session.state, {"do": "travel_party", "days": 1, "extra_hours": 2})
    assert result.ok and result.result["distance_m"] == 36000 + 2 * 4500
    assert session.state == before and len(session.entries) == entries


def test_preview_schedule_is_the_saves_the_rules_will_ask(session):
    """R-RNP-MARCH-1: DC 10 + hours past 8, each traveller in party order; level 3 rolls with disadvantage."""
    result = preview(session.book, session.state, {"do": "travel_party", "days": 1, "extra_hours": 2})
    schedule = forced_march_schedule(result.result)
    assert [(s["hour"], s["dc"], s["who"], s["disadvantage"]) for s in schedule] == [
        (1, 11, "Brok", False),
        (1, 11, "Mira", True),
        (2, 12, "Brok", False),
        (2, 12, "Mira", True),
    ]
    assert schedule[0]["modifier"] == 3 + 2
    session.dice = ScriptedDice([20, 1, 1, 20, 1, 1])
    session.apply({"do": "travel_party", "days": 1, "extra_hours": 2})
    real = [(s["hour"], s["dc"], s["who"]) for s in session.state.result["saves"]]
    assert real == [(s["hour"], s["dc"], s["who"]) for s in schedule]


def test_preview_of_a_refused_action_gives_the_refusal(session):
    refused = preview(session.book, session.state, {"do": "travel_party", "hours": 9}).refused
    assert refused is not None and refused.code == "hours_over_day"
    assert preview(session.book, session.state, {"do": "no_such_thing"}).refused.code == "bad_action"


def test_preview_view_shows_the_pace_effect(session):
    result = preview(session.book, session.state, {"do": "travel_party", "pace": "fast", "hours": 1})
    assert result.view["party"]["Brok"]["passive_perception"] == result.view["party"]["Brok"]["passive_perception_at_rest"] - 5


def test_words_of_the_table():
    ui = UIContext(catalogue=Catalogue("fr"))
    assert num(ui, 1.5) == "1,5" and num(ui, 12.0) == "12"
    assert parse_number(" 2,5 ") == 2.5 and parse_number("x") is None and parse_number("") is None
    assert distance(ui, 750) == "750 m" and distance(ui, 28500) == "28,5 km"
    assert duration(ui, 86400 + 3600 * 2 + 60 * 30) == "1 j 2 h 30 min" and duration(ui, 0) == "0 min"
    assert duration(ui, 72) == "1 min 12 s"


def test_every_journal_entry_reads_as_a_sentence(book):
    session = Session(book, ScriptedDice([3, 4, 5, 12]))
    for action in (
        {"do": "add_character", "name": "Aria", "scores": {"dex": 16}, "skills": ["stealth"]},
        {"do": "edit_character", "name": "Aria", "rename": "Ariane"},
        {"do": "add_character", "name": "Bors"},
        {"do": "set_exhaustion", "character": "Bors", "level": 1},
        {"do": "eat_day", "character": "Bors", "ration": "half"},
        {"do": "set_fasting", "character": "Bors", "days": 0},
        {"do": "drink", "character": "Bors", "litres": 1.5},
        {"do": "drink_day", "character": "Bors"},
        {"do": "long_rest"},
        {"do": "advance", "amount": 2},
        {"do": "set_scale", "scale": "minute"},
        {"do": "set_clock", "elapsed_s": 90061},
        {"do": "travel_party", "pace": "slow", "terrain": "difficult", "hours": 2},
        {"do": "fall", "metres": 7, "character": "Bors"},
        {"do": "hide", "character": "Ariane", "condition": "cover", "watchers": [{"name": "Orc", "passive_perception": 9}]},
        {"do": "reveal", "character": "Ariane", "reason": "attacks"},
        {"do": "remove_character", "name": "Bors"},
    ):
        session.apply(action)
    ui = UIContext(catalogue=Catalogue("fr"))
    lines = [journal_line(ui, book, e) for e in session.view()["journal"]]
    assert len(lines) == 17
    assert all("⟦" not in line and "{" not in line for line in lines)
    assert lines[1].endswith("Aria s'appelle désormais Ariane.")
    assert "Horloge remise à J2 01:01:01" in lines[11]
    assert "Porte une attaque" in lines[15]
    ui.catalogue.set_language("en")
    assert all("⟦" not in journal_line(ui, book, e) for e in session.view()["journal"])
