"""Exact law of one all-together round (R-MULTI-1, R-COMBAT-1/2), from integer counts."""

from __future__ import annotations

from functools import lru_cache

from .dice import TWO_D6

__all__ = ["round_outcomes"]


@lru_cache(maxsize=None)
def round_outcomes(hero_skill_eff: int, skills: tuple[int, ...], target: int,
                   double_kills: bool = False
                   ) -> tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]:
    """Conditioned law of one all-together round aimed at ``target``.

    Returns (kill[k], hit[k], hw[j]): P(the hero's double kills the target
    outright and k other creatures wound the hero) (all 0 unless
    ``double_kills``), P(the hero wounds the target and k other creatures
    wound the hero), and P(the target does not fall to the hero's blow and j
    creatures, the target included, wound the hero), given that the round is
    not the null outcome (target tie, all others parried).  Exact integer
    counts over 36 ** (creatures + 1), R-COMBAT-1/2, R-MULTI-1.  A double
    kills the target only: against the others the hero's total is compared
    as usual.
    """
    k_all = len(skills)
    kill = [0] * k_all
    hit = [0] * k_all
    tie = [0] * k_all
    wounded = [0] * k_all
    for r, cr in TWO_D6.items():
        H = r + hero_skill_eff
        higher = [sum(c for x, c in TWO_D6.items() if x + s > H) for s in skills]
        # Polynomial in z: ways for the *other* creatures to wound the hero k times.
        poly = [1]
        for i, _s in enumerate(skills):
            if i == target:
                continue
            w, safe = higher[i], 36 - higher[i]
            new = [0] * (len(poly) + 1)
            for k, c in enumerate(poly):
                new[k] += c * safe
                new[k + 1] += c * w
            poly = new
        lt = sum(c for x, c in TWO_D6.items() if x + skills[target] < H)
        ht = higher[target]
        et = 36 - lt - ht
        doubles = 1 if double_kills and r % 2 == 0 else 0   # one double per even total
        for k, c in enumerate(poly):
            if doubles:
                kill[k] += doubles * 36 * c
            rest = cr - doubles
            hit[k] += rest * lt * c
            tie[k] += rest * et * c
            wounded[k] += rest * ht * c
    hw = [0] * (k_all + 1)
    for k in range(k_all):
        hw[k] += tie[k]
        hw[k + 1] += wounded[k]
    total = 36 ** (k_all + 1)
    live = total - hw[0]                 # hw[0] is the null round: conditioned out
    return (tuple(x / live for x in kill), tuple(x / live for x in hit),
            (0.0,) + tuple(x / live for x in hw[1:]))
