"""Public one-creature odds and the Luck advisor (R-COMBAT-1..4, R-LUCK-1)."""

from __future__ import annotations

from functools import lru_cache

from .dice import CombatNumbers
from .melee import BYTES_PER_CELL, SECONDS_PER_CELL, cached_table, table_cells
from .results import MAX_SCORE, Budget, FightOdds, LuckAdvice, check_score, odds_from_value

__all__ = ["fight_odds", "fits", "luck_advice"]

_DEFAULT = CombatNumbers()
_BUDGET = Budget()


def fits(N: int, M: int, L: int, numbers: CombatNumbers, budget: Budget = _BUDGET) -> bool:
    """True when the exact table of a fight from (N, M, L) fits ``budget`` (known before building it)."""
    cells = table_cells(N, M, L, numbers)
    return cells * SECONDS_PER_CELL <= budget.seconds and cells * BYTES_PER_CELL <= budget.bytes


def _check(
    hero_skill: int,
    hero_stamina: int,
    hero_luck: int,
    creature_skill: int,
    creature_stamina: int,
    attack_modifier: int,
    numbers: CombatNumbers,
) -> None:
    check_score("hero SKILL", hero_skill)
    check_score("hero STAMINA", hero_stamina)
    check_score("hero LUCK", hero_luck)
    check_score("creature SKILL", creature_skill)
    check_score("creature STAMINA", creature_stamina)
    check_score("attack modifier", attack_modifier, minimum=-MAX_SCORE)
    if not isinstance(numbers, CombatNumbers):
        raise ValueError("numbers must be a CombatNumbers")


@lru_cache(maxsize=4096)
def fight_odds(
    hero_skill: int,
    hero_stamina: int,
    hero_luck: int,
    creature_skill: int,
    creature_stamina: int,
    *,
    attack_modifier: int = 0,
    numbers: CombatNumbers = _DEFAULT,
    budget: Budget = _BUDGET,
) -> FightOdds:
    """Odds of one fight from the start of a round (no wound pending): exact within ``budget``.

    ``attack_modifier`` is added to the hero's Attack Strength only (e.g. -2
    for fists, R-COMBAT-6).  ``numbers`` are the book's damage numbers
    (R-COMBAT-2, R-COMBAT-3).  A fight that is already over (a STAMINA at 0)
    is returned as won or lost.  A fight whose exact table would exceed
    ``budget`` (STAMINAs in the hundreds) gets the exact no-Luck odds and a
    seeded estimate of the best-Luck odds (``bounded``; ``exact`` False).
    """
    _check(hero_skill, hero_stamina, hero_luck, creature_skill, creature_stamina, attack_modifier, numbers)
    if creature_stamina == 0 and hero_stamina > 0:
        return odds_from_value(1.0, (1.0, float(hero_stamina), float(hero_luck)))
    if hero_stamina == 0:
        return odds_from_value(0.0, (0.0, 0.0, 0.0))
    if not fits(hero_stamina, creature_stamina, hero_luck, numbers, budget):
        from .bounded import fight_estimate

        return fight_estimate(hero_skill + attack_modifier, hero_stamina, hero_luck, creature_skill, creature_stamina, numbers)
    t = cached_table(hero_skill + attack_modifier - creature_skill, numbers, hero_stamina, creature_stamina, hero_luck)
    # LUCK 0 is the no-Luck fight: a test there always fails (R-LUCK-1), so
    # the best policy at LUCK 0 never tests.
    return odds_from_value(t.p_win(hero_stamina, creature_stamina, 0), t.value(hero_stamina, creature_stamina, hero_luck))


@lru_cache(maxsize=4096)
def luck_advice(
    hero_skill: int,
    hero_stamina: int,
    hero_luck: int,
    creature_skill: int,
    creature_stamina: int,
    pending: str,
    *,
    attack_modifier: int = 0,
    numbers: CombatNumbers = _DEFAULT,
    budget: Budget = _BUDGET,
) -> LuckAdvice:
    """P(win) if Luck is tested on the pending wound now, and if it is accepted.

    ``pending="creature"``: the hero has just wounded the creature;
    ``pending="hero"``: the creature has just wounded the hero.  Both
    STAMINAs are *before* the pending damage (R-COMBAT-3: the decision comes
    before the wound is written down).  Defined for any pending wound, even
    one that kills the creature outright, where testing can only hurt.
    At LUCK 0 or 1 testing is allowed and always Unlucky (R-LUCK-1).
    """
    _check(hero_skill, hero_stamina, hero_luck, creature_skill, creature_stamina, attack_modifier, numbers)
    if pending not in ("hero", "creature"):
        raise ValueError(f"pending must be 'hero' or 'creature', got {pending!r}")
    if hero_stamina == 0 or creature_stamina == 0:
        raise ValueError("no wound can be pending once a STAMINA is 0 (R-COMBAT-4)")
    if not numbers.luck_allowed:
        raise ValueError("this book forbids Testing Luck in a fight: there is no Luck advice")
    if not fits(hero_stamina, creature_stamina, hero_luck, numbers, budget):
        return _advice_estimate(
            hero_skill + attack_modifier, hero_stamina, hero_luck, creature_skill, creature_stamina, pending, numbers, budget
        )
    t = cached_table(hero_skill + attack_modifier - creature_skill, numbers, hero_stamina, creature_stamina, hero_luck)
    test, accept = t.pending(hero_stamina, creature_stamina, hero_luck, pending)
    return LuckAdvice(test_luck=min(1.0, test[0]), accept=min(1.0, accept[0]))


def _advice_estimate(
    hero_skill_eff: int, n: int, l: int, creature_skill: int, m: int, pending: str, numbers: CombatNumbers, budget: Budget
) -> LuckAdvice:
    """The advice of a fight too large for its exact table: the three outcomes rated by ``fight_odds`` (estimates)."""
    from .dice import p_2d6_at_most

    c = numbers
    lm = max(0, l - 1)
    if pending == "creature":
        outcomes = [(n, m - c.hit, l), (n, m - c.hit_lucky, lm), (n, m - c.hit_unlucky, lm)]
    else:
        outcomes = [(n - c.wound, m, l), (n - c.wound_lucky, m, lm), (n - c.wound_unlucky, m, lm)]
    accept, lucky, unlucky = (
        fight_odds(hero_skill_eff, max(0, a), b, creature_skill, max(0, d), numbers=c, budget=budget).p_win_best_luck
        for a, d, b in outcomes
    )
    ps = p_2d6_at_most(l)
    return LuckAdvice(test_luck=ps * lucky + (1 - ps) * unlucky, accept=accept, exact=False)
