"""The book language in books (issue 24): its cases, the validator's one pass, refusals in the book's words.

The test books of tests/data/language use every construct no shipped book has (a results table and random
numbers, no LUCK, armour, an army, a campaign track, a market); their rules cases are run here with them.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from game.app.refusals import describe_refusal
from game.books.loader import BookError, load_book, validate_book
from game.i18n.catalogue import Catalogue
from game.rules.cases import case_files, run_file
from game.rules.dice import ScriptedDice
from game.rules.errors import Refused
from game.rules.session import Session, Start

LANGUAGE = Path(__file__).parent / "data" / "language"
BOOKS = LANGUAGE / "books"
MECHANICS = Path(__file__).parent / "data" / "mechanics" / "books"


@pytest.mark.parametrize("path", list(case_files([LANGUAGE / "cases"])), ids=lambda p: p.name)
def test_language_case_passes_with_its_test_books(path):
    result = run_file(path, BOOKS)
    assert result.passed, result.reason


def _data(book_id: str) -> dict:
    return json.loads((BOOKS / f"{book_id}.json").read_text(encoding="utf-8"))


def _errors(data: dict, name: str = "ARMY.json") -> dict[str, str]:
    with pytest.raises(BookError) as raised:
        validate_book(name, data)
    return {e.path: e.reason for e in raised.value.every()}


def test_a_test_book_declares_its_schema_and_is_accepted():
    assert _data("ARMY")["$schema"].endswith("book.schema.json")
    assert load_book(BOOKS / "ARMY.json").id == "ARMY"


def test_an_expression_error_names_its_path_and_the_character():
    data = _data("ARMY")
    data["stats"][3]["value"] = "counters.warriors + counters.knigths * 2"
    errors = _errors(data)
    assert errors == {
        "$.stats[3].value": "at character 30: 'counters.knigths' is not a name of this book "
        "(did you mean 'counters.knights'?) (in 'counters.warriors + counters.knigths * 2')"
    }


def test_every_error_of_a_book_is_reported_in_one_pass():
    data = _data("ARMY")
    data["stats"] = [s for s in data["stats"] if s["id"] != "stamina"]  # STAMINA left out
    data["counters"][0]["start"] = "ten"  # a field error
    data["endings"][0]["if"] = "counters.warriors +"  # an expression that does not parse
    data["combat_profiles"]["battle"]["luck_allowed"] = "no"  # strict types in format 2
    errors = _errors(data)
    assert "$.stats" in errors and errors["$.stats"].startswith("STAMINA is required")
    assert errors["$.counters[0].start"] == "must be a whole number"
    assert errors["$.combat_profiles.battle.luck_allowed"] == "must be true or false"
    assert not [path for path in errors if path.startswith(("$.thresholds", "$.combat."))]  # not in the file: said once


def test_a_missing_stamina_is_said_once_not_through_the_defaults_the_file_does_not_write():
    data = _data("ARMY")
    data["stats"] = [s for s in data["stats"] if s["id"] != "stamina"]
    data["spells"][0]["cost"] = {"counters.gold": 5}
    data["triggers"] = [t for t in data["triggers"] if t["on"] != "day"]
    assert list(_errors(data)) == ["$.stats"]


def test_reference_and_expression_errors_come_with_the_field_errors():
    data = _data("ARMY")
    data["counters"][3]["start"] = -1  # a field error in the counters no longer hides the references (issue 24 item 5)
    data["creation"][0]["count"] = "mana"
    data["endings"][0]["if"] = "counters.warriors +"
    data["spells"][0]["cost"] = {"counters.silver": 1}
    data["flags"][0]["id"] = "Banner"  # a field error elsewhere: the references are judged all the same
    errors = _errors(data)
    assert {
        "$.counters[3].start",
        "$.flags[0].id",
        "$.creation[0].count",
        "$.endings[0].if",
        "$.spells[0].cost.counters.silver",
    } <= set(errors)
    assert errors["$.endings[0].if"].startswith("at character 20: expected a value")


def test_a_broken_score_or_counter_still_stands_in_by_its_id_so_nothing_is_said_twice():
    data = _data("ARMY")
    broken = data["counters"][0]["id"]
    data["counters"][0]["start"] = "ten"  # the counter is broken, but its id still names it…
    data["stats"][0]["roll"]["dice"] = "two"  # …and a broken score too
    data["spells"][0]["cost"] = {"counters.silver": 1}  # while a reference to no counter at all is an error
    errors = _errors(data)
    assert (
        errors["$.counters[0].start"] == "must be a whole number" and errors["$.stats[0].roll.dice"] == "must be a whole number"
    )
    assert "$.spells[0].cost.counters.silver" in errors
    assert not [path for path, reason in errors.items() if f"'{broken}'" in reason]  # its references resolve


def test_a_score_list_that_is_not_a_list_waits_for_the_next_pass_rather_than_call_every_reference_unknown():
    data = _data("ARMY")
    data["counters"] = {"gold": 3}
    errors = _errors(data)
    assert "$.counters" in errors and not [path for path in errors if path.startswith(("$.spells", "$.shops", "$.creation"))]


@pytest.mark.parametrize(
    "change, path, words",
    [
        (lambda d: d["stats"][3].update(value="strength + 1"), "$.stats[3].value", "in a circle: strength → strength"),
        (
            lambda d: d["endings"][0].update({"if": "counters.warriors"}),
            "$.endings[0].if",
            "a condition (true or false) is needed",
        ),
        (lambda d: d["spells"][0]["effects"][0].update(by="1 / 0"), "$.spells[0].effects[0].by", "a division by 0"),
        (
            lambda d: d["stats"].append({"id": "fight", "name": {"fr": "X", "en": "X"}, "fixed": 1}),
            "$.stats[5].id",
            "a word of the book language",
        ),
        (lambda d: d["triggers"][0]["effects"][0].update(to="strength"), "$.triggers[0].effects[0].to", "computed score"),
        (lambda d: d["shops"][0].update(currency="counters.silver"), "$.shops[0].currency", "is not counters.<id>"),
        (lambda d: d["combat_profiles"]["battle"].update(hero_hits="roll.hero > 7 + wound.damage"), None, None),
        (lambda d: d["endings"][0].update({"if": "roll.double"}), "$.endings[0].if", "known only in a combat round's rules"),
    ],
)
def test_the_validator_says_what_is_wrong_in_plain_words(change, path, words):
    data = _data("ARMY")
    change(data)
    if path is None:
        validate_book("ARMY.json", data)  # the round's names are known in the round's rules
        return
    errors = _errors(data)
    assert words in errors[path], errors


@pytest.mark.parametrize(
    "change, path, words",
    [
        (lambda d: d["creation"][1]["options"].pop(), "$.creation[1]", "one option per value of its roll: 10, not 9"),
        (lambda d: d["creation"][1].update(count=2), "$.creation[1]", "a drawn step gives one option"),
        (
            lambda d: d["creation"][1]["options"][4].update(conditions=[{"if": "true", "why_not": {"fr": "x", "en": "x"}}]),
            "$.creation[1]",
            "have no conditions",
        ),
        (lambda d: d["lists"][1].update(limit="3 - counters.meal"), "$.lists[1].limit", "'counters.meal' is not a name"),
        (lambda d: d["lists"][1].update(limit="flags.healing"), "$.lists[1].limit", "a whole number is needed"),
    ],
)
def test_a_drawn_step_and_a_worked_out_limit_are_checked_at_load(change, path, words):
    data = _data("TABLE")
    change(data)
    errors = _errors(data, "TABLE.json")
    assert words in errors.get(path, ""), errors


@pytest.mark.parametrize(
    "part, value",
    [("round_cost", {"cost": {"counters.gold": 1}}), ("protection", {"roll": {"dice": 1}, "reduces_by": 1}),
     ("hit_damage", "1d6"), ("hero_hits", "roll.hero > 5"), ("double_kills", True)],
)  # fmt: skip
def test_a_part_that_a_table_round_never_uses_is_refused_beside_the_table(part, value):
    # lang3: a 'round_cost' beside a 'table' validated and was never paid (the table round pays nothing).
    data = _data("TABLE")
    data["combat"][part] = value
    errors = _errors(data, "TABLE.json")
    assert "does not use this part" in errors[f"$.combat.{part}"], errors


def test_a_book_without_skill_must_say_what_its_attack_adds():
    data = _data("TABLE")
    data["stats"][0]["id"] = "cs"
    data["combat"].pop("attack")
    data["combat"]["table"]["index"] = "cs - enemy.skill"
    errors = _errors(data, "TABLE.json")
    assert errors["$.combat.attack"] == "this book has no SKILL: say what its Attack Strength adds ('attack')"


def test_luck_cannot_be_allowed_in_a_book_without_luck():
    data = _data("NOLUCK")
    data["combat"]["luck_allowed"] = True
    assert "this book has no LUCK" in _errors(data, "NOLUCK.json")["$.combat.luck_allowed"]


def test_a_format_1_file_still_loads_leniently_and_migrates():
    book = load_book(MECHANICS / "MECH.json")  # a player's format-1 file
    assert book.format == 2
    data = json.loads((MECHANICS / "MECH.json").read_text(encoding="utf-8"))
    lenient = copy.deepcopy(data)
    lenient["combat"] = {"luck_allowed": "no"}  # format 1 read "no" as false, as it always did
    assert validate_book("MECH.json", lenient).combat.luck_allowed is False
    old = copy.deepcopy(data)
    old["spells"][0]["effects"] = [{"effect": "change", "stat": "stamina", "by": "half_initial"}]
    effect = validate_book("MECH.json", old).spells[0].effects[0]
    assert (effect.effect, effect.to, effect.by) == ("add", "stamina", "initial.stamina / 2")


def _session(book_id: str, dice=(), hero=None) -> Session:
    book = load_book(BOOKS / f"{book_id}.json")
    return Session(book, ScriptedDice(list(dice)), Start(hero=hero or {"skill": 10, "stamina": 20, "luck": 9}))


def test_a_condition_refuses_with_the_books_words_in_either_language():
    session = _session("ARMY")
    session.apply({"do": "choose", "step": "oath", "picks": ["none"]})
    refused = session.refusal({"do": "choose", "step": "escort", "picks": ["paladins"]})
    assert refused is not None and refused.code == "book_rule"
    assert describe_refusal(Catalogue("fr"), refused) == "Seuls ceux qui servent le roi ont des paladins."
    assert describe_refusal(Catalogue("en"), refused) == "Only the king's men have paladins."


def test_an_ending_that_is_not_death_says_its_words():
    session = _session("ARMY")
    session.apply({"do": "set_counter", "name": "warriors", "value": 0})
    session.apply({"do": "set_counter", "name": "knights", "value": 0})
    refused = session.refusal({"do": "test_luck"})
    assert refused is not None and refused.code == "adventure_over" and refused.params["outcome"] == "defeat"
    assert describe_refusal(Catalogue("en"), refused) == "The adventure is over: Your army is routed."
    assert session.state.hero is not None and session.state.hero.alive
    session.undo()
    assert session.state.ended is None


def test_a_value_only_known_at_play_refuses_the_action_and_changes_nothing():
    data = _data("ARMY")
    data["spells"][0]["effects"][0]["by"] = "counters.gold / (counters.provisions - 2)"  # provisions start at 2
    book = validate_book("ARMY.json", data)
    session = Session(book, ScriptedDice([4]), Start(hero={"skill": 10, "stamina": 20, "luck": 9}))
    session.apply({"do": "fight", "profile": "battle", "enemies": [{"name": "Horde", "skill": 6, "stamina": 20}]})
    before = session.state.model_dump()
    with pytest.raises(Refused) as refused:
        session.apply({"do": "cast", "spell": "rally"})
    assert refused.value.code == "rule_unworkable" and "division by 0" in refused.value.message
    assert session.state.model_dump() == before


def test_a_computed_score_that_cannot_be_worked_out_shows_no_value():
    data = _data("ARMY")
    data["stats"][3]["value"] = "counters.warriors / (counters.knights - 2)"
    book = validate_book("ARMY.json", data)
    session = Session(book, ScriptedDice([]), Start(hero={"skill": 10, "stamina": 20, "luck": 9}))
    assert session.view()["hero"]["strength"] is None
    session.apply({"do": "counter", "name": "knights", "by": 1})
    assert session.view()["hero"]["strength"] == 10
