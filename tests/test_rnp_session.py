"""Rôle'n Play sessions: undo, redo, replay from the log, refusals that change nothing, physical dice."""

from __future__ import annotations

import pytest

from game.books.loader import load_book_by_id
from game.rules.dice import RandomDice, ScriptedDice
from game.rules.errors import Refused
from game.rules.session import Session


@pytest.fixture(scope="module")
def rolenplay():
    return load_book_by_id("rolenplay")


def play_a_journey(session: Session) -> None:
    """Party, forced march (dice), food, water (dice), hiding (dice), a fall (dice), rest, clock."""
    session.apply({"do": "add_character", "name": "Aria", "scores": {"con": 12, "dex": 16}, "skills": ["stealth"]})
    session.apply({"do": "add_character", "name": "Bors", "scores": {"con": 8, "wis": 14}, "skills": ["perception"]})
    session.apply({"do": "travel_party", "pace": "normal", "days": 1, "extra_hours": 2})
    session.apply({"do": "eat_day", "character": "Bors", "ration": "half"})
    session.apply({"do": "drink_day", "character": "Aria", "litres": 2})
    session.apply({"do": "hide", "character": "Aria", "condition": "cover", "watchers": [{"character": "Bors"}]})
    session.apply({"do": "fall", "metres": 7, "character": "Bors"})
    session.apply({"do": "long_rest"})
    session.apply({"do": "set_scale", "scale": "minute"})
    session.apply({"do": "advance", "amount": 15})


def test_replaying_the_log_rebuilds_the_live_state(rolenplay):
    """R-RNP-MARCH-1, R-RNP-WATER-1, R-RNP-HIDE-1, R-RNP-FALL-1: every die is in the log, so replay is exact."""
    live = Session(rolenplay, RandomDice(seed=7))
    play_a_journey(live)
    replayed = Session.from_log(rolenplay, live.to_log())
    assert replayed.state == live.state
    assert replayed.view() == live.view()


def test_undo_all_then_redo_all_gives_the_same_state(rolenplay):
    live = Session(rolenplay, RandomDice(seed=11))
    play_a_journey(live)
    final = live.state.model_copy(deep=True)
    count = len(live.entries)
    for _ in range(count):
        live.undo()
    assert live.state.party == [] and live.state.clock.elapsed_s == 0 and live.state.result is None
    for _ in range(count):
        live.redo()
    assert live.state == final


def test_a_log_with_pending_redo_replays_with_it(rolenplay):
    live = Session(rolenplay, RandomDice(seed=3))
    play_a_journey(live)
    live.undo()
    live.undo()
    replayed = Session.from_log(rolenplay, live.to_log())
    assert replayed.state == live.state and replayed.can_redo
    replayed.redo()
    live.redo()
    assert replayed.state == live.state


def test_a_refused_action_changes_nothing_and_draws_no_dice(rolenplay):
    """R-RNP-MOUNT-1: a gallop of 90 minutes is refused before any die is drawn."""
    dice = ScriptedDice([5])
    session = Session(rolenplay, dice)
    session.apply({"do": "add_character", "name": "Aria"})
    before = session.state.model_copy(deep=True)
    with pytest.raises(Refused) as refused:
        session.apply({"do": "travel", "pace": "gallop", "minutes": 90, "con": 10})
    assert refused.value.code == "gallop_too_long"
    assert session.state == before and dice.remaining == [5] and len(session.entries) == 1
    session.apply({"do": "fall", "metres": 3})
    assert session.view()["result"]["damage"] == 5


def test_refusal_preview_does_not_touch_the_session(rolenplay):
    session = Session(rolenplay, ScriptedDice([]))
    assert session.refusal({"do": "travel", "pace": "normal", "hours": 9}).code == "hours_over_day"
    assert session.refusal({"do": "travel", "pace": "normal", "hours": 8}) is None
    assert session.entries == []


def test_physical_dice_typed_for_one_action(rolenplay):
    """R-RNP-MARCH-1: the table's own d20s, typed in, decide the forced-march saves."""
    session = Session(rolenplay, RandomDice(seed=1))
    session.apply({"do": "add_character", "name": "Aria", "scores": {"con": 10}})
    entry = session.apply({"do": "travel_party", "days": 1, "extra_hours": 2}, dice=ScriptedDice([20, 1]))
    assert entry.dice == [20, 1]
    assert session.view()["party"]["Aria"]["exhaustion"] == 1


def test_unknown_actions_and_fields_are_refused(rolenplay):
    session = Session(rolenplay, ScriptedDice([]))
    for action in ({"do": "teleport"}, {"do": "fall", "metres": 3, "height": 2}, {"do": "fall", "metres": "high"}):
        with pytest.raises(Refused) as refused:
            session.apply(action)
        assert refused.value.code == "bad_action"


def test_the_journal_records_what_happened_when(rolenplay):
    """R-RNP-TIME-1: each entry carries the clock time at which it started."""
    session = Session(rolenplay, ScriptedDice([]))
    session.apply({"do": "add_character", "name": "Aria"})
    session.apply({"do": "travel_party", "hours": 2})
    session.apply({"do": "eat_day", "character": "Aria", "ration": "full"})
    journal = session.view()["journal"]
    assert [(e["do"], e["at_s"]) for e in journal] == [("add_character", 0), ("travel_party", 0), ("eat_day", 7200)]
    assert journal[1]["data"]["distance_m"] == 9000 and journal[1]["who"] == ["Aria"]


def test_hit_points_up_to_the_sheets_limit_of_9999_are_taken(rolenplay):
    """health.MAX_HP is the sheet's limit: a maximum of 1 500 is kept (the actions used to stop at 999)."""
    session = Session(rolenplay, RandomDice(1))
    session.apply({"do": "add_character", "name": "Ogre", "hp_max": 1500})
    session.apply({"do": "damage", "character": "Ogre", "amount": 1200})
    assert session.view()["party"]["Ogre"]["hp"] == 300
    assert session.refusal({"do": "set_hp", "character": "Ogre", "maximum": 9999}) is None


def test_negative_hit_points_get_the_rules_refusal_naming_the_range(rolenplay):
    session = Session(rolenplay, RandomDice(1))
    session.apply({"do": "add_character", "name": "Ogre", "hp_max": 10})
    refused = session.refusal({"do": "set_hp", "character": "Ogre", "maximum": -5})
    assert refused is not None and refused.code == "hp_range"
