"""The fight as a timeline read back from the session: its ``fight`` entry and every step since.

The combat board keeps no history of its own. Each step is one accepted action
with the states before and after it, taken from the session's log, so undo,
redo and a fight reopened from a save all show the same board. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.ff.actions import FFAction
from game.rules.ff.state import SheetState
from game.rules.session import Entry, Session

FIGHT = "fight"


@dataclass(frozen=True)
class Step:
    """One accepted action of the fight with the states around it."""

    entry: Entry
    before: SheetState
    after: SheetState

    @property
    def do(self) -> str:
        return str(self.entry.action.get("do"))


class FightTimeline:
    """The steps of the session's current fight, from its ``fight`` entry to the newest entry."""

    def __init__(self, session: Session[SheetState, FFAction]) -> None:
        self.session = session
        starts = [i for i, e in enumerate(session.entries) if e.action.get("do") == FIGHT]
        if not starts:
            raise ValueError("the combat board needs a fight started in the adventure's log")
        self.base = starts[-1]
        self.steps: list[Step] = []
        self.sync()

    def sync(self) -> bool:
        """Read the steps again after act, undo or redo; False when the fight's start itself was undone."""
        entries = self.session.entries
        if len(entries) <= self.base or entries[self.base].action.get("do") != FIGHT:
            self.steps = []
            return False
        states = list(self.session.states_from(self.base))  # states[k] is the state before entry base + k
        self.steps = [Step(entries[i], states[i - self.base], states[i - self.base + 1]) for i in range(self.base, len(entries))]
        return True

    @property
    def last(self) -> Step | None:
        """The newest step (the fight's start when nothing else happened yet)."""
        return self.steps[-1] if self.steps else None

    @property
    def at_start(self) -> bool:
        """Only the fight's start so far: undo now leaves the board."""
        return len(self.steps) <= 1

    def __len__(self) -> int:
        return len(self.steps)
