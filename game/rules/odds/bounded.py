"""Odds of fights too large for an exact table within the budget (issue 23): bounded, labelled estimates.

Any score the sheet, the board, the command line or an imported run accepts
(0-999) must be rated within 2 s and 200 MiB.  ``melee.table_cells`` says what
the exact table of a fight would cost before anything is built; beyond the
budget:

* P(win) never testing Luck of one fight stays exact: a closed form (a
  negative binomial sum, in logarithms so that a STAMINA of 999 neither
  overflows nor underflows), or with a killing double the sum over the blows
  landed and the wounds taken, O(blows x wounds);
* P(win) with Luck is a seeded Monte Carlo estimate (``together_mc``, numpy)
  of a stated heuristic play, so the best play's odds are at least the
  estimate minus its margin; ``FightOdds.exact`` is False and the board says
  "≥".  One after another is estimated the same way (the creature in front
  fights, the others wait).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp, lgamma, log

from .dice import CombatNumbers
from .melee import decisive_probabilities
from .montecarlo import estimated_odds
from .results import FightOdds

__all__ = ["fight_estimate", "no_luck_p_win", "sequence_estimate"]


def no_luck_p_win(skill_difference: int, hero_stamina: int, creature_stamina: int, numbers: CombatNumbers) -> float:
    """Exact P(win) of one fight never testing Luck, for any STAMINAs (R-COMBAT-1..4).

    The hero needs a = ceil(m / hit) decisive rounds won before b =
    ceil(n / wound) are lost: sum over j < b of C(a-1+j, j) p^a q^j.  With a
    killing double (``numbers.double_kills``) a decisive round may also end
    the fight at once, after any i < a blows and j < b wounds.
    """
    if creature_stamina <= 0:
        return 1.0
    if hero_stamina <= 0:
        return 0.0
    p, p_kill = decisive_probabilities(skill_difference, numbers)
    q = 1.0 - p - p_kill
    a = -(-creature_stamina // numbers.hit)
    b = -(-hero_stamina // numbers.wound)
    if q <= 0.0:
        return 1.0
    total = 0.0
    if p > 0.0:
        lp, lq = log(p), log(q)
        base = a * lp - lgamma(a)
        total = sum(exp(base + lgamma(a + j) - lgamma(j + 1) + j * lq) for j in range(b))
    if p_kill:
        # Killed by a double after i blows and j wounds, any order: C(i + j, i) p^i q^j p_kill.
        row = [0.0] * a  # row[i]: P(exactly i blows and j wounds so far, in some order)
        row[0] = 1.0
        for _j in range(b):
            for i in range(1, a):
                row[i] += row[i - 1] * p
            total += p_kill * sum(row)
            row = [x * q for x in row]
    return min(1.0, max(0.0, total))


def fight_estimate(
    hero_skill_eff: int, hero_stamina: int, hero_luck: int, creature_skill: int, creature_stamina: int, numbers: CombatNumbers
) -> FightOdds:
    """One fight beyond the exact table's budget: no-Luck exact, best Luck a seeded lower estimate."""
    never = no_luck_p_win(hero_skill_eff - creature_skill, hero_stamina, creature_stamina, numbers)
    if not numbers.luck_allowed or hero_luck < 2:
        # No test can ever succeed (R-LUCK-1) or none is allowed: the no-Luck odds are the odds.
        return FightOdds(never, never, 1.0 - never, None, None)
    from .together_mc import estimate  # numpy, only for fights this large

    best = estimate(hero_skill_eff, hero_stamina, hero_luck, [(creature_skill, creature_stamina)], numbers, use_luck=True)
    p = max(best.p, never)  # the best play is at least as good as never testing, which is exact
    return FightOdds(never, p, 1.0 - p, None, None, exact=False, margin=best.margin, samples=best.fights)


def sequence_estimate(
    hero_skill_eff: int, hero_stamina: int, hero_luck: int, creatures: Sequence[tuple[int, int]], numbers: CombatNumbers
) -> FightOdds:
    """One after another beyond the budget: both values seeded estimates of the heuristic play."""
    from .together_mc import estimate

    living = [c for c in creatures if c[1] > 0]
    never = estimate(hero_skill_eff, hero_stamina, hero_luck, living, numbers, use_luck=False, sequence=True)
    best = never
    if numbers.luck_allowed and hero_luck >= 2:
        best = estimate(hero_skill_eff, hero_stamina, hero_luck, living, numbers, use_luck=True, sequence=True)
    return estimated_odds(never, best)
