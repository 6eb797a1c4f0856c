"""Fights played through the rules themselves, to check the odds against the play (issues 24, 30)."""

from __future__ import annotations

from math import sqrt
from typing import Any

from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.dice import RandomDice
from game.rules.session import Session, Start

#: Rounds a played fight may last (the odds' estimate counts a longer one as lost too).
MAX_ROUNDS = 20_000


def played(
    book: FightingFantasyBook,
    hero: dict[str, int],
    fight: dict[str, Any],
    fights: int,
    seed: int = 24,
    before: tuple[dict[str, Any], ...] = (),
) -> tuple[float, float]:
    """(share of fights the hero's side won, its standard error): ``fights`` seeded fights, Luck never tested.

    Each fight is played by the rules engine (``round`` until it ends, every waiting wound accepted),
    so a figure that contradicts the play shows here. ``before``: actions applied before the fight starts.
    """
    wins = 0
    for i in range(fights):
        s = Session(book, RandomDice(seed * 1_000_003 + i), Start(hero=hero))
        for action in before:
            s.apply(action)
        s.apply({"do": "fight", **fight})
        for _ in range(MAX_ROUNDS):  # a fight nobody can end (armour stops every blow, no ammunition) is not won
            if s.state.fight is None or not s.state.fight.active:
                break
            s.apply({"do": "no_luck"} if s.state.fight.pending else {"do": "round"})
        wins += s.state.fight is not None and s.state.fight.winner == "hero"
    p = wins / fights
    return p, sqrt(max(p * (1 - p), 1 / fights) / fights)


def table_fight_value(cells: list[tuple[int | str, int | str]], n: int, m: int) -> float:
    """P(win) of a results-table fight by plain recursion: each (enemy loss, hero loss) cell equally likely.

    "K" takes the whole score; a round where both fall is lost (the hero's loss is written last); a
    cell that changes nothing is conditioned out.
    """
    memo: dict[tuple[int, int], float] = {}

    def v(n: int, m: int) -> float:
        if n <= 0:
            return 0.0
        if m <= 0:
            return 1.0
        if (n, m) not in memo:
            total = still = 0.0
            for enemy, hero in cells:
                m2 = 0 if enemy == "K" else m - int(enemy)
                n2 = 0 if hero == "K" else n - int(hero)
                if (n2, m2) == (n, m):
                    still += 1 / len(cells)
                else:
                    total += (0.0 if n2 <= 0 else v(n2, m2)) / len(cells)
            memo[(n, m)] = total / (1 - still)
        return memo[(n, m)]

    return v(n, m)
