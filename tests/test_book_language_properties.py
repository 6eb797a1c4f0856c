"""Property tests of the book language in play (hypothesis): whatever a book's expressions say, an action is
accepted or refused — never a crash, never a change on refusal (issue 24, "Bad input")."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.books.loader import BookError, validate_book
from game.rules.dice import RandomDice
from game.rules.errors import Refused
from game.rules.session import Session, Start

ARMY = json.loads((Path(__file__).parent / "data" / "language" / "books" / "ARMY.json").read_text(encoding="utf-8"))
NUMBERS = ["skill", "stamina", "strength", "morale", "counters.gold", "counters.warriors", "fight.round", "tracks.days",
           "initial.luck", "enemy.skill", "paragraph", "0", "1", "7", "999999999", "-5", "items.equipment"]  # fmt: skip
CONDITIONS = ["flags.banner", "fight.active", "section.fought", "true", "false"]


def _numbers() -> st.SearchStrategy[str]:
    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.tuples(inner, st.sampled_from(["+", "-", "*", "/", "%"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            st.tuples(st.sampled_from(["min", "max"]), inner, inner).map(lambda t: f"{t[0]}({t[1]}, {t[2]})"),
            st.tuples(_conditions_of(inner), inner, inner).map(lambda t: f"({t[0]} ? {t[1]} : {t[2]})"),
        )

    return st.recursive(st.sampled_from(NUMBERS), extend, max_leaves=6)


def _conditions_of(numbers: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    compared = st.tuples(numbers, st.sampled_from(["<", "<=", "==", "!=", ">", ">="]), numbers).map(lambda t: " ".join(t))
    return st.one_of(st.sampled_from(CONDITIONS), compared)


ACTIONS = [
    {"do": "cast", "spell": "rally"},
    {"do": "fight", "profile": "battle", "enemies": [{"name": "Horde", "skill": 7, "stamina": 6}]},
    {"do": "round"},
    {"do": "buy", "shop": "market", "item": "knight"},
    {"do": "tick", "track": "days"},
    {"do": "paragraph", "number": 12},
    {"do": "eat"},
    {"do": "choose", "step": "oath", "picks": ["king"]},
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    _numbers(),
    _numbers(),
    _conditions_of(_numbers()),
    st.lists(st.sampled_from(range(len(ACTIONS))), max_size=12),
    st.integers(0, 99),
)
def test_any_expression_in_a_book_is_refused_at_load_or_plays_without_a_crash(amount, price, condition, plan, seed):
    data = json.loads(json.dumps(ARMY))
    data["spells"][0]["effects"][0]["by"] = amount
    data["spells"][0]["conditions"][0]["if"] = condition
    data["shops"][0]["items"][2]["price"] = price
    data["triggers"][0]["if"] = condition
    data["stats"][3]["value"] = amount.replace("strength", "counters.knights")  # a computed score must not read itself
    try:
        book = validate_book("ARMY.json", data)
    except BookError:
        return  # refused at load, with its path and position
    session = Session(book, RandomDice(seed), Start(hero={"skill": 9, "stamina": 18, "luck": 8}))
    for index in plan:
        before = session.state.model_dump()
        try:
            session.apply(ACTIONS[index])
        except Refused:
            assert session.state.model_dump() == before  # a refusal changes nothing
        session.view()  # the sheet can always be shown
