"""Several creatures (R-MULTI-1): one after another, and all together.

*One after another*: fights in sequence, the hero's STAMINA and LUCK carry
over.  The best Luck policy looks ahead: the value of beating creature k with
(n, l) left is the value of the fight against creature k + 1 from (n, l), so
the melee tables are chained backwards through ``build_table(reward=...)``.
Exact for any number of creatures.

*All together*: every living creature rolls each round; the hero rolls once
and picks a target.  Against the target the exchange is normal; against each
other creature a lower hero Attack Strength wounds the hero, a higher or equal
one parries.  The wounds of a round are settled one by one, target exchange
first, then the others in list order, each with its own Luck decision
(R-COMBAT-3).  Exact model:

* state: hero STAMINA n, LUCK l and the multiset of living creatures
  (SKILL, STAMINA).  Creatures are sorted, so identical creatures share
  states, and order does not matter: every hero wound has the same numbers,
  so which creature dealt it is irrelevant to the settling.
* H_j(n, l, state): value while j hero wounds wait to be settled after the
  target exchange; H_0 is the value at the start of a round, and
  H_j = max(accept, test Luck) over H_{j-1} at lower STAMINA.
* one round against target t: the joint law of (target hit?, number k of
  hero wounds) is computed exactly from the hero's 11 totals (the creatures'
  rolls are independent given the hero's).  The only outcome that leaves the
  state unchanged is "target tie, every other creature parried", so it is
  conditioned out per target; since the best target in a state does not
  change when the state repeats, V = max_t E[value | not null, target t].

Every transition lowers n + total creature STAMINA.  The sweep itself is
``together_exact`` (layers of equal creature STAMINA, numpy), chosen against a
seeded Monte Carlo (``together_mc``) by the cost estimate of
``together_plan`` before anything is built (``together``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .dice import CombatNumbers
from .fight import fight_odds
from .melee import BYTES_PER_CELL, SECONDS_PER_CELL, build_table, decisive_probabilities
from .results import MAX_SCORE, Budget, FightOdds, check_score, odds_from_value

__all__ = ["sequence_odds", "together_odds"]

_DEFAULT = CombatNumbers()
_BUDGET = Budget()


def _check_common(
    hero_skill: int,
    hero_stamina: int,
    hero_luck: int,
    creatures: Sequence[tuple[int, int]],
    attack_modifier: int,
    numbers: CombatNumbers,
) -> list[tuple[int, int]]:
    check_score("hero SKILL", hero_skill)
    check_score("hero STAMINA", hero_stamina)
    check_score("hero LUCK", hero_luck)
    check_score("attack modifier", attack_modifier, minimum=-MAX_SCORE)
    if not isinstance(numbers, CombatNumbers):
        raise ValueError("numbers must be a CombatNumbers")
    out = []
    for i, c in enumerate(creatures):
        try:
            sk, st = c
        except (TypeError, ValueError):
            raise ValueError(f"creature {i} must be a (SKILL, STAMINA) pair, got {c!r}") from None
        out.append((check_score(f"creature {i} SKILL", sk), check_score(f"creature {i} STAMINA", st)))
    return out


# --------------------------------------------------------------------------
# One after another
# --------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _sequence(
    hero_skill_eff: int, N: int, L: int, creatures: tuple[tuple[int, int], ...], numbers: CombatNumbers
) -> tuple[float, tuple[float, float, float]]:
    # Reward after the last creature: the hero has won, with (n, l) left.
    reward = [[0.0] * ((L + 1) * (N + 1)) for _ in range(3)]
    for l in range(L + 1):
        for n in range(1, N + 1):
            j = l * (N + 1) + n
            reward[0][j], reward[1][j], reward[2][j] = 1.0, float(n), float(l)
    for skill, stamina in reversed(creatures):
        if stamina == 0:
            continue  # already dead, nobody steps in
        p, p_kill = decisive_probabilities(hero_skill_eff - skill, numbers)
        t = build_table(p, numbers, N, stamina, L, reward, p_kill=p_kill)
        # Value of facing this creature fresh, for every (n, l) the previous
        # fight can leave (R-MULTI-1: STAMINA and LUCK carry over).
        nxt = [[0.0] * ((L + 1) * (N + 1)) for _ in range(3)]
        for l in range(L + 1):
            for n in range(1, N + 1):
                j = l * (N + 1) + n
                nxt[0][j], nxt[1][j], nxt[2][j] = t.value(n, stamina, l)
        reward = nxt
    j = L * (N + 1) + N
    # LUCK 0 throughout is the no-Luck chain (R-LUCK-1).
    return reward[0][N], (reward[0][j], reward[1][j], reward[2][j])


def sequence_odds(
    hero_skill: int,
    hero_stamina: int,
    hero_luck: int,
    creatures: Sequence[tuple[int, int]],
    *,
    attack_modifier: int = 0,
    numbers: CombatNumbers = _DEFAULT,
    budget: Budget = _BUDGET,
) -> FightOdds:
    """Exact odds of fighting ``creatures`` (SKILL, STAMINA) one after another.

    The hero wins by killing them all; STAMINA and LUCK carry over from one
    fight to the next (R-MULTI-1), and the best Luck policy of each fight
    takes the fights still to come into account.  Creatures at STAMINA 0 are
    skipped; an empty list is a fight already won.  Beyond ``budget`` (the
    tables' cells, known before building them): a seeded estimate.
    """
    cs = _check_common(hero_skill, hero_stamina, hero_luck, creatures, attack_modifier, numbers)
    if hero_stamina == 0:
        return odds_from_value(0.0, (0.0, 0.0, 0.0))
    cells = sum((hero_stamina + 1) * (m + 1) * (hero_luck + 1) for _, m in cs if m > 0)
    if cells * SECONDS_PER_CELL > budget.seconds or cells * BYTES_PER_CELL > budget.bytes:
        from .bounded import sequence_estimate

        return sequence_estimate(hero_skill + attack_modifier, hero_stamina, hero_luck, cs, numbers)
    p0, v = _sequence(hero_skill + attack_modifier, hero_stamina, hero_luck, tuple(cs), numbers)
    return odds_from_value(p0, v)


# --------------------------------------------------------------------------
# All together
# --------------------------------------------------------------------------


def clear_cache() -> None:
    """Forget the all-together solutions kept (for cold-start benchmarks)."""
    import sys

    together = sys.modules.get(__package__ + ".together")
    if together is not None:
        together.clear_cache()


def together_odds(
    hero_skill: int,
    hero_stamina: int,
    hero_luck: int,
    creatures: Sequence[tuple[int, int]],
    *,
    attack_modifier: int = 0,
    numbers: CombatNumbers = _DEFAULT,
    budget: Budget = _BUDGET,
) -> FightOdds:
    """Odds of fighting ``creatures`` (SKILL, STAMINA) all together (R-MULTI-1).

    The hero picks the best target every round and the best Luck decision for
    each wound of the round in turn (R-COMBAT-3).  Exact whenever the exact
    sweep's estimated cost (``together_plan``) fits ``budget``; otherwise a
    seeded Monte Carlo estimate: ``exact`` is then False and ``margin`` its
    95 % half-width.  With two creatures or more the expectations after a win
    are not computed (None).  Creatures at STAMINA 0 are ignored; with one
    living creature this is ``fight_odds``.  A long computation stops with
    ``Cancelled`` when this thread's caller asks (``cancel.cancellable``).
    """
    cs = _check_common(hero_skill, hero_stamina, hero_luck, creatures, attack_modifier, numbers)
    if not isinstance(budget, Budget):
        raise ValueError("budget must be a Budget")
    living = sorted(c for c in cs if c[1] > 0)
    if hero_stamina == 0:
        return odds_from_value(0.0, (0.0, 0.0, 0.0))
    if not living:
        return odds_from_value(1.0, (1.0, float(hero_stamina), float(hero_luck)))
    if len(living) == 1:
        ((skill, stamina),) = living
        return fight_odds(hero_skill, hero_stamina, hero_luck, skill, stamina, attack_modifier=attack_modifier, numbers=numbers)
    from . import together  # numpy is imported only for fights of several creatures at once

    return together.odds(hero_skill + attack_modifier, hero_stamina, hero_luck, living, numbers, budget)
