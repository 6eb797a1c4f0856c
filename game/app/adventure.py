"""An adventure in play: the rules session and its save slot, autosaved after every change.

Scenes call :meth:`Adventure.act` with an action; the rules decide, and a
change is written to disk at once (atomic write, rotated backups). A refusal
comes back as the Refused itself so the screen can show why; nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.dice import DiceError, DiceSource
from game.rules.errors import Refused
from game.rules.session import Entry, Session
from game.storage.saves import SaveStore


@dataclass
class Adventure:
    """One adventure: a session bound to a save slot."""

    session: Session
    store: SaveStore
    save_id: str
    created: str | None = None
    save_problem: str | None = None  # the last autosave failure, shown on the sheet until a save succeeds
    listeners: list[Any] = field(default_factory=list)

    @classmethod
    def start(cls, session: Session, store: SaveStore) -> Adventure:
        """A new adventure in a new slot, saved at once and remembered for "continue"."""
        adventure = cls(session, store, store.new_id())
        adventure.save()
        return adventure

    @property
    def book(self) -> Any:
        return self.session.book

    @property
    def state(self) -> Any:
        return self.session.state

    def act(self, action: Any, dice: DiceSource | None = None) -> Entry | Refused:
        """Apply ``action`` (``dice``: physical dice typed in); autosave; return the entry or the refusal."""
        try:
            entry = self.session.apply(action, dice)
        except Refused as refused:
            return refused
        self.save()
        return entry

    def undo(self) -> Entry | Refused:
        try:
            entry = self.session.undo()
        except Refused as refused:
            return refused
        self.save()
        return entry

    def redo(self) -> Entry | Refused:
        try:
            entry = self.session.redo()
        except Refused as refused:
            return refused
        self.save()
        return entry

    def refusal(self, action: Any) -> Refused | None:
        """Why ``action`` would be refused now (None when allowed); changes nothing."""
        return self.session.refusal(action)

    def dice_needed(self, action: Any) -> list[int]:
        """The dice ``action`` would draw now (their sides, in order): for physical dice entry."""
        return self.session.dice_needed(action)

    def save(self) -> None:
        """Write the adventure; a failure is kept in ``save_problem`` (the play goes on)."""
        try:
            saved = self.store.write(self.save_id, self.session, self.created)
            self.created = saved.created
            self.store.set_last(self.save_id)
            self.save_problem = None
        except OSError as error:
            self.save_problem = error.strerror or str(error)


__all__ = ["Adventure", "DiceError"]
