"""Hostile book files (issue 24, "Bad input"; the "break it" pass): each one is refused at load with its path
and reason, or plays with every action accepted or refused — never a crash, never a hang, nothing changed on a
refusal. Each test is one file someone could write."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from game.books.loader import BookError, validate_book
from game.rules.dice import RandomDice, ScriptedDice
from game.rules.errors import Refused
from game.rules.ff.ruleset import computed_scores
from game.rules.session import Session, Start

ARMY = json.loads((Path(__file__).parent / "data" / "language" / "books" / "ARMY.json").read_text(encoding="utf-8"))
HERO = {"skill": 9, "stamina": 18, "luck": 8}
FIGHT = {"do": "fight", "enemies": [{"name": "Orc", "skill": 5, "stamina": 2}]}


def _book(change):
    data = copy.deepcopy(ARMY)
    change(data)
    return validate_book("HOSTILE.json", data)


def _refused_at_load(change) -> str:
    with pytest.raises(BookError) as error:
        _book(change)
    return str(error.value)


def _session(book, dice=None):
    return Session(book, ScriptedDice(dice) if dice is not None else RandomDice(1), Start(hero=HERO))


@pytest.mark.parametrize("text", ["-" * 300 + "counters.warriors", "!" * 400 + "true"])
def test_a_long_chain_of_signs_is_refused_as_too_deep(text):
    where = "value" if text.startswith("-") else "if"

    def change(data):
        (data["stats"][3] if where == "value" else data["endings"][0])[where] = text

    assert "is nested too deeply (at most 40 levels)" in _refused_at_load(change)


def test_a_fight_effect_in_a_trigger_after_the_fight_is_refused_at_load():
    def change(data):
        data["triggers"].append({"on": "fight_end", "effects": [{"effect": "flee"}]})

    message = _refused_at_load(change)
    assert "$.triggers[3]" in message and "a 'flee' effect acts on a creature of the fight in progress" in message


def test_a_round_trigger_with_nothing_left_to_strike_is_skipped():
    book = _book(lambda d: d["triggers"].append({"on": "round", "effects": [{"effect": "damage", "by": 5}]}))
    session = _session(book, [1, 1, 6, 6])  # a battle (no Luck): the army's 6+6+3 beats 1+1+5, the Orc's 2 STAMINA gone
    session.apply({**FIGHT, "profile": "battle"})
    session.apply({"do": "round"})
    assert session.state.fight is not None and session.state.fight.winner == "hero"


@pytest.mark.parametrize(
    ("where", "amount"),
    [(("spells", 0, "cost", "counters.gold"), -5), (("spells", 0, "cost", "stamina"), "-1d6"),
     (("shops", 0, "items", 0, "price"), -3), (("shops", 0, "items", 1, "sell_price"), -1)],
)  # fmt: skip
def test_a_cost_or_a_price_below_zero_is_refused_at_load(where, amount):
    def change(data):
        place = data
        for key in where[:-1]:
            place = place[key]
        place[where[-1]] = amount

    message = _refused_at_load(change)
    assert "is paid, so it is at least 0" in message and ".".join(str(k) for k in where[1:3]) in message.replace(
        "[", "."
    ).replace("]", "")


def test_a_price_that_works_out_below_zero_is_refused_and_changes_nothing():
    book = _book(lambda d: d["shops"][0]["items"][0].__setitem__("price", "counters.knights - 5"))
    session = _session(book)
    before = session.state.model_dump()
    with pytest.raises(Refused) as refused:
        session.apply({"do": "buy", "shop": "market", "item": "recruit"})
    assert refused.value.code == "rule_unworkable" and session.state.model_dump() == before


def test_a_track_cannot_start_above_its_maximum():
    assert "start 50 is above the maximum 40" in _refused_at_load(lambda d: d["tracks"][0].__setitem__("start", 50))


def test_a_trigger_that_moves_its_own_track_fires_once():
    book = _book(
        lambda d: d["triggers"].append(
            {"on": "track", "track": "days", "effects": [{"effect": "add", "to": "tracks.days", "by": 1}]}
        )
    )
    session = _session(book)
    session.apply({"do": "tick", "track": "days"})
    assert session.state.tracks["days"] == 2  # the tick, then the trigger once: triggers never set off triggers


def test_an_ending_that_holds_from_the_start_refuses_play_in_its_words():
    book = _book(
        lambda d: d["endings"].append(
            {"if": "true", "outcome": "victory", "message": {"fr": "Déjà gagné.", "en": "Won already."}}
        )
    )
    session = _session(book)
    with pytest.raises(Refused) as refused:
        session.apply({"do": "eat"})
    assert "Won already." in refused.value.message
    session.view()  # the sheet is still shown


@pytest.mark.parametrize("formula", ["clamp(counters.warriors, 10, 1)", "counters.warriors * 999999999 * 3"])
def test_a_computed_score_play_cannot_work_out_is_shown_as_unknown(formula):
    book = _book(lambda d: d["stats"][3].__setitem__("value", formula))
    session = _session(book)
    assert computed_scores(book, session.state)["strength"] is None
    session.apply({"do": "counter", "name": "warriors", "by": 1})  # the sheet goes on
    session.view()


def test_control_and_bidirectional_characters_in_a_name_are_kept_and_play_goes_on():
    book = _book(lambda d: d["counters"][0].__setitem__("name", {"fr": "\u202egold\u202c\x00", "en": "x\u200b"}))
    session = _session(book)
    session.apply({"do": "counter", "name": "warriors", "by": -1})
    assert session.state.counters["warriors"] == 9
