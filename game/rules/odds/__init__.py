"""Exact fight odds and the Luck advisor (issue 4).

The names below are loaded on first use (PEP 562), so that a command that
rates one fight imports only what it needs (issue 28: the cold command line).
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False  # typing is not imported at run time: it is a third of a cold command's imports
if TYPE_CHECKING:
    from typing import Any

    from .archery import archery_odds, missed_arrow_advice
    from .dice import CombatNumbers
    from .fight import fight_odds, luck_advice
    from .melee import p_win_closed_form
    from .multi import sequence_odds, together_odds
    from .results import Budget, FightOdds, LuckAdvice

#: Where each public name lives.
_HOMES = {
    "archery_odds": "archery",
    "missed_arrow_advice": "archery",
    "CombatNumbers": "dice",
    "fight_odds": "fight",
    "luck_advice": "fight",
    "p_win_closed_form": "melee",
    "sequence_odds": "multi",
    "together_odds": "multi",
    "FightOdds": "results",
    "LuckAdvice": "results",
    "Budget": "results",
}


def __getattr__(name: str) -> Any:  # noqa: ANN401 - any public name of the package, loaded on first use
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def clear_caches() -> None:
    """Forget every cached odds table and answer (a long-running kiosk starts each run afresh)."""
    from . import archery, fight, melee, multi, party

    party.party_odds.cache_clear()
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
