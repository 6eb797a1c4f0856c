"""What an action's outcome was, as one enum the screens share (no string lists in screens).

The rules return these values (they are strings too, so the log and the rules
cases keep their JSON form); a screen asks :func:`good` to colour a verdict.
"""

from __future__ import annotations

from enum import StrEnum


class Outcome(StrEnum):
    """Outcomes of Fighting Fantasy actions (R-LUCK-1, R-SKILL-1, R-BOW-2, R-COMBAT-1/2)."""

    LUCKY = "lucky"
    UNLUCKY = "unlucky"
    SUCCESS = "success"
    FAILURE = "failure"
    HIT = "hit"  # an arrow that hits
    MISS = "miss"  # an arrow that misses
    HERO_HIT = "hero_hit"  # the hero wounds the creature
    HERO_WOUNDED = "hero_wounded"  # the creature wounds the hero
    PARRY = "parry"  # equal Attack Strengths: nobody is wounded
    DODGED = "dodged"  # all together: a creature the hero did not attack misses
    ALLY_HIT = "ally_hit"
    ALLY_WOUNDED = "ally_wounded"

    @property
    def good(self) -> bool:
        """Good news for the hero (a verdict shown in the good colour)."""
        return self in GOOD


GOOD = frozenset({Outcome.LUCKY, Outcome.SUCCESS, Outcome.HIT, Outcome.HERO_HIT, Outcome.DODGED, Outcome.ALLY_HIT})


def good(outcome: str | None) -> bool:
    """True when ``outcome`` (an entry's, possibly read back from a save as text) is good for the hero."""
    try:
        return outcome is not None and Outcome(outcome).good
    except ValueError:
        return False
