"""Every shipped book's every kind of fight: the odds the board shows agree with fights the rules play
(issue 24: "the odds shown can contradict the fight played"). Slow: a few hundred fights per kind of fight.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from odds_helpers import played

from game.books.fighting_fantasy import FightingFantasyBook
from game.books.loader import load_book_by_id
from game.rules.dice import ScriptedDice
from game.rules.ff import odds_view
from game.rules.ff.context import counter_maximum
from game.rules.session import Session, Start

ROOT = Path(__file__).resolve().parent.parent
BOOKS = sorted(p.stem for p in (ROOT / "books").glob("*.json") if p.stem not in ("book.schema", "rolenplay"))


def _fights() -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for book_id in BOOKS:
        book = load_book_by_id(book_id)
        if isinstance(book, FightingFantasyBook):
            out += [(book_id, None), *((book_id, pid) for pid in book.combat_profiles)]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("book_id, profile", _fights())
def test_the_odds_of_every_kind_of_fight_agree_with_fights_played_by_the_rules(book_id, profile):
    # An even fight (scores 10, STAMINA 14, counters at 10 or half their most): 400 fights, within 4 standard errors.
    book = load_book_by_id(book_id)
    assert isinstance(book, FightingFantasyBook)
    wounds = book.profile(profile).wounds
    hero = {stat.id: 10 for stat in book.stats if not stat.computed}
    hero.update({"stamina": 14, **({wounds: 14} if "." not in wounds else {})})
    s = Session(book, ScriptedDice([]), Start(hero=hero))
    top = {c.id: counter_maximum(book, c.id, s.state) for c in book.counters}
    # Every counter at 10 or half its most (FF12's ARMOUR 6 would stop every blow: a fight nobody ends).
    before = tuple({"do": "set_counter", "name": c, "value": min(10, 10 if m is None else m // 2)} for c, m in top.items())
    fight = {"enemies": [{"name": "X", "skill": 10, "stamina": 14}], **({"profile": profile} if profile else {})}
    for action in before:
        s.apply(action)
    assert not hasattr(s.apply({"do": "fight", **fight}), "code")
    answer = odds_view.odds(book, s.state)
    p, se = played(book, hero, fight, 400, before=before)
    assert not answer["leaves_out"]  # every shipped kind of fight is rated whole
    assert answer["no_luck"] == pytest.approx(p, abs=4 * se), (answer, p, se)
