"""DF49 archery before melee (R-BOW-1..4), then the usual fight.

While the creature closes in, the hero is not wounded, so the hero's STAMINA
n is fixed and the archery state is (creature STAMINA m, LUCK l, shots s),
where s = min(shots the paragraph still allows, arrows in the quiver)
(R-BOW-1, R-BOW-2).  At each state the hero either closes to melee (the shots
left are lost, R-BOW-4 Decision) or shoots: 2d6 <= current SKILL hits for
``shot_damage`` (R-BOW-2, no Attack Strength modifier).  On a miss the hero
may Test Luck (R-BOW-3): Lucky, the arrow hits after all; Unlucky, the string
breaks and melee starts with one LUCK less.  A creature killed by arrows ends
the fight (R-BOW-4); otherwise the melee table of melee.py takes over.
"""

from __future__ import annotations

from functools import lru_cache

from .dice import CombatNumbers, p_2d6_at_most
from .fight import fight_odds, fits
from .melee import BYTES_PER_CELL, EPS, MeleeTable, cached_table
from .results import MAX_SCORE, Budget, FightOdds, LuckAdvice, check_score, odds_from_value

#: Bytes of one archery value (a tuple of three floats in a list), measured like melee.BYTES_PER_CELL.
BYTES_PER_SHOT_CELL = 120
_BUDGET = Budget()


def _fits(n: int, m: int, l: int, shots: int, numbers: CombatNumbers) -> bool:
    """The melee table and the archery layers both fit the budget (known before building them)."""
    layers = (shots + 1) * (m + 1) * (l + 1) * BYTES_PER_SHOT_CELL
    return fits(n, m, l, numbers) and layers <= _BUDGET.bytes - BYTES_PER_CELL * (n + 1) * (m + 1) * (l + 1)


def _closing_now(melee: FightOdds) -> FightOdds:
    """A lower bound of a fight too large to rate with its arrows: ``melee``, closing at once (R-BOW-4 Decision).

    The hero may always close at once, so the odds with the arrows are at
    least these; they are labelled as not exact (the board says "≥").
    """
    return FightOdds(
        melee.p_win_no_luck,
        melee.p_win_best_luck,
        melee.p_death,
        None,
        None,
        exact=False,
        margin=melee.margin,
        samples=melee.samples,
        no_luck_exact=False,
    )


__all__ = ["archery_odds", "missed_arrow_advice"]

_DEFAULT = CombatNumbers()

Value = tuple[float, float, float]


@lru_cache(maxsize=256)
def _archery_table(
    hero_skill: int, hero_stamina: int, skill_difference: int, numbers: CombatNumbers, M: int, L: int, shots: int
) -> tuple[list[list[Value]], MeleeTable]:
    """Best-policy values A[s][l * (M + 1) + m] for s <= shots, plus the melee table."""
    n = hero_stamina
    melee = cached_table(skill_difference, numbers, n, M, L)
    W = M + 1
    h = p_2d6_at_most(hero_skill)  # R-BOW-2: 2d6 <= SKILL hits
    miss = 1.0 - h
    d = numbers.shot_damage
    # s = 0: no shot left, the fight is melee (R-BOW-4).
    layer: list[Value] = [melee.value(n, m, l) for l in range(L + 1) for m in range(W)]
    layers = [layer]
    for _s in range(1, shots + 1):
        prev = layer
        layer = []
        for l in range(L + 1):
            ps = p_2d6_at_most(l)
            pf = 1.0 - ps
            lm = l - 1 if l > 0 else 0
            for m in range(W):
                close = melee.value(n, m, l)
                if m == 0:  # already dead: nothing to decide
                    layer.append(close)
                    continue
                md = m - d if m > d else 0
                hit = prev[l * W + md]
                # After a miss: accept it, or Test Luck (R-BOW-3).
                accept = prev[l * W + m]
                after_miss = accept
                if ps > 0.0:
                    lucky = prev[lm * W + md]
                    broken = melee.value(n, m, lm)
                    tp = ps * lucky[0] + pf * broken[0]
                    if tp > accept[0] + EPS:
                        after_miss = (tp, ps * lucky[1] + pf * broken[1], ps * lucky[2] + pf * broken[2])
                shoot = (h * hit[0] + miss * after_miss[0], h * hit[1] + miss * after_miss[1], h * hit[2] + miss * after_miss[2])
                # Closing early (R-BOW-4 Decision) only when strictly better;
                # shooting never hurts, so in practice the hero shoots.
                layer.append(close if close[0] > shoot[0] + EPS else shoot)
        layers.append(layer)
    return layers, melee


def _check(
    hero_skill: int,
    hero_stamina: int,
    hero_luck: int,
    creature_skill: int,
    creature_stamina: int,
    shots_left: int,
    arrows: int,
    attack_modifier: int,
    numbers: CombatNumbers,
) -> None:
    check_score("hero SKILL", hero_skill)
    check_score("hero STAMINA", hero_stamina)
    check_score("hero LUCK", hero_luck)
    check_score("creature SKILL", creature_skill)
    check_score("creature STAMINA", creature_stamina)
    check_score("shots left", shots_left)
    check_score("arrows", arrows)
    check_score("attack modifier", attack_modifier, minimum=-MAX_SCORE)
    if not isinstance(numbers, CombatNumbers):
        raise ValueError("numbers must be a CombatNumbers")


def archery_odds(
    hero_skill: int,
    hero_stamina: int,
    hero_luck: int,
    creature_skill: int,
    creature_stamina: int,
    *,
    shots_left: int,
    arrows: int,
    bow_broken: bool = False,
    attack_modifier: int = 0,
    numbers: CombatNumbers = _DEFAULT,
) -> FightOdds:
    """Odds of a fight that opens with up to min(shots_left, arrows) arrows.

    ``bow_broken=True`` (R-BOW-3) or no shot/arrow left is plain melee.
    ``attack_modifier`` applies to melee only (R-COMBAT-6 does not touch
    shooting).  No decision may be pending (see missed_arrow_advice).
    """
    _check(hero_skill, hero_stamina, hero_luck, creature_skill, creature_stamina, shots_left, arrows, attack_modifier, numbers)
    if creature_stamina == 0 and hero_stamina > 0:
        return odds_from_value(1.0, (1.0, float(hero_stamina), float(hero_luck)))
    if hero_stamina == 0:
        return odds_from_value(0.0, (0.0, 0.0, 0.0))
    shots = 0 if bow_broken else min(shots_left, arrows)
    if not _fits(hero_stamina, creature_stamina, hero_luck, shots, numbers):
        kw = {"attack_modifier": attack_modifier, "numbers": numbers}
        return _closing_now(fight_odds(hero_skill, hero_stamina, hero_luck, creature_skill, creature_stamina, **kw))
    layers, _ = _archery_table(
        hero_skill, hero_stamina, hero_skill + attack_modifier - creature_skill, numbers, creature_stamina, hero_luck, shots
    )
    W = creature_stamina + 1
    top = layers[shots]
    # LUCK 0 never tests with profit (R-LUCK-1), so it is the no-Luck value.
    return odds_from_value(top[creature_stamina][0], top[hero_luck * W + creature_stamina])


def missed_arrow_advice(
    hero_skill: int,
    hero_stamina: int,
    hero_luck: int,
    creature_skill: int,
    creature_stamina: int,
    *,
    shots_left: int,
    arrows: int,
    bow_broken: bool = False,
    attack_modifier: int = 0,
    numbers: CombatNumbers = _DEFAULT,
) -> LuckAdvice:
    """P(win) if Luck is tested on the pending missed arrow, and if the miss is accepted.

    Convention: ``shots_left`` and ``arrows`` are what remains *after* the
    missed arrow (an arrow is spent when shot, R-BOW-1), and the creature's
    STAMINA is before the Lucky hit (R-BOW-3).  ``bow_broken`` must be False:
    a broken string cannot have shot.
    """
    _check(hero_skill, hero_stamina, hero_luck, creature_skill, creature_stamina, shots_left, arrows, attack_modifier, numbers)
    if bow_broken:
        raise ValueError("no arrow can be pending with a broken bowstring (R-BOW-3)")
    if hero_stamina == 0 or creature_stamina == 0:
        raise ValueError("no arrow can be pending once a STAMINA is 0 (R-BOW-4)")
    shots = min(shots_left, arrows)
    if not _fits(hero_stamina, creature_stamina, hero_luck, shots, numbers):
        return _advice_of_outcomes(
            hero_skill, hero_stamina, hero_luck, creature_skill, creature_stamina, shots, attack_modifier, numbers
        )
    layers, melee = _archery_table(
        hero_skill, hero_stamina, hero_skill + attack_modifier - creature_skill, numbers, creature_stamina, hero_luck, shots
    )
    W = creature_stamina + 1
    m, l = creature_stamina, hero_luck
    lm = l - 1 if l > 0 else 0
    d = numbers.shot_damage
    ps = p_2d6_at_most(l)
    lucky = layers[shots][lm * W + (m - d if m > d else 0)][0]
    broken = melee.p_win(hero_stamina, m, lm)
    test = ps * lucky + (1.0 - ps) * broken
    accept = layers[shots][l * W + m][0]
    return LuckAdvice(test_luck=min(1.0, test), accept=min(1.0, accept))


def _advice_of_outcomes(
    hero_skill: int, n: int, l: int, creature_skill: int, m: int, shots: int, attack_modifier: int, numbers: CombatNumbers
) -> LuckAdvice:
    """A missed arrow in a fight too large for the tables: each outcome rated on its own (bounded, not exact)."""
    lm = max(0, l - 1)
    ps = p_2d6_at_most(l)
    hit = max(0, m - numbers.shot_damage)
    mod = attack_modifier
    hit_after_all = archery_odds(
        hero_skill, n, lm, creature_skill, hit, shots_left=shots, arrows=shots, attack_modifier=mod, numbers=numbers
    )
    broken = fight_odds(hero_skill, n, lm, creature_skill, m, attack_modifier=mod, numbers=numbers)
    missed = archery_odds(
        hero_skill, n, l, creature_skill, m, shots_left=shots, arrows=shots, attack_modifier=mod, numbers=numbers
    )
    test = ps * hit_after_all.p_win_best_luck + (1 - ps) * broken.p_win_best_luck
    return LuckAdvice(test_luck=test, accept=missed.p_win_best_luck, exact=False)
