"""Fights played through the rules themselves, to check the odds against the play (issues 24, 30)."""

from __future__ import annotations

from math import sqrt
from typing import Any

from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.dice import RandomDice
from game.rules.session import Session, Start


def played(
    book: FightingFantasyBook, hero: dict[str, int], fight: dict[str, Any], fights: int, seed: int = 24
) -> tuple[float, float]:
    """(share of fights the hero's side won, its standard error): ``fights`` seeded fights, Luck never tested.

    Each fight is played by the rules engine (``round`` until it ends, every waiting wound accepted),
    so a figure that contradicts the play shows here.
    """
    wins = 0
    for i in range(fights):
        s = Session(book, RandomDice(seed * 1_000_003 + i), Start(hero=hero))
        s.apply({"do": "fight", **fight})
        while s.state.fight is not None and s.state.fight.active:
            s.apply({"do": "no_luck"} if s.state.fight.pending else {"do": "round"})
        wins += s.state.fight is not None and s.state.fight.winner == "hero"
    p = wins / fights
    return p, sqrt(max(p * (1 - p), 1 / fights) / fights)
