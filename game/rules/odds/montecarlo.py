"""Monte Carlo of one fight, to cross-check the exact odds.

Plays real rounds with 2d6 per side (ties included, R-COMBAT-1/2) from a
caller-supplied ``random.Random`` (deterministic for a seed), taking each
Luck decision from the exact table: Test Luck exactly when the best policy
does (R-COMBAT-3, R-LUCK-1).  Pure: no clock, no I/O.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass
from math import sqrt

from .dice import CombatNumbers
from .melee import EPS, cached_table
from .results import FightOdds

__all__ = ["MonteCarloResult", "estimated_odds", "seed_of", "simulate_fight"]

_DEFAULT = CombatNumbers()

# The 36 equally likely 2d6 totals: one random() picks a whole roll.
_TOTALS = tuple(a + b for a in range(1, 7) for b in range(1, 7))


@dataclass(frozen=True)
class MonteCarloResult:
    """Wins out of fights, with the estimate and its standard error."""

    wins: int
    fights: int

    @property
    def p(self) -> float:
        """Estimated P(win)."""
        return self.wins / self.fights

    @property
    def stderr(self) -> float:
        """Binomial standard error of ``p`` (never 0: a certain-looking estimate is still an estimate)."""
        p = self.p
        variance = max(p * (1.0 - p), 1.0 / self.fights) / self.fights
        return float(sqrt(variance))

    @property
    def margin(self) -> float:
        """95 % half-width of ``p``."""
        return 1.96 * self.stderr


def seed_of(*parts: object) -> int:
    """A seed made from the fight itself (stable across runs and machines)."""
    return zlib.crc32(repr(parts).encode("utf-8"))


def estimated_odds(never: MonteCarloResult, best: MonteCarloResult) -> FightOdds:
    """Odds from two seeded estimates of a stated play: never testing Luck, and with the play's Luck.

    The play's Luck is reported as at least as good as never testing (the
    best play can do that much); both are lower estimates of the best play
    (``FightOdds.at_least``).
    """
    p = max(best.p, never.p)
    return FightOdds(
        never.p,
        p,
        1.0 - p,
        None,
        None,
        exact=False,
        margin=max(never.margin, best.margin),
        samples=never.fights,
        no_luck_exact=False,
    )


def simulate_fight(
    rng: random.Random,
    fights: int,
    hero_skill: int,
    hero_stamina: int,
    hero_luck: int,
    creature_skill: int,
    creature_stamina: int,
    *,
    attack_modifier: int = 0,
    numbers: CombatNumbers = _DEFAULT,
    use_luck: bool = True,
) -> MonteCarloResult:
    """Play ``fights`` fights; Luck per the exact best policy (or never).

    ``numbers.double_kills``: a double on the hero's dice kills outright;
    ``numbers.luck_allowed=False``: Luck is never tested.
    """
    table = cached_table(hero_skill + attack_modifier - creature_skill, numbers, hero_stamina, creature_stamina, hero_luck)
    decisions: dict[tuple[int, int, int, str], bool] = {}

    def should_test(n: int, m: int, l: int, to: str) -> bool:
        key = (n, m, l, to)
        d = decisions.get(key)
        if d is None:
            test, accept = table.pending(n, m, l, to)
            d = decisions[key] = test[0] > accept[0] + EPS
        return d

    c = numbers
    if c.attack_dice != 2:
        raise ValueError("the one-fight Monte Carlo plays 2d6 Attack rolls only")
    r = rng.random
    hs = hero_skill + attack_modifier
    use_luck = use_luck and c.luck_allowed
    wins = 0
    for _ in range(fights):
        n, m, l = hero_stamina, creature_stamina, hero_luck
        while n > 0 and m > 0:
            ca = _TOTALS[int(r() * 36)] + creature_skill  # creature rolls first
            roll = int(r() * 36)
            if c.double_kills and roll % 7 == 0:  # 0, 7, 14, ... 35: the six doubles
                m = 0
                break
            ha = _TOTALS[roll] + hs
            if ha == ca:
                continue  # parry
            to = "creature" if ha > ca else "hero"
            if use_luck and should_test(n, m, l, to):
                lucky = _TOTALS[int(r() * 36)] <= l  # R-LUCK-1
                l = l - 1 if l > 0 else 0
                if to == "creature":
                    m -= c.hit_lucky if lucky else c.hit_unlucky
                else:
                    n -= c.wound_lucky if lucky else c.wound_unlucky
            elif to == "creature":
                m -= c.hit
            else:
                n -= c.wound
        if n > 0:
            wins += 1
    return MonteCarloResult(wins, fights)
