"""The odds' records (CombatNumbers, Budget, FightOdds, LuckAdvice): values, as a frozen dataclass was (issue 28)."""

from __future__ import annotations

import copy
import pickle

import pytest

from game.rules.odds import Budget, CombatNumbers, FightOdds, LuckAdvice, fight_odds


def test_two_records_of_the_same_values_are_equal_and_hash_alike():
    assert CombatNumbers(hit=3) == CombatNumbers(hit=3)
    assert hash(CombatNumbers(hit=3)) == hash(CombatNumbers(hit=3))
    assert CombatNumbers(hit=3) != CombatNumbers()
    assert len({Budget(), Budget(1.2, 120 << 20)}) == 1


def test_records_of_different_kinds_are_never_equal():
    assert LuckAdvice(0.5, 0.5) != (0.5, 0.5, True)
    assert Budget(1.0, 2) != LuckAdvice(1.0, 2)


def test_a_book_s_numbers_made_twice_find_the_same_cached_table():
    fight_odds(10, 12, 9, 9, 10, numbers=CombatNumbers(hit=3))
    cached = fight_odds.cache_info().hits
    fight_odds(10, 12, 9, 9, 10, numbers=CombatNumbers(hit=3))
    assert fight_odds.cache_info().hits == cached + 1


def test_a_record_cannot_be_changed_once_made():
    numbers = CombatNumbers()
    with pytest.raises(AttributeError):
        numbers.hit = 3
    with pytest.raises(AttributeError):
        del numbers.hit
    with pytest.raises(AttributeError):
        numbers.other = 1
    assert numbers == CombatNumbers()


def test_replace_changes_the_fields_named_and_checks_them_as_a_new_record():
    odds = FightOdds(0.5, 0.6, 0.4, 10.0, 5.0)
    assert odds.replace(exact=False, margin=0.01) == FightOdds(0.5, 0.6, 0.4, 10.0, 5.0, exact=False, margin=0.01)
    with pytest.raises(ValueError, match="hit"):
        CombatNumbers().replace(hit=0)


def test_the_fields_are_given_in_their_order_with_their_values():
    assert list(FightOdds(0.5, 0.6, 0.4, None, None).as_dict().items()) == [
        ("p_win_no_luck", 0.5),
        ("p_win_best_luck", 0.6),
        ("p_death", 0.4),
        ("expected_stamina_after_win", None),
        ("expected_luck_after_win", None),
        ("exact", True),
        ("margin", 0.0),
        ("samples", 0),
        ("no_luck_exact", True),
    ]


def test_a_record_shows_every_field_by_name():
    assert repr(LuckAdvice(0.25, 0.5)) == "LuckAdvice(test_luck=0.25, accept=0.5, exact=True)"


@pytest.mark.parametrize(
    "record", [CombatNumbers(double_kills=True), Budget(), FightOdds(0.5, 0.6, 0.4, 10.0, 5.0), LuckAdvice(0.1, 0.2, False)]
)
def test_a_record_survives_a_copy_and_pickling(record):
    assert copy.copy(record) == record
    assert copy.deepcopy(record) == record
    assert pickle.loads(pickle.dumps(record)) == record


def test_numbers_out_of_the_rules_are_refused_when_made():
    with pytest.raises(ValueError, match="luck_allowed"):
        CombatNumbers(luck_allowed=1)
    with pytest.raises(ValueError, match="attack_dice"):
        CombatNumbers(attack_dice=6)
