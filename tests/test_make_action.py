"""Parse or refuse: a typed action built from what the player typed, or the session's refusal naming the field."""

from __future__ import annotations

import pytest

from game.app.refusals import describe_refusal
from game.books.loader import load_book_by_id
from game.i18n.catalogue import Catalogue
from game.rules.dice import ScriptedDice
from game.rules.errors import Refused
from game.rules.ff import actions as ff
from game.rules.rnp import actions as rnp
from game.rules.session import Session, make_action


@pytest.fixture(scope="module")
def rolenplay():
    return load_book_by_id("rolenplay")


def test_fit_values_make_the_typed_action():
    action = make_action(rnp.AddTimer, label="Torche", amount=60, scale="minute")
    assert action == rnp.AddTimer(label="Torche", amount=60, scale="minute")


def test_an_empty_name_is_refused_naming_the_field_not_raised():
    refused = make_action(rnp.AddTimer, label="", amount=60)
    assert isinstance(refused, Refused)
    assert refused.code == "bad_action" and refused.params["what"] == "label"


def test_an_impossible_hour_is_refused_naming_the_hour():
    refused = make_action(rnp.SetTimeOfDay, hour=5000)
    assert isinstance(refused, Refused) and refused.params["what"] == "hour"


def test_a_nested_field_is_named_by_its_own_name():
    refused = make_action(ff.StartFight, enemies=[{"name": "Orc", "skill": "many", "stamina": 5}])
    assert isinstance(refused, Refused) and refused.params["what"] == "skill"


def test_the_refusal_is_the_one_the_session_gives_for_the_same_dict(rolenplay):
    session = Session(rolenplay, ScriptedDice([]))
    with pytest.raises(Refused) as from_dict:
        session.apply({"do": "add_timer", "label": "", "amount": 60})
    built = make_action(rnp.AddTimer, label="", amount=60)
    assert isinstance(built, Refused)
    assert (built.code, built.message, built.params) == (from_dict.value.code, from_dict.value.message, from_dict.value.params)


def test_the_session_refuses_a_refusal_and_changes_nothing(rolenplay):
    session = Session(rolenplay, ScriptedDice([]))
    built = make_action(rnp.Advance, amount=float("inf"))
    assert session.refusal(built) is not None
    with pytest.raises(Refused) as refused:
        session.apply(built)
    assert refused.value.params["what"] == "amount"
    assert session.entries == []


def test_the_player_reads_which_field_is_wrong_in_their_language():
    refused = make_action(rnp.AddTimer, label="", amount=60)
    assert isinstance(refused, Refused)
    assert "« nom »" in describe_refusal(Catalogue("fr"), refused)
    assert "“name”" in describe_refusal(Catalogue("en"), refused)
