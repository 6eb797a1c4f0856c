"""What every Rôle'n Play rule handler works with, and the guards they share."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.books.rolenplay import RolenplayBook
from game.rules.dice import Transaction
from game.rules.errors import Refused
from game.rules.rnp.state import Character, JournalEntry, TableState

# How many journal entries a table keeps (oldest dropped first): a storage limit, not a rule.
MAX_JOURNAL = 2000


@dataclass
class Context:
    """The book, a private copy of the state to change, and the dice of this action."""

    book: RolenplayBook
    state: TableState
    dice: Transaction

    def character(self, name: str) -> Character:
        """The party member called ``name``, or a refusal naming the party."""
        for member in self.state.party:
            if member.name == name:
                return member
        names = ", ".join(m.name for m in self.state.party) or "nobody yet"
        raise Refused("unknown_character", f"no character called '{name}' in the party ({names})", name=name)

    def living(self, name: str) -> Character:
        """The party member, refusing when dead (the last exhaustion level, R-RNP-ABILITY-1)."""
        member = self.character(name)
        if member.exhaustion >= self.book.exhaustion.maximum:
            raise Refused("character_dead", f"{name} is dead", name=name)
        return member

    def members(self, who: list[str] | None, nobody: str) -> list[Character]:
        """The characters an action names in ``who`` (each once, living), or every living one; ``nobody``
        begins the refusal's message when there is none ("nobody travels"): an empty party is told to
        add a character, a party whose members are all dead is told who is dead."""
        if who is None:
            chosen = [m for m in self.state.party if m.exhaustion < self.book.exhaustion.maximum]
        else:
            if len(set(who)) != len(who):
                raise Refused("twice", "a character is named twice in who")
            chosen = [self.living(name) for name in who]
        if not chosen and who is None and self.state.party:
            dead = [m.name for m in self.state.party]
            verb = "is" if len(dead) == 1 else "are"
            raise Refused("party_dead", f"{nobody}: {', '.join(dead)} {verb} dead", names=dead, count=len(dead))
        if not chosen:
            raise Refused("nobody", f"{nobody}: add a character first")
        return chosen

    def log(self, do: str, who: list[str] | None = None, at_s: float | None = None, **data: Any) -> None:
        """Write what happened in the journal, at the current clock time (or ``at_s``, when it happened earlier).

        The journal is append-only (a longer tuple: the states the session keeps share it, game.rules.fork).
        """
        at = self.state.clock.elapsed_s if at_s is None else at_s
        entry = JournalEntry(at_s=at, do=do, who=who or [], data=data)
        self.state.journal = (*self.state.journal, entry)[-MAX_JOURNAL:]

    def set_result(self, do: str, **values: Any) -> dict[str, Any]:
        """The last action's result (read by the cases as ``result.*``)."""
        self.state.result = {"do": do, **{k: tidy(v) for k, v in values.items()}}
        return self.state.result


def tidy_view(view: dict[str, Any]) -> dict[str, Any]:
    """``tidy`` for a view (a dict of numbers and texts), typed as one."""
    tidied: dict[str, Any] = tidy(view)
    return tidied


def tidy(value: Any) -> Any:
    """Whole floats become ints and float noise is rounded away (0.30000000000000004 → 0.3)."""
    if isinstance(value, float):
        value = round(value, 9)
        return int(value) if value.is_integer() else value
    if isinstance(value, dict):
        return {k: tidy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [tidy(v) for v in value]
    return value


def not_negative(value: float | None, what: str) -> float:
    """A quantity that cannot be below zero (metres, hours, litres…), or a refusal."""
    if value is None:
        return 0
    if value < 0:
        raise Refused("negative", f"{what} cannot be negative (got {tidy(value)})", what=what, value=value)
    return value


def whole_or_half(value: float, what: str) -> float:
    """Days counted in whole or half days (R-RNP-FOOD-1 half rations), or a refusal."""
    not_negative(value, what)
    if not math.isclose(value * 2, round(value * 2)):
        raise Refused("half_days", f"{what} must be whole or half days (got {tidy(value)})", what=what)
    return round(value * 2) / 2


def whole(value: float, what: str) -> int:
    """A count of whole units (days of travel), or a refusal."""
    not_negative(value, what)
    if not float(value).is_integer():
        raise Refused("whole_number", f"{what} must be a whole number (got {tidy(value)})", what=what)
    return int(value)
