"""Exact fight odds and the Luck advisor (issue 4)."""

from .archery import archery_odds, missed_arrow_advice
from .dice import CombatNumbers
from .fight import fight_odds, luck_advice
from .melee import p_win_closed_form
from .multi import sequence_odds, together_odds
from .results import FightOdds, LuckAdvice

__all__ = [
    "CombatNumbers",
    "FightOdds",
    "LuckAdvice",
    "archery_odds",
    "fight_odds",
    "luck_advice",
    "missed_arrow_advice",
    "p_win_closed_form",
    "sequence_odds",
    "together_odds",
]
