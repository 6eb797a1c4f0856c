"""Property and Monte Carlo checks of the exact fight odds (issue 4).

Rule ids refer to /work/shared/RULES.md.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.odds import archery_odds, fight_odds, luck_advice, sequence_odds
from game.rules.odds.montecarlo import simulate_fight

skill = st.integers(min_value=2, max_value=14)
stamina = st.integers(min_value=1, max_value=24)
luck = st.integers(min_value=0, max_value=12)

FAST = settings(max_examples=150, deadline=None)


@FAST
@given(skill, stamina, luck, skill, stamina)
def test_more_luck_never_lowers_p_win(hs, hst, hl, cs, cst):
    # R-LUCK-1 / R-COMBAT-3: an extra LUCK point can always be left unused.
    lower = fight_odds(hs, hst, hl, cs, cst).p_win_best_luck
    higher = fight_odds(hs, hst, hl + 1, cs, cst).p_win_best_luck
    assert higher >= lower - 1e-12


@FAST
@given(skill, stamina, luck, skill, stamina)
def test_best_luck_never_below_no_luck(hs, hst, hl, cs, cst):
    # R-COMBAT-3: never testing is one of the policies the best one beats.
    odds = fight_odds(hs, hst, hl, cs, cst)
    assert odds.p_win_best_luck >= odds.p_win_no_luck - 1e-12
    assert 0.0 <= odds.p_win_no_luck <= 1.0 and 0.0 <= odds.p_win_best_luck <= 1.0


@FAST
@given(skill, stamina, luck, skill, stamina)
def test_more_hero_stamina_never_lowers_p_win(hs, hst, hl, cs, cst):
    # R-COMBAT-4: one more STAMINA point is one more chance.
    assert fight_odds(hs, hst + 1, hl, cs, cst).p_win_best_luck >= fight_odds(hs, hst, hl, cs, cst).p_win_best_luck - 1e-12


@FAST
@given(skill, stamina, luck, skill, stamina, st.sampled_from(["hero", "creature"]))
def test_advice_never_exceeds_the_value_before_the_roll_bounds(hs, hst, hl, cs, cst, side):
    # R-COMBAT-3: both choices are probabilities; accepting a wound to the
    # creature is never worse than the same fight before the round.
    advice = luck_advice(hs, hst, hl, cs, cst, side)
    assert 0.0 <= advice.test_luck <= 1.0 and 0.0 <= advice.accept <= 1.0
    before = fight_odds(hs, hst, hl, cs, cst).p_win_best_luck
    if side == "creature":
        assert advice.accept >= before - 1e-12
    else:
        assert max(advice.test_luck, advice.accept) <= before + 1e-12


@settings(max_examples=60, deadline=None)
@given(skill, stamina, luck, skill, stamina, st.integers(min_value=0, max_value=6))
def test_archery_never_lowers_p_win(hs, hst, hl, cs, cst, shots):
    # R-BOW-4 Decision: the hero may close to melee at any time.
    assert (
        archery_odds(hs, hst, hl, cs, cst, shots_left=shots, arrows=6).p_win_best_luck
        >= fight_odds(hs, hst, hl, cs, cst).p_win_best_luck - 1e-12
    )


@settings(max_examples=40, deadline=None)
@given(skill, stamina, luck, st.lists(st.tuples(skill, st.integers(1, 12)), min_size=1, max_size=3))
def test_a_longer_sequence_is_never_easier(hs, hst, hl, creatures):
    # R-MULTI-1 one after another: one more creature can only lower P(win).
    shorter = sequence_odds(hs, hst, hl, creatures[:-1]).p_win_best_luck
    assert sequence_odds(hs, hst, hl, creatures).p_win_best_luck <= shorter + 1e-12


@pytest.mark.parametrize("hero, creature", [((10, 12, 9), (10, 10)), ((8, 10, 11), (10, 9))])
def test_monte_carlo_of_best_policy_agrees_with_exact_value(hero, creature):
    # R-COMBAT-1..4 with real 2d6 (ties included) and the best Luck policy.
    rng = random.Random(20240604)
    exact = fight_odds(*hero, *creature).p_win_best_luck
    mc = simulate_fight(rng, 20_000, *hero, *creature)
    assert abs(mc.p - exact) <= 4 * mc.stderr


def test_monte_carlo_never_testing_agrees_with_no_luck_value():
    rng = random.Random(7)
    exact = fight_odds(9, 14, 9, 9, 12).p_win_no_luck
    mc = simulate_fight(rng, 20_000, 9, 14, 9, 9, 12, use_luck=False)
    assert abs(mc.p - exact) <= 4 * mc.stderr
