"""Exact 2d6 arithmetic shared by the odds models.

Every probability here is a ratio of integer counts of equally likely 2d6
outcomes (36 for one roll, 1296 for an opposed pair), turned into a float once.
"""

from __future__ import annotations

from functools import cache

from .record import Record

__all__ = [
    "CombatNumbers",
    "TWO_D6",
    "attack_totals",
    "same_faces",
    "p_2d6_at_most",
    "round_counts",
    "round_law",
    "round_probability",
]

#: Number of ways (out of 36) to roll each 2d6 total 2..12.
TWO_D6: dict[int, int] = {s: 6 - abs(s - 7) for s in range(2, 13)}


@cache
def attack_totals(dice: int = 2) -> dict[int, int]:
    """Ways (out of 6 ** dice) to roll each total with ``dice`` d6: an Attack roll (R-COMBAT-1)."""
    ways = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for t, w in ways.items():
            for f in range(1, 7):
                nxt[t + f] = nxt.get(t + f, 0) + w
        ways = nxt
    return ways


def same_faces(total: int, dice: int = 2) -> int:
    """Ways to roll ``total`` with every die showing the same face (a "double"; none with one die)."""
    return 1 if dice > 1 and total % dice == 0 and 1 <= total // dice <= 6 else 0


class CombatNumbers(Record):
    """The book's combat rules as the odds take them (inputs, never constants in the models).

    Defaults are the Fighting Fantasy core (R-COMBAT-2, R-COMBAT-3, R-BOW-2):
    the hero's blow costs the creature ``hit``; after a Luck test it costs
    ``hit_lucky`` (Lucky) or ``hit_unlucky`` (Unlucky) *in all*.  The
    creature's blow costs the hero ``wound``, ``wound_lucky`` or
    ``wound_unlucky``.  An arrow that hits costs ``shot_damage`` (R-BOW-2).

    ``luck_allowed=False``: the book forbids Testing Luck in a fight, so the
    best-Luck odds are the no-Luck odds and no Luck advice exists.
    ``double_kills=True`` (Creature of Havoc): a double on the hero's 2d6
    Attack roll kills the creature outright, whatever the two Attack
    Strengths; the creature's own dice are then irrelevant, and the kill is
    written down at once (no Luck on it).  This reading is the one that gives
    the book's published figure (SKILL 7 STAMINA 20 against SKILL 11
    STAMINA 20, no Luck: 0.8781329); see docs/ODDS.md.
    ``attack_dice``: the d6 rolled for each Attack Strength (2 in the core
    rules); a "double" is then every die showing the same face.
    Vehicle and ship fights (FIREPOWER/ARMOUR, WEAPONS/SHIELDS) are the same
    arithmetic on another pair of scores: the caller passes those scores.
    """

    __slots__ = (
        "hit",
        "hit_lucky",
        "hit_unlucky",
        "wound",
        "wound_lucky",
        "wound_unlucky",
        "shot_damage",
        "luck_allowed",
        "double_kills",
        "attack_dice",
    )
    hit: int
    hit_lucky: int
    hit_unlucky: int
    wound: int
    wound_lucky: int
    wound_unlucky: int
    shot_damage: int
    luck_allowed: bool
    double_kills: bool
    attack_dice: int

    def __init__(
        self,
        hit: int = 2,
        hit_lucky: int = 4,
        hit_unlucky: int = 1,
        wound: int = 2,
        wound_lucky: int = 1,
        wound_unlucky: int = 3,
        shot_damage: int = 2,
        luck_allowed: bool = True,
        double_kills: bool = False,
        attack_dice: int = 2,
    ) -> None:
        self._set(
            hit, hit_lucky, hit_unlucky, wound, wound_lucky, wound_unlucky, shot_damage, luck_allowed, double_kills, attack_dice
        )
        for name in ("luck_allowed", "double_kills"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"CombatNumbers.{name} must be true or false, got {getattr(self, name)!r}")
        for name in ("hit", "hit_lucky", "hit_unlucky", "wound", "wound_lucky", "wound_unlucky", "shot_damage", "attack_dice"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"CombatNumbers.{name} must be an integer >= 0, got {value!r}")
        if not 1 <= self.attack_dice <= 5:
            raise ValueError(f"CombatNumbers.attack_dice must be 1 to 5, got {self.attack_dice}")
        # A blow that does nothing would make a fight that may never end.
        if self.hit < 1 or self.wound < 1 or self.hit_unlucky < 1 or self.wound_lucky < 1:
            raise ValueError("CombatNumbers: hit, hit_unlucky, wound and wound_lucky must be >= 1")


@cache
def p_2d6_at_most(target: int) -> float:
    """P(2d6 <= target): a Test of Luck (R-LUCK-1) or an arrow (R-BOW-2).

    At LUCK 0 or 1 this is 0: the test always fails, as R-LUCK-1 says.
    """
    return sum(c for s, c in TWO_D6.items() if s <= target) / 36


@cache
def round_counts(skill_difference: int, dice: int = 2) -> tuple[int, int, int]:
    """Counts out of 1296 (6 ** (2 * dice)) of (hero wounds, creature wounds, tie) in one round.

    ``skill_difference`` is the hero's Attack Strength bonus over the
    creature's: hero SKILL + attack modifier - creature SKILL (R-COMBAT-1,
    R-COMBAT-6).  Higher Attack Strength wounds the other, equal is a parry
    (R-COMBAT-2).
    """
    win = lose = tie = 0
    totals = attack_totals(dice)
    for h, ch in totals.items():
        for c, cc in totals.items():
            w = ch * cc
            if h + skill_difference > c:
                win += w
            elif h + skill_difference < c:
                lose += w
            else:
                tie += w
    return win, lose, tie


@cache
def round_law(skill_difference: int, double_kills: bool = False, dice: int = 2) -> tuple[int, int, int, int]:
    """Counts out of 6 ** (2 * dice) of (hero kills outright, hero wounds, creature wounds, tie).

    Without ``double_kills`` the first count is 0 and the rest is
    ``round_counts``.  With it (Creature of Havoc), the hero's doubles (6 of
    his 36 rolls with 2d6) kill whatever the creature rolls (6 x 36 = 216 of
    1296), and only the hero's other rolls are compared (R-COMBAT-1/2).
    """
    if not double_kills:
        return (0, *round_counts(skill_difference, dice))
    totals = attack_totals(dice)
    win = lose = tie = kill = 0
    for h, ch in totals.items():
        doubles = same_faces(h, dice)
        kill += doubles * 6**dice
        rest = ch - doubles
        for c, cc in totals.items():
            if h + skill_difference > c:
                win += rest * cc
            elif h + skill_difference < c:
                lose += rest * cc
            else:
                tie += rest * cc
    return kill, win, lose, tie


@cache
def round_probability(skill_difference: int, dice: int = 2) -> float:
    """P(the hero wounds the creature | the round is not a tie).

    Ties change nothing in a one-to-one fight (R-COMBAT-2), so they are
    conditioned out: the fight is a sequence of decisive rounds.
    """
    win, lose, _ = round_counts(skill_difference, dice)
    return win / (win + lose)
