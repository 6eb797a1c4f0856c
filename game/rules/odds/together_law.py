"""Exact law of one all-together round (R-MULTI-1, R-COMBAT-1/2), from integer counts."""

from __future__ import annotations

from functools import cache

from .dice import attack_totals, same_faces

__all__ = ["round_counts_together", "round_outcomes"]


@cache
def round_outcomes(
    hero_skill_eff: int, skills: tuple[int, ...], target: int, double_kills: bool = False, dice: int = 2
) -> tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]:
    """Conditioned law of one all-together round aimed at ``target``.

    Returns (kill[k], hit[k], hw[j]): P(the hero's double kills the target
    outright and k other creatures wound the hero) (all 0 unless
    ``double_kills``), P(the hero wounds the target and k other creatures
    wound the hero), and P(the target does not fall to the hero's blow and j
    creatures, the target included, wound the hero), given that the round is
    not the null outcome (target tie, all others parried).  Exact integer
    counts over (6 ** dice) ** (creatures + 1), R-COMBAT-1/2, R-MULTI-1.  A double
    kills the target only: against the others the hero's total is compared
    as usual.
    """
    kill, hit, tie, wounded, total = round_counts_together(hero_skill_eff, skills, target, double_kills, dice)
    k_all = len(skills)
    hw = [0] * (k_all + 1)
    for k in range(k_all):
        hw[k] += tie[k]
        hw[k + 1] += wounded[k]
    live = total - hw[0]  # hw[0] is the null round: conditioned out
    return (tuple(x / live for x in kill), tuple(x / live for x in hit), (0.0,) + tuple(x / live for x in hw[1:]))


@cache
def round_counts_together(
    hero_skill_eff: int, skills: tuple[int, ...], target: int, double_kills: bool = False, dice: int = 2
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
    """Integer counts of one all-together round aimed at ``target``, out of the returned total.

    (kill[k], hit[k], tie[k], wounded[k], total): the hero's double kills the
    target, the hero wounds it, the two tie, the target wounds the hero —
    each with k *other* creatures wounding the hero (R-MULTI-1).
    """
    k_all = len(skills)
    kill = [0] * k_all
    hit = [0] * k_all
    tie = [0] * k_all
    wounded = [0] * k_all
    totals = attack_totals(dice)
    faces = 6**dice
    for r, cr in totals.items():
        H = r + hero_skill_eff
        higher = [sum(c for x, c in totals.items() if x + s > H) for s in skills]
        # Polynomial in z: ways for the *other* creatures to wound the hero k times.
        poly = [1]
        for i, _s in enumerate(skills):
            if i == target:
                continue
            w, safe = higher[i], faces - higher[i]
            new = [0] * (len(poly) + 1)
            for k, c in enumerate(poly):
                new[k] += c * safe
                new[k + 1] += c * w
            poly = new
        lt = sum(c for x, c in totals.items() if x + skills[target] < H)
        ht = higher[target]
        et = faces - lt - ht
        doubles = same_faces(r, dice) if double_kills else 0
        for k, c in enumerate(poly):
            if doubles:
                kill[k] += doubles * faces * c
            rest = cr - doubles
            hit[k] += rest * lt * c
            tie[k] += rest * et * c
            wounded[k] += rest * ht * c
    return tuple(kill), tuple(hit), tuple(tie), tuple(wounded), faces ** (k_all + 1)
