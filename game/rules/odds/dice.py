"""Exact 2d6 arithmetic shared by the odds models.

Every probability here is a ratio of integer counts of equally likely 2d6
outcomes (36 for one roll, 1296 for an opposed pair), turned into a float once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

__all__ = [
    "CombatNumbers",
    "TWO_D6",
    "p_2d6_at_most",
    "round_counts",
    "round_probability",
]

#: Number of ways (out of 36) to roll each 2d6 total 2..12.
TWO_D6: dict[int, int] = {s: 6 - abs(s - 7) for s in range(2, 13)}


@dataclass(frozen=True)
class CombatNumbers:
    """The book's damage numbers (inputs, never constants in the models).

    Defaults are the Fighting Fantasy core (R-COMBAT-2, R-COMBAT-3, R-BOW-2):
    the hero's blow costs the creature ``hit``; after a Luck test it costs
    ``hit_lucky`` (Lucky) or ``hit_unlucky`` (Unlucky) *in all*.  The
    creature's blow costs the hero ``wound``, ``wound_lucky`` or
    ``wound_unlucky``.  An arrow that hits costs ``shot_damage`` (R-BOW-2).
    """

    hit: int = 2
    hit_lucky: int = 4
    hit_unlucky: int = 1
    wound: int = 2
    wound_lucky: int = 1
    wound_unlucky: int = 3
    shot_damage: int = 2

    def __post_init__(self) -> None:
        for name in ("hit", "hit_lucky", "hit_unlucky", "wound", "wound_lucky",
                     "wound_unlucky", "shot_damage"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"CombatNumbers.{name} must be an integer >= 0, got {value!r}")
        # A blow that does nothing would make a fight that may never end.
        if self.hit < 1 or self.wound < 1 or self.hit_unlucky < 1 or self.wound_lucky < 1:
            raise ValueError("CombatNumbers: hit, hit_unlucky, wound and wound_lucky must be >= 1")


@lru_cache(maxsize=None)
def p_2d6_at_most(target: int) -> float:
    """P(2d6 <= target): a Test of Luck (R-LUCK-1) or an arrow (R-BOW-2).

    At LUCK 0 or 1 this is 0: the test always fails, as R-LUCK-1 says.
    """
    return sum(c for s, c in TWO_D6.items() if s <= target) / 36


@lru_cache(maxsize=None)
def round_counts(skill_difference: int) -> tuple[int, int, int]:
    """Counts out of 1296 of (hero wounds, creature wounds, tie) in one round.

    ``skill_difference`` is the hero's Attack Strength bonus over the
    creature's: hero SKILL + attack modifier - creature SKILL (R-COMBAT-1,
    R-COMBAT-6).  Higher Attack Strength wounds the other, equal is a parry
    (R-COMBAT-2).
    """
    win = lose = tie = 0
    for h, ch in TWO_D6.items():
        for c, cc in TWO_D6.items():
            w = ch * cc
            if h + skill_difference > c:
                win += w
            elif h + skill_difference < c:
                lose += w
            else:
                tie += w
    return win, lose, tie


@lru_cache(maxsize=None)
def round_probability(skill_difference: int) -> float:
    """P(the hero wounds the creature | the round is not a tie).

    Ties change nothing in a one-to-one fight (R-COMBAT-2), so they are
    conditioned out: the fight is a sequence of decisive rounds.
    """
    win, lose, _ = round_counts(skill_difference)
    return win / (win + lose)
