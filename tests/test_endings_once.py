"""The book's endings are worked out once for each set of values they read (issue 28 row 1, R-DEATH-1).

An action asks whether the hero died after each change that may kill and once more at its end. The
endings' conditions read only their names, so on values already seen (on any state: the same STAMINA
after a paragraph) they are answered without evaluating the conditions again. These tests count the
evaluations, and check that every change an ending reads is seen.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.books.loader import bundled_books_dir, validate_book
from game.rules.dice import ScriptedDice
from game.rules.session import Session, Start

HERO = {"skill": 10, "stamina": 12, "luck": 9}


def _book(endings: list[dict] | None = None):
    data = json.loads((bundled_books_dir() / "DF31.json").read_text(encoding="utf-8"))
    if endings is not None:
        data["thresholds"] = []
        data["endings"] = endings
    return validate_book("DF31.json", data)


def _counted(book) -> list[str]:
    """The conditions of ``book``'s endings, each evaluation noted (the book's programs wrapped)."""
    evaluated: list[str] = []
    rules = book.rules
    programs = rules.ending_programs

    def counting(program):
        return replace(program, run=lambda scope: evaluated.append(program.text) or program.run(scope))

    rules.compiled_endings = [counting(p) for p in programs]
    return evaluated


def test_the_stamina_ending_is_worked_out_once_for_each_stamina_seen():
    book = _book()
    evaluated = _counted(book)
    session = Session(book, ScriptedDice([]), Start(hero=HERO))
    assert len(evaluated) == 1  # the hero's first scores
    session.apply({"do": "paragraph", "number": 12})
    session.apply({"do": "paragraph", "number": 13})
    assert len(evaluated) == 1  # the paragraph is not read by the ending: the STAMINA was seen
    session.apply({"do": "change", "stat": "stamina", "by": -3})
    assert len(evaluated) == 2
    session.apply({"do": "change", "stat": "stamina", "by": 3})
    assert len(evaluated) == 2  # back to a STAMINA already seen


GOLD = [
    {"id": "stamina", "if": "stamina <= 0", "outcome": "death", "message": {"fr": "Mort.", "en": "Dead."}},
    {"id": "rich", "if": "counters.gold >= 5", "outcome": "victory", "message": {"fr": "Riche.", "en": "Rich."}},
]


def test_an_ending_read_from_a_counter_closes_the_adventure_the_action_it_holds_and_undo_opens_it_again():
    book = _book(GOLD)
    session = Session(book, ScriptedDice([]), Start(hero=HERO))
    session.apply({"do": "counter", "name": "gold", "by": 4})
    assert session.state.ended is None
    session.apply({"do": "counter", "name": "gold", "by": 1})
    assert session.state.ended == 1 and session.state.hero.alive
    session.undo()
    assert session.state.ended is None
    again = Session.from_log(book, session.to_log())
    assert again.state.ended is None and again.state.hero.scores == session.state.hero.scores


@pytest.mark.parametrize("by", [-12, -20])
def test_a_wound_that_kills_is_seen_after_a_change_that_did_not(by):
    """R-DEATH-1: the second change of the same value the endings read is not hidden by the first's answer."""
    book = _book()
    session = Session(book, ScriptedDice([]), Start(hero=HERO))
    session.apply({"do": "change", "stat": "stamina", "by": -1})
    assert session.state.hero.alive
    session.apply({"do": "change", "stat": "stamina", "by": by})
    assert not session.state.hero.alive and session.state.hero.died_of == 0


def test_two_books_played_in_turn_each_read_their_own_endings():
    plain, golden = _book(), _book(GOLD)
    one = Session(plain, ScriptedDice([]), Start(hero=HERO))
    two = Session(golden, ScriptedDice([]), Start(hero=HERO))
    for _ in range(5):
        one.apply({"do": "counter", "name": "gold", "by": 1})
        two.apply({"do": "counter", "name": "gold", "by": 1})
    assert one.state.ended is None and two.state.ended == 1
