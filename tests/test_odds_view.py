"""The sheet's odds and Luck advice agree with the odds module for every kind of fight (issue 4)."""

import pytest

from game.rules.dice import ScriptedDice
from game.rules.errors import Refused
from game.rules.ff import odds_view
from game.rules.odds import (
    CombatNumbers,
    archery_odds,
    fight_odds,
    luck_advice,
    missed_arrow_advice,
    sequence_odds,
    together_odds,
)
from game.rules.session import Session, Start


def session(book, dice=(), hero=(10, 20, 9), **fight):
    s = Session(book, ScriptedDice(list(dice)), Start(hero=dict(zip(("skill", "stamina", "luck"), hero))))
    s.apply({"do": "fight", **fight})
    return s


def test_single_creature_odds_are_the_odds_modules(df31):
    s = session(df31, enemies=[{"name": "Orc", "skill": 8, "stamina": 9}])
    expected = fight_odds(10, 20, 9, 8, 9)
    assert odds_view.odds(df31, s.state)["best_luck"] == expected.p_win_best_luck
    assert odds_view.odds(df31, s.state)["no_luck"] == expected.p_win_no_luck


def test_a_lost_weapon_lowers_attack_strength_in_the_odds_R_COMBAT_6(df31):
    s = session(df31, enemies=[{"name": "Orc", "skill": 8, "stamina": 9}])
    s.apply({"do": "lose_weapon"})
    assert odds_view.odds(df31, s.state)["best_luck"] == fight_odds(10, 20, 9, 8, 9, attack_modifier=-2).p_win_best_luck


def test_pending_wound_advice_matches_luck_advice(df31):
    s = session(df31, dice=[6, 6, 1, 1], enemies=[{"name": "Orc", "skill": 8, "stamina": 9}])
    s.apply({"do": "round"})
    advice = odds_view.advice(df31, s.state)
    expected = luck_advice(10, 20, 9, 8, 9, "hero")
    assert advice["test_luck"] == pytest.approx(expected.test_luck, abs=1e-12)
    assert advice["accept"] == pytest.approx(expected.accept, abs=1e-12)


def test_general_advice_agrees_with_the_missed_arrow_advisor(df49):
    s = session(df49, dice=[6, 6], enemies=[{"name": "Aile Noire", "skill": 7, "stamina": 8}], arrows=3)
    s.apply({"do": "shoot"})
    situation = odds_view.situation(df49, s.state)
    general = odds_view._advice(situation, odds_view.numbers_of(df49))[:2]
    expected = missed_arrow_advice(10, 20, 9, 7, 8, shots_left=2, arrows=2)
    assert general == pytest.approx((expected.test_luck, expected.accept), abs=1e-12)


def test_archery_phase_odds_count_the_shots_left_R_BOW_2(df49):
    s = session(df49, enemies=[{"name": "Aile Noire", "skill": 7, "stamina": 8}], arrows=4)
    assert odds_view.odds(df49, s.state)["best_luck"] == archery_odds(10, 20, 9, 7, 8, shots_left=4, arrows=4).p_win_best_luck


def test_one_after_another_odds_carry_over_R_MULTI_1(df64):
    s = session(df64, enemies=[{"name": "A", "skill": 7, "stamina": 6}, {"name": "B", "skill": 8, "stamina": 5}])
    assert odds_view.odds(df64, s.state)["best_luck"] == sequence_odds(10, 20, 9, [(7, 6), (8, 5)]).p_win_best_luck


def test_all_together_odds_use_the_best_target_R_MULTI_1(df64):
    enemies = [{"name": "A", "skill": 7, "stamina": 6}, {"name": "B", "skill": 8, "stamina": 5}]
    s = session(df64, mode="all_together", enemies=enemies)
    expected = together_odds(10, 20, 9, [(7, 6), (8, 5)])
    assert odds_view.odds(df64, s.state)["best_luck"] == pytest.approx(expected.p_win_best_luck, abs=1e-12)


def test_best_luck_odds_with_a_pending_wound_are_the_better_choice(df31):
    s = session(df31, dice=[1, 1, 6, 6], enemies=[{"name": "Orc", "skill": 8, "stamina": 9}])
    s.apply({"do": "round"})
    advice = odds_view.advice(df31, s.state)
    assert odds_view.odds(df31, s.state)["best_luck"] == max(advice["test_luck"], advice["accept"])


def test_the_book_damage_numbers_reach_the_odds(df31):
    assert odds_view.numbers_of(df31) == CombatNumbers()


def test_no_odds_without_a_fight(df31):
    s = Session(df31, ScriptedDice([]), Start(hero={"skill": 10, "stamina": 20, "luck": 9}))
    with pytest.raises(Refused):
        odds_view.odds(df31, s.state)


def test_no_advice_without_a_pending_decision(df31):
    s = session(df31, enemies=[{"name": "Orc", "skill": 8, "stamina": 9}])
    with pytest.raises(Refused):
        odds_view.advice(df31, s.state)


def test_the_odds_say_what_they_count_R_ALLY_1(df49):
    alone = session(df49, enemies=[{"name": "Orc", "skill": 8, "stamina": 9}])
    assert odds_view.odds(df49, alone.state)["counts"] == "hero"
    s = session(df49, enemies=[{"name": "Orc", "skill": 8, "stamina": 9}], ally={"name": "Sorrel", "skill": 9, "stamina": 10})
    assert odds_view.odds(df49, s.state)["counts"] == "hero_and_ally"


def test_exact_odds_say_they_are_exact(df64):
    enemies = [{"name": "A", "skill": 7, "stamina": 6}, {"name": "B", "skill": 8, "stamina": 5}]
    s = session(df64, mode="all_together", enemies=enemies)
    answer = odds_view.odds(df64, s.state)
    assert answer["exact"] and answer["margin"] == 0.0


def test_a_fight_too_large_to_solve_says_it_is_an_estimate_with_its_margin(df64):
    # Issue 17: six creatures of three SKILLs at STAMINA 10 go past the exact budget.
    enemies = [{"name": f"S{i}", "skill": 3 + i % 3, "stamina": 10} for i in range(6)]
    s = session(df64, mode="all_together", enemies=enemies)
    answer = odds_view.odds(df64, s.state)
    assert not answer["exact"]
    assert 0.0 < answer["margin"] < 0.01
    assert answer["no_luck"] <= answer["best_luck"]


def test_an_estimated_fight_weighs_the_first_decision_with_three_estimates(df64):
    # Issue 17: six wounds waiting in a fight too large to solve would be 3 ** 6 estimates;
    # the first decision is weighed (Lucky, Unlucky, accepted), the others accepted.
    from game.rules.odds import clear_caches, together

    enemies = [{"name": f"S{i}", "skill": 3 + i % 3, "stamina": 10} for i in range(6)]
    s = session(df64, dice=[6, 6] * 6 + [1, 1], hero=(10, 17, 10), mode="all_together", enemies=enemies)
    s.apply({"do": "round"})
    assert len(s.state.fight.pending) == 6
    clear_caches()
    advice = odds_view.advice(df64, s.state)
    answer = odds_view.odds(df64, s.state)
    assert len(together._ESTIMATED) == 3
    assert not answer["exact"]
    assert answer["best_luck"] == max(advice["test_luck"], advice["accept"])
