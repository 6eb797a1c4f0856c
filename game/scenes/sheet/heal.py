"""Eating, an herb or a potion that would gain nothing asks first; every heal says what it gained; a spell
whose cost would kill the caster asks first too.

The rules' dry run (``Session.preview``) tells whether the action would raise
a score; when it would not, the sheet asks before spending the provision, herb
or potion (R-FOOD-1, R-HERB-1).
"""

from __future__ import annotations

from game.app.timeline import preview_changes
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.ff import actions as a
from game.rules.ff.actions import FFAction
from game.rules.ff.state import SheetState
from game.rules.session import Session


def healed_stat(book: FightingFantasyBook, action: a.Action) -> str:
    """The score a heal restores: the potion kind's score, else STAMINA (meals and herbs, R-FOOD-1, R-HERB-1)."""
    if isinstance(action, a.DrinkPotion) and book.potions is not None:
        effect = book.potions.kinds.get(action.kind)
        if effect is not None:
            return effect.restores
    return "stamina"


def would_kill(session: Session[SheetState, FFAction], action: a.Action) -> bool:
    """True when the rules accept ``action`` and it leaves the living hero dead even on the lowest dice
    (a spell costing exactly the STAMINA left, issue 31 item 9): the sheet asks first."""
    before, after = session.state.hero, session.preview(action)
    hero = getattr(after, "hero", None)
    return before is not None and before.alive and hero is not None and not hero.alive


def would_gain_nothing(session: Session[SheetState, FFAction], action: a.Action) -> bool:
    """True when the rules accept ``action`` but no score would rise (a meal at full STAMINA)."""
    found = preview_changes(session, action)
    return found is not None and not any(c.kind == "stat" and c.gain > 0 for c in found)
