"""Exact fight odds and the Luck advisor (issue 4)."""

from .archery import archery_odds, missed_arrow_advice
from .dice import CombatNumbers
from .fight import fight_odds, luck_advice
from .melee import p_win_closed_form
from .multi import sequence_odds, together_odds
from .results import FightOdds, LuckAdvice
from .together_plan import Budget


def clear_caches() -> None:
    """Forget every cached odds table and answer (a long-running kiosk starts each run afresh)."""
    from . import archery, fight, melee, multi

    melee.clear_cache()
    multi.clear_cache()
    archery._archery_table.cache_clear()
    fight.fight_odds.cache_clear()
    fight.luck_advice.cache_clear()
    multi._sequence.cache_clear()


__all__ = [
    "Budget",
    "CombatNumbers",
    "FightOdds",
    "LuckAdvice",
    "archery_odds",
    "clear_caches",
    "fight_odds",
    "luck_advice",
    "missed_arrow_advice",
    "p_win_closed_form",
    "sequence_odds",
    "together_odds",
]
