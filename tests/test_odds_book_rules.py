"""The odds honour each book's combat rules (issue 12 item 4): Luck forbidden, a killing double.

Rule ids refer to /work/shared/RULES.md; CombatNumbers carries the book's rules.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import product

import pytest

from game.rules.odds import CombatNumbers, clear_caches, fight_odds, luck_advice, p_win_closed_form, sequence_odds, together_odds
from game.rules.odds.dice import round_law
from game.rules.odds.montecarlo import simulate_fight
from game.rules.odds.together_plan import Budget

HAVOC = CombatNumbers(double_kills=True, luck_allowed=False)


def _race(hero_skill, creature_skill, n, m, kills):
    """P(win), no Luck, by brute force over the four dice; ``kills(h1, h2, H, C)`` says when a double kills."""
    kill = hit = wound = 0
    for h1, h2, c1, c2 in product(range(1, 7), repeat=4):
        H, C = hero_skill + h1 + h2, creature_skill + c1 + c2
        if kills(h1, h2, H, C):
            kill += 1
        elif H > C:
            hit += 1
        elif H < C:
            wound += 1
    live = kill + hit + wound

    @cache
    def v(a, b):
        if b <= 0:
            return 1.0
        if a <= 0:
            return 0.0
        return (kill + hit * v(a, b - 2) + wound * v(a - 2, b)) / live

    return v(n, m)


def test_creature_of_havoc_published_figure():
    # FF24: SKILL 7 STAMINA 20 against SKILL 11 STAMINA 20, never testing Luck: 0.8781329.
    odds = fight_odds(7, 20, 9, 11, 20, numbers=HAVOC)
    assert odds.p_win_no_luck == pytest.approx(0.8781329, abs=5e-8)
    assert odds.exact


def test_any_hero_double_kills_whatever_the_attack_strengths():
    # The reading that gives the book's figure: a double on the hero's roll kills
    # even when the creature's Attack Strength is higher; the creature's dice,
    # rolled first (R-COMBAT-1), no longer matter.
    any_double = _race(7, 11, 20, 20, lambda a, b, H, C: a == b)
    assert fight_odds(7, 20, 0, 11, 20, numbers=HAVOC).p_win_no_luck == pytest.approx(any_double, abs=1e-12)


def test_a_double_that_must_also_win_the_round_is_not_the_book_rule():
    winning_double = _race(7, 11, 20, 20, lambda a, b, H, C: a == b and H > C)
    assert abs(winning_double - fight_odds(7, 20, 0, 11, 20, numbers=HAVOC).p_win_no_luck) > 0.5


def test_without_the_rule_the_same_fight_is_hopeless():
    assert fight_odds(7, 20, 0, 11, 20).p_win_no_luck < 1e-5


def test_double_law_counts_the_six_doubles_against_every_creature_roll():
    kill, win, lose, tie = round_law(-4, True)
    assert kill == 6 * 36
    assert kill + win + lose + tie == 36 * 36


def test_luck_forbidden_makes_best_luck_the_no_luck_odds():
    # A book without Luck in combat: nothing to test, so the best policy is never testing.
    odds = fight_odds(9, 16, 11, 9, 12, numbers=CombatNumbers(luck_allowed=False))
    assert odds.p_win_best_luck == odds.p_win_no_luck
    assert odds.p_win_no_luck == pytest.approx(p_win_closed_form(0, 16, 12), abs=1e-12)


def test_luck_forbidden_gives_no_luck_advice():
    with pytest.raises(ValueError, match="forbids"):
        luck_advice(9, 16, 11, 9, 12, "hero", numbers=CombatNumbers(luck_allowed=False))


def test_killing_double_with_luck_allowed_still_helps_the_hero():
    # R-COMBAT-3 stays available unless the book forbids it.
    numbers = CombatNumbers(double_kills=True)
    odds = fight_odds(7, 20, 9, 11, 20, numbers=numbers)
    assert odds.p_win_best_luck > odds.p_win_no_luck


def test_killing_double_monte_carlo_agrees_with_exact():
    exact = fight_odds(7, 12, 0, 11, 12, numbers=HAVOC).p_win_no_luck
    mc = simulate_fight(random.Random(24), 20_000, 7, 12, 0, 11, 12, numbers=HAVOC)
    assert abs(mc.p - exact) < 4 * mc.stderr


def test_killing_double_one_after_another_chains_single_fights():
    numbers = CombatNumbers(double_kills=True)
    chained = sequence_odds(8, 18, 0, [(9, 6)], numbers=numbers)
    assert chained.p_win_no_luck == pytest.approx(fight_odds(8, 18, 0, 9, 6, numbers=numbers).p_win_no_luck, abs=1e-12)


def test_killing_double_all_together_with_one_creature_is_the_single_fight():
    numbers = CombatNumbers(double_kills=True)
    together = together_odds(8, 14, 8, [(10, 9)], numbers=numbers)
    single = fight_odds(8, 14, 8, 10, 9, numbers=numbers)
    assert together.p_win_best_luck == pytest.approx(single.p_win_best_luck, abs=1e-12)


def test_a_killing_double_helps_against_two_creatures_at_once():
    plain = together_odds(8, 14, 0, [(10, 9), (9, 8)])
    havoc = together_odds(8, 14, 0, [(10, 9), (9, 8)], numbers=HAVOC)
    assert havoc.p_win_no_luck > plain.p_win_no_luck


def test_book_rule_flags_must_be_booleans():
    with pytest.raises(ValueError, match="double_kills"):
        CombatNumbers(double_kills=1)


def test_one_attack_die_a_side_is_a_race_of_one_die_rolls():
    # A book rolling 1d6 for Attack Strength (R-COMBAT-1 with the book's dice): no double exists.
    one = CombatNumbers(attack_dice=1, double_kills=True)
    win = sum(1 for h in range(1, 7) for c in range(1, 7) if h + 1 > c)
    lose = sum(1 for h in range(1, 7) for c in range(1, 7) if h + 1 < c)
    p = win / (win + lose)

    @cache
    def v(a, b):
        if b <= 0:
            return 1.0
        if a <= 0:
            return 0.0
        return p * v(a, b - 2) + (1 - p) * v(a - 2, b)

    assert fight_odds(9, 10, 0, 8, 8, numbers=one).p_win_no_luck == pytest.approx(v(10, 8), abs=1e-12)


def test_three_attack_dice_all_together_with_one_creature_is_the_single_fight():
    numbers = CombatNumbers(attack_dice=3, double_kills=True)
    assert together_odds(8, 10, 0, [(9, 8), (3, 0)], numbers=numbers).p_win_no_luck == pytest.approx(
        fight_odds(8, 10, 0, 9, 8, numbers=numbers).p_win_no_luck, abs=1e-12
    )


def test_three_attack_dice_together_agree_with_the_estimate():
    numbers = CombatNumbers(attack_dice=3, double_kills=True, luck_allowed=False)
    clear_caches()  # a solved fight is answered exactly from the cache, whatever the budget
    estimate = together_odds(9, 10, 0, [(9, 6), (8, 6)], numbers=numbers, budget=Budget(seconds=0.0))
    exact = together_odds(9, 10, 0, [(9, 6), (8, 6)], numbers=numbers)
    assert exact.exact and not estimate.exact
    assert abs(exact.p_win_no_luck - estimate.p_win_no_luck) < 2 * estimate.margin
