"""Dry runs for the table screen: what an action *would* give now, changing nothing.

The screen previews a travel leg (distance, time, the forced-march saves to
come) or a calculator (a jump, a breath, what a character sees) while the game
master types, without writing anything to the log. The rules themselves work
it out on a private copy of the state, with dice that always show their
highest face (so every save of a forced march is listed: nobody fails, nobody
dies before the last hour). Nothing here decides a rule: it only runs them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from game.books.rolenplay import RolenplayBook
from game.rules.dice import Transaction
from game.rules.errors import Refused
from game.rules.fork import fork
from game.rules.rnp.ruleset import ACTION_ADAPTER, RolenplayRules
from game.rules.rnp.state import TableState
from game.rules.session import bad_action

_RULES = RolenplayRules()


class _HighDice:
    """Every die shows its highest face (no die is recorded: this is only a preview)."""

    def roll(self, sides: int) -> int:
        return sides


@dataclass(frozen=True)
class Preview:
    """The result the action would have (``result``) and the table after it (``view``), or the refusal."""

    result: dict[str, Any] | None
    view: dict[str, Any] | None
    refused: Refused | None

    @property
    def ok(self) -> bool:
        return self.refused is None


def preview(book: RolenplayBook, state: TableState, action: dict[str, Any] | Any, language: str = "fr") -> Preview:
    """Apply ``action`` to a fork of ``state`` (a copy, game.rules.fork) with highest-face dice; return what it gives.

    A malformed action comes back refused with the session's ``bad_action`` code; a Refused
    (what ``make_action`` gave for values that make no action) comes back as it is.
    """
    if isinstance(action, Refused):
        return Preview(None, None, action)
    try:
        parsed = ACTION_ADAPTER.validate_python(action) if isinstance(action, dict) else action
    except ValidationError as error:
        return Preview(None, None, bad_action(error, action.get("do")))
    copy = fork(state)
    try:
        _RULES.apply(book, copy, parsed, Transaction(_HighDice(), []))
    except Refused as refused:
        return Preview(None, None, refused)
    return Preview(copy.result, _RULES.view(book, copy, language), None)


def forced_march_schedule(result: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The saves a previewed ``travel_party`` leg would ask, as ``{day, hour, dc, who, modifier, disadvantage}``."""
    if not result:
        return []
    keep = ("day", "hour", "dc", "who", "modifier", "disadvantage")
    return [{k: save.get(k) for k in keep} for save in result.get("saves") or []]
