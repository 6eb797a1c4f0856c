"""Rôle'n Play rules, one behaviour each, through a session with scripted dice."""

from __future__ import annotations

import pytest

from game.books.loader import load_book_by_id
from game.rules.dice import ScriptedDice
from game.rules.errors import Refused
from game.rules.session import Session


@pytest.fixture(scope="module")
def rolenplay():
    return load_book_by_id("rolenplay")


def result(rolenplay, action, dice=()):
    session = Session(rolenplay, ScriptedDice(dice))
    session.apply(action)
    return session.view()["result"]


def refusal(rolenplay, action):
    with pytest.raises(Refused) as refused:
        Session(rolenplay, ScriptedDice([])).apply(action)
    return refused.value.code


@pytest.mark.parametrize("score, mod", [(1, -5), (7, -2), (8, -1), (9, -1), (10, 0), (11, 0), (12, 1), (30, 10)])
def test_modifier_is_floor_of_half_the_distance_from_10(rolenplay, score, mod):
    """R-RNP-ABILITY-1 decision."""
    session = Session(rolenplay, ScriptedDice([]))
    session.apply({"do": "add_character", "name": "X", "scores": {"str": score}})
    assert session.view()["party"]["X"]["modifiers"]["str"] == mod


def test_the_day_column_is_used_as_printed(rolenplay):
    """R-RNP-PACE-1: slow is 27 km a day although 8 × 3 km is 24 km."""
    assert result(rolenplay, {"do": "travel", "pace": "slow", "days": 1})["distance_m"] == 27000
    assert result(rolenplay, {"do": "travel", "pace": "slow", "hours": 8})["distance_m"] == 24000


def test_forced_march_dc_rises_by_one_each_hour(rolenplay):
    """R-RNP-MARCH-1: DC 10 + hours past 8."""
    saves = result(rolenplay, {"do": "travel", "pace": "normal", "days": 1, "extra_hours": 4, "con": 10}, [20] * 4)["saves"]
    assert [s["dc"] for s in saves] == [11, 12, 13, 14]


def test_more_than_eight_hours_needs_days(rolenplay):
    """R-RNP-MARCH-1."""
    assert refusal(rolenplay, {"do": "travel", "pace": "normal", "hours": 8.01}) == "hours_over_day"
    assert refusal(rolenplay, {"do": "travel", "pace": "normal", "hours": 2, "extra_hours": 1}) == "extra_without_days"


def test_gallop_is_twice_fast_for_an_hour_at_most(rolenplay):
    """R-RNP-MOUNT-1."""
    assert result(rolenplay, {"do": "travel", "pace": "gallop", "hours": 1})["distance_m"] == 12000
    assert refusal(rolenplay, {"do": "travel", "pace": "gallop", "days": 1}) == "gallop_too_long"


def test_fall_is_capped_at_20d6(rolenplay):
    """R-RNP-FALL-1."""
    fall = result(rolenplay, {"do": "fall", "metres": 1000}, [6] * 20)
    assert fall["dice"] == 20 and fall["damage"] == 120 and fall["prone"]


def test_a_fall_under_3_m_leaves_the_faller_standing(rolenplay):
    """R-RNP-FALL-1: prone unless no damage at all."""
    fall = result(rolenplay, {"do": "fall", "metres": 2.99})
    assert fall["dice"] == 0 and not fall["prone"]


def test_high_jump_never_goes_below_zero_before_the_reach(rolenplay):
    """R-RNP-JUMP-1: STR 3 (mod −4) gives −0.2 m → 0; reach adds half of 1.6 m."""
    jump = result(rolenplay, {"do": "jump", "kind": "high", "strength": 3, "height_m": 1.6})
    assert jump["jump_m"] == 0 and jump["height_m"] == pytest.approx(0.8)


def test_hold_breath_minimums(rolenplay):
    """R-RNP-AIR-1: 30 s and 1 round at least."""
    breath = result(rolenplay, {"do": "hold_breath", "con": 4})
    assert (breath["seconds"], breath["rounds_after"]) == (30, 1)


def test_half_rations_count_half_a_day(rolenplay):
    """R-RNP-FOOD-1."""
    assert result(rolenplay, {"do": "fast", "con": 10, "half_ration_days": 8})["exhaustion"] == 1
    assert result(rolenplay, {"do": "fast", "con": 10, "half_ration_days": 7})["exhaustion"] == 0


def test_half_water_draws_exactly_one_d20(rolenplay):
    """R-RNP-WATER-1: only a half ration is saved against."""
    session = Session(rolenplay, ScriptedDice([15]))
    entry = session.apply({"do": "thirst", "con": 10, "litres": 1.5})
    assert entry.dice == [15] and session.view()["result"]["exhaustion"] == 0
    assert Session(rolenplay, ScriptedDice([])).apply({"do": "thirst", "con": 10, "litres": 1.49}).dice == []


def test_already_exhausted_takes_an_extra_level_from_thirst(rolenplay):
    """R-RNP-WATER-1."""
    assert result(rolenplay, {"do": "thirst", "con": 10, "litres": 0, "exhausted": True})["exhaustion"] == 2


def test_darkvision_sees_greys_in_darkness(rolenplay):
    """R-RNP-LIGHT-1."""
    seen = result(rolenplay, {"do": "visibility", "light": "darkness", "darkvision_m": 18})
    assert seen["visibility"] == "reduced" and seen["colours"] is False


def test_hiding_needs_to_be_unseen_first(rolenplay):
    """R-RNP-HIDE-1: darkness does not hide from a watcher with darkvision."""
    action = {
        "do": "hide",
        "dex": 14,
        "condition": "darkness",
        "light": "darkness",
        "watchers": [{"name": "orc", "passive_perception": 10, "darkvision_m": 18}],
    }
    assert refusal(rolenplay, action) == "watcher_sees"


def test_exhaustion_six_is_death_and_stops_further_saves(rolenplay):
    """R-RNP-ABILITY-1 / R-RNP-MARCH-1: a dead traveller rolls no more saves."""
    session = Session(rolenplay, ScriptedDice([1, 1]))
    session.apply({"do": "add_character", "name": "A", "scores": {"con": 10}})
    session.apply({"do": "set_exhaustion", "character": "A", "level": 5})
    entry = session.apply({"do": "travel_party", "mode": "cart", "days": 1, "extra_hours": 3})
    assert entry.dice == [1, 1]  # one save with disadvantage (level 5 ≥ 3), then none
    assert session.view()["party"]["A"]["alive"] is False


def test_a_rest_while_dehydrated_keeps_only_thirsts_levels(rolenplay):
    """R-RNP-WATER-1 (revised): "ces niveaux d'épuisement": thirst's levels stay while dehydrated, others go."""
    session = Session(rolenplay, ScriptedDice([]))
    session.apply({"do": "add_character", "name": "A"})
    session.apply({"do": "set_exhaustion", "character": "A", "level": 2})
    session.apply({"do": "drink_day", "character": "A", "litres": 0})
    assert session.view()["party"]["A"]["exhaustion"] == 4  # 2 + 1 for no water + 1 for being exhausted already
    session.apply({"do": "long_rest"})
    assert session.view()["party"]["A"]["exhaustion"] == 3  # one of the eraser's two
    session.apply({"do": "long_rest"})
    assert session.view()["party"]["A"]["exhaustion"] == 2  # the other; thirst's two stay
    session.apply({"do": "long_rest"})
    assert session.view()["party"]["A"]["exhaustion"] == 2
    session.apply({"do": "drink_day", "character": "A", "litres": 3})
    session.apply({"do": "long_rest"})
    assert session.view()["party"]["A"]["exhaustion"] == 1


@pytest.mark.parametrize(
    "language, party, text",
    [
        ("fr", ["Seul"], "Personne ne peut le faire : Seul, seul membre du groupe, n'est plus de ce monde."),
        ("en", ["Seul"], "Nobody can do this: Seul, the party's only member, is dead."),
        ("fr", ["A", "B"], "Personne ne peut le faire : les 2 membres du groupe (A, B) ne sont plus de ce monde."),
        ("en", ["A", "B"], "Nobody can do this: the party's 2 members (A, B) are dead."),
    ],
)
def test_a_dead_party_is_told_who_is_dead(rolenplay, language, party, text):
    """Issue 31 item 9: "nobody travels: add a character first" was said to a party whose member is dead."""
    from game.app.refusals import describe_refusal
    from game.i18n.catalogue import Catalogue

    session = Session(rolenplay, ScriptedDice([]))
    for name in party:
        session.apply({"do": "add_character", "name": name})
        session.apply({"do": "set_exhaustion", "character": name, "level": 6})
    for action in ({"do": "travel_party", "hours": 1}, {"do": "long_rest"}, {"do": "supply_day"}):
        with pytest.raises(Refused) as refused:
            session.apply(action)
        assert refused.value.code == "party_dead"
        assert describe_refusal(Catalogue(language), refused.value, rolenplay) == text


def test_an_empty_party_is_told_to_add_a_character(rolenplay):
    assert refusal(rolenplay, {"do": "travel_party", "hours": 1}) == "nobody"


def test_a_gallop_over_an_hour_says_why(rolenplay):
    """R-RNP-MOUNT-1 (revised): refused without relay mounts, and the refusal names them."""
    from game.app.refusals import describe_refusal
    from game.i18n.catalogue import Catalogue

    with pytest.raises(Refused) as refused:
        Session(rolenplay, ScriptedDice([])).apply({"do": "travel", "pace": "gallop", "hours": 2})
    assert "relais" in describe_refusal(Catalogue("fr"), refused.value, rolenplay)
    assert "relay mounts" in describe_refusal(Catalogue("en"), refused.value, rolenplay)


def test_healing_a_breathless_character_says_why(rolenplay):
    """R-RNP-AIR-1: the refusal names the character and the reason."""
    from game.app.refusals import describe_refusal
    from game.i18n.catalogue import Catalogue

    session = Session(rolenplay, ScriptedDice([]))
    session.apply({"do": "add_character", "name": "Nage", "hp_max": 20})
    session.apply({"do": "damage", "character": "Nage", "amount": 5})
    session.apply({"do": "hold_breath", "character": "Nage", "timer": True})
    with pytest.raises(Refused) as refused:
        session.apply({"do": "heal", "character": "Nage", "amount": 5})
    assert describe_refusal(Catalogue("en"), refused.value, rolenplay).startswith("Nage cannot breathe")
    assert session.view()["party"]["Nage"]["hp"] == 15
