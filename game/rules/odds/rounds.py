"""What one exchange or one round can do to each side: the seam between combat rules and the odds (issues 24, 25).

A combat profile (the FF core, a book's own profile, a Combat Results
Table) gives, for the values that decide an exchange, the distribution of
what it does: each ``Outcome`` has a probability and the ``Wound``s it deals,
in the order the rules settle them.  The exact solver (``states``) and the
Monte Carlo play only these distributions, so a profile plugs in without the
solvers knowing its dice: damage dice, a protection roll after a hit, a table
indexed by an expression and a die are all folded into the probabilities by
whoever builds the law (``game.rules.ff.rounds`` for book profiles; here for
the FF core, R-COMBAT-1..3).

Sides: ``"hero"`` (the hero's wound score: STAMINA, ARMOUR, SHIELDS, troops),
``"ally"`` (R-ALLY-1) and ``"creature"`` (``index`` in the fight's order).
``damage`` is what the wound takes off that side's score (``KILL``: all of
it, the table's "K"); ``lucky`` / ``unlucky`` are the damage in all after a
Test of Luck (R-COMBAT-3), None when Luck cannot change this wound.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from .dice import CombatNumbers, round_counts, round_law

__all__ = ["KILL", "ExchangeLaw", "Outcome", "Wound", "hero_exchange", "plain_exchange"]

#: A wound that takes the whole score (a killing double, the Combat Results Table's "K").
KILL = -1


@dataclass(frozen=True)
class Wound:
    """One wound an exchange deals: to whom, how much, and what a Test of Luck would make of it."""

    side: str  # "hero" | "ally" | "creature" | "counter" (a counter the round spends: ammunition)
    index: int = 0  # the creature's place in the fight (side "creature"), the counter's (side "counter")
    damage: int = 0  # points off the side's wound score, or KILL
    lucky: int | None = None  # damage in all if Lucky (None: no Luck on this wound)
    unlucky: int | None = None

    def __post_init__(self) -> None:
        if self.side not in ("hero", "ally", "creature", "counter"):
            raise ValueError(f"a wound's side is hero, ally, creature or counter, got {self.side!r}")
        if (self.lucky is None) != (self.unlucky is None):
            raise ValueError("a wound Luck can change gives both its Lucky and its Unlucky damage")
        for amount in (self.damage, self.lucky, self.unlucky):
            if amount is not None and amount < 0 and amount != KILL:
                raise ValueError(f"a wound's damage is >= 0 or KILL, got {amount}")


@dataclass(frozen=True)
class Outcome:
    """One way an exchange (or a round) can end, with its probability; no wound is a parry."""

    probability: float
    wounds: tuple[Wound, ...] = ()
    costs: tuple[tuple[str, int], ...] = ()  # counters spent (ammunition, a per-round cost)

    def __post_init__(self) -> None:
        # A loss of 0 that Luck cannot change does nothing (a table's "0"): an outcome of only
        # those is a parry, which the solvers condition out.
        kept = tuple(w for w in self.wounds if w.damage != 0 or w.lucky is not None)
        if kept != self.wounds:
            object.__setattr__(self, "wounds", kept)


@dataclass(frozen=True)
class ExchangeLaw:
    """A kind of fight's exchange between the hero and one creature, as the solvers take it (issues 24, 25).

    ``outcomes(hero_score, index, creature_score)``: the unconditioned
    distribution of the hero's exchange with creature ``index`` when the
    hero's wound score is ``hero_score`` and the creature's ``creature_score``
    (a book profile's law, ``game.rules.ff.rounds``, folds its dice, damage
    rolls, protection and tables into it).  ``reads_scores``: whether the
    outcomes depend on those two scores (an army whose attack is its troops);
    if not, one call per creature serves the whole fight.  ``leaves_out``:
    the rules of the profile the law cannot follow, for the board to name.
    """

    outcomes: Callable[[int, int, int], tuple[Outcome, ...]]
    reads_scores: bool = False
    leaves_out: tuple[str, ...] = ()


@cache
def hero_exchange(skill_difference: int, numbers: CombatNumbers, index: int = 0) -> tuple[Outcome, ...]:
    """The hero's exchange with creature ``index`` under the FF core (R-COMBAT-1..3), unconditioned.

    ``skill_difference`` is the hero's Attack Strength bonus over the
    creature's.  With Luck allowed the hero's blow and the creature's blow
    wait for the Luck decision (``lucky``/``unlucky`` given); a killing double
    (``numbers.double_kills``) takes the creature's whole STAMINA at once.
    """
    c = numbers
    kill, win, lose, tie = round_law(skill_difference, c.double_kills, c.attack_dice)
    total = kill + win + lose + tie
    luck = c.luck_allowed
    out = [
        Outcome(win / total, (Wound("creature", index, c.hit, c.hit_lucky if luck else None, c.hit_unlucky if luck else None),)),
        Outcome(lose / total, (Wound("hero", 0, c.wound, c.wound_lucky if luck else None, c.wound_unlucky if luck else None),)),
        Outcome(tie / total),
    ]
    if kill:
        out.insert(0, Outcome(kill / total, (Wound("creature", index, KILL),)))
    return tuple(o for o in out if o.probability > 0.0)


@cache
def plain_exchange(attacker: str, skill_difference: int, numbers: CombatNumbers, index: int = 0) -> tuple[Outcome, ...]:
    """An exchange without Luck and without a killing double: the ally's (R-ALLY-1), unconditioned.

    ``attacker`` is the side that rolls against creature ``index``;
    ``skill_difference`` its Attack Strength bonus over the creature's.
    """
    win, lose, tie = round_counts(skill_difference, numbers.attack_dice)
    total = win + lose + tie
    out = (
        Outcome(win / total, (Wound("creature", index, numbers.hit),)),
        Outcome(lose / total, (Wound(attacker, 0, numbers.wound),)),
        Outcome(tie / total),
    )
    return tuple(o for o in out if o.probability > 0.0)
