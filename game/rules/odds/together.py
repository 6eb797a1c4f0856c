"""All-together odds (R-MULTI-1): exact when the plan fits the budget, else a seeded estimate (issue 17).

``together_plan`` says what the exact sweep would cost before anything is
built; within ``Budget`` the sweep (``together_exact``) runs, otherwise a
seeded Monte Carlo (``together_mc``) with its 95 % margin.  Solved fights are
kept (their top layers only, bounded in bytes) so that the states the fight
moves to next, and the Luck advisor's "what if" states, are lookups.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence

from .cancel import requested
from .dice import CombatNumbers
from .montecarlo import estimated_odds
from .results import FightOdds
from .together_exact import Solution, solve
from .together_mc import estimate
from .together_plan import Budget, Group, groups_of, plan

__all__ = ["clear_cache", "odds", "solved_bytes"]

#: Bytes of solved top layers kept between calls (an LRU).
KEEP_BYTES = 24 << 20

#: Estimates kept (the Luck advisor and the odds ask for the same situations).
KEEP_ESTIMATES = 64

SolvedKey = tuple[int, CombatNumbers, tuple[Group, ...]]
EstimateKey = tuple[int, int, int, tuple[tuple[int, int], ...], CombatNumbers]

_SOLVED: OrderedDict[SolvedKey, Solution] = OrderedDict()
_ESTIMATED: OrderedDict[EstimateKey, FightOdds] = OrderedDict()


def clear_cache() -> None:
    """Forget every kept solution and estimate."""
    _SOLVED.clear()
    _ESTIMATED.clear()


def solved_bytes() -> int:
    """Bytes held by kept solutions (a figure for the memory bench)."""
    return sum(s.values.nbytes + s.space.position.nbytes + s.space.stam.nbytes for s in _SOLVED.values())


def _slots(groups: Sequence[Group], living: Sequence[tuple[int, int]]) -> list[int] | None:
    """Slot staminas of ``living`` in the layout of ``groups`` (None when they do not fit)."""
    by_skill: dict[int, list[int]] = {}
    for skill, stamina in living:
        by_skill.setdefault(skill, []).append(stamina)
    out: list[int] = []
    used = 0
    for g in groups:
        mine = sorted(by_skill.get(g.skill, ()))
        if len(mine) > g.count or (mine and mine[-1] > g.top):
            return None
        used += len(mine)
        out += [0] * (g.count - len(mine)) + mine
    return out if used == len(living) else None


def _lookup(key: tuple[int, CombatNumbers], living: Sequence[tuple[int, int]], n: int, l: int) -> tuple[float, float] | None:
    for (h, numbers, groups), sol in reversed(_SOLVED.items()):
        if (h, numbers) != key:
            continue
        stam = _slots(groups, living)
        if stam is None or sum(stam) > int(sol.space.bounds.size) - 2:
            continue
        best = sol.p_win(stam, n, l)
        never = sol.p_win(stam, n, 0)
        if best is not None and never is not None:
            _SOLVED.move_to_end((h, numbers, groups))
            return never, best
    return None


def _keep(key: SolvedKey, sol: Solution) -> None:
    _SOLVED[key] = sol
    _SOLVED.move_to_end(key)
    while len(_SOLVED) > 1 and solved_bytes() > KEEP_BYTES:
        _SOLVED.popitem(last=False)


def odds(
    hero_skill_eff: int,
    hero_stamina: int,
    hero_luck: int,
    living: Sequence[tuple[int, int]],
    numbers: CombatNumbers,
    budget: Budget,
    cancelled: Callable[[], bool] | None = None,
) -> FightOdds:
    """All-together odds of two creatures or more, exact or estimated (see the module)."""
    if cancelled is None:
        cancelled = requested
    found = _lookup((hero_skill_eff, numbers), living, hero_stamina, hero_luck)
    if found is not None:
        return _exact(*found)
    groups = groups_of(living)
    start = _slots(groups, living)
    assert start is not None
    cost = plan(groups, sum(start), hero_stamina, hero_luck, numbers)
    if cost.fits(budget):
        sol = solve(hero_skill_eff, numbers, hero_stamina, hero_luck, groups, start, cancelled=cancelled)
        _keep((hero_skill_eff, numbers, groups), sol)
        return _exact(sol.p_win(start, hero_stamina, 0), sol.p_win(start, hero_stamina, hero_luck))
    key: EstimateKey = (hero_skill_eff, hero_stamina, hero_luck, tuple(living), numbers)
    known = _ESTIMATED.get(key)
    if known is not None:
        _ESTIMATED.move_to_end(key)
        return known
    never = estimate(hero_skill_eff, hero_stamina, hero_luck, living, numbers, use_luck=False, cancelled=cancelled)
    best = never
    if numbers.luck_allowed and hero_luck >= 2:
        best = estimate(hero_skill_eff, hero_stamina, hero_luck, living, numbers, use_luck=True, cancelled=cancelled)
    result = estimated_odds(never, best)
    _ESTIMATED[key] = result
    while len(_ESTIMATED) > KEEP_ESTIMATES:
        _ESTIMATED.popitem(last=False)
    return result


def _exact(p_never: float | None, p_best: float | None) -> FightOdds:
    p0 = min(1.0, max(0.0, p_never or 0.0))
    p1 = min(1.0, max(0.0, p_best or 0.0))
    return FightOdds(
        p_win_no_luck=p0, p_win_best_luck=p1, p_death=1.0 - p1, expected_stamina_after_win=None, expected_luck_after_win=None
    )
