"""How the rules read a book's names (game.rules.ff.scope, issue 28): each book reads them its own way, the
endings read a computed score without a scope of their own, and a trigger's effect reads the round's dice.

A name is read by a reader made once per book and kept with the book's rules; these pin what that must not
change: two books never share a reader, and the places that no longer make a scope read what one read.
"""

from __future__ import annotations

import gc
import json
import weakref

from game.books.loader import bundled_books_dir, validate_book
from game.rules.dice import ScriptedDice
from game.rules.session import Session, Start

HERO = {"skill": 11, "stamina": 22, "luck": 10}


def _df31(change) -> object:
    data = json.loads((bundled_books_dir() / "DF31.json").read_text(encoding="utf-8"))
    change(data)
    return validate_book("DF31.json", data)


def _with_score(value: str):
    def change(data: dict) -> None:
        data["stats"].append({"id": "bonus", "name": {"fr": "BONUS", "en": "BONUS"}, "value": value})

    return change


def test_a_computed_score_of_the_same_name_is_worked_out_by_each_books_own_formula():
    doubled = Session(_df31(_with_score("skill * 2")), ScriptedDice([]), Start(hero=HERO))
    golden = Session(_df31(_with_score("counters.gold + 1")), ScriptedDice([]), Start(hero=HERO))
    for _ in range(2):  # the second read finds each book's reader kept
        assert doubled.view()["hero"]["bonus"] == 22
        assert golden.view()["hero"]["bonus"] == golden.state.counters["gold"] + 1


def test_an_ending_on_a_computed_score_closes_the_adventure_when_it_holds():
    def change(data: dict) -> None:
        _with_score("counters.gold * 2")(data)
        data.setdefault("endings", []).append(
            {"id": "rich", "if": "bonus >= 2 * (counters.provisions + 100)", "outcome": "victory",
             "message": {"fr": "Riche.", "en": "Rich."}}
        )  # fmt: skip

    session = Session(_df31(change), ScriptedDice([]), Start(hero=HERO))
    needed = session.state.counters["provisions"] + 100 - session.state.counters["gold"]
    session.apply({"do": "counter", "name": "gold", "by": needed - 1})
    assert session.state.ended is None
    session.apply({"do": "counter", "name": "gold", "by": 1})
    assert session.state.ended is not None and session.view()["ended"]["id"] == "rich"


def test_a_triggers_effect_reads_the_wound_of_the_round_it_fires_in():
    def change(data: dict) -> None:
        data["triggers"] = [{"on": "wound", "effects": [{"effect": "add", "to": "counters.gold", "by": "wound.damage * 3"}]}]

    # the creature's attack (2 + 2 + 6) beats the hero's (1 + 1 + 11): a wound of 2
    session = Session(_df31(change), ScriptedDice([2, 2, 1, 1]), Start(hero=HERO))
    session.apply({"do": "fight", "enemies": [{"name": "Orc", "skill": 10, "stamina": 5}]})
    gold = session.state.counters["gold"]
    session.apply({"do": "round"})
    assert session.state.counters["gold"] == gold + 6


def test_a_book_played_with_computed_scores_is_freed_without_the_cycle_collector():
    def change(data: dict) -> None:
        _with_score("skill + counters.gold * 0")(data)
        data["triggers"] = [{"on": "round", "effects": [{"effect": "add", "to": "counters.gold", "by": "bonus - skill"}]}]
        data.setdefault("endings", []).append(
            {"id": "rich", "if": "bonus > 99 || enemy.skill < 0", "outcome": "victory",
             "message": {"fr": "Riche.", "en": "Rich."}}
        )  # fmt: skip

    book = _df31(change)
    gc.collect()
    gc.disable()  # the book's rules hold its readers: a reader holding the book would wait for the collector
    try:
        session = Session(book, ScriptedDice([2, 2, 1, 1]), Start(hero=HERO))
        session.apply({"do": "fight", "enemies": [{"name": "Orc", "skill": 10, "stamina": 5}]})
        session.apply({"do": "round"})
        assert session.view()["hero"]["bonus"] == HERO["skill"] and session.state.ended is None
        freed = weakref.ref(book)
        del book, session
        assert freed() is None
    finally:
        gc.enable()
